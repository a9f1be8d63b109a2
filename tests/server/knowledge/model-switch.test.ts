import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/raw';
import { MODELS_PATH, modelsAnswer, type ModelStatus } from '../../../src/shared/admin/models';
import { addSource, form, SUPER_ENV, signInSuper } from '../../support/admin';
import { askOnce, openChatSocket, signedInChatUser } from '../../support/chat';
import { material, sharedPath } from '../../support/shared';
import { createPostgresDatabase, startTestServer, type TestServer } from '../../support/server';
import { serveSite } from '../../support/static-site';

// Issue 30 item 6: a knowledge base indexed with one model, opened with another. Its passages
// are embedded again in the background, answers use the words alone meanwhile, a restart
// mid-way goes on where it stopped, and no item or passage is lost.
let dataDir: string;
let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
let before: Awaited<ReturnType<typeof counts>>;

const start = (model: string) =>
  startTestServer({
    ...SUPER_ENV,
    CRAWL_ALLOW_PRIVATE: 'true',
    INGEST_INTERVAL: '0',
    EMBEDDING_MODEL: model,
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  });

async function counts(t: TestServer) {
  const [row] = await queryRows<{ items: number; passages: number; e5: number; waiting: number }>(
    t.server.database.db,
    sql`SELECT (SELECT count(*)::int FROM ingested_data) AS items, count(*)::int AS passages,
               count(*) FILTER (WHERE embedded_with LIKE 'multilingual-e5-small%')::int AS e5,
               count(*) FILTER (WHERE embedded_with IS NULL)::int AS waiting
        FROM chunks`,
  );
  return row!;
}

async function embeddingLine(t: TestServer): Promise<ModelStatus> {
  const res = await (await signInSuper(t)).get(MODELS_PATH);
  return modelsAnswer.parse(res.body).models.find((m) => m.purpose === 'sentence embeddings')!;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dish-model-switch-'));
  postgres = process.env.DATABASE_URL ? await createPostgresDatabase(process.env.DATABASE_URL) : undefined;
  const site = await serveSite(sharedPath('material'));
  const t = await start('all-MiniLM-L6-v2');
  try {
    const admin = await signInSuper(t);
    const source = await addSource(admin, 'Reports');
    const fields = { queryingApp: 'dish', source, project: 'dish', location: 'Worldwide' };
    const census = 'documents/pdf/census-americans-with-disabilities-2010_us-001.pdf';
    await admin.post(
      '/admin/add_data',
      form({ ...fields, data_type: 'pdf' }, [{ name: path.basename(census), bytes: material(census) }]),
    );
    await admin.post(
      '/admin/add_data',
      form({
        ...fields,
        data_type: 'web',
        url: `${site.url}/website/aria-practices/content/patterns/dialog-modal/dialog-modal-pattern.html`,
      }),
    );
    while ((await t.server.worker.runNow()) > 0) {
      /* until the queue is empty */
    }
    before = await counts(t);
    expect(before).toMatchObject({ e5: 0 });
  } finally {
    await t.stop();
    await site.stop();
  }
}, 300_000);
afterAll(async () => {
  await postgres?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('changing the embedding model', () => {
  it('embeds every passage again in the background, going on after a restart, losing nothing', async () => {
    // Stopped at once: the first rounds may or may not be done.
    await (await start('multilingual-e5-small')).stop();
    const t = await start('multilingual-e5-small');
    try {
      await expect
        .poll(async () => (await embeddingLine(t)).state, { timeout: 120_000, interval: 250 })
        .toBe('ready');
      const after = await counts(t);
      expect(after).toEqual({
        items: before.items,
        passages: before.passages,
        e5: before.passages,
        waiting: 0,
      });
      expect(await t.server.index.similarityScale()).not.toBeNull();
    } finally {
      await t.stop();
    }
  }, 300_000);

  it('answers by the words alone while passages wait, and says how far the embedding has come', async () => {
    const t = await start('multilingual-e5-small');
    try {
      const db = t.server.database.db;
      await expect.poll(async () => (await counts(t)).waiting, { timeout: 120_000 }).toBe(0);
      // As a change of model leaves them: some passages without this model's vectors.
      await db.execute(
        sql`UPDATE chunks SET embedding = NULL, sentence_vectors = NULL, embedded_with = NULL
            WHERE id IN (SELECT id FROM chunks ORDER BY id LIMIT 5)`,
      );
      await t.server.index.passagesChanged();
      expect(await t.server.index.similarityScale()).toBeNull();
      const line = await embeddingLine(t);
      expect(line.state).toBe('embedding');
      expect(line.progress).toBe(Math.floor((100 * (before.passages - 5)) / before.passages));
      // Still an answer, found by its words.
      const socket = await openChatSocket(t, await signedInChatUser(t));
      const reply = await askOnce(
        socket,
        'About how many people in the United States had a disability in 2010?',
      );
      expect(reply.content.response.answer).toMatch(/56\.7 million/);
      socket.close();

      await t.server.index.embedPending(100);
      await t.server.index.passagesChanged();
      expect(await t.server.index.similarityScale()).not.toBeNull();
      expect((await embeddingLine(t)).state).toBe('ready');
    } finally {
      await t.stop();
    }
  }, 300_000);
});
