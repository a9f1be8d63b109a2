import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { uploadedFileParts, uploadedFiles, users } from '../../../src/server/db/schema';
import { Client } from '../../support/http';
import { addSource, form, SUPER_ENV, signInSuper, signInUser } from '../../support/admin';
import { material } from '../../support/shared';
import { startTestServer, type TestServer } from '../../support/server';

const PDF_NAME = 'rehabilitation-act-of-1973-amended-by-wioa.pdf';
const DOCX_NAME = 'daisy_Accessibility_demofile.docx';
const PDF = material('documents/pdf', PDF_NAME);
const DOCX = material('documents/docx', DOCX_NAME);
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const FILE_ADDRESS = /^\/files\/([0-9a-f-]{36})\/([^/]+)$/;

let t: TestServer;
let admin: Client;
let sourceId: string;
/** The /files addresses of the ingested items, by file name. */
const address: Record<string, string> = {};

interface IngestedRow {
  title: string;
  url: string | null;
  resource_type: string;
}

async function ingestedOf(client: Client, source: string): Promise<IngestedRow[]> {
  const res = await client.post('/admin/get_data_bank', {
    queryingApp: 'dish',
    query: { source },
    queryOptions: { limit: 100, skip: 0 },
  });
  return res.body.data as IngestedRow[];
}

const fields = (source: string, dataType: 'pdf' | 'doc', project = 'dish') => ({
  queryingApp: 'dish',
  data_type: dataType,
  source,
  project,
  location: 'Worldwide',
});

/** Uploads the files through add_data, processes them, and returns their items' addresses. */
async function upload(
  client: Client,
  source: string,
  project: string,
  files: { name: string; bytes: Uint8Array<ArrayBuffer>; type: 'pdf' | 'doc' }[],
) {
  for (const file of files) {
    const res = await client.post('/admin/add_data', form(fields(source, file.type, project), [file]));
    expect(res.status).toBe(201);
  }
  await t.server.worker.runNow();
  return ingestedOf(client, source);
}

beforeAll(async () => {
  // What is tested is the file, not its vectors: full-text indexing keeps the 190-page Act quick.
  t = await startTestServer({ ...SUPER_ENV, EMBEDDING_MODEL: 'none-for-file-tests' });
  admin = await signInSuper(t);
  sourceId = await addSource(admin, 'Laws and guides');
  const items = await upload(admin, sourceId, 'dish', [
    { name: PDF_NAME, bytes: PDF, type: 'pdf' },
    { name: DOCX_NAME, bytes: DOCX, type: 'doc' },
  ]);
  for (const item of items) {
    const name = decodeURIComponent(FILE_ADDRESS.exec(item.url ?? '')?.[2] ?? '');
    address[name] = item.url ?? '';
  }
}, 120_000);
afterAll(async () => {
  await t.stop();
});

const get = (client: Client, url: string, headers: Record<string, string> = {}) =>
  client.request('GET', url, undefined, headers);

describe('the ingested items of uploaded files', () => {
  it('link to the kept file at /files/<id>/<name>, with a clean title', async () => {
    const items = await ingestedOf(admin, sourceId);
    expect(items.map((i) => [i.resource_type, i.title]).sort()).toEqual([
      ['document', 'Accessibility Checker In Office 2010'],
      ['pdf', 'The Rehabilitation Act of 1973 as amended by WIOA (PDF)'],
    ]);
    for (const item of items) expect(item.url).toMatch(FILE_ADDRESS);
    expect(Object.keys(address).sort()).toEqual([DOCX_NAME, PDF_NAME]);
  });

  it('keep their files after processing', async () => {
    const ids = Object.values(address).map((url) => FILE_ADDRESS.exec(url)![1]!);
    const kept = await t.server.database.db
      .select({ id: uploadedFiles.id })
      .from(uploadedFiles)
      .where(inArray(uploadedFiles.id, ids));
    expect(kept).toHaveLength(2);
  });
});

describe('GET /files/<id>/<name>', () => {
  it('serves the PDF to its uploader inline, whole, with its type, name and validators', async () => {
    const res = await get(admin, address[PDF_NAME]!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="${PDF_NAME}"; filename*=UTF-8''${PDF_NAME}`,
    );
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    expect(res.headers.get('last-modified')).toBeTruthy();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Number(res.headers.get('content-length'))).toBe(PDF.length);
    expect(res.bytes.equals(Buffer.from(PDF))).toBe(true);
  });

  it('serves the Word file with the .docx type, sandboxed', async () => {
    const res = await get(admin, address[DOCX_NAME]!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(DOCX_TYPE);
    expect(res.headers.get('content-disposition')).toMatch(
      /^inline; filename="daisy_Accessibility_demofile.docx"/,
    );
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(res.bytes.equals(Buffer.from(DOCX))).toBe(true);
  });

  it('answers a range with 206 and exactly those bytes', async () => {
    const res = await get(admin, address[PDF_NAME]!, { range: 'bytes=1000-5999' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 1000-5999/${PDF.length}`);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.bytes.equals(Buffer.from(PDF.subarray(1000, 6000)))).toBe(true);
  });

  it('answers a suffix range with the last bytes', async () => {
    const res = await get(admin, address[PDF_NAME]!, { range: 'bytes=-512' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(
      `bytes ${PDF.length - 512}-${PDF.length - 1}/${PDF.length}`,
    );
    expect(res.bytes.equals(Buffer.from(PDF.subarray(PDF.length - 512)))).toBe(true);
  });

  it('answers a range past the end with 416 and the size', async () => {
    const res = await get(admin, address[PDF_NAME]!, { range: `bytes=${PDF.length}-` });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${PDF.length}`);
    expect(res.body).toEqual({ message: 'Range not satisfiable.' });
  });

  it('answers a revalidation with the same ETag with 304', async () => {
    const first = await get(admin, address[PDF_NAME]!);
    const again = await get(admin, address[PDF_NAME]!, { 'if-none-match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });

  it('serves a signed-in user of the project’s app (access/policy.ts)', async () => {
    const user = await signInUser(t);
    const res = await get(user, address[DOCX_NAME]!);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(Buffer.from(DOCX))).toBe(true);
  });

  it('refuses visitors with 401, and a blocked user too', async () => {
    const anonymous = await get(new Client(t.url), address[PDF_NAME]!);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Please sign in to continue.' });

    const user = await signInUser(t);
    const me = await user.get('/auth/getme');
    await t.server.database.db
      .update(users)
      .set({ isBlocked: true })
      .where(eq(users.id, me.body.id as string));
    expect((await get(user, address[PDF_NAME]!)).status).toBe(401);
  });

  it('answers 404 for an unknown id, or one that is no id', async () => {
    const unknown = await get(admin, '/files/7c0e4a4e-0d55-4bd0-a7c4-3f0a3e1d2b11/x.pdf');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Not found.' });
    expect((await get(admin, '/files/not-an-id/x.pdf')).status).toBe(404);
  });
});

describe('an authorized project’s API key', () => {
  let apiKey: string;
  let ownAddress: string;
  beforeAll(async () => {
    const created = await admin.post('/project_auth/create_project', {
      name: 'Acme Access',
      description: 'Tests',
    });
    const projectId = created.body.projectId as string;
    apiKey = created.body.apiKey as string;
    const acmeAdmin = await signInUser(t, [projectId]);
    const acmeSource = await addSource(acmeAdmin, 'Acme guides', projectId);
    const [item] = await upload(acmeAdmin, acmeSource, projectId, [
      { name: 'guide.docx', bytes: DOCX, type: 'doc' },
    ]);
    ownAddress = item!.url!;
  }, 60_000);

  it('opens the files of its own project', async () => {
    const res = await get(new Client(t.url), ownAddress, { 'x-api-key': apiKey });
    expect(res.status).toBe(200);
    expect(res.bytes.equals(Buffer.from(DOCX))).toBe(true);
  });

  it('gets 404 for a file of a project it may not ask in', async () => {
    const res = await get(new Client(t.url), address[PDF_NAME]!, { 'x-api-key': apiKey });
    expect(res.status).toBe(404);
  });

  it('is refused with 401 when unknown', async () => {
    const res = await get(new Client(t.url), ownAddress, { 'x-api-key': 'dish_not_a_key' });
    expect(res.status).toBe(401);
  });
});

describe('a file larger than one stored part (files/file-store.ts)', () => {
  // 2.5 MiB of numbered lines: three parts of at most 1 MiB.
  const lines = Array.from({ length: 110_000 }, (_, i) => `Line ${i} of the switch access notes.`);
  const NOTES = new Uint8Array(Buffer.from(lines.join('\n').slice(0, 2.5 * 1024 * 1024)));
  let url = '';
  let fileId = '';

  beforeAll(async () => {
    const source = await addSource(admin, 'Long notes');
    const res = await admin.post(
      '/admin/add_data',
      form(fields(source, 'doc'), [{ name: 'long-notes.txt', bytes: NOTES }]),
    );
    expect(res.status).toBe(201);
    const [file] = await t.server.database.db
      .select({ id: uploadedFiles.id, mediaType: uploadedFiles.mediaType })
      .from(uploadedFiles)
      .where(eq(uploadedFiles.name, 'long-notes.txt'));
    expect(file?.mediaType).toBe('text/plain; charset=utf-8');
    fileId = file!.id;
    url = `/files/${fileId}/long-notes.txt`;
  });

  it('is stored in parts of 1 MiB', async () => {
    const parts = await t.server.database.db
      .select({ at: uploadedFileParts.firstByte })
      .from(uploadedFileParts)
      .where(eq(uploadedFileParts.fileId, fileId))
      .orderBy(uploadedFileParts.firstByte);
    expect(parts.map((p) => p.at)).toEqual([0, 1024 * 1024, 2 * 1024 * 1024]);
  });

  it('is served whole, byte for byte, with its length', async () => {
    const res = await get(admin, url);
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBe(NOTES.length);
    expect(res.bytes.equals(Buffer.from(NOTES))).toBe(true);
  });

  it('answers a range across the parts with exactly those bytes', async () => {
    const [first, last] = [1024 * 1024 - 100, 2 * 1024 * 1024 + 100];
    const res = await get(admin, url, { range: `bytes=${first}-${last}` });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${first}-${last}/${NOTES.length}`);
    expect(res.bytes.equals(Buffer.from(NOTES.subarray(first, last + 1)))).toBe(true);
  });

  it('is read by its reader from a copy on disk, which is gone afterwards', async () => {
    await t.server.worker.runNow();
    const res = await admin.post('/admin/get_pending_data', {
      queryingApp: 'dish',
      query: { status: { $ne: 'pending' } },
      queryOptions: { limit: 100, skip: 0 },
    });
    const item = (res.body.data as { title: string; status: string }[]).find(
      (i) => i.title === 'long-notes.txt',
    );
    expect(item?.status).toBe('completed');
    expect(readdirSync(path.join(t.config.DATA_DIR, 'reading'))).toEqual([]);
  }, 120_000);
});

describe('when the source goes', () => {
  const edit = (isActive: boolean) =>
    admin.post('/admin/edit_source', { queryingApp: 'dish', sourceId, sourceData: { is_active: isActive } });

  it('answers 404 while the source is disabled, and serves again once it is enabled', async () => {
    expect((await edit(false)).status).toBe(200);
    expect((await get(admin, address[PDF_NAME]!)).status).toBe(404);
    expect((await get(admin, address[DOCX_NAME]!, { range: 'bytes=0-9' })).status).toBe(404);
    expect((await edit(true)).status).toBe(200);
    expect((await get(admin, address[PDF_NAME]!)).status).toBe(200);
  });

  it('answers 404 once the source is deleted, and its files are gone from the database', async () => {
    const ids = Object.values(address).map((url) => FILE_ADDRESS.exec(url)![1]!);
    const res = await admin.post('/admin/delete_source', { queryingApp: 'dish', sourceId });
    expect(res.status).toBe(200);
    expect((await get(admin, address[PDF_NAME]!)).status).toBe(404);
    expect((await get(admin, address[DOCX_NAME]!)).status).toBe(404);
    const left = await t.server.database.db
      .select({ id: uploadedFiles.id })
      .from(uploadedFiles)
      .where(inArray(uploadedFiles.id, ids));
    expect(left).toEqual([]);
  });
});
