/**
 * Speech recognition quality and speed with the real Whisper: `npx tsx tests/bench/speech.bench.ts`
 * (MODELS_DIR, WHISPER_MODEL as for the server). For ../shared/audio/jfk.wav and the six real
 * Hindi clips with reference transcripts in ../shared/material/audio/hindi_indicwav2vec, prints
 * the language the server heard (told apart among the answer languages), the transcript, word
 * error rate (English) or character error rate (Hindi, spaces ignored) and the time as a share
 * of the audio's length, and the process's RSS at the end. Asserts nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { UI_LANGUAGES } from '../../src/shared/i18n/languages';
import { whisperTranscriber } from '../../src/server/voice/stt-whisper';
import { sharedPath } from '../support/shared';
import { readWav } from '../support/wav';

const HINDI = sharedPath('material', 'audio', 'hindi_indicwav2vec');
const clips = [
  {
    file: sharedPath('audio', 'jfk.wav'),
    reference:
      'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.',
    unit: 'word' as const,
  },
  ...readFileSync(path.join(HINDI, 'transcripts_selected.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [file, , reference] = line.split('\t');
      return { file: path.join(HINDI, file!), reference: reference!, unit: 'character' as const };
    }),
];

function editDistance(a: string[], b: string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = row;
  }
  return previous[b.length]!;
}

const units = (text: string, unit: 'word' | 'character') =>
  unit === 'word'
    ? text
        .toLowerCase()
        .split(/[^\p{L}\p{M}\p{N}']+/u)
        .filter(Boolean)
    : [...text.replace(/[\s\p{P}]+/gu, '')];

const transcriber = whisperTranscriber({
  modelsDir: path.resolve(process.env.MODELS_DIR ?? sharedPath('models')),
  model: process.env.WHISPER_MODEL ?? 'whisper-base',
  allowRemote: false,
  languages: UI_LANGUAGES,
});
if (transcriber.unavailable()) throw new Error(transcriber.unavailable()!);

const rates: Record<'word' | 'character', number[]> = { word: [], character: [] };
let audioMs = 0;
let workMs = 0;
const loop = monitorEventLoopDelay({ resolution: 5 });
for (const [n, clip] of clips.entries()) {
  const samples = await readWav(clip.file);
  const durationMs = (samples.length / 16_000) * 1000;
  if (n === 1) loop.enable();
  const started = performance.now();
  const text = await transcriber.transcribe({
    mp3: new Uint8Array(),
    samples,
    sampleRate: 16_000,
    durationMs,
  });
  const took = performance.now() - started;
  // The first clip also loads the model: it is not counted in the speed.
  if (n > 0) {
    audioMs += durationMs;
    workMs += took;
  }
  const reference = units(clip.reference, clip.unit);
  const rate = editDistance(reference, units(text, clip.unit)) / reference.length;
  rates[clip.unit].push(rate);
  console.log(
    `${path.basename(clip.file)} (${(durationMs / 1000).toFixed(1)} s): ${clip.unit} error rate ${(rate * 100).toFixed(0)} %, ${took.toFixed(0)} ms\n  heard: ${text}\n  said:  ${clip.reference}`,
  );
}
loop.disable();
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / (values.length || 1);
console.log(
  `\nEnglish word error rate ${(mean(rates.word) * 100).toFixed(0)} %; Hindi character error rate ${(mean(rates.character) * 100).toFixed(0)} % (mean of ${rates.character.length} clips); ` +
    `real-time factor ${(workMs / audioMs).toFixed(2)} (language detection and transcription, model loaded); ` +
    `event loop meanwhile: p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms; ` +
    `RSS of this process (Whisper's thread in it) ${(process.memoryUsage.rss() / 2 ** 20).toFixed(0)} MB`,
);
