import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingData } from '../../../src/server/db/schema';
import { MAX_ATTEMPTS, claimNext, enqueue, markFailed } from '../../../src/server/knowledge/queue';
import { queueNewVideos } from '../../../src/server/knowledge/processor';
import type { Client } from '../../support/http';
import { addSource, SUPER_ENV, signInSuper } from '../../support/admin';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
let admin: Client;
let sourceId: string;
beforeAll(async () => {
  t = await startTestServer(SUPER_ENV);
  admin = await signInSuper(t);
  sourceId = await addSource(admin, 'Queue');
});
afterAll(() => t.stop());

const db = () => t.server.database.db;
const job = (n: number) => ({
  dataType: 'web' as const,
  sourceId,
  project: 'dish',
  url: `https://example.org/${n}`,
  location: 'India',
});

describe('the ingestion queue', () => {
  it('never gives one item to two workers claiming at the same time', async () => {
    await enqueue(
      db(),
      Array.from({ length: 12 }, (_, i) => job(i)),
    );
    const claims = await Promise.all(Array.from({ length: 16 }, () => claimNext(db())));
    const ids = claims.flatMap((c) => (c ? [c.id] : []));
    expect(ids.length).toBe(12);
    expect(new Set(ids).size).toBe(12);
    expect(claims.filter((c) => c === null).length).toBe(4);
  });

  it("gives a dead worker's item to another once its lease runs out", async () => {
    const [item] = await enqueue(db(), [job(100)]);
    const first = await claimNext(db(), { ms: 1000, owner: 'dead-worker' });
    expect(first?.id).toBe(item!.id);
    expect(await claimNext(db())).toBeNull();
    // The first worker dies; its lease runs out.
    await db()
      .update(pendingData)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(pendingData.id, item!.id));
    const second = await claimNext(db());
    expect(second?.id).toBe(item!.id);
    expect(second?.attempts).toBe(2);
  });

  it('gives up an item whose worker died on every try, and says so', async () => {
    const [item] = await enqueue(db(), [job(200)]);
    await db()
      .update(pendingData)
      .set({ status: 'started', attempts: MAX_ATTEMPTS, leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(pendingData.id, item!.id));
    await claimNext(db());
    const [row] = await db().select().from(pendingData).where(eq(pendingData.id, item!.id));
    expect(row?.status).toBe('failed');
    expect(row?.error).toMatch(/stopped unexpectedly/);
  });

  it('retries a passing failure later, fails a permanent one at once, and shows the error', async () => {
    const [passing, permanent] = await enqueue(db(), [job(300), job(301)]);
    await markFailed(
      db(),
      { ...passing!, attempts: 1 },
      'The site could not be reached (ECONNRESET).',
      false,
    );
    await markFailed(db(), { ...permanent!, attempts: 1 }, 'This PDF has no text layer.', true);
    const rows = await db().select().from(pendingData).where(eq(pendingData.sourceId, sourceId));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(passing!.id)).toMatchObject({
      status: 'pending',
      error: 'The site could not be reached (ECONNRESET).',
    });
    expect(byId.get(passing!.id)!.nextRunAt.getTime()).toBeGreaterThan(Date.now());
    expect(byId.get(permanent!.id)).toMatchObject({ status: 'failed' });

    const res = await admin.post('/admin/get_pending_data', {
      queryingApp: 'dish',
      query: { status: { $ne: 'completed' } },
      search: 'status: failed, error: text layer',
    });
    expect(res.body.total).toBe(1);
    expect((res.body.data as { error: string }[])[0]?.error).toBe('This PDF has no text layer.');
  });

  it('answers 400 for a search by a column that does not exist', async () => {
    const res = await admin.post('/admin/get_pending_data', { queryingApp: 'dish', search: 'colour: red' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/cannot search by "colour"/);
  });
});

describe('a channel', () => {
  it("queues each of its videos once as a yt_video item of the channel's source", async () => {
    const [channel] = await enqueue(db(), [
      { ...job(400), dataType: 'yt_channel' as const, url: 'https://www.youtube.com/@creativecommons' },
    ]);
    const videos = ['BD-LB23rRBE', 'CIFHx7_z3Vc'].map((id) => ({
      url: `https://www.youtube.com/watch?v=${id}`,
      title: `Video ${id}`,
    }));
    expect(await queueNewVideos(db(), channel!, videos)).toBe(2);
    expect(await queueNewVideos(db(), channel!, videos)).toBe(0);
    const queued = await db().select().from(pendingData).where(eq(pendingData.dataType, 'yt_video'));
    expect(queued.map((q) => q.url).sort()).toEqual(videos.map((v) => v.url).sort());
    expect(
      queued.every((q) => q.sourceId === sourceId && q.status === 'pending' && q.location === 'India'),
    ).toBe(true);
  });
});
