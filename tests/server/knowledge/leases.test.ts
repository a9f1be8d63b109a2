/**
 * Leases on ingestion work (issue 12): short, renewed while the work lives, so that a dead
 * worker's item is taken again within a minute, and at once by its own process after a restart.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingData } from '../../../src/server/db/schema';
import { enqueue } from '../../../src/server/knowledge/queue';
import { addSource, form, SUPER, SUPER_ENV, signInSuper } from '../../support/admin';
import { Client } from '../../support/http';
import { startServerProcess } from '../../support/server-process';
import { startTestServer, type TestServer } from '../../support/server';
import { sharedPath } from '../../support/shared';
import { slowSite } from '../../support/slow-site';

const ENV = {
  ...SUPER_ENV,
  INGEST_INTERVAL: '0',
  INGEST_LEASE_SECONDS: '2',
  CRAWL_ALLOW_PRIVATE: 'true',
  MODELS_DIR: sharedPath('fixtures'),
};

async function until(check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not so within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('leases (in this process)', () => {
  let t: TestServer;
  let site: Awaited<ReturnType<typeof slowSite>>;
  let sourceId: string;
  beforeAll(async () => {
    site = await slowSite(0, 0);
    t = await startTestServer(ENV);
    sourceId = await addSource(await signInSuper(t), 'Leases');
  });
  afterAll(async () => {
    await t.stop();
    await site.stop();
  });

  const db = () => t.server.database.db;
  const deadWorkersItem = async (leaseUntil: Date) => {
    const [item] = await enqueue(db(), [
      { dataType: 'web', sourceId, project: 'dish', url: site.url, depth: 0 },
    ]);
    await db()
      .update(pendingData)
      .set({ status: 'started', attempts: 1, leaseOwner: 'another-host:3000', leaseUntil })
      .where(eq(pendingData.id, item!.id));
    return item!.id;
  };
  const statusOf = async (id: string) =>
    (await db().select().from(pendingData).where(eq(pendingData.id, id)))[0]!;

  it("takes a dead worker's item again once its short lease runs out, without a forced run", async () => {
    const id = await deadWorkersItem(new Date(Date.now() + 2_000));
    const started = Date.now();
    await until(async () => (await statusOf(id)).status === 'completed', 30_000);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect((await statusOf(id)).attempts).toBe(2);
  });

  it("a forced run takes an item 'started' by a dead worker whose lease ran out", async () => {
    const id = await deadWorkersItem(new Date(Date.now() - 1_000));
    const res = await (await signInSuper(t)).post('/admin/force_ingest_data', { queryingApp: 'dish' });
    expect(res.status).toBe(200);
    await until(async () => (await statusOf(id)).status === 'completed', 20_000);
  });
});

// The server process runs on PGlite in its DATA_DIR whatever the suite's database (it is killed and
// opened again): on the PostgreSQL pass of .ci/run it would only repeat the PGlite pass.
describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'a crawl killed mid-way (kill -9 of the server process)',
  () => {
    let dataDir: string;
    let site: Awaited<ReturnType<typeof slowSite>>;
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'dish-lease-'));
      site = await slowSite(8, 700);
    });
    afterAll(async () => {
      await site.stop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('is taken again within a minute of the restart and completes', async () => {
      let server = await startServerProcess(dataDir, ENV);
      const signIn = async (url: string) => {
        const client = new Client(url);
        expect(
          (await client.post('/auth/login', { emailOrPhone: SUPER.email, password: SUPER.password })).status,
        ).toBe(200);
        return client;
      };
      let admin = await signIn(server.url);
      const source = await addSource(admin, 'Crawl');
      const fields = {
        queryingApp: 'dish',
        data_type: 'web',
        source,
        project: 'dish',
        location: 'USA',
        url: site.url,
        depth: 1,
      };
      expect((await admin.post('/admin/add_data', form(fields))).status).toBe(201);
      const crawl = async () => {
        const res = await admin.post('/admin/get_pending_data', {
          queryingApp: 'dish',
          query: { source, status: { $ne: 'pending' } },
        });
        return (res.body.data as { status: string }[])[0];
      };
      await admin.post('/admin/force_ingest_data', { queryingApp: 'dish' });
      await until(async () => (await crawl())?.status === 'started', 20_000);
      await server.kill();

      const restarted = Date.now();
      server = await startServerProcess(dataDir, ENV);
      try {
        admin = await signIn(server.url);
        // No forced run: the restarted process takes its own item back by itself.
        await until(async () => (await crawl())?.status === 'completed', 60_000);
        expect(Date.now() - restarted).toBeLessThan(60_000);
      } finally {
        await server.stop();
      }
    }, 120_000);
  },
);
