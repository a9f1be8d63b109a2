/** The formats people have: spreadsheets, text, Markdown and saved pages as doc; JSON exports as xml_db. */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunks, uploadedFiles } from '../../../src/server/db/schema';
import { fileTypeRefused } from '../../../src/shared/admin/uploads';
import type { Client } from '../../support/http';
import { addSource, form, SUPER_ENV, signInSuper } from '../../support/admin';
import { material, PLUMBING_MODEL_ENV, sharedPath } from '../../support/shared';
import { startTestServer, type TestServer } from '../../support/server';
import { serveSite } from '../../support/static-site';

let t: TestServer;
let admin: Client;
let site: Awaited<ReturnType<typeof serveSite>>;
beforeAll(async () => {
  site = await serveSite(sharedPath('material/documents/db_export'));
  // The small random-weight model: these tests check what is indexed, not how well it ranks.
  t = await startTestServer({
    ...SUPER_ENV,
    CRAWL_ALLOW_PRIVATE: 'true',
    ...PLUMBING_MODEL_ENV,
  });
  admin = await signInSuper(t);
});
afterAll(async () => {
  await t.stop();
  await site.stop();
});

type File = { name: string; bytes: Uint8Array<ArrayBuffer> };
const text = (name: string, content: string): File => ({
  name,
  bytes: new Uint8Array(new TextEncoder().encode(content)),
});
const checklist = (): File => ({
  name: 'gsa_Checklist-for-Accessible-Email.xlsx',
  bytes: material('documents/spreadsheet/gsa_Checklist-for-Accessible-Email.xlsx'),
});

let sources = 0;
/** Uploads files as doc into a new source of their own, so each test counts only its items. */
async function uploadDoc(files: File[]) {
  const source = await addSource(admin, `Formats ${++sources}`);
  const fields = { queryingApp: 'dish', data_type: 'doc', source, project: 'dish', location: 'USA' };
  const res = await admin.post('/admin/add_data', form(fields, files));
  return { source, res };
}

async function itemsOf(source: string) {
  const res = await admin.post('/admin/get_data_bank', {
    queryingApp: 'dish',
    query: { source },
    queryOptions: { limit: 100, skip: 0 },
  });
  expect(res.status).toBe(200);
  return res.body as {
    data: { title: string; body: string; url: string | null; resource_type: string }[];
    total: number;
  };
}

async function pendingOf(source: string) {
  const res = await admin.post('/admin/get_pending_data', {
    queryingApp: 'dish',
    query: { source, status: { $ne: 'completed' } },
  });
  return res.body as { data: { data_type: string; status: string; error: string | null }[]; total: number };
}

/** The indexed passages of a source, as the answering side reads them. */
async function passagesOf(source: string): Promise<string[]> {
  const rows = await t.server.database.db
    .select({ text: chunks.text })
    .from(chunks)
    .where(eq(chunks.sourceId, source));
  return rows.map((r) => r.text);
}

async function storedFiles(): Promise<number> {
  const [row] = await t.server.database.db.select({ n: count() }).from(uploadedFiles);
  return Number(row?.n ?? 0);
}

describe('doc uploads: spreadsheets', () => {
  it('makes one item per sheet of a real XLSX, rows named by their headers, in the index', async () => {
    const { source, res } = await uploadDoc([checklist()]);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ records: 1 });
    await t.server.worker.runNow();

    const items = await itemsOf(source);
    expect(items.data.map((i) => i.title).sort()).toEqual([
      'Checklist for Accessible Email Spreadsheet — Accessible Email Checklist',
      'Checklist for Accessible Email Spreadsheet — Test Information',
    ]);
    expect(items.data.every((i) => i.resource_type === 'document')).toBe(true);
    const sheet = items.data.find((i) => i.title.endsWith('Accessible Email Checklist'))!;
    expect(sheet.body).toContain('Category: Structure; Name: Font and Size; How to Check Email Message:');

    const passages = await passagesOf(source);
    expect(passages.some((p) => p.includes('10 to 11pt'))).toBe(true);
  });

  it('updates the same workbook sheet by sheet instead of adding copies', async () => {
    const { source } = await uploadDoc([checklist()]);
    await t.server.worker.runNow();
    await admin.post(
      '/admin/add_data',
      form({ queryingApp: 'dish', data_type: 'doc', source, project: 'dish', location: 'USA' }, [
        checklist(),
      ]),
    );
    await t.server.worker.runNow();
    expect((await itemsOf(source)).total).toBe(2);
  });

  it('makes one item of a real CSV, every row with its column headers', async () => {
    const { source } = await uploadDoc([
      {
        name: 'gsa_FY25-Section-508-Assessment-Agency-Response-Data.csv',
        bytes: material('documents/spreadsheet/gsa_FY25-Section-508-Assessment-Agency-Response-Data.csv'),
      },
    ]);
    await t.server.worker.runNow();
    const items = await itemsOf(source);
    expect(items.total).toBe(1);
    expect(items.data[0]!.title).toBe('gsa_FY25-Section-508-Assessment-Agency-Response-Data');
    expect(items.data[0]!.body).toMatch(
      /^Department or Agency Name: Nuclear Regulatory Commission; Policy Integration Factor Outcome: Low;/,
    );
    const passages = await passagesOf(source);
    expect(passages.length).toBeGreaterThan(100);
    expect(
      passages.some((p) => p.includes('Department or Agency Name: Social Security Administration')),
    ).toBe(true);
  }, 300_000);
});

describe('doc uploads: text files', () => {
  it('reads Markdown without its markup, keeping headings and lists', async () => {
    const markdown = text(
      'screen-readers.md',
      '# Screen readers\n\nA **screen reader** speaks what is on the screen.\n\n## Free ones\n\n- NVDA\n- Orca\n',
    );
    const { source } = await uploadDoc([markdown]);
    await t.server.worker.runNow();
    const [item] = (await itemsOf(source)).data;
    expect(item).toMatchObject({
      title: 'Screen readers',
      body: 'Screen readers\n\nA screen reader speaks what is on the screen.\n\nFree ones\n\n- NVDA\n- Orca',
      resource_type: 'document',
    });
    expect((await passagesOf(source)).join('\n')).toMatch(/Free ones\s+- NVDA\s+- Orca/);
  });

  it('keeps plain text as it is, titled by the file name', async () => {
    const { source } = await uploadDoc([
      text(
        'Braille displays.txt',
        'Refreshable braille displays\r\nraise pins to form letters.\r\n\r\n\r\nEnd.',
      ),
    ]);
    await t.server.worker.runNow();
    const [item] = (await itemsOf(source)).data;
    expect(item).toMatchObject({
      title: 'Braille displays',
      body: 'Refreshable braille displays\nraise pins to form letters.\n\nEnd.',
    });
    expect((await passagesOf(source)).length).toBeGreaterThan(0);
  });

  it('reads a saved web page like the crawler does: its main text, without menus or scripts', async () => {
    const page = text(
      'magnifiers.html',
      `<!DOCTYPE html><html><head><title>Screen magnifiers</title><script>var tracking = 1;</script></head>
      <body><nav><a href="/">Home</a> | <a href="/shop">Shop</a></nav>
      <main><h1>Screen magnifiers</h1><p>A screen magnifier enlarges part of the screen up to 60 times.</p>
      <p>Most also change colours and follow the text cursor.</p></main>
      <footer>Copyright 2024</footer></body></html>`,
    );
    const { source } = await uploadDoc([page]);
    await t.server.worker.runNow();
    const [item] = (await itemsOf(source)).data;
    expect(item?.title).toBe('Screen magnifiers');
    expect(item?.body).toContain('A screen magnifier enlarges part of the screen up to 60 times.');
    expect(item?.body).not.toMatch(/<|tracking|Shop|Copyright/);
    expect((await passagesOf(source)).some((p) => p.includes('up to 60 times'))).toBe(true);
  });

  it('queues a PDF uploaded as doc as a pdf item', async () => {
    const { source } = await uploadDoc([
      { name: 'udhr.pdf', bytes: material('documents/pdf/udhr_english_Latn.ENG_Sans_12.pdf') },
    ]);
    expect((await pendingOf(source)).data[0]?.data_type).toBe('pdf');
    await t.server.worker.runNow();
    expect((await itemsOf(source)).data[0]?.resource_type).toBe('pdf');
  });
});

describe('doc uploads: refused files', () => {
  const png = (): File => ({
    name: 'photo.png',
    bytes: new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
    ]),
  });

  it('refuses an image with the sentence naming what is accepted, and stores nothing', async () => {
    const before = await storedFiles();
    const { source, res } = await uploadDoc([text('fine.txt', 'Fine text.'), png()]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(fileTypeRefused('photo.png'));
    expect(res.body.message).toContain(
      'Upload a PDF, a Word document (.doc, .docx), a spreadsheet (.xlsx, .csv) or a text file (.txt, .md, .html).',
    );
    expect((await pendingOf(source)).total).toBe(0);
    expect(await storedFiles()).toBe(before);
  });

  it('refuses a ZIP archive that is no Office file, and text under another extension', async () => {
    const zip = {
      name: 'archive.zip',
      bytes: new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...Array<number>(18).fill(0)]),
    };
    const { source, res } = await uploadDoc([zip]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(fileTypeRefused('archive.zip'));
    const json = await uploadDoc([text('data.json', '{"a": 1}')]);
    expect(json.res.body.message).toBe(fileTypeRefused('data.json'));
    expect((await pendingOf(source)).total).toBe(0);
  });

  it('refuses an empty file by name', async () => {
    const { res } = await uploadDoc([text('empty.txt', '')]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('"empty.txt" is empty.');
  });
});

describe('xml_db: JSON database exports', () => {
  it('turns each record of the real GPII export into an item with its title, text and address', async () => {
    const source = await addSource(admin, 'GPII listing');
    const res = await admin.post(
      '/admin/add_data',
      form({
        queryingApp: 'dish',
        data_type: 'xml_db',
        source,
        project: 'dish',
        location: 'Europe',
        url: `${site.url}/gpii_unified_listing_pilot.json`,
      }),
    );
    expect(res.status).toBe(201);
    await t.server.worker.runNow();

    const items = await itemsOf(source);
    expect(items.total).toBe(36);
    expect(items.data.every((i) => i.resource_type === 'xml')).toBe(true);
    const jaws = items.data.find((i) => i.title === 'Jaws For Windows' && i.url?.includes('dlf-data'));
    expect(jaws?.url).toBe('http://www.dlf-data.org.uk/product.php?product_id=0109982');
    expect(jaws?.body).toContain('manufacturer.name: Freedom Scientific');
    expect(jaws?.body).not.toMatch(/<br|&pound;/);

    const passages = await passagesOf(source);
    expect(passages.length).toBeGreaterThanOrEqual(36);
    expect(passages.some((p) => p.includes('Price from (£): 659'))).toBe(true);
  });
});
