/**
 * Issue 31 item 4: text with a NUL character is a 400 with a sentence, never a 500, wherever it
 * is sent (text-guard.ts for params, query strings and JSON bodies; multipart.ts for form fields),
 * and a file name is cleaned of it instead, or refused when no name is left.
 */
import net from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedFiles } from '../../../src/server/db/schema';
import { unstorableTextMessage } from '../../../src/server/http/stored-text';
import { serverMessages } from '../../../src/shared/messages';
import { addSource, form, SUPER_ENV, signInSuper, signInUser } from '../../support/admin';
import { Client } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');
const CSV = new TextEncoder().encode('data_type,source,project,location,url\n');

let t: TestServer;
let root: Client;
let sourceId: string;

beforeAll(async () => {
  t = await startTestServer(SUPER_ENV);
  root = await signInSuper(t);
  sourceId = await addSource(root, 'NUL source');
}, 60_000);
afterAll(() => t?.stop());

const pdfFields = () => ({
  queryingApp: 'dish',
  data_type: 'pdf',
  source: sourceId,
  project: 'dish',
  location: 'Worldwide',
});

/** A form whose one file part is named exactly `name` ('' sends `filename=""`, as undici does). */
function upload(fields: Record<string, string>, name: string, bytes: Uint8Array<ArrayBuffer>): FormData {
  const data = form(fields);
  data.append('files', new Blob([bytes]), name);
  return data;
}

const storedFiles = async () => (await t.server.database.db.select({ n: count() }).from(uploadedFiles))[0]!.n;

/** The status line Node answers a hand-written request with (fetch refuses to send such headers). */
function rawStatus(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(t.url).port), '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

describe('a NUL character', () => {
  it('in a query string value is a 400 naming the parameter, for any signed-in user', async () => {
    for (const client of [await signInUser(t), root]) {
      const res = await client.get('/api/prompts?project=%00');
      expect([res.status, res.body.message]).toEqual([400, unstorableTextMessage('project')]);
    }
  });

  it('in a route param is a 400 naming it', async () => {
    const file = await root.get('/files/00000000-0000-4000-8000-000000000000/%00');
    expect([file.status, file.body.message]).toEqual([400, unstorableTextMessage('name')]);
    const tts = await root.get('/tts/%00');
    expect([tts.status, tts.body.message]).toEqual([400, unstorableTextMessage('name')]);
  });

  it('in an address that is no route is still a 404', async () => {
    expect((await root.get('/api/%00')).status).toBe(404);
  });

  it('in a multipart field value is a 400 naming the field, and nothing is stored', async () => {
    const before = await storedFiles();
    const res = await root.request(
      'POST',
      '/admin/add_data',
      upload({ ...pdfFields(), location: 'World\u0000wide' }, 'braille.pdf', PDF),
    );
    expect([res.status, res.body.message]).toEqual([400, unstorableTextMessage('location')]);
    expect(await storedFiles()).toBe(before);
  });

  it('in an uploaded file name is removed from the name that is stored', async () => {
    const res = await root.request('POST', '/admin/add_data', upload(pdfFields(), 'brai\u0000lle.pdf', PDF));
    expect(res.status).toBe(201);
    const names = await t.server.database.db
      .select({ name: uploadedFiles.name })
      .from(uploadedFiles)
      .where(eq(uploadedFiles.name, 'braille.pdf'));
    expect(names).toHaveLength(1);
  });

  it('as the whole of a file name leaves no name: a 400, and nothing is stored', async () => {
    const before = await storedFiles();
    const res = await root.request('POST', '/admin/add_data', upload(pdfFields(), '\u0000\u0000', PDF));
    expect([res.status, res.body.message]).toEqual([400, serverMessages.fileNameMissing]);
    expect(await storedFiles()).toBe(before);
  });

  it('in a header value is refused by Node itself with a 400', async () => {
    const status = await rawStatus(
      'GET /api/health HTTP/1.1\r\nHost: x\r\nUser-Agent: a\u0000b\r\nConnection: close\r\n\r\n',
    );
    expect(status).toBe('HTTP/1.1 400 Bad Request');
  });

  it('in the session cookie counts as no session (it is only ever hashed)', async () => {
    const client = new Client(t.url);
    client.cookies.set('token', '%00');
    expect((await client.get('/api/conversations/current')).status).toBe(401);
  });
});

describe('a file part without a name', () => {
  it('is a 400 on Add Data, and nothing is stored', async () => {
    const before = await storedFiles();
    const res = await root.request('POST', '/admin/add_data', upload(pdfFields(), '', PDF));
    expect([res.status, res.body.message]).toEqual([400, serverMessages.fileNameMissing]);
    expect(await storedFiles()).toBe(before);
  });

  it('is a 400 on the bulk upload', async () => {
    const res = await root.request('POST', '/admin/bulk_upload_file', upload({}, '', CSV));
    expect([res.status, res.body.message]).toEqual([400, serverMessages.fileNameMissing]);
  });
});
