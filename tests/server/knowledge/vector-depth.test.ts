import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  nearestPassages,
  nearestSentences,
  questionVector,
  sentenceQuery,
  vectorQuery,
} from '../../../src/server/answering/retrieval';
import { queryRows } from '../../../src/server/db/raw';
import { addSource, form, SUPER_ENV, signInSuper } from '../../support/admin';
import { material, PLUMBING_MODEL_ENV } from '../../support/shared';
import { startTestServer, type TestServer } from '../../support/server';

// The plumbing model (random weights) and one document's passages copied, each vector moved a
// little (pgvector keeps equal vectors in one element of its graph, which would yield them all),
// until there are more than an HNSW scan yields at its default breadth (40 rows); three copies in
// four belong to another project, whose passages the scan meets and the project's filter drops.
// The first hundred copies get their sentences' rows too (each an HNSW insert, so not all).
let t: TestServer;
const db = () => t.server.database.db;
beforeAll(async () => {
  t = await startTestServer({ ...SUPER_ENV, ...PLUMBING_MODEL_ENV });
  const admin = await signInSuper(t);
  const source = await addSource(admin, 'Laws');
  await admin.post(
    '/admin/add_data',
    form({ queryingApp: 'dish', source, project: 'dish', location: 'United States', data_type: 'pdf' }, [
      { name: 'udhr-en.pdf', bytes: material('documents/pdf/udhr_english_Latn.ENG_Sans_12.pdf') },
    ]),
  );
  await t.server.worker.runNow();
  // The copies' sentence rows are made here, moved too, not by the server from their bytes.
  await t.server.index.sentencesSearched();
  await db().execute(
    sql`INSERT INTO chunks (item_id, source_id, project, url, position, page, text, tsv, embedding, sentence_vectors, embedded_with)
        SELECT item_id, source_id, CASE WHEN copy % 4 = 0 THEN project ELSE 'elsewhere' END,
               url, position + 1000 * copy, page, text, tsv,
               embedding + (SELECT array_agg(random() / 100)::real[] FROM generate_series(1, vector_dims(embedding)))::vector,
               NULL, embedded_with
        FROM chunks CROSS JOIN generate_series(1, 400) AS copy`,
  );
  await db().execute(
    sql`INSERT INTO chunk_sentences (chunk_id, position, project, embedding)
        SELECT c.id, s.position, c.project,
               s.embedding + (SELECT array_agg(random() / 100)::real[] FROM generate_series(1, vector_dims(s.embedding)))::vector
        FROM chunks c
        JOIN chunks o ON o.item_id = c.item_id AND o.position = c.position % 1000 AND o.position < 1000
        JOIN chunk_sentences s ON s.chunk_id = o.id
        WHERE c.position BETWEEN 1000 AND 100999`,
  );
}, 120_000);
afterAll(() => t.stop());

it('ranks as many passages by meaning as asked, beyond the 40 rows of an HNSW scan', async () => {
  expect(t.server.index.usesVectors).toBe(true);
  const [{ embedded } = { embedded: 0 }] = await queryRows<{ embedded: number }>(
    db(),
    sql`SELECT count(embedding)::int AS embedded FROM chunks WHERE project = 'dish'`,
  );
  expect(embedded).toBeGreaterThan(100);
  const vector = (await questionVector(t.server.index, 'Does everyone have the right to education?'))!;
  // The index scan, as on a knowledge base of tens of thousands of passages (on this small one
  // the planner may rather sort the project's rows): at pgvector's default breadth, as the
  // ranking ran before, at most 40 rows for a LIMIT of 100, fewer once the project's filter ran.
  const [narrow, wide] = await db().transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL enable_sort = off`);
    return [
      await queryRows<{ id: string }>(tx, vectorQuery(vector, ['dish'], 100)),
      await nearestPassages(tx, vector, ['dish'], 100),
    ];
  });
  expect(narrow.length).toBeLessThanOrEqual(40);
  expect(wide).toHaveLength(100);
  expect(new Set(wide.map((r) => r.id)).size).toBe(100);
});

it('ranks the passages of the 40 sentences nearest in meaning, however many other projects hold', async () => {
  expect(t.server.index.usesVectors).toBe(true);
  const vector = (await questionVector(t.server.index, 'Does everyone have the right to education?'))!;
  const [narrow, wide] = await db().transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL enable_sort = off`);
    return [
      await queryRows<{ id: string }>(tx, sentenceQuery(vector, ['dish'])),
      await nearestSentences(tx, vector, ['dish']),
    ];
  });
  // At pgvector's default breadth, 40 sentences of every project, about 10 of this one. Ranked
  // as deep as it takes, this project's 40 nearest, each in a passage of its own (read exactly,
  // every row); HNSW being approximate finds 23 to 26 of those passages here, never under 20.
  expect(narrow.length).toBeLessThan(20);
  expect(wide.length).toBeGreaterThanOrEqual(20);
});
