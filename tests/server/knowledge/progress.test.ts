import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSite, type CrawlProgress } from '../../../src/server/knowledge/connectors/web';
import { forgetSchedule, recordNextRun } from '../../../src/server/knowledge/progress/schedule';
import { addSource, form, SUPER_ENV, signInSuper, signInUser } from '../../support/admin';
import { Client } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';

// Issue 14 item 5: the Data tab's live progress: counts by status, pages found and read by a
// crawl while it runs, and when the next scheduled run starts.
let t: TestServer;
let site: Server;
let siteUrl: string;
let admin: Client;
let source: string;
/** The page held back until the test lets it go, so a crawl can be seen half-way. */
let releaseSlow: () => void = () => undefined;
let slowHeld = new Promise<void>((resolve) => (releaseSlow = resolve));

const page = (title: string, links: string[]) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1>` +
  `<p>${title} is a page about accessible travel with enough words to count as text.</p>` +
  links.map((l) => `<a href="${l}">${l}</a>`).join(' ') +
  '</main></body></html>';

beforeAll(async () => {
  site = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/robots.txt') return res.writeHead(404).end();
      if (path === '/slow.html') await slowHeld;
      if (['/', '/a.html', '/slow.html'].includes(path)) {
        const links = path === '/' ? ['/a.html', '/slow.html'] : [];
        return res.writeHead(200, { 'content-type': 'text/html' }).end(page(`Page ${path}`, links));
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    })();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
  t = await startTestServer({ ...SUPER_ENV, CRAWL_ALLOW_PRIVATE: 'true', INGEST_INTERVAL: '3600' });
  admin = await signInSuper(t);
  source = await addSource(admin, 'Travel site');
}, 120_000);
afterAll(async () => {
  releaseSlow();
  await t?.stop();
  await new Promise((resolve) => site.close(resolve));
});

const progress = async (client = admin, body: Record<string, unknown> = {}) =>
  client.post('/admin/get_ingestion_progress', { queryingApp: 'dish', ...body });

const addWeb = (url: string, depth: number) =>
  admin.post(
    '/admin/add_data',
    form({ queryingApp: 'dish', data_type: 'web', source, project: 'dish', location: 'India', url, depth }),
  );

describe('the crawler counts pages', () => {
  it('reports pages found and read as it goes, ending with all of them read', async () => {
    releaseSlow();
    const seen: CrawlProgress[] = [];
    for await (const _ of crawlSite({
      startUrl: `${siteUrl}/`,
      depth: 1,
      allowPrivate: true,
      onProgress: (p) => seen.push(p),
    })) {
      /* read every page */
    }
    expect(seen[0]).toEqual({ found: 1, fetched: 1 });
    expect(seen.at(-1)).toEqual({ found: 3, fetched: 3 });
  });
});

describe('ingestion progress', () => {
  it('counts items by status, shows a crawl half-way with its pages, then the end', async () => {
    slowHeld = new Promise<void>((resolve) => (releaseSlow = resolve));
    expect((await addWeb(`${siteUrl}/`, 1)).status).toBe(201);
    expect((await addWeb(`${siteUrl}/missing.html`, 0)).status).toBe(201);
    const before = await progress();
    expect(before.status).toBe(200);
    expect(before.body.counts).toEqual({ pending: 2, started: 0, completed: 0, failed: 0 });

    const run = t.server.worker.runNow();
    // Until the crawl has found every page (the held one keeps it from reading them all).
    const halfWay = (body: { crawls: CrawlProgress[] }) => body.crawls[0]?.found === 3;
    let during = await progress();
    for (let i = 0; i < 100 && !halfWay(during.body as { crawls: CrawlProgress[] }); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      during = await progress();
    }
    expect(during.body.counts).toMatchObject({ started: 1 });
    expect(during.body.crawls).toEqual([
      expect.objectContaining({ url: `${siteUrl}/`, source: 'Travel site', found: 3 }),
    ]);
    expect((during.body.crawls as CrawlProgress[])[0]!.fetched).toBeLessThan(3);

    releaseSlow();
    await run;
    const after = await progress();
    expect(after.body.counts).toEqual({ pending: 0, started: 0, completed: 1, failed: 1 });
    expect(after.body.crawls).toEqual([]);
  }, 120_000);

  it('says when the next scheduled run starts', async () => {
    const res = await progress();
    expect(res.body.intervalSeconds).toBe(3600);
    const next = Date.parse(res.body.nextRunAt as string);
    expect(next).toBeGreaterThan(Date.now());
    expect(next).toBeLessThanOrEqual(Date.now() + 3_600_000);
  });

  it("says the soonest run of any process working the queue (another process's too), not a stopped one's", async () => {
    // Another process (a ROLE=worker one, say) whose schedule runs every minute.
    await recordNextRun(t.server.database.db, 'worker-host:4000', 60_000);
    const sooner = await progress();
    expect(sooner.body.intervalSeconds).toBe(60);
    expect(Date.parse(sooner.body.nextRunAt as string)).toBeLessThanOrEqual(Date.now() + 60_000);
    await forgetSchedule(t.server.database.db, 'worker-host:4000');
    expect((await progress()).body.intervalSeconds).toBe(3600);
  });

  it('counts one source alone, and a source of another project is not found', async () => {
    expect((await progress(admin, { source })).body.counts).toMatchObject({ completed: 1 });
    const blimeyAdmin = await signInUser(t, ['blimey']);
    expect((await progress(blimeyAdmin, { source })).status).toBe(404);
    expect((await progress(blimeyAdmin)).body.counts).toEqual({
      pending: 0,
      started: 0,
      completed: 0,
      failed: 0,
    });
  });

  it('is refused to users (403) and nobody (401), and a bad body is a 400', async () => {
    expect((await progress(await signInUser(t))).status).toBe(403);
    expect((await progress(new Client(t.url))).status).toBe(401);
    expect((await progress(admin, { source: 'not an id' })).status).toBe(400);
  });
});
