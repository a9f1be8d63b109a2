import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/raw';
import { pendingData } from '../../../src/server/db/schema';
import { FILE_READERS_VERSION } from '../../../src/server/knowledge/queue';
import { addSource, form, SUPER_ENV, signInSuper } from '../../support/admin';
import { material, PLUMBING_MODEL_ENV } from '../../support/shared';
import { createPostgresDatabase, startTestServer } from '../../support/server';

// Issue 30 item 5: files read by earlier readers are read again at the next run, so the words
// their layout split are joined and their titles chosen anew, without the admin doing anything.
let dataDir: string;
let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
const CENSUS = 'census-americans-with-disabilities-2010_us-001.pdf';

const start = () =>
  startTestServer({
    ...SUPER_ENV,
    ...PLUMBING_MODEL_ENV,
    INGEST_INTERVAL: '0',
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  });

const item = async (t: Awaited<ReturnType<typeof start>>) =>
  (
    await queryRows<{ title: string; body: string; status: string; read_with: number }>(
      t.server.database.db,
      sql`SELECT i.title, i.body, p.status, p.read_with FROM ingested_data i JOIN pending_data p ON p.id = i.pending_id`,
    )
  )[0]!;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dish-reading-again-'));
  postgres = process.env.DATABASE_URL ? await createPostgresDatabase(process.env.DATABASE_URL) : undefined;
});
afterAll(async () => {
  await postgres?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('reading kept files again', () => {
  it('reads a file read by earlier readers again at the next run, and leaves a current one alone', async () => {
    const first = await start();
    try {
      const admin = await signInSuper(first);
      const source = await addSource(admin, 'Reports');
      const res = await admin.post(
        '/admin/add_data',
        form({ queryingApp: 'dish', data_type: 'pdf', source, project: 'dish', location: 'United States' }, [
          { name: CENSUS, bytes: material('documents/pdf', CENSUS) },
        ]),
      );
      expect(res.status).toBe(201);
      await first.server.worker.runNow();
      const read = await item(first);
      expect(read).toMatchObject({ status: 'completed', read_with: FILE_READERS_VERSION });
      expect(read.body).toContain('the magnitude of the disability estimates');
      // As the readers before this version left it: a section heading for a title, a split word.
      await first.server.database.db.execute(
        sql`UPDATE ingested_data SET title = 'HIGHLIGHTS', content_hash = 'read by earlier readers',
              body = replace(body, 'the disability estimates', 'the dis-' || chr(10) || 'ability estimates')`,
      );
      await first.server.database.db.update(pendingData).set({ readWith: 0 });
    } finally {
      await first.stop();
    }

    const second = await start();
    try {
      // Queued again when the worker starts; read at the next run.
      await expect.poll(async () => (await item(second)).status).toBe('pending');
      await second.server.worker.runNow();
      const again = await item(second);
      expect(again).toMatchObject({
        status: 'completed',
        read_with: FILE_READERS_VERSION,
        title: 'census-americans-with-disabilities-2010_us-001',
      });
      expect(again.body).toContain('the magnitude of the disability estimates');
      const [{ passages } = { passages: 0 }] = await queryRows<{ passages: number }>(
        second.server.database.db,
        sql`SELECT count(*)::int AS passages FROM chunks WHERE text LIKE '%magnitude of the disability estimates%'`,
      );
      expect(passages).toBeGreaterThan(0);
    } finally {
      await second.stop();
    }

    // Read by the current readers: not queued again.
    const third = await start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const rows = await third.server.database.db
        .select({ status: pendingData.status })
        .from(pendingData)
        .where(eq(pendingData.dataType, 'pdf'));
      expect(rows).toEqual([{ status: 'completed' }]);
    } finally {
      await third.stop();
    }
  }, 180_000);
});
