import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ModelStatus } from '../../shared/admin/models';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { UI_LANGUAGES } from '../../shared/i18n/languages';
import { modelsCacheDir } from '../models/transformers';
import { prepareRecording, DEFAULT_LIMITS, type PreparedRecording } from './codecs';
import { NO_ENGINE_REASON, VoiceError, voiceMessages } from './errors';
import type { Transcriber } from './stt';
import { openAiTranscriber } from './stt-openai';
import type { LoadAsr } from './asr';
import { findWhisperModel, whisperTranscriber } from './stt-whisper';
import { Speaker, type SpokenAnswer } from './tts';
import { databaseSpokenStore } from './tts-store';

/** Everything a voice question needs: the recording checked, its words, the answer spoken. */
export interface VoiceService {
  /** Which speech recognition this server has ('none' when it has none). */
  readonly recognition: 'openai-compatible' | 'transformers.js' | 'none';
  /** Null when voice questions can be answered; else why not, for the log and the admin. */
  unavailable(): string | null;
  /** The speech-recognition engine as the admin's Models line shows it. */
  modelStatus(): ModelStatus;
  /** A person has started recording a question: the speech model is made ready meanwhile. */
  warm(): void;
  /** Decodes and checks the MP3; throws a VoiceError (too long, not MP3, silence…). */
  prepare(mp3: Uint8Array): Promise<PreparedRecording>;
  /** The recording's words; throws a VoiceError when there are none or no engine. */
  transcribe(recording: PreparedRecording, language?: string): Promise<string>;
  /** The answer as an MP3 under the TTS folder, or null when it has nothing to say. */
  speak(answer: string, language?: string): Promise<SpokenAnswer | null>;
  /** Where spoken answers are kept (DATA_DIR/tts), served at /tts/. */
  readonly ttsDir: string;
}

/** The voice service of a web process, which also serves /tts/. */
export interface ServedVoiceService extends VoiceService {
  /** Fetches a spoken answer made by another process into ttsDir: true when it is there now. */
  restore(name: string): Promise<boolean>;
}

type VoiceConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'MODELS_DIR'
  | 'ALLOW_REMOTE_MODELS'
  | 'HF_ENDPOINT'
  | 'STT_BASE_URL'
  | 'STT_API_KEY'
  | 'STT_MODEL'
  | 'WHISPER_MODEL'
  | 'WHISPER_IDLE_MINUTES'
  | 'TTS_VOICE_RATE'
  | 'TTS_CACHE_MB'
>;

/**
 * Speech recognition by an OpenAI-compatible endpoint when STT_BASE_URL is set, else by Whisper
 * through Transformers.js from MODELS_DIR/WHISPER_MODEL; the choice (or the lack of one) is logged
 * once at start. Spoken answers by eSpeak NG need nothing installed.
 */
export function createVoiceService(
  config: VoiceConfig,
  log: FastifyBaseLogger,
  overrides: { loadAsr?: LoadAsr; db?: Db } = {},
): ServedVoiceService {
  let transcriber: Transcriber;
  if (config.STT_BASE_URL) {
    transcriber = openAiTranscriber({
      baseUrl: config.STT_BASE_URL,
      apiKey: config.STT_API_KEY,
      model: config.STT_MODEL,
    });
    log.info(
      { endpoint: config.STT_BASE_URL, model: config.STT_MODEL },
      'voice questions: OpenAI-compatible transcription',
    );
  } else {
    const settings = {
      modelsDir: config.MODELS_DIR,
      model: config.WHISPER_MODEL,
      allowRemote: config.ALLOW_REMOTE_MODELS,
      cacheDir: modelsCacheDir(config),
      remoteHost: config.HF_ENDPOINT,
      // What a spoken question is listened for: the languages answers are worded in.
      languages: UI_LANGUAGES,
      idleMs: config.WHISPER_IDLE_MINUTES * 60_000,
      log,
      ...(overrides.loadAsr ? { load: overrides.loadAsr } : {}),
    };
    const discovery = findWhisperModel(settings);
    transcriber = whisperTranscriber(settings, discovery);
    if (discovery.model?.dir)
      log.info(
        { model: discovery.model.dir, dtype: discovery.model.dtype },
        'voice questions: Whisper (Transformers.js)',
      );
    else if (discovery.model)
      log.info({ model: discovery.model.id }, 'voice questions: Whisper, downloaded on the first question');
    else
      log.warn(
        { reason: discovery.reason },
        `${NO_ENGINE_REASON} Put a Whisper model in Transformers.js layout at ${path.join(config.MODELS_DIR, config.WHISPER_MODEL)}, set ALLOW_REMOTE_MODELS=true, or set STT_BASE_URL.`,
      );
  }
  const speaker = new Speaker({
    dir: path.join(config.DATA_DIR, 'tts'),
    rate: config.TTS_VOICE_RATE,
    maxBytes: config.TTS_CACHE_MB * 1024 * 1024,
    // With the database, any process serves any spoken answer (several processes share one).
    store: overrides.db ? databaseSpokenStore(overrides.db) : undefined,
  });
  const unavailable = () => transcriber.unavailable();

  return {
    // A getter: a model downloading at start is there a minute later.
    get recognition() {
      return unavailable() ? 'none' : (transcriber.kind as VoiceService['recognition']);
    },
    unavailable,
    modelStatus: () => ({ purpose: 'speech recognition', ...transcriber.status() }),
    ttsDir: speaker.dir,
    warm: () => transcriber.warm?.(),
    prepare: (mp3) => prepareRecording(mp3, DEFAULT_LIMITS),
    async transcribe(recording, language) {
      const text = await transcriber.transcribe(recording, language ? { language } : {});
      if (!/[\p{L}\p{N}]/u.test(text)) throw new VoiceError(voiceMessages.noWords);
      return text;
    },
    speak: (answer, language) => speaker.speak(answer, language),
    restore: (name) => speaker.restore(name),
  };
}
