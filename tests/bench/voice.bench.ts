/**
 * Voice figures on the server: `npx tsx tests/bench/voice.bench.ts` (MODELS_DIR, WHISPER_MODEL,
 * STT_BASE_URL as for the server). Prints the time to prepare a recording for recognition
 * (MP3 decode + 16 kHz resampling) per second of audio, transcription time per second of audio
 * where an engine is available, and text-to-speech time per answer (eSpeak NG + MP3 encoding) for
 * three answers of different lengths, with the longest stall of the event loop meanwhile.
 * Then, in Chromium with a fake microphone hearing ../shared/audio/jfk.wav: 30 s recorded and
 * converted to MP3 by the app's encoder worker (speed as times real time) with the main thread's
 * long tasks meanwhile, at full speed and with 4x CPU throttling; and, for comparison, the same
 * encoding on the main thread. Asserts nothing.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { NOT_FOUND_ANSWER } from '../../src/server/answering/composer';
import { UI_LANGUAGES } from '../../src/shared/i18n/languages';
import { prepareRecording, decodeMp3, toMono16k } from '../../src/server/voice/codecs';
import { id3v2Length } from '../../src/server/voice/mp3-frames';
import { speechText } from '../../src/server/voice/speech-text';
import { openAiTranscriber } from '../../src/server/voice/stt-openai';
import { findWhisperModel, whisperTranscriber } from '../../src/server/voice/stt-whisper';
import { loadEspeak, Speaker } from '../../src/server/voice/tts';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { createServer as createViteServer } from 'vite';
import { chromiumArgs, chromiumPath, fakeMicrophoneArgs } from '../support/chromium';
import { sharedPath } from '../support/shared';
import type { VoiceBenchWindow } from './voice-browser/page';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const jfk = new Uint8Array(readFileSync(sharedPath('audio', 'jfk_mono_128k.mp3')));
const frames = jfk.subarray(id3v2Length(jfk));
const recordings = [
  { name: 'JFK, 11 s, mono 128 kbit/s 44.1 kHz', mp3: jfk },
  { name: 'JFK twice, 22 s', mp3: new Uint8Array([...jfk, ...frames]) },
];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Runs `task` with the event loop watched: its time and the longest delay the loop saw meanwhile. */
async function watched<T>(task: () => Promise<T>): Promise<{ result: T; ms: number; stallMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const started = performance.now();
  const result = await task();
  const elapsed = performance.now() - started;
  histogram.disable();
  return { result, ms: elapsed, stallMs: histogram.max / 1e6 };
}

console.log('## Preparing a recording for speech recognition (decode MP3 + resample to 16 kHz mono)');
await prepareRecording(jfk); // warm-up: WebAssembly compilation
for (const { name, mp3 } of recordings) {
  const times: number[] = [];
  const stalls: number[] = [];
  let seconds = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const run = await watched(async () => toMono16k(await decodeMp3(mp3)));
    times.push(run.ms);
    stalls.push(run.stallMs);
    seconds = run.result.length / 16_000;
  }
  const t = median(times);
  console.log(
    `${name}: ${ms(t)} for ${seconds.toFixed(1)} s = ${(t / seconds).toFixed(1)} ms per second of audio ` +
      `(${(seconds / (t / 1000)).toFixed(0)}x real time); longest event-loop stall ${ms(Math.max(...stalls))}`,
  );
}

console.log('\n## Transcription');
const modelsDir = path.resolve(process.env.MODELS_DIR ?? sharedPath('models'));
const whisperName = process.env.WHISPER_MODEL ?? 'whisper-base';
const found = findWhisperModel({ modelsDir, model: whisperName, allowRemote: false });
const recording = await prepareRecording(jfk);
if (found.model) {
  const transcriber = whisperTranscriber({
    modelsDir,
    model: whisperName,
    allowRemote: false,
    languages: UI_LANGUAGES,
  });
  const first = await watched(() => transcriber.transcribe(recording));
  console.log(
    `Whisper ${whisperName}: first question (model load included) ${ms(first.ms)}: "${first.result}"`,
  );
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) times.push((await watched(() => transcriber.transcribe(recording))).ms);
  const t = median(times);
  console.log(`Whisper ${whisperName}: ${ms(t)} for 11 s = ${(t / 11).toFixed(0)} ms per second of audio`);
} else {
  console.log(
    `No Whisper model here (${'reason' in found ? found.reason : ''}); MODELS.md says why. ` +
      'Local recognition is not measured.',
  );
}
if (process.env.STT_BASE_URL) {
  const remote = openAiTranscriber({
    baseUrl: process.env.STT_BASE_URL,
    apiKey: process.env.STT_API_KEY,
    model: process.env.STT_MODEL ?? 'whisper-1',
  });
  const run = await watched(() => remote.transcribe(recording));
  console.log(`${process.env.STT_BASE_URL}: ${ms(run.ms)} for 11 s: "${run.result}"`);
} else {
  // The OpenAI-compatible path against a local endpoint that answers at once: the server's own
  // share (multipart upload of the MP3, JSON back), not recognition.
  const endpoint = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"text":"ask not"}'));
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  const local = openAiTranscriber({
    baseUrl: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/v1`,
    model: 'whisper-1',
  });
  await local.transcribe(recording);
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) times.push((await watched(() => local.transcribe(recording))).ms);
  endpoint.close();
  console.log(
    `OpenAI-compatible path, local endpoint only (no STT_BASE_URL): ${ms(median(times))} per 11 s recording ` +
      'for the upload and reply; the endpoint’s recognition time comes on top.',
  );
}

console.log('\n## Spoken answers (eSpeak NG WebAssembly + lamejs MP3, 22050 Hz mono 64 kbit/s)');
const loading = await watched(() => loadEspeak());
console.log(`eSpeak NG load (once per process): ${ms(loading.ms)}`);
const sentence =
  'A screen reader is software that reads the text on a screen aloud, so that people who are blind can use a computer. ';
const answers = [
  { name: 'short (not-found answer)', markdown: NOT_FOUND_ANSWER },
  {
    name: 'medium (three quotes)',
    markdown: `Here is what the DISH knowledge base says:\n\n**[Screen readers](https://example.org/a)**\n\n${Array.from({ length: 4 }, () => `> ${sentence}`).join('\n>\n')}\n\n**Sources**\n\n- https://example.org/a`,
  },
  { name: 'long (capped at 1,500 characters)', markdown: sentence.repeat(20) },
];
const dir = await mkdtemp(path.join(os.tmpdir(), 'dish-tts-bench-'));
try {
  // Warm-up on other text: the first syntheses run slower while WebAssembly tiers up.
  await new Speaker({ dir }).speak('Warming up the speech engine with a sentence or two. And another one.');
  for (const { name, markdown } of answers) {
    const chars = speechText(markdown).length;
    const times: number[] = [];
    const stalls: number[] = [];
    let file = '';
    for (let i = 0; i < ROUNDS; i++) {
      // A rate per round makes each round a new file (no cache).
      const run = await watched(async () => (await new Speaker({ dir, rate: 160 + i }).speak(markdown))!);
      times.push(run.ms);
      stalls.push(run.stallMs);
      file = run.result.file;
    }
    const decoded = await decodeMp3(readFileSync(path.join(dir, file)), {
      maxBytes: Infinity,
      maxMs: Infinity,
    });
    const seconds = decoded.channelData[0]!.length / decoded.sampleRate;
    const cached = await watched(async () => new Speaker({ dir, rate: 160 + ROUNDS - 1 }).speak(markdown));
    const t = median(times);
    console.log(
      `${name}: ${chars} characters, ${seconds.toFixed(1)} s of speech: ${ms(t)} ` +
        `(${(seconds / (t / 1000)).toFixed(0)}x real time); longest event-loop stall ${ms(Math.max(...stalls))}; ` +
        `cached ${cached.ms.toFixed(1)} ms`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

console.log(
  '\n## In the browser: recording and MP3 conversion in the encoder worker (Chromium, fake microphone)',
);
// The app's own worker and encoder, served by Vite, recording JFK from Chromium's fake microphone.
const vite = await createViteServer({
  configFile: path.resolve('vite.config.ts'),
  server: { port: 0, host: '127.0.0.1' },
  logLevel: 'warn',
});
await vite.listen();
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: [...chromiumArgs, ...fakeMicrophoneArgs()],
  headless: true,
});
try {
  const page = await browser.newPage();
  await page.goto(`${vite.resolvedUrls!.local[0]!}tests/bench/voice-browser/page.html`);
  await page.waitForFunction(() => document.title === 'ready', undefined, { timeout: 60_000 });
  const cdp = await page.context().newCDPSession(page);
  const seconds = Number(process.env.BENCH_VOICE_SECONDS ?? 30);
  // 4x CPU throttling stands for a low-end phone (DevTools' "low-end mobile" preset).
  for (const rate of [1, 4]) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const r = await page.evaluate((s) => (window as unknown as VoiceBenchWindow).voiceBench.run(s), seconds);
    const tasks = (list: number[]) => (list.length ? `${list.length} (${list.join(', ')} ms)` : 'none');
    console.log(
      `CPU ${rate}x: ${r.recordedSeconds.toFixed(1)} s recorded → ${r.mp3Seconds.toFixed(1)} s MP3 ` +
        `(${(r.mp3Bytes / 1024).toFixed(0)} kB); webm → MP3 in the worker ${ms(r.convertMs)} ` +
        `(${(r.mp3Seconds / (r.convertMs / 1000)).toFixed(0)}x real time); encoding alone in the worker ` +
        `${ms(r.workerEncodeMs)} (${(r.mp3Seconds / (r.workerEncodeMs / 1000)).toFixed(0)}x real time); ` +
        `main-thread long tasks while recording and converting: ${tasks(r.longTasks)}; ` +
        `the same encoding on the main thread: ${ms(r.mainThreadEncodeMs)}, long tasks ${tasks(r.mainThreadLongTasks)}`,
    );
  }
} finally {
  await browser.close();
  await vite.close();
}
