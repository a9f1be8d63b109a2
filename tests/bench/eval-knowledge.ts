/**
 * The knowledge base of ../shared/material/eval, as the answers and reviewed-answers benches use
 * it: a real server in this process with one sentence-embedding model, given the files the
 * questions name through the admin calls (documents uploaded with add_data, the WordPress export
 * and the APG site served on 127.0.0.1 and added by URL), and ingested. BENCH_DATA_DIR keeps each
 * model's database between runs (a folder per model; ingestion is skipped when it holds the items).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/raw';
import { sentencesMissing } from '../../src/server/knowledge/index/passage-vectors';
import { reviewedAnswers } from '../../src/server/db/schema';
import { addSource, form, signInSuper } from '../support/admin';
import type { TestServer } from '../support/server';
import { material, sharedPath } from '../support/shared';
import { serveSite } from '../support/static-site';
import type { EvalItem } from './answers-scoring';
import { startBenchServer } from './bench-server';

export const evalItems: EvalItem[] = (await readFile(sharedPath('material/eval/questions.jsonl'), 'utf8'))
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as EvalItem);

/** The models BENCH_MODELS (else EMBEDDING_MODEL, else the default: '') names. */
export const benchModels = (): string[] =>
  (process.env.BENCH_MODELS ?? process.env.EMBEDDING_MODEL ?? '').split(',').map((m) => m.trim());

/**
 * Runs `work` against a server holding the evaluation's knowledge base with `model`, then stops
 * it (and removes its database unless BENCH_DATA_DIR keeps it).
 */
export async function withEvalKnowledge<T>(
  model: string,
  work: (t: TestServer, ingestedIn: string) => Promise<T>,
  /** A folder of its own under BENCH_DATA_DIR, when several models are run. */
  folder = '',
): Promise<T> {
  const keep = process.env.BENCH_DATA_DIR;
  const dataDir = keep ? path.resolve(keep, folder) : await mkdtemp(path.join(os.tmpdir(), 'dish-eval-'));
  const site = await serveSite(sharedPath('material'));
  const t = await startBenchServer(dataDir, model);
  try {
    const db = t.server.database.db;
    const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM ingested_data`,
    );
    const started = performance.now();
    // A kept database is worked through too: files read by earlier readers are read again.
    if (count === 0) await ingest(t, site.url);
    else {
      // Earlier runs' sign-ins must not count, nor their reviewed answers (reviewed.bench.ts leaves
      // a thousand): each bench starts from the knowledge base alone.
      await db.execute(sql`DELETE FROM auth_throttle`);
      await db.delete(reviewedAnswers);
    }
    while ((await t.server.worker.runNow()) > 0) {
      /* until the queue is empty */
    }
    await sentencesSearched(t);
    const took = `${((performance.now() - started) / 1000).toFixed(0)} s${count === 0 ? '' : ' (reused)'}`;
    return await work(t, took);
  } finally {
    await t.stop();
    await site.stop();
    if (!keep) await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * A kept database from before the searched sentences (or the second model's vectors) gets them
 * in the background at start (passage-vectors.ts): the figures are taken once every stored
 * sentence is searched and, with a second model, the pair's scale is measured.
 */
async function sentencesSearched(t: TestServer): Promise<void> {
  const { index } = t.server;
  const dimensions = index.embedder?.dimensions;
  if (!dimensions || !index.usesVectors) return;
  const pending = async () =>
    (await sentencesMissing(t.server.database.db, dimensions)) ||
    (index.embedder?.second ? !(await index.similarityScale())?.second : false);
  while (await pending()) await new Promise((resolve) => setTimeout(resolve, 1000));
}

async function ingest(t: TestServer, siteUrl: string) {
  const admin = await signInSuper(t);
  const source = await addSource(admin, 'Evaluation material');
  const fields = { queryingApp: 'dish', source, project: 'dish', location: 'United States' };
  const files = [...new Set(evalItems.flatMap((i) => (i.file?.startsWith('documents/') ? [i.file] : [])))];
  for (const file of files.filter((f) => !f.endsWith('.xml'))) {
    const res = await admin.post(
      '/admin/add_data',
      form({ ...fields, data_type: file.endsWith('.pdf') ? 'pdf' : 'doc' }, [
        { name: path.basename(file), bytes: material(file) },
      ]),
    );
    if (res.status !== 201) throw new Error(`add_data ${file}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  for (const file of files.filter((f) => f.endsWith('.xml'))) {
    await admin.post('/admin/add_data', form({ ...fields, data_type: 'xml_db', url: `${siteUrl}/${file}` }));
  }
  await admin.post(
    '/admin/add_data',
    form({
      ...fields,
      data_type: 'web',
      url: `${siteUrl}/website/aria-practices/content/apg-home.html`,
      depth: 4,
    }),
  );
  while ((await t.server.worker.runNow()) > 0) {
    /* until the queue is empty */
  }
  const failed = await queryRows<{ title: string; error: string }>(
    t.server.database.db,
    sql`SELECT title, error FROM pending_data WHERE status = 'failed'`,
  );
  for (const f of failed) console.log(`failed: ${f.title}: ${f.error}`);
}
