import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ModelStatus } from '../../shared/admin/models';
import { DownloadProgress, type ModelSource } from '../models/transformers';
import { Serial } from '../threads/cooperative';
import { DTYPES, PARTS, type AsrPipeline, type LoadAsr, type WhisperModel } from './asr';
import { loadThreadedAsr } from './whisper-threaded';
import { NO_ENGINE_REASON, VoiceError, voiceMessages } from './errors';
import type { PreparedRecording } from './codecs';
import type { Transcriber } from './stt';

export type Discovery = { model: WhisperModel } | { model: null; reason: string };

/**
 * Finds MODELS_DIR/<name> in Transformers.js layout: config.json of a Whisper model, the tokenizer
 * and feature-extractor files, and onnx/encoder_model*.onnx with onnx/decoder_model_merged*.onnx.
 * With remote models allowed and none here, the Hub's onnx-community/<name> is downloaded on first use.
 */
export function findWhisperModel(options: {
  modelsDir: string;
  model: string;
  allowRemote: boolean;
}): Discovery {
  const dir = path.join(options.modelsDir, options.model);
  const local = inspectFolder(dir, options.model);
  if (local.model || !options.allowRemote) return local;
  const id = options.model.includes('/') ? options.model : `onnx-community/${options.model}`;
  return { model: { id, dir: null, dtype: { encoder_model: 'q8', decoder_model_merged: 'q8' } } };
}

function inspectFolder(dir: string, id: string): Discovery {
  const config = path.join(dir, 'config.json');
  if (!existsSync(config)) return { model: null, reason: `no model folder with config.json at ${dir}` };
  let modelType: unknown;
  try {
    modelType = (JSON.parse(readFileSync(config, 'utf8')) as { model_type?: unknown }).model_type;
  } catch {
    return { model: null, reason: `${config} is not valid JSON` };
  }
  if (modelType !== 'whisper')
    return { model: null, reason: `${dir} holds a ${String(modelType)} model, not Whisper` };
  const missing = ['tokenizer.json', 'preprocessor_config.json'].filter(
    (f) => !existsSync(path.join(dir, f)),
  );
  if (missing.length) return { model: null, reason: `${dir} lacks ${missing.join(' and ')}` };
  const dtype = {} as WhisperModel['dtype'];
  for (const part of PARTS) {
    const found = DTYPES.find(([, suffix]) => existsSync(path.join(dir, 'onnx', `${part}${suffix}.onnx`)));
    if (!found)
      return { model: null, reason: `${dir} has no onnx/${part}.onnx or onnx/${part}_quantized.onnx` };
    dtype[part] = found[0];
  }
  return { model: { id, dir, dtype } };
}

/** Loaded pipelines by model, shared by every transcriber (and server) in the process. */
const loaded = new Map<string, Promise<AsrPipeline>>();
/** When each loaded pipeline is unloaded if no recording comes first, by model. */
const idleTimers = new Map<string, NodeJS.Timeout>();
/** A Hub download that failed is tried again after this long (on the next look at voice). */
const RETRY_DOWNLOAD_MS = 5 * 60_000;
const silent = { info: () => undefined };
/** Recordings being transcribed or waiting their turn, in this process. */
let inLine = 0;
/** About ten seconds of waiting at most on two cores; past that, the user is told to type or wait. */
export const MAX_IN_LINE = 6;
/** One recognition at a time: the ONNX runtime already uses every core for one. */
const serial = new Serial();

export interface WhisperSettings extends ModelSource {
  model: string;
  /** The languages a recording is told apart among (the ones answers are worded in). */
  languages?: readonly string[];
  /**
   * A loaded model no recording has used for this long is unloaded, and loaded again by the next
   * one (a few seconds): Whisper base holds about 500 MB once it has transcribed. 0 keeps it.
   */
  idleMs?: number;
  /** How the pipeline is loaded; tests pass their own. */
  load?: LoadAsr;
  log?: { info(o: object, m: string): void; error(o: object, m: string): void };
}

/**
 * Whisper through Transformers.js, fed the 16 kHz mono samples of the recording. The model is
 * found when the transcriber is made, loaded on the first question, shared after that, and
 * unloaded after `idleMs` without one (the next question loads it again). A model from the Hub is
 * fetched at once, in the background: voice is unavailable until it is ready, and a failed
 * download is tried again after a while. With no model, every voice question is told that voice
 * is not available, and the log why.
 */
export function whisperTranscriber(
  settings: WhisperSettings,
  discovery = findWhisperModel(settings),
): Transcriber {
  const load = settings.load ?? loadThreadedAsr;
  const model = discovery.model;
  const missing = 'reason' in discovery ? `${NO_ENGINE_REASON} (${discovery.reason})` : null;
  // Where the model comes from is part of its identity: another cache or Hub is another load.
  const key = model
    ? [settings.modelsDir, model.id, settings.allowRemote, settings.cacheDir, settings.remoteHost].join('|')
    : '';
  const remote = model?.dir === null;
  let download: DownloadProgress | null = null;
  let downloaded = false;
  let pending: Promise<void> | null = null;
  let failed: { reason: string; at: number } | null = null;

  function pipelineFor(found: WhisperModel): Promise<AsrPipeline> {
    let promise = loaded.get(key);
    if (!promise) {
      const started = performance.now();
      download = remote ? new DownloadProgress(found.id, settings.log ?? silent) : null;
      promise = load(found, {
        modelsDir: settings.modelsDir,
        allowRemote: settings.allowRemote,
        cacheDir: settings.cacheDir,
        remoteHost: settings.remoteHost,
        ...(settings.languages ? { languages: settings.languages } : {}),
        ...(download ? { progress: download.callback } : {}),
      });
      loaded.set(key, promise);
      promise.then(
        () => {
          settings.log?.info(
            { model: found.id, ms: Math.round(performance.now() - started) },
            'Whisper model loaded',
          );
          // A model downloaded at start, which no one has asked anything yet, is idle too.
          unloadWhenIdle(found);
        },
        (error: unknown) => {
          // A failed load (a damaged file, no network for a download) is tried again later.
          loaded.delete(key);
          settings.log?.error({ err: error, model: found.id }, 'the Whisper model could not be loaded');
        },
      );
    }
    return promise;
  }

  /** (Re)starts the wait after which the model, still unused, is unloaded. */
  function unloadWhenIdle(found: WhisperModel): void {
    clearTimeout(idleTimers.get(key));
    if (!settings.idleMs) return;
    const timer = setTimeout(() => {
      idleTimers.delete(key);
      // Recordings in line: not idle yet (the last of them starts the wait again anyway).
      if (inLine > 0) return unloadWhenIdle(found);
      const promise = loaded.get(key);
      loaded.delete(key);
      void promise
        ?.then((asr) => asr.dispose?.())
        .then(
          () =>
            settings.log?.info({ model: found.id, idleMs: settings.idleMs }, 'Whisper model unloaded, idle'),
          () => undefined,
        );
    }, settings.idleMs);
    // Does not keep a stopping process alive.
    timer.unref();
    idleTimers.set(key, timer);
  }

  /** A Hub model not yet on disk: why voice must wait (and a retry once a failure is old enough). */
  function fetching(): string | null {
    if (!remote || downloaded || !model) return null;
    if (failed && Date.now() - failed.at < RETRY_DOWNLOAD_MS) return failed.reason;
    pending ??= pipelineFor(model)
      .then(
        () => void (downloaded = true),
        (error: unknown) =>
          void (failed = { reason: `downloading ${model.id}: ${(error as Error).message}`, at: Date.now() }),
      )
      .finally(() => (pending = null));
    return `the speech model ${model.id} is downloading (${download?.percent ?? 0}%)`;
  }
  fetching();

  return {
    kind: 'transformers.js',
    unavailable: () => missing ?? fetching(),
    status(): Omit<ModelStatus, 'purpose'> {
      const reason = missing ?? fetching();
      if (!reason) return { model: model!.id, state: 'ready' };
      if (model && pending)
        return { model: model.id, state: 'downloading', progress: download?.percent ?? 0 };
      return { model: model?.id ?? settings.model, state: 'unavailable', reason };
    },
    warm() {
      if (!model || missing || fetching()) return;
      // Loaded already, or loading now; either way the recording on its way restarts the wait.
      pipelineFor(model).then(
        () => unloadWhenIdle(model),
        () => undefined,
      );
    },
    async transcribe(recording: PreparedRecording, options = {}) {
      if (!model) throw new VoiceError(voiceMessages.notAvailable, missing ?? NO_ENGINE_REASON);
      if (recording.sampleRate !== 16_000) throw new Error('Whisper needs 16 kHz audio');
      let asr: AsrPipeline;
      try {
        asr = await pipelineFor(model);
      } catch (error) {
        throw new VoiceError(voiceMessages.notAvailable, `loading ${model.id}: ${(error as Error).message}`);
      }
      // Each recording takes a second or two: past a few waiting, a new one would wait too long.
      if (inLine >= MAX_IN_LINE) throw new VoiceError(voiceMessages.busy, `${inLine} recordings in line`);
      inLine++;
      const output = await serial
        .run(() =>
          asr(recording.samples, {
            task: 'transcribe',
            return_timestamps: false,
            ...(options.language ? { language: options.language } : {}),
            // Whisper hears 30 s at a time; a recording at the limit's slack is cut into windows.
            ...(recording.durationMs > 30_000 ? { chunk_length_s: 30 } : {}),
          }),
        )
        .catch((error: unknown) => {
          throw new VoiceError(voiceMessages.engineFailed, (error as Error).message);
        })
        .finally(() => {
          inLine--;
          unloadWhenIdle(model);
        });
      const text = Array.isArray(output) ? output.map((o) => o.text).join(' ') : output.text;
      return text.trim();
    },
  };
}
