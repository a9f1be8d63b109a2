import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { VoiceError, voiceMessages } from '../../../src/server/voice/errors';
import { createVoiceService } from '../../../src/server/voice/service';
import type { AsrPipeline, LoadAsr } from '../../../src/server/voice/asr';
import { findWhisperModel, MAX_IN_LINE, whisperTranscriber } from '../../../src/server/voice/stt-whisper';
import { prepareRecording } from '../../../src/server/voice/codecs';
import { sharedPath } from '../../support/shared';
import { readWav } from '../../support/wav';
import { JFK_SECONDS, jfkMp3 } from './audio';

let root: string;
const silent = pino({ level: 'silent' });

/** A folder laid out like a Transformers.js Whisper model, with placeholder (not real) weights. */
async function fakeWhisperFolder(name: string, suffix = '_quantized'): Promise<string> {
  const dir = path.join(root, name);
  await mkdir(path.join(dir, 'onnx'), { recursive: true });
  await writeFile(path.join(dir, 'config.json'), JSON.stringify({ model_type: 'whisper' }));
  await writeFile(path.join(dir, 'tokenizer.json'), '{}');
  await writeFile(path.join(dir, 'preprocessor_config.json'), '{}');
  for (const part of ['encoder_model', 'decoder_model_merged'])
    await writeFile(path.join(dir, 'onnx', `${part}${suffix}.onnx`), 'not a model');
  return dir;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'dish-models-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function refusal(promise: Promise<unknown>): Promise<VoiceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VoiceError);
  return error as VoiceError;
}

describe('finding the Whisper model (Transformers.js layout under MODELS_DIR)', () => {
  it('finds none in an empty MODELS_DIR, and says where it looked', async () => {
    const empty = await mkdtemp(path.join(root, 'empty-'));
    const found = findWhisperModel({ modelsDir: empty, model: 'whisper-base', allowRemote: false });
    expect(found.model).toBeNull();
    expect('reason' in found && found.reason).toContain(path.join(empty, 'whisper-base'));
  });

  it('finds none in ../shared/fixtures, where only the embedding plumbing model is', () => {
    const fixtures = sharedPath('fixtures');
    expect(
      findWhisperModel({ modelsDir: fixtures, model: 'whisper-base', allowRemote: false }).model,
    ).toBeNull();
    // A Transformers.js model folder, but not a Whisper one.
    const other = findWhisperModel({
      modelsDir: fixtures,
      model: 'embedding-plumbing-random',
      allowRemote: false,
    });
    expect(other.model).toBeNull();
    expect('reason' in other && other.reason).toMatch(/holds a bert model, not Whisper/);
  });

  it('finds a complete folder, quantized weights first, full precision otherwise', async () => {
    const q8 = await fakeWhisperFolder('whisper-q8');
    expect(findWhisperModel({ modelsDir: root, model: 'whisper-q8', allowRemote: false }).model).toEqual({
      id: 'whisper-q8',
      dir: q8,
      dtype: { encoder_model: 'q8', decoder_model_merged: 'q8' },
    });
    await fakeWhisperFolder('whisper-fp32', '');
    expect(
      findWhisperModel({ modelsDir: root, model: 'whisper-fp32', allowRemote: false }).model?.dtype,
    ).toEqual({
      encoder_model: 'fp32',
      decoder_model_merged: 'fp32',
    });
  });

  it('names what a folder lacks', async () => {
    const dir = await fakeWhisperFolder('whisper-broken');
    await rm(path.join(dir, 'onnx', 'decoder_model_merged_quantized.onnx'));
    await rm(path.join(dir, 'tokenizer.json'));
    const found = findWhisperModel({ modelsDir: root, model: 'whisper-broken', allowRemote: false });
    expect('reason' in found && found.reason).toMatch(/lacks tokenizer\.json/);
    await writeFile(path.join(dir, 'tokenizer.json'), '{}');
    const again = findWhisperModel({ modelsDir: root, model: 'whisper-broken', allowRemote: false });
    expect('reason' in again && again.reason).toMatch(/no onnx\/decoder_model_merged\.onnx/);
  });

  it('with ALLOW_REMOTE_MODELS and nothing here, plans to download onnx-community/<name> with q8 weights', () => {
    expect(findWhisperModel({ modelsDir: root, model: 'whisper-base', allowRemote: true }).model).toEqual({
      id: 'onnx-community/whisper-base',
      dir: null,
      dtype: { encoder_model: 'q8', decoder_model_merged: 'q8' },
    });
    expect(
      findWhisperModel({ modelsDir: root, model: 'Xenova/whisper-tiny', allowRemote: true }).model?.id,
    ).toBe('Xenova/whisper-tiny');
  });
});

describe('the Whisper transcriber', () => {
  it('without a model: unavailable, and a transcription attempt gets the no-engine sentence', async () => {
    const transcriber = whisperTranscriber({
      modelsDir: sharedPath('fixtures'),
      model: 'whisper-base',
      allowRemote: false,
    });
    // Why, for the log and the admin: no model, and where it was looked for.
    expect(transcriber.unavailable()).toMatch(
      /^Voice questions need a speech-recognition model, and none is installed on this server\. \(no model folder .*fixtures/,
    );
    const recording = await prepareRecording(jfkMp3());
    const error = await refusal(transcriber.transcribe(recording));
    expect(error.message).toBe('Voice questions are not available right now. You can type your question.');
    expect(error.detail).toBe(transcriber.unavailable());
  });

  it('is fed the prepared recording: 16 kHz mono Float32, the whole 11 s; loads the model once', async () => {
    await fakeWhisperFolder('whisper-fed');
    const calls: { audio: Float32Array; options: Parameters<AsrPipeline>[1] }[] = [];
    let loads = 0;
    const load: LoadAsr = (model, options) => {
      loads++;
      expect(model.dtype).toEqual({ encoder_model: 'q8', decoder_model_merged: 'q8' });
      expect(options).toEqual({
        modelsDir: root,
        allowRemote: false,
        cacheDir: path.join(root, 'models'),
        remoteHost: 'https://huggingface.co',
        // A recording is told apart among the languages answers are worded in.
        languages: ['en', 'hi'],
      });
      return Promise.resolve((audio, asrOptions) => {
        calls.push({ audio, options: asrOptions });
        return Promise.resolve({
          text: ' And so my fellow Americans, ask not what your country can do for you ',
        });
      });
    };
    const config = loadConfig({
      DATA_DIR: root,
      MODELS_DIR: root,
      WHISPER_MODEL: 'whisper-fed',
      ALLOW_REMOTE_MODELS: 'false',
    });
    const voice = createVoiceService(config, silent, { loadAsr: load });
    expect(voice.recognition).toBe('transformers.js');
    expect(voice.unavailable()).toBeNull();

    const recording = await voice.prepare(jfkMp3());
    expect(await voice.transcribe(recording)).toBe(
      'And so my fellow Americans, ask not what your country can do for you',
    );
    await voice.transcribe(recording);
    expect(loads).toBe(1);
    const [{ audio, options }] = calls as [(typeof calls)[number]];
    expect(audio).toBeInstanceOf(Float32Array);
    expect(audio.length / 16_000).toBeCloseTo(JFK_SECONDS, 1);
    expect(options).toEqual({ task: 'transcribe', return_timestamps: false });
  });

  it('a model that will not load (damaged weights): voice is not available, and the server goes on', async () => {
    await fakeWhisperFolder('whisper-damaged');
    const transcriber = whisperTranscriber({
      modelsDir: root,
      model: 'whisper-damaged',
      allowRemote: false,
      // The default: the speech thread, which reports the failed load and ends.
    });
    expect(transcriber.unavailable()).toBeNull();
    const recording = await prepareRecording(jfkMp3());
    const error = await refusal(transcriber.transcribe(recording));
    expect(error.message).toBe(voiceMessages.notAvailable);
    expect(error.detail).toMatch(/whisper-damaged/);
  }, 60_000);

  /** A model that unloads after `idleMs` idle, with how often it was loaded and unloaded. */
  async function idleWhisper(name: string, idleMs = 50) {
    await fakeWhisperFolder(name);
    const counts = { loads: 0, disposed: 0 };
    const load: LoadAsr = () => {
      counts.loads++;
      const asr: AsrPipeline = () => Promise.resolve({ text: 'heard' });
      asr.dispose = () => Promise.resolve(void counts.disposed++);
      return Promise.resolve(asr);
    };
    const transcriber = whisperTranscriber({
      modelsDir: root,
      model: name,
      allowRemote: false,
      idleMs,
      load,
    });
    return { transcriber, counts };
  }

  it('unloads a model left idle, stays available meanwhile, and loads it again for the next recording', async () => {
    const { transcriber, counts } = await idleWhisper('whisper-idle');
    const recording = await prepareRecording(jfkMp3());
    expect(await transcriber.transcribe(recording)).toBe('heard');
    await expect.poll(() => counts.disposed).toBe(1);
    // Unloaded is not unavailable: the files are there, and the next question loads them.
    expect(transcriber.unavailable()).toBeNull();
    expect(transcriber.status()).toEqual({ model: 'whisper-idle', state: 'ready' });
    expect(await transcriber.transcribe(recording)).toBe('heard');
    expect(counts.loads).toBe(2);
    await expect.poll(() => counts.disposed).toBe(2);
  });

  it('loads a model unloaded while idle as soon as a recording starts, before it arrives', async () => {
    // Long enough for the recording to arrive before the warmed model is idle again.
    const { transcriber, counts } = await idleWhisper('whisper-warm', 400);
    const recording = await prepareRecording(jfkMp3());
    transcriber.warm?.();
    await expect.poll(() => counts.loads).toBe(1);
    await expect.poll(() => counts.disposed).toBe(1);
    transcriber.warm?.();
    await expect.poll(() => counts.loads).toBe(2);
    // The recording is heard by the model loaded while it was being spoken.
    expect(await transcriber.transcribe(recording)).toBe('heard');
    expect(counts.loads).toBe(2);
  });

  it(`holds at most ${MAX_IN_LINE} recordings in line; the next is told to try again or type`, async () => {
    await fakeWhisperFolder('whisper-slow');
    const release: (() => void)[] = [];
    const transcriber = whisperTranscriber({
      modelsDir: root,
      model: 'whisper-slow',
      allowRemote: false,
      load: () =>
        Promise.resolve(
          () => new Promise<{ text: string }>((resolve) => release.push(() => resolve({ text: 'heard' }))),
        ),
    });
    const recording = await prepareRecording(jfkMp3());
    const inLine = Array.from({ length: MAX_IN_LINE }, () => transcriber.transcribe(recording));
    const error = await refusal(transcriber.transcribe(recording));
    expect(error.message).toBe(
      'Many people are asking by voice right now. Please try again in a minute, or type your question.',
    );
    // One at a time: each finishes before the next starts.
    for (let i = 0; i < MAX_IN_LINE; i++) {
      await expect.poll(() => release.length).toBe(i + 1);
      release[i]!();
    }
    expect(await Promise.all(inLine)).toEqual(Array(MAX_IN_LINE).fill('heard'));
    // The line is free again.
    const next = transcriber.transcribe(recording);
    await expect.poll(() => release.length).toBe(MAX_IN_LINE + 1);
    release[MAX_IN_LINE]!();
    expect(await next).toBe('heard');
  });
});

// The real whisper-base of ../shared/models (MODELS.md), on real Hindi speech.
describe('Whisper on Hindi speech', () => {
  it('hears Hindi without being told and writes it in Devanagari, never Latin letters or Urdu', async () => {
    const transcriber = whisperTranscriber({
      modelsDir: sharedPath('models'),
      model: 'whisper-base',
      allowRemote: false,
      languages: ['en', 'hi'],
    });
    expect(transcriber.unavailable()).toBeNull();
    // "सब्र करो और देखती रहो प्यारी मीनू दादाजी बोले"
    const samples = await readWav(sharedPath('material', 'audio', 'hindi_indicwav2vec', '0215_025.wav'));
    const text = await transcriber.transcribe({
      mp3: new Uint8Array(),
      samples,
      sampleRate: 16_000,
      durationMs: (samples.length / 16_000) * 1000,
    });
    const letters = [...text].filter((c) => /\p{L}/u.test(c));
    expect(letters.length).toBeGreaterThan(10);
    expect(letters.every((c) => /\p{Script=Devanagari}/u.test(c))).toBe(true);
    // Whisper base mishears much of it (docs/performance.md), but not these.
    expect(text).toContain('करो');
    expect(text).toContain('बोले');
  }, 120_000);
});
