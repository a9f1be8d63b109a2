import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { pendingData } from '../../../src/server/db/schema';
import { messages } from '../../../src/shared/messages';
import type { Client } from '../../support/http';
import { addSource, form, SUPER_ENV, signInSuper, signInUser } from '../../support/admin';
import { material, PLUMBING_MODEL_ENV, sharedPath } from '../../support/shared';
import { startTestServer, type TestServer } from '../../support/server';
import { serveSite } from '../../support/static-site';

const BOMB = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<records><record><title>&lol3;</title></record><record><title>b</title></record></records>`;

let t: TestServer;
let admin: Client;
let site: Awaited<ReturnType<typeof serveSite>>;
let sourceId: string;
beforeAll(async () => {
  site = await serveSite(sharedPath('material/website/aria-practices/content'), {
    '/exports/wordpress.xml': new TextDecoder().decode(
      material('documents/db_export/wordpress_a11y-theme-unit-test-data.wxr.xml'),
    ),
    '/exports/bomb.xml': BOMB,
  });
  // What is ingested, not how well it ranks: the plumbing model embeds in a blink.
  t = await startTestServer({ ...SUPER_ENV, ...PLUMBING_MODEL_ENV, CRAWL_ALLOW_PRIVATE: 'true' });
  admin = await signInSuper(t);
  sourceId = await addSource(admin, 'Example source');
});
afterAll(async () => {
  await t.stop();
  await site.stop();
});

const fields = (extra: Record<string, string | number>) => ({
  queryingApp: 'dish',
  source: sourceId,
  project: 'dish',
  location: 'Worldwide',
  ...extra,
});

async function countIngested(search: string) {
  const res = await admin.post('/admin/get_data_bank', { queryingApp: 'dish', query: {}, search });
  return res.body.total as number;
}

async function pendingItem(search: string) {
  const res = await admin.post('/admin/get_pending_data', { queryingApp: 'dish', search });
  return (res.body.data as { status: string; error: string | null }[])[0];
}

describe('web', () => {
  it('crawls a real site to the asked depth, and the scheduled re-crawl asks only whether pages changed', async () => {
    const start = `${site.url}/apg-home.html`;
    const res = await admin.post('/admin/add_data', form(fields({ data_type: 'web', url: start, depth: 1 })));
    expect(res.status).toBe(201);
    await t.server.worker.runNow();
    expect(await countIngested(`url: ${site.url}`)).toBe(5);

    // A day later the schedule crawls the site again.
    site.requests.length = 0;
    await t.server.database.db
      .update(pendingData)
      .set({ updatedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(pendingData.dataType, 'web'));
    await t.server.worker.scheduledRun();
    const pages = site.requests.filter((r) => r.path.endsWith('.html'));
    expect(pages.length).toBe(5);
    expect(pages.every((r) => r.conditional)).toBe(true);
    expect(await countIngested(`url: ${site.url}`)).toBe(5);
  });

  it('refuses a loopback address unless CRAWL_ALLOW_PRIVATE is set', async () => {
    const strict = await startTestServer({ ...SUPER_ENV, ...PLUMBING_MODEL_ENV });
    try {
      const client = await signInSuper(strict);
      const source = await addSource(client, 'Local');
      const res = await client.post(
        '/admin/add_data',
        form({ ...fields({ data_type: 'web', url: `${site.url}/apg-home.html` }), source }),
      );
      expect(res.status).toBe(201);
      site.requests.length = 0;
      await strict.server.worker.runNow();
      const list = await client.post('/admin/get_pending_data', { queryingApp: 'dish' });
      const [item] = list.body.data as { status: string; error: string }[];
      expect(item).toMatchObject({
        status: 'failed',
        error: 'Crawling the site failed: This address is private or local, and crawling it is not allowed.',
      });
      expect(site.requests.length).toBe(0);
    } finally {
      await strict.stop();
    }
  });
});

describe('xml_db', () => {
  it('turns the records of a real WordPress export into items', async () => {
    await admin.post(
      '/admin/add_data',
      form(fields({ data_type: 'xml_db', url: `${site.url}/exports/wordpress.xml` })),
    );
    await t.server.worker.runNow();
    expect(await countIngested('resource_type: xml')).toBe(60);
  });

  it('refuses an entity bomb without expanding it', async () => {
    await admin.post(
      '/admin/add_data',
      form(fields({ data_type: 'xml_db', url: `${site.url}/exports/bomb.xml` })),
    );
    await t.server.worker.runNow();
    const item = await pendingItem('url: bomb.xml');
    expect(item?.status).toBe('failed');
    expect(item?.error).toMatch(/declares entities/);
  });
});

describe('bulk upload and its template', () => {
  it('serves the template, which uploads back as one record', async () => {
    const template = await admin.get('/admin/get_template');
    expect(template.status).toBe(200);
    expect(template.headers.get('content-type')).toContain('spreadsheetml');
    expect(template.headers.get('content-disposition')).toContain('IngestionTemplate.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.bytes as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.getRow(1).values).toEqual([
      undefined,
      'data_type',
      'source',
      'project',
      'location',
      'url',
      'depth',
    ]);

    const data = new FormData();
    data.append('file', new Blob([new Uint8Array(template.bytes)]), 'IngestionTemplate.xlsx');
    const res = await admin.post('/admin/bulk_upload_file', data);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ records: 1, refused: [] });
  });

  it('queues the good rows of a CSV and says which rows were refused and why', async () => {
    const csv = [
      'data_type,source,project,location,url,depth',
      `web,Example source,dish,India,${site.url}/apg-home.html,0`,
      `yt_video,Example source,dish,India,https://www.youtube.com/watch?v=eF8Qqp7rjDg,`,
      'web,No such source,dish,India,https://example.org/,0',
      'web,Example source,blimey,India,https://example.org/,0',
      'teleport,Example source,dish,India,https://example.org/,0',
      'web,Example source,dish,India,https://example.org/,9',
    ].join('\n');
    const data = new FormData();
    data.append('file', new Blob([csv]), 'rows.csv');
    const res = await admin.post('/admin/bulk_upload_file', data);
    expect(res.status).toBe(201);
    expect(res.body.records).toBe(2);
    const refused = res.body.refused as { row: number; reason: string }[];
    expect(refused.map((r) => r.row)).toEqual([4, 5, 6, 7]);
    expect(refused[0]?.reason).toMatch(/no source "No such source"/);
    // The super admin administers blimey too (issue 15): the row names a source blimey does not have.
    expect(refused[1]?.reason).toMatch(/no source "Example source" in blimey/);
  });

  it('takes exactly one file, and refuses what is not a spreadsheet', async () => {
    const two = new FormData();
    two.append('file', new Blob(['a']), 'a.csv');
    two.append('file', new Blob(['b']), 'b.csv');
    expect((await admin.post('/admin/bulk_upload_file', two)).body.message).toBe(messages.oneBulkFile);
    expect((await admin.post('/admin/bulk_upload_file', new FormData())).body.message).toBe(
      messages.oneBulkFile,
    );
    const pdf = new FormData();
    pdf.append('file', new Blob([material('documents/pdf/ITACM-Tables-Worksheet-for-PDF.pdf')]), 'sheet.csv');
    const res = await admin.post('/admin/bulk_upload_file', pdf);
    expect(res.status).toBe(400);
  });

  it('is for admins only', async () => {
    const user = await signInUser(t);
    expect((await user.get('/admin/get_template')).status).toBe(403);
    expect((await user.post('/admin/bulk_upload_file', new FormData())).status).toBe(403);
  });
});
