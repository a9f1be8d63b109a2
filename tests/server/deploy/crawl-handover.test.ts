import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSource, form, signInSuper } from '../../support/admin';
import { createPostgresDatabase } from '../../support/server';
import { startServerProcess, type ServerProcess } from '../../support/server-process';
import { sharedPath } from '../../support/shared';
import { slowSite } from '../../support/slow-site';

/** A port free now: each worker listens on its own, which also names it as a lease's owner. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A crawl's progress is seen from the web process, and a worker process killed with SIGKILL in the middle of a crawl loses nothing: the other worker
 * sees the lease run out and crawls the site to the end. Two real worker processes and a web
 * process on one PostgreSQL database (the PostgreSQL pass of `.ci/run`).
 */
describe.skipIf(!process.env.DATABASE_URL)('a crawl on separate worker processes', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let site: Awaited<ReturnType<typeof slowSite>>;
  const dirs: string[] = [];
  const processes: ServerProcess[] = [];

  const start = async (role: 'web' | 'worker') => {
    const dir = await mkdtemp(path.join(os.tmpdir(), `dish-${role}-`));
    dirs.push(dir);
    const started = await startServerProcess(dir, {
      ROLE: role,
      PORT: String(await freePort()),
      DATABASE_URL: database.url,
      INGEST_INTERVAL: '0',
      INGEST_LEASE_SECONDS: '2',
      CRAWL_ALLOW_PRIVATE: 'true',
      MODELS_DIR: sharedPath('fixtures'),
    });
    processes.push(started);
    return started;
  };

  beforeAll(async () => {
    database = await createPostgresDatabase(process.env.DATABASE_URL!);
    site = await slowSite(8, 700);
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await site?.stop();
    await database?.drop();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('shows its pages on the web process and, its worker killed, is finished by the other', async () => {
    const web = await start('web');
    const workers = await Promise.all([start('worker'), start('worker')]);
    const admin = await signInSuper(web);
    const source = await addSource(admin, 'Crawl');
    const fields = { queryingApp: 'dish', data_type: 'web', source, project: 'dish', location: 'USA' };
    expect((await admin.post('/admin/add_data', form({ ...fields, url: site.url, depth: 1 }))).status).toBe(
      201,
    );

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const crawl = async () =>
        (
          await db.query<{ status: string; lease_owner: string | null }>(
            'SELECT status, lease_owner FROM pending_data WHERE source_id = $1',
            [source],
          )
        ).rows[0];
      expect((await admin.post('/admin/force_ingest_data', { queryingApp: 'dish' })).status).toBe(200);
      await expect
        .poll(async () => (await crawl())?.status, { timeout: 20_000, interval: 100 })
        .toBe('started');

      // The web process shows the pages the worker process has found and read.
      const shown = async () => {
        const res = await admin.post('/admin/get_ingestion_progress', { queryingApp: 'dish' });
        return (res.body as { crawls: { found: number; fetched: number }[] }).crawls[0];
      };
      await expect.poll(async () => (await shown())?.found, { timeout: 20_000, interval: 100 }).toBe(9);

      // The owner is "<host>:<port>": the worker listening on that port is the one to kill.
      const owner = (await crawl())!.lease_owner!;
      const holder = workers.find((w) => owner.endsWith(`:${new URL(w.url).port}`));
      expect(holder).toBeDefined();
      await holder!.kill();
      processes.splice(processes.indexOf(holder!), 1);

      await expect
        .poll(async () => (await crawl())?.status, { timeout: 60_000, interval: 250 })
        .toBe('completed');
      // Every page of the site was read: the home page and the eight it links to.
      const pages = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM ingested_data WHERE source_id = $1',
        [source],
      );
      expect(pages.rows[0]!.n).toBe(9);
    } finally {
      await db.end();
    }
  }, 120_000);
});
