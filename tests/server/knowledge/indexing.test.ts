import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentenceQuery } from '../../../src/server/answering/retrieval';
import { Limiter } from '../../../src/server/answering/limiter';
import { GIVE_WAY_MS } from '../../../src/server/db/give-way';
import { queryRows } from '../../../src/server/db/raw';
import { SearchIndex } from '../../../src/server/knowledge/index/search-index';
import { addSource, form, SUPER_ENV, signInSuper } from '../../support/admin';
import type { Client } from '../../support/http';
import { material, PLUMBING_MODEL_ENV } from '../../support/shared';
import { startTestServer, type TestServer } from '../../support/server';

// The plumbing model (real tokenizer, random weights): these tests are about the index's
// bookkeeping, not about meaning, and it embeds in a blink.
let t: TestServer;
let admin: Client;
beforeAll(async () => {
  t = await startTestServer({
    ...SUPER_ENV,
    ...PLUMBING_MODEL_ENV,
    INGEST_INTERVAL: '0',
  });
  admin = await signInSuper(t);
}, 60_000);
afterAll(() => t.stop());

const db = () => t.server.database.db;
const counts = async () => {
  const [row] = await queryRows<{ items: number; consumed: number; passages: number }>(
    db(),
    sql`SELECT (SELECT count(*)::int FROM ingested_data) AS items,
               (SELECT count(*)::int FROM ingested_data WHERE is_consumed) AS consumed,
               (SELECT count(*)::int FROM chunks) AS passages`,
  );
  return row!;
};

/** A source of its own with the DAISY demo DOCX added to it, waiting for the next run; its id. */
const uploadDemo = async (sourceName: string) => {
  const source = await addSource(admin, sourceName);
  const res = await admin.post(
    '/admin/add_data',
    form({ queryingApp: 'dish', source, project: 'dish', location: 'India', data_type: 'doc' }, [
      { name: 'demo.docx', bytes: material('documents/docx/daisy_Accessibility_demofile.docx') },
    ]),
  );
  expect(res.status).toBe(201);
  return source;
};

describe('an item is indexed, or it is not done', () => {
  it('indexes an item on the next try after indexing failed once', async () => {
    const embedder = t.server.index.embedder;
    if (!embedder) return; // PostgreSQL without pgvector: there is no embedding to fail
    const real = embedder.embed.bind(embedder);
    let failures = 0;
    embedder.embed = (texts, options) =>
      failures++ === 0 ? Promise.reject(new Error('model crashed')) : real(texts, options);
    try {
      await uploadDemo('Fails once');
      await t.server.worker.runNow();
      expect(failures).toBe(1);
      // The text was stored, but without its passages it does not count as ingested.
      expect(await counts()).toMatchObject({ consumed: 0, passages: 0 });
      const [pending] = await queryRows<{ status: string }>(db(), sql`SELECT status FROM pending_data`);
      expect(pending?.status).toBe('pending');

      await db().execute(sql`UPDATE pending_data SET next_run_at = now()`);
      await t.server.worker.runNow();
      const after = await counts();
      expect(after.consumed).toBe(1);
      expect(after.passages).toBeGreaterThan(0);
    } finally {
      embedder.embed = real;
    }
  });
});

describe('an item indexed again', () => {
  // Paragraphs of words of their own, enough for more passages than one statement writes.
  const body = (tag: string, broken = false) =>
    Array.from(
      { length: 300 },
      (_, i) =>
        `${tag} paragraph ${i} tells of ramps, rails and lifts in building ${i}, with ${tag} words in it` +
        (broken && i === 299 ? ' and a NUL \u0000 no database takes.' : '.'),
    ).join('\n\n');
  const texts = async (id: string) =>
    (
      await queryRows<{ text: string; position: number }>(
        db(),
        sql`SELECT text, position FROM chunks WHERE item_id = ${id}::uuid ORDER BY position`,
      )
    ).map((r) => r.text);

  /** An item of a source of its own, stored but not yet indexed. */
  const newItem = async (title: string, text: string) => {
    const sourceId = await addSource(admin, title);
    const [row] = await queryRows<{ id: string }>(
      db(),
      sql`INSERT INTO ingested_data (resource_type, source_id, project, title, body, dedupe_key, content_hash)
          VALUES ('document', ${sourceId}::uuid, 'dish', ${title}, '', ${title}, '') RETURNING id`,
    );
    return { id: row!.id, sourceId, project: 'dish', url: null, title, body: text, language: 'en' };
  };

  it('keeps its old passages until the new ones are all written, and keeps them if writing fails', async () => {
    const item = await newItem('Ramps', body('old'));
    await t.server.index.indexItem(item);
    const old = await texts(item.id);
    expect(old.length).toBeGreaterThan(20);

    // While the new passages are written, a search still finds every old one.
    const meanwhile: Promise<string[]>[] = [];
    const written = await t.server.index.indexItem({ ...item, body: body('new') }, ({ stage, done }) => {
      if (stage === 'saving' && done > 0) meanwhile.push(texts(item.id));
    });
    expect(meanwhile.length).toBeGreaterThan(0);
    for (const seen of await Promise.all(meanwhile)) expect(seen).toEqual(expect.arrayContaining(old));
    const now = await texts(item.id);
    expect(now).toHaveLength(written);
    expect(now.every((text) => !/\bold\b/.test(text) && /\bnew\b/.test(text))).toBe(true);

    // The last passage cannot be written: the new passages written before it go, the others stay.
    await expect(t.server.index.indexItem({ ...item, body: body('newer', true) })).rejects.toThrow();
    expect(await texts(item.id)).toEqual(now);
  });

  it('makes every searched sentence of an item though a statement failed on the way', async () => {
    if (!t.server.index.embedder) return;
    await t.server.index.sentencesSearched();
    // On PostgreSQL a statement fails when a passage it writes for is deleted under it (its item
    // indexed again meanwhile); here the database fails the next statement once, as it would.
    await db().execute(sql`CREATE SEQUENCE sentences_failed`);
    await db().execute(
      sql.raw(`CREATE FUNCTION fail_once() RETURNS trigger LANGUAGE plpgsql AS $$
               BEGIN
                 IF nextval('sentences_failed') = 1 THEN RAISE EXCEPTION 'the passage was deleted'; END IF;
                 RETURN NULL;
               END $$`),
    );
    await db().execute(
      sql`CREATE TRIGGER fail_once BEFORE INSERT ON chunk_sentences FOR EACH STATEMENT EXECUTE FUNCTION fail_once()`,
    );
    try {
      const item = await newItem('Lifts', body('lifts'));
      await t.server.index.indexItem(item);
      await t.server.index.sentencesSearched();
      const [failed] = await queryRows<{ n: number }>(
        db(),
        sql`SELECT last_value::int AS n FROM sentences_failed`,
      );
      expect(failed!.n).toBeGreaterThan(1);
      const state = await searched();
      expect(state.rows).toBe(state.sentences);
    } finally {
      await db().execute(sql`DROP TRIGGER fail_once ON chunk_sentences`);
      await db().execute(sql`DROP FUNCTION fail_once()`);
      await db().execute(sql`DROP SEQUENCE sentences_failed`);
    }
  });

  it('writes nothing while a question is being answered, and goes on once it is', async () => {
    const log = pino({ level: 'silent' });
    const questions = new Limiter(1);
    const index = await SearchIndex.open(db(), t.server.index.embedder, log, questions);
    const item = await newItem('Rails', body('rails'));
    let answered = () => undefined as void;
    const question = questions.run(() => new Promise<void>((resolve) => (answered = resolve)));
    let saving = () => undefined as void;
    const writing = new Promise<void>((resolve) => (saving = resolve));
    const indexed = index.indexItem(item, ({ stage }) => stage === 'saving' && saving());
    await writing;
    // Long enough for a statement or two, well short of how long a write gives way at most.
    await new Promise((resolve) => setTimeout(resolve, GIVE_WAY_MS / 4));
    expect(await texts(item.id)).toEqual([]);
    answered();
    await question;
    const written = await indexed;
    await index.sentencesSearched();
    expect(await texts(item.id)).toHaveLength(written);
  });
});

/**
 * The searched sentences (chunk_sentences): how many rows there are, and how many the passages'
 * stored sentence vectors say there should be, one per sentence.
 */
const searched = async () => {
  const dimensions = t.server.index.embedder!.dimensions;
  const [row] = await queryRows<{ rows: number; sentences: number; passages: number }>(
    db(),
    sql`SELECT (SELECT count(*)::int FROM chunk_sentences) AS rows,
               (SELECT coalesce(sum(length(sentence_vectors) / ${dimensions}), 0)::int FROM chunks) AS sentences,
               (SELECT count(DISTINCT chunk_id)::int FROM chunk_sentences) AS passages`,
  );
  return row!;
};

/** The server's index opened again, as at a start, and its background work done. */
const reopen = async () => {
  const log = pino({ level: 'silent' });
  await (await SearchIndex.open(db(), t.server.index.embedder, log)).backfill(log).done;
};

describe('the searched sentences', () => {
  it('holds every embedded sentence, once, and is made from the stored vectors for an older database', async () => {
    if (!t.server.index.embedder) return;
    // Made in the background once the items are indexed.
    await t.server.index.sentencesSearched();
    const before = await searched();
    expect(before.rows).toBeGreaterThan(0);
    expect(before.rows).toBe(before.sentences);
    // Retrieval's ranking by sentences puts first the passage of the sentence asked with (or
    // another holding the same sentence: passages overlap).
    const [one] = await queryRows<{ id: string; embedding: string }>(
      db(),
      sql`SELECT chunk_id AS id, embedding::text AS embedding FROM chunk_sentences ORDER BY chunk_id DESC LIMIT 1`,
    );
    const asked = JSON.parse(one!.embedding) as number[];
    const ranked = await queryRows<{ id: string }>(db(), sentenceQuery(asked, ['dish']));
    expect(ranked.slice(0, 3).map((r) => r.id)).toContain(one!.id);
    expect(await queryRows(db(), sentenceQuery(asked, ['another project']))).toEqual([]);

    // A database from before the table: it is made again from the int8 sentence vectors in the
    // background, each sentence within rounding of its float vector.
    await db().execute(sql`CREATE TABLE sentences_before AS SELECT * FROM chunk_sentences`);
    try {
      await db().execute(sql`DROP TABLE chunk_sentences`);
      await reopen();
      expect(await searched()).toEqual(before);
      const [apart] = await queryRows<{ most: number; paired: number }>(
        db(),
        sql`SELECT max(a.embedding <=> b.embedding) AS most, count(*)::int AS paired
            FROM sentences_before a JOIN chunk_sentences b USING (chunk_id, position)`,
      );
      expect(apart!.paired).toBe(before.rows);
      expect(apart!.most).toBeLessThan(5e-3);

      // A process stopped while writing a passage's sentences: the next start writes the rest.
      // (one passage lost all its sentences, another all but its first).
      await db().execute(
        sql`WITH half AS (SELECT chunk_id FROM chunk_sentences WHERE position = 1 LIMIT 1)
            DELETE FROM chunk_sentences
            WHERE (chunk_id IN (SELECT chunk_id FROM half) AND position > 0)
               OR chunk_id = (SELECT chunk_id FROM chunk_sentences WHERE chunk_id NOT IN (SELECT chunk_id FROM half) LIMIT 1)`,
      );
      expect((await searched()).rows).toBeLessThan(before.rows);
      await reopen();
      expect(await searched()).toEqual(before);
    } finally {
      await db().execute(sql`DROP TABLE sentences_before`);
    }
  });
});

/** How many times each passage table was vacuumed (PGlite has no autovacuum to do it). */
const vacuums = async () =>
  Object.fromEntries(
    (
      await queryRows<{ table: string; n: number }>(
        db(),
        sql`SELECT relname AS table, vacuum_count::int AS n FROM pg_stat_user_tables
            WHERE relname IN ('chunks', 'chunk_sentences')`,
      )
    ).map((r) => [r.table, r.n]),
  );

describe('a change of model', () => {
  it('clears the vectors another model made, and embeds those passages again in the background', async () => {
    if (!t.server.index.embedder) return;
    const embedded = async () =>
      (
        await queryRows<{ n: number }>(
          db(),
          sql`SELECT count(*)::int AS n FROM chunks WHERE embedding IS NOT NULL AND sentence_vectors IS NOT NULL
              AND embedded_with LIKE ${`${t.server.index.embedder!.model};%`}`,
        )
      )[0]!.n;
    const { passages } = await counts();
    expect(passages).toBeGreaterThan(0);
    expect(await embedded()).toBe(passages);

    await db().execute(sql`UPDATE chunks SET embedded_with = 'an older model'`);
    const log = pino({ level: 'silent' });
    const reopened = await SearchIndex.open(db(), t.server.index.embedder, log);
    expect(await embedded()).toBe(0);
    // Another model's sentences are searched no more.
    expect((await searched()).rows).toBe(0);
    const [cleared] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM chunks WHERE embedding IS NULL`,
    );
    expect(cleared!.n).toBe(passages);

    const vacuumed = await vacuums();
    await reopened.backfill(log).done;
    expect(await embedded()).toBe(passages);
    // Each passage embedded again left a dead row behind in the vectors' index: it is taken out.
    expect((await vacuums()).chunks).toBe(vacuumed.chunks! + 1);
    const after = await searched();
    expect(after.rows).toBe(after.sentences);
    expect(after.passages).toBe(passages);
  });
});

describe('deleted passages', () => {
  it('are taken out of the passage tables after a run that indexed items, and after a source is deleted', async () => {
    const source = await uploadDemo('Tidied');
    const before = await vacuums();
    await t.server.worker.runNow();
    const afterRun = await vacuums();
    const tables = t.server.index.embedder ? ['chunks', 'chunk_sentences'] : ['chunks'];
    for (const table of tables) expect(afterRun[table]).toBe((before[table] ?? 0) + 1);

    const deleted = await admin.post('/admin/delete_source', { queryingApp: 'dish', sourceId: source });
    expect(deleted.status).toBe(200);
    const afterDelete = await vacuums();
    for (const table of tables) expect(afterDelete[table]).toBe(afterRun[table]! + 1);
    // The statistics count what the VACUUM left where one connection both deleted and vacuumed
    // (PGlite's). On PostgreSQL another pooled connection may send its deletes' counts after it.
    if (t.server.database.kind === 'postgres') return;
    const [dead] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT n_dead_tup::int AS n FROM pg_stat_user_tables WHERE relname = 'chunks'`,
    );
    expect(dead!.n).toBe(0);
  });
});
