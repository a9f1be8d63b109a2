/**
 * Retrieval quality on the accessibility FAQs: `npx tsx tests/bench/answers.bench.ts`.
 * The FAQ pages are the knowledge base; each FAQ question is asked, and the passage holding the
 * start of its answer is looked for among the first five. Prints recall@5 and MRR@5.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { retrieve } from '../../src/server/answering/retrieval';
import { composeAnswer } from '../../src/server/answering/composer';
import { openDatabase } from '../../src/server/db/client';
import { ingestedData, sources } from '../../src/server/db/schema';
import { SearchIndex } from '../../src/server/knowledge/index/search-index';
import { seedQueryingAppProjects } from '../../src/server/projects/seed';
import { loadFaqPairs } from './faq';

const normal = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();

const pairs = await loadFaqPairs();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dish-answers-'));
const database = await openDatabase({ dataDir });
try {
  const { db } = database;
  await seedQueryingAppProjects(db);
  const index = await SearchIndex.open(db, null, pino({ level: 'warn' }));
  const [source] = await db.insert(sources).values({ name: 'FAQs', project: 'dish' }).returning();
  const files = [...new Set(pairs.map((p) => p.file))];
  for (const file of files) {
    const body = pairs
      .filter((p) => p.file === file)
      .map((p) => `${p.question}\n\n${p.answer}`)
      .join('\n\n');
    const [item] = await db
      .insert(ingestedData)
      .values({
        resourceType: 'web',
        sourceId: source!.id,
        project: 'dish',
        title: file,
        body,
        dedupeKey: file,
        contentHash: file,
      })
      .returning();
    await index.indexItem({ ...item!, language: 'en' });
  }
  let hits = 0;
  let reciprocal = 0;
  let found = 0;
  for (const pair of pairs) {
    const passages = await retrieve(db, index, pair.question, { projects: ['dish'], limit: 5 });
    const needle = normal(pair.answer).slice(0, 80);
    const rank = passages.findIndex((p) => normal(p.text).includes(needle.slice(0, 60)));
    if (rank >= 0) {
      hits++;
      reciprocal += 1 / (rank + 1);
    }
    if (composeAnswer(pair.question, passages).found) found++;
  }
  console.log(
    `FAQ pairs: ${pairs.length} from ${files.length} files (full-text retrieval, no embedding model)`,
  );
  console.log(`recall@5: ${(hits / pairs.length).toFixed(3)}`);
  console.log(`MRR@5:    ${(reciprocal / pairs.length).toFixed(3)}`);
  console.log(`answered (not "not found"): ${((found / pairs.length) * 100).toFixed(1)}%`);
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
