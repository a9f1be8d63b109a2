import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/raw';
import { MODELS_PATH, modelsAnswer, type ModelStatus } from '../../../src/shared/admin/models';
import { addSource, form, SUPER_ENV, signInSuper } from '../../support/admin';
import { askOnce, openChatSocket, signedInChatUser } from '../../support/chat';
import { material } from '../../support/shared';
import { createPostgresDatabase, startTestServer, type TestServer } from '../../support/server';

// The second model (EMBEDDING_SECOND_MODEL, all-MiniLM-L6-v2 beside the default e5): its sentence
// vectors are made with the first's for the passages it reads, those it lacks are made in the
// background, its scale is measured with the first's, and answers read the pair once all are made.
let dataDir: string;
let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;

const start = (second?: string) =>
  startTestServer({
    ...SUPER_ENV,
    INGEST_INTERVAL: '0',
    EMBEDDING_MODEL: 'multilingual-e5-small',
    ...(second ? { EMBEDDING_SECOND_MODEL: second } : {}),
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  });

async function counts(t: TestServer) {
  const [row] = await queryRows<{ passages: number; paired: number; unread: number; waiting: number }>(
    t.server.database.db,
    sql`SELECT count(*)::int AS passages,
               count(*) FILTER (WHERE second_with LIKE 'all-MiniLM-L6-v2%' AND second_vectors IS NOT NULL
                                  AND length(second_vectors) = length(sentence_vectors))::int AS paired,
               count(*) FILTER (WHERE second_with LIKE 'all-MiniLM-L6-v2%' AND second_vectors IS NULL)::int AS unread,
               count(*) FILTER (WHERE second_with IS NULL)::int AS waiting
        FROM chunks`,
  );
  return row!;
}

/** Each passage's second-model vectors, as stored. */
const secondVectors = async (t: TestServer) =>
  (
    await queryRows<{ id: string; vectors: Uint8Array | null }>(
      t.server.database.db,
      sql`SELECT id, second_vectors AS vectors FROM chunks ORDER BY id`,
    )
  ).map((r) => [r.id, r.vectors ? Buffer.from(r.vectors).toString('base64') : null]);

async function embeddingLine(t: TestServer): Promise<ModelStatus> {
  const res = await (await signInSuper(t)).get(MODELS_PATH);
  return modelsAnswer.parse(res.body).models.find((m) => m.purpose === 'sentence embeddings')!;
}

async function census(t: TestServer) {
  const socket = await openChatSocket(t, await signedInChatUser(t));
  try {
    return await askOnce(socket, 'About how many people in the United States had a disability in 2010?');
  } finally {
    socket.close();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dish-second-model-'));
  postgres = process.env.DATABASE_URL ? await createPostgresDatabase(process.env.DATABASE_URL) : undefined;
  const t = await start();
  try {
    const admin = await signInSuper(t);
    const source = await addSource(admin, 'Reports');
    const fields = { queryingApp: 'dish', source, project: 'dish', location: 'Worldwide' };
    for (const file of [
      'documents/pdf/census-americans-with-disabilities-2010_us-001.pdf',
      'documents/docx/gsa_Technology-Accessibility-Playbook-2018-Update.docx',
      'documents/docx/daisy_Hindi_Sample.docx',
    ]) {
      const res = await admin.post(
        '/admin/add_data',
        form({ ...fields, data_type: file.endsWith('.pdf') ? 'pdf' : 'doc' }, [
          { name: path.basename(file), bytes: material(file) },
        ]),
      );
      expect(res.status).toBe(201);
    }
    while ((await t.server.worker.runNow()) > 0) {
      /* until the queue is empty */
    }
  } finally {
    await t.stop();
  }
}, 300_000);
afterAll(async () => {
  await postgres?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a second embedding model', () => {
  it('reads the passages in its script as they are indexed, and answers read the pair', async () => {
    const t = await start();
    try {
      const c = await counts(t);
      // Every passage is the second model's: the English ones with a vector per sentence, the
      // Hindi ones (which all-MiniLM-L6-v2 cannot read) read and given none.
      expect(c.waiting).toBe(0);
      expect(c.paired).toBeGreaterThan(0);
      expect(c.unread).toBeGreaterThan(0);
      expect(c.paired + c.unread).toBe(c.passages);
      await expect
        .poll(async () => (await t.server.index.similarityScale())?.second, { timeout: 60_000 })
        .toBeDefined();
      const paired = (await t.server.index.similarityScale())!.second!.paired;
      expect(paired).toBeGreaterThan(0.5);
      expect(paired).toBeLessThan(1.5);
      const reply = await census(t);
      expect(reply.content.response.answer).toMatch(/56\.7 million/);
    } finally {
      await t.stop();
    }
  }, 300_000);

  it('makes the vectors it lacks in the background, as indexing made them, the first model answering alone meanwhile', async () => {
    let indexed: Awaited<ReturnType<typeof secondVectors>> = [];
    const t = await start('none');
    try {
      // Without it, its vectors are kept but not read.
      expect((await t.server.index.similarityScale())?.second).toBeUndefined();
      expect((await census(t)).content.response.answer).toMatch(/56\.7 million/);
      indexed = await secondVectors(t);
      // As a knowledge base indexed before the second model came: passages without its vectors.
      await t.server.database.db.execute(sql`UPDATE chunks SET second_vectors = NULL, second_with = NULL`);
    } finally {
      await t.stop();
    }
    const again = await start();
    try {
      await expect.poll(async () => (await counts(again)).waiting, { timeout: 120_000 }).toBe(0);
      // The same vectors indexing made: the model's runs held the same texts.
      expect(await secondVectors(again)).toEqual(indexed);
      await expect.poll(async () => (await embeddingLine(again)).state, { timeout: 60_000 }).toBe('ready');
      await expect
        .poll(async () => (await again.server.index.similarityScale())?.second, { timeout: 60_000 })
        .toBeDefined();
    } finally {
      await again.stop();
    }
  }, 300_000);
});
