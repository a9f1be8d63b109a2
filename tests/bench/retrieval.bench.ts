/**
 * Where an answer's time goes: `npx tsx tests/bench/retrieval.bench.ts` (DATABASE_URL for
 * PostgreSQL with pgvector; BENCH_PASSAGES for the sizes, comma-separated, 20,000 by default, e.g.
 * `BENCH_PASSAGES=20000,200000`, the index growing from one to the next; BENCH_EXPLAIN=1 prints
 * the query plans of the slowest questions). The knowledge base is the varied material of
 * ../shared/material (`materialDocuments`: 247 documents and pages) indexed and embedded once
 * with the real model, then its rows copied, vectors included, into new sources up to each size.
 * Each FAQ question is answered stage by stage, one at a time, and each stage timed: the question's
 * embedding, the full-text ranking (and the same with every word weighed alike), the vector ranking (and the same at pgvector's default
 * breadth, which yields at most 40 rows), the whole retrieval (both rankings
 * fused and the passages read), the unknown-terms check and the composing. Prints p50/p95/max
 * per stage; asserts nothing.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PASSAGES } from '../../src/server/answering/ask';
import { composeAnswer } from '../../src/server/answering/composer';
import {
  fullTextQuery,
  knownTermsQuery,
  nearestPassages,
  retrieve,
  unknownTerms,
  vectorQuery,
} from '../../src/server/answering/retrieval';
import { salientTerms } from '../../src/server/answering/words';
import { queryRows } from '../../src/server/db/raw';
import { startTestServer } from '../support/server';
import { fillIndex, growIndex, materialDocuments } from './corpus';
import { loadFaqPairs } from './faq';

const SIZES = (process.env.BENCH_PASSAGES ?? process.env.BENCH_CHUNKS ?? '20000').split(',').map(Number);
const DEPTH = 100;
const PROJECTS = ['dish'];

const t = await startTestServer({ INGEST_INTERVAL: '0' });
const { db } = t.server.database;
const { index } = t.server;
try {
  const documents = await materialDocuments();
  const filling = performance.now();
  let chunks = await fillIndex(db, index, documents, 1);
  const fillMs = performance.now() - filling;
  console.log(
    `material: ${documents.length} documents, ${chunks} passages indexed on ${t.server.database.kind} in ${(fillMs / 1000).toFixed(0)} s ` +
      `(${(documents.length / (fillMs / 1000)).toFixed(2)} items/s, ${(chunks / (fillMs / 1000)).toFixed(1)} passages/s); vectors ${index.embedder ? 'on' : 'off'}`,
  );
  const questions = (await loadFaqPairs()).map((p) => p.question);
  for (const size of SIZES) {
    const growing = performance.now();
    chunks = await growIndex(db, index, chunks, size);
    console.log(
      `\nknowledge base: ${chunks} passages, copied in ${((performance.now() - growing) / 1000).toFixed(0)} s`,
    );
    await measure(chunks, questions);
  }
} finally {
  await t.stop();
}

/** The database, with the time of each query `retrieve` sends through it kept in `log`. */
function traced(log: { ms: number; end: number }[]): typeof db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
      return async (query: SQL) => {
        const t0 = performance.now();
        try {
          return await target.execute(query);
        } finally {
          log.push({ ms: performance.now() - t0, end: performance.now() });
        }
      };
    },
  });
}

async function measure(chunks: number, questions: string[]): Promise<void> {
  const stages = new Map<string, number[]>();
  const timed = async <T>(stage: string, work: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const result = await work();
    stages.set(stage, [...(stages.get(stage) ?? []), performance.now() - t0]);
    return result;
  };
  let slowest = { query: '', ms: 0 };
  let slowestTerms = { query: '', ms: 0 };
  let agreement: number[] = [];
  // One pass to warm the caches and the model, then the measured one.
  for (const pass of [0, 1]) {
    if (pass === 1) {
      stages.clear();
      agreement = [];
    }
    for (const query of questions) {
      const vector = index.embedder
        ? await timed('embedding', async () => (await index.embedder!.embed([query], { as: 'query' }))[0]!)
        : null;
      const t0 = performance.now();
      // As the chat runs it: the question's terms and their weights read, then the ranking.
      const { words, ranked } = await timed('full-text ranking', async () => {
        const words = await index.questionWords(query);
        const ranked = await queryRows<{ id: string; rank: number }>(
          db,
          fullTextQuery(index, query, PROJECTS, DEPTH, words),
        );
        return { words, ranked };
      });
      if (performance.now() - t0 > slowest.ms) slowest = { query, ms: performance.now() - t0 };
      // Each word weighed alike, as the ranking was until 2026-12-04: what the weights cost.
      await timed('  words unweighted', () =>
        queryRows(db, fullTextQuery(index, query, PROJECTS, DEPTH, { ...words, weighted: [] })),
      );
      // What ranking only the passages with the rarer words loses. The corpus repeats its
      // documents, so passages tie: a place of the top 40 counts as kept when it ranks as high.
      const all = await timed('full-text, every match', () =>
        queryRows<{ id: string; rank: number }>(
          db,
          fullTextQuery(index, query, PROJECTS, DEPTH, { ...words, candidates: null }),
        ),
      );
      const top = all.slice(0, PASSAGES);
      const same = top.filter((r, i) => Number(ranked[i]?.rank ?? -1) >= Number(r.rank) - 1e-6);
      agreement.push(top.length ? same.length / top.length : 1);
      if (vector) {
        await timed('vector ranking', () => nearestPassages(db, vector, PROJECTS, DEPTH));
        // pgvector's own breadth, as the ranking ran until 2026-11-29: what the widening costs.
        await timed('  at default breadth', () => db.execute(vectorQuery(vector, PROJECTS, DEPTH)));
      }
      const queries: { ms: number; end: number }[] = [];
      const passages = await timed('retrieval (all of it)', () =>
        retrieve(traced(queries), index, query, { projects: PROJECTS, limit: PASSAGES }),
      );
      // Its last query reads the chosen passages; what follows is weighing their sentences.
      const weighed = performance.now();
      const read = queries.at(-1);
      if (read) {
        stages.set('  reading the passages', [...(stages.get('  reading the passages') ?? []), read.ms]);
        stages.set('  weighing sentences', [
          ...(stages.get('  weighing sentences') ?? []),
          weighed - read.end,
        ]);
      }
      const t1 = performance.now();
      const unknown = await timed('unknown terms', () => unknownTerms(db, index, query, PROJECTS));
      if (performance.now() - t1 > slowestTerms.ms) slowestTerms = { query, ms: performance.now() - t1 };
      await timed('composing', () =>
        Promise.resolve(composeAnswer(query, passages, { language: 'en', unknownTerms: unknown.length })),
      );
    }
  }

  const percentile = (sorted: number[], q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  console.log(`${questions.length} questions over ${chunks} passages, one at a time:`);
  for (const [stage, times] of stages) {
    times.sort((a, b) => a - b);
    console.log(
      `  ${stage.padEnd(22)} p50 ${percentile(times, 0.5).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 0.95).toFixed(1).padStart(6)} ms  max ${times.at(-1)!.toFixed(1).padStart(6)} ms`,
    );
  }

  const mean = agreement.reduce((a, b) => a + b, 0) / (agreement.length || 1);
  console.log(
    `  places of the top ${PASSAGES} of ranking every match that ranking the candidates fills as well: ${(mean * 100).toFixed(1)} % (mean)`,
  );

  if (process.env.BENCH_EXPLAIN) {
    console.log(`\nslowest full-text question: "${slowest.query}"`);
    const explain = async (query: SQL) =>
      (await queryRows<Record<string, string>>(db, sql`EXPLAIN ANALYZE ${query}`))
        .map((row) => String(Object.values(row)[0]).slice(0, 160))
        .join('\n');
    console.log(
      await explain(
        fullTextQuery(index, slowest.query, PROJECTS, DEPTH, await index.questionWords(slowest.query)),
      ),
    );
    const terms = salientTerms(slowestTerms.query);
    console.log(`\nslowest unknown-terms question: "${slowestTerms.query}" (${terms.join(', ')})`);
    console.log(await explain(knownTermsQuery(index, terms, PROJECTS)));
    if (index.embedder) {
      const [vector] = await index.embedder.embed([slowest.query], { as: 'query' });
      console.log(`\n${await explain(vectorQuery(vector!, PROJECTS, DEPTH))}`);
    }
  }
}
