/**
 * Where Whisper's time goes, one recording alone and several at once in one batch:
 * `npx tsx tests/bench/whisper-batch.bench.ts` (MODELS_DIR, WHISPER_MODEL as for the server;
 * BENCH_BATCHES=1,5 by default). For ../shared/audio/jfk.wav (11 s), repeated `n` times as one
 * batch, prints the log-mel features' time, the encoder's one run, the decoder's first step (the
 * cross-attention over the encoder's output) and its later steps, and the whole: the least time in
 * which `n` people speaking at once can all be heard on this machine, whether their recordings are
 * taken one after another (n times the first line) or together (the batch's line). The server
 * takes them one after another. Asserts nothing.
 */
import { readWav } from '../support/wav';
import { sharedPath } from '../support/shared';
import { transformers } from '../../src/server/models/transformers';
import { findWhisperModel } from '../../src/server/voice/stt-whisper';

const BATCHES = (process.env.BENCH_BATCHES ?? '1,5').split(',').map(Number);
const ROUNDS = 3;

interface Session {
  run(feeds: unknown, ...rest: unknown[]): Promise<unknown>;
}
interface Whisper {
  processor(audio: Float32Array): Promise<{ input_features: unknown }>;
  model: {
    sessions: Record<string, Session>;
    generation_config: {
      decoder_start_token_id: number;
      lang_to_id: Record<string, number>;
      task_to_id: Record<string, number>;
      no_timestamps_token_id: number;
    };
    generate(options: Record<string, unknown>): Promise<unknown>;
  };
}

const found = findWhisperModel({
  modelsDir: process.env.MODELS_DIR ?? sharedPath('models'),
  model: process.env.WHISPER_MODEL ?? 'whisper-base',
  allowRemote: false,
});
if (!found.model) throw new Error(`no Whisper model: ${found.reason}`);
const library = await transformers({
  modelsDir: process.env.MODELS_DIR ?? sharedPath('models'),
  allowRemote: false,
});
const whisper = (await library.pipeline('automatic-speech-recognition', found.model.id, {
  device: 'cpu',
  dtype: found.model.dtype,
})) as unknown as Whisper;

// Every session run timed, by session: the encoder is `model`, the decoder `decoder_model_merged`.
const runs = new Map<string, number[]>();
for (const [name, session] of Object.entries(whisper.model.sessions)) {
  const run = session.run.bind(session);
  session.run = async (...args) => {
    const started = performance.now();
    const result = await run(...args);
    runs.set(name, [...(runs.get(name) ?? []), performance.now() - started]);
    return result;
  };
}

const audio = await readWav(sharedPath('audio', 'jfk.wav'));
const config = whisper.model.generation_config;
const start = [
  config.decoder_start_token_id,
  config.lang_to_id['<|en|>']!,
  config.task_to_id['transcribe']!,
  config.no_timestamps_token_id,
];
const ms = (value: number) => `${value.toFixed(0)} ms`;

console.log(`${found.model.id} (${JSON.stringify(found.model.dtype)}), jfk.wav (11 s), best of ${ROUNDS}`);
for (const n of BATCHES) {
  let best: {
    mel: number;
    encoder: number;
    first: number;
    later: number;
    steps: number;
    total: number;
  } | null = null;
  for (let round = 0; round < ROUNDS; round++) {
    runs.clear();
    const started = performance.now();
    const features = [];
    for (let i = 0; i < n; i++) features.push((await whisper.processor(audio)).input_features);
    const mel = performance.now() - started;
    await whisper.model.generate({
      inputs: library.cat(features as Parameters<typeof library.cat>[0], 0),
      // The start tokens given per recording: Transformers.js builds them for one recording only.
      decoder_input_ids: Array.from({ length: n }, () => start),
      max_new_tokens: 224,
      no_repeat_ngram_size: 4,
    });
    const total = performance.now() - started;
    const decoder = runs.get('decoder_model_merged') ?? [];
    const figures = {
      mel,
      encoder: (runs.get('model') ?? []).reduce((a, b) => a + b, 0),
      first: decoder[0] ?? 0,
      later: decoder.slice(1).reduce((a, b) => a + b, 0),
      steps: decoder.length - 1,
      total,
    };
    if (!best || figures.total < best.total) best = figures;
  }
  const b = best!;
  console.log(
    `${n} at once: log-mel ${ms(b.mel)}, encoder ${ms(b.encoder)}, decoder first step ${ms(b.first)}, ` +
      `${b.steps} more steps ${ms(b.later)} (${(b.later / Math.max(1, b.steps)).toFixed(1)} ms each); ` +
      `all ${n} heard after ${ms(b.total)}`,
  );
}
