/**
 * Where the time goes when a long PDF is indexed, and what the model alone needs (issue 34 item
 * 4): `npx tsx tests/bench/indexing.bench.ts` (BENCH_MODELS=a,b; the default model when unset).
 * Run it on an idle machine. Per model, through a real server (PGlite):
 *
 * - the 190-page Rehabilitation Act from "Process Now" to indexed, and each stage's share as the
 *   admin's progress tells it (reading, embedding, saving, then the statistics and the scale);
 * - the model's own part: every text the index sent to the model, its word pieces, and the time
 *   the model took for them inside indexing; then the same texts embedded again alone (no
 *   database, nothing else running), in batches of like length and in batches as they come, to
 *   show the cost of padding; word pieces a second for each;
 * - questions asked over a socket while it indexes, as fast as one person may: answered p50 / p95 / max.
 *
 * Asserts nothing; the figures are kept in docs/performance.md.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { routes } from '../../src/shared/api/routes';
import { ASKS_PER_MINUTE } from '../../src/server/answering/asking';
import { likeLengthRuns } from '../../src/server/knowledge/index/batches';
import type { Embedder, EmbedOptions } from '../../src/server/knowledge/index/embeddings';
import { transformers } from '../../src/server/models/transformers';
import { addSource, form, signInSuper } from '../support/admin';
import { askOnce, openChatSocket, signedInChatUser } from '../support/chat';
import { material, sharedPath } from '../support/shared';
import { percentile } from './answers-scoring';
import { startBenchServer } from './bench-server';

const FILE = 'documents/pdf/rehabilitation-act-of-1973-amended-by-wioa.pdf';
const PAGES = 190;
// A little under the limit: the warm-up question counts in the same minute.
const PACE_MS = Math.ceil(60_000 / (ASKS_PER_MINUTE - 2));
const modelsDir = path.resolve(process.env.MODELS_DIR ?? sharedPath('models'));
const questions = (await readFile(sharedPath('material/eval/questions.jsonl'), 'utf8'))
  .split('\n')
  .filter(Boolean)
  .map((line) => (JSON.parse(line) as { question: string }).question);

const models = (process.env.BENCH_MODELS ?? '').split(',').filter(Boolean);
for (const model of models.length ? models : ['']) await bench(model);

async function bench(model: string): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dish-indexing-'));
  const t = await startBenchServer(dataDir, model);
  const { server } = t;
  try {
    const embedder = server.index.embedder;
    if (!embedder) throw new Error('no sentence-embedding model is loaded');
    console.log(`\n# ${embedder.model}`);
    const sent = recordModelCalls(embedder);

    const admin = await signInSuper(t);
    const source = await addSource(admin, 'Law');
    const fields = { queryingApp: 'dish', data_type: 'pdf', source, project: 'dish', location: 'US' };
    await admin.post('/admin/add_data', form(fields, [{ name: path.basename(FILE), bytes: material(FILE) }]));
    const socket = await openChatSocket(t, await signedInChatUser(t));
    await askOnce(socket, questions[0]!);

    const started = performance.now();
    let finished = false;
    let indexed = 0;
    // The item is searchable once indexed; its searched sentences are made after, in the
    // background, and questions are asked until they are too.
    const run = server.worker
      .runNow()
      .then(() => (indexed = (performance.now() - started) / 1000))
      .then(() => server.index.sentencesSearched())
      .finally(() => (finished = true));
    // Each stage's first and last sight, as the admin's progress tells it.
    const seen = new Map<string, { first: number; last: number }>();
    const watch = (async () => {
      while (!finished) {
        const { working } = await admin.answer(routes.getIngestionProgress, {
          body: { queryingApp: 'dish' },
        });
        const now = (performance.now() - started) / 1000;
        for (const w of working) {
          const stage = seen.get(w.stage);
          if (stage) stage.last = now;
          else seen.set(w.stage, { first: now, last: now });
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    // Each question's time, by what the server was doing when it was asked.
    const answered = { indexing: [] as number[], sentences: [] as number[] };
    const slow: string[] = [];
    const asking = (async () => {
      for (let i = 1; !finished; i = (i + 1) % questions.length) {
        const at = performance.now();
        const phase = indexed ? answered.sentences : answered.indexing;
        const { content } = await askOnce(socket, questions[i]!);
        if (content.response.error) throw new Error(`a question was refused: ${content.response.error}`);
        const took = performance.now() - at;
        phase.push(took);
        if (took > 1000) slow.push(`${((at - started) / 1000).toFixed(1)} s: ${took.toFixed(0)} ms`);
        // As fast as one person may ask (ASKS_PER_MINUTE), not a flood that takes a core.
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, PACE_MS - (performance.now() - at))));
      }
    })();
    await run;
    const total = indexed;
    const sentences = (performance.now() - started) / 1000;
    await Promise.all([watch, asking]);
    socket.close();

    console.log(`indexed in ${total.toFixed(1)} s (${(PAGES / total).toFixed(2)} pages/s)`);
    const order = ['reading', 'embedding', 'saving'].filter((s) => seen.has(s));
    order.forEach((stage, i) => {
      const from = seen.get(stage)!.first;
      const to = i + 1 < order.length ? seen.get(order[i + 1]!)!.first : seen.get(stage)!.last;
      console.log(`  ${stage.padEnd(10)} ${(to - from).toFixed(1).padStart(6)} s`);
    });
    const lastSeen = Math.max(...[...seen.values()].map((s) => s.last));
    console.log(`  ${'after'.padEnd(10)} ${(total - lastSeen).toFixed(1).padStart(6)} s (statistics, scale)`);
    console.log(`searched sentences all made at ${sentences.toFixed(1)} s`);

    const { AutoTokenizer } = await transformers({ modelsDir, allowRemote: false });
    const tokenizer = await AutoTokenizer.from_pretrained(model || embedder.model.split(' ')[0]!);
    const texts = sent.calls.flatMap((c) => c.texts);
    const pieces = texts.reduce(
      (sum, text) => sum + Math.min(embedder.maxTokens, tokenizer.encode(text).length),
      0,
    );
    const inIndexing = sent.calls.reduce((sum, c) => sum + c.ms, 0) / 1000;
    console.log(
      `model inside indexing: ${texts.length} texts, ${pieces.toLocaleString('en')} word pieces in ${inIndexing.toFixed(1)} s (${rate(pieces, inIndexing)}), ${((100 * inIndexing) / total).toFixed(0)} % of the whole`,
    );
    sent.stop();
    for (const [label, batches] of [
      ['batches of like length', [texts]],
      ['batches as they come', chunk(texts, 16)],
    ] as const) {
      const at = performance.now();
      for (const batch of batches) await embedder.embed(batch, { as: 'passage' });
      const seconds = (performance.now() - at) / 1000;
      console.log(`model alone, ${label}: ${seconds.toFixed(1)} s (${rate(pieces, seconds)})`);
    }
    // A question waits at most for the run in the model: how long each run the index makes takes.
    const runs: number[] = [];
    for (const run of likeLengthRuns(texts)) {
      const at = performance.now();
      await embedder.embed(
        run.map((i) => texts[i]!),
        { as: 'passage' },
      );
      runs.push(performance.now() - at);
    }
    console.log(`one run of the model (${runs.length} runs of like length): ${spread(runs)}`);
    for (const [label, times] of [
      ['while indexing', answered.indexing],
      ['after, while the sentences are made', answered.sentences],
    ] as const)
      console.log(`questions answered ${label}: ${times.length}, ${spread(times)}`);
    if (slow.length) console.log(`over a second (asked at, took): ${slow.join('; ')}`);
  } finally {
    await t.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Every passage-role call the index makes to the model, with its texts and how long it took. */
function recordModelCalls(embedder: Embedder) {
  const calls: { texts: string[]; ms: number }[] = [];
  const original = embedder.embed.bind(embedder);
  embedder.embed = async (texts: string[], options: EmbedOptions) => {
    if (options.as !== 'passage') return original(texts, options);
    const at = performance.now();
    const vectors = await original(texts, options);
    calls.push({ texts, ms: performance.now() - at });
    return vectors;
  };
  return { calls, stop: () => (embedder.embed = original) };
}

function chunk<T>(list: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(list.length / size) }, (_, i) =>
    list.slice(i * size, (i + 1) * size),
  );
}

function spread(ms: number[]): string {
  if (!ms.length) return 'none';
  const at = (p: number) => percentile(ms, p).toFixed(0);
  return `p50 / p95 / max ${at(50)} / ${at(95)} / ${Math.max(...ms).toFixed(0)} ms`;
}

function rate(pieces: number, seconds: number): string {
  return `${Math.round(pieces / seconds).toLocaleString('en')} pieces/s`;
}
