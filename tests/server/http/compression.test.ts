import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedFiles } from '../../../src/server/db/schema';
import { COMPRESS_THRESHOLD } from '../../../src/server/http/compression';
import { addSource, form, SUPER_ENV, signInSuper } from '../../support/admin';
import type { Client } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
let root: Client;
let staticDir: string;

const ASSET = 'assets/index-Ab12Cd34.js';
const speech = `${'cd'.repeat(32)}.mp3`;

/** A built app as `vite build` leaves it: each text file with its brotli and gzip copies beside it. */
async function writeBuiltApp(dir: string): Promise<void> {
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html lang="en"><title>DISH</title>${'<p>shell</p>'.repeat(100)}</html>`,
    // The landing page as static HTML (scripts/prerender-pages.ts): what `/` is.
    'landing.html': `<!doctype html><html lang="en"><title>DISH</title>${'<p>landing</p>'.repeat(100)}</html>`,
    // A page's static copy, painted while the app loads: what `/login` is.
    'login.html': `<!doctype html><html lang="en"><title>Login</title>${'<p>login</p>'.repeat(100)}</html>`,
    [ASSET]: `export const words = ${JSON.stringify('assistive solutions '.repeat(200))};\n`,
    'sw.js': `self.addEventListener('install', () => {});\n`.repeat(40),
  };
  await mkdir(path.join(dir, 'assets'));
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    await writeFile(file, text);
    await writeFile(`${file}.br`, brotliCompressSync(text));
    await writeFile(`${file}.gz`, gzipSync(text));
  }
  // A file the build leaves as it is (too small or not text): served as it is.
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

beforeAll(async () => {
  staticDir = await mkdtemp(path.join(os.tmpdir(), 'dish-compress-'));
  await writeBuiltApp(staticDir);
  t = await startTestServer({ ...SUPER_ENV, STATIC_DIR: staticDir });
  const ttsDir = path.join(t.config.DATA_DIR, 'tts');
  await mkdir(ttsDir, { recursive: true });
  await writeFile(path.join(ttsDir, speech), Buffer.alloc(4096, 0xfb));
  root = await signInSuper(t);
});
afterAll(async () => {
  await t?.stop();
  await rm(staticDir, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they came over the wire, not decoded (fetch would decode them). */
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(t.url + url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(answer: RawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  return answer.body;
}

const varies = (answer: RawAnswer) =>
  String(answer.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

const onDisk = (name: string) => readFile(path.join(staticDir, name));
const HTML = { accept: 'text/html' };

describe('the built app, compressed at build time', () => {
  it('sends an asset’s brotli copy to a browser that accepts brotli, the same bytes once decoded', async () => {
    const res = await get(`/${ASSET}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(varies(res)).toBe(true);
    expect(res.body.equals(await onDisk(`${ASSET}.br`))).toBe(true);
    expect(decoded(res).equals(await onDisk(ASSET))).toBe(true);
  });

  it('sends the gzip copy to a browser that accepts gzip only', async () => {
    const res = await get(`/${ASSET}`, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(varies(res)).toBe(true);
    expect(decoded(res).equals(await onDisk(ASSET))).toBe(true);
  });

  it('sends the file itself when no encoding is accepted, still varying on Accept-Encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get(`/${ASSET}`, headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(varies(res)).toBe(true);
      expect(res.body.equals(await onDisk(ASSET))).toBe(true);
    }
  });

  it('sends a file without copies as it is', async () => {
    const res = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.equals(await onDisk('favicon.svg'))).toBe(true);
  });

  it('compresses the landing page at /, a static page at its address and the shell at other deep links', async () => {
    for (const [page, file] of [
      ['/', 'landing.html'],
      ['/login', 'login.html'],
      ['/login?redirect=%2Fchatpage', 'login.html'],
      ['/chatpage', 'index.html'],
      ['/login/more', 'index.html'],
    ] as const) {
      const res = await get(page, { ...HTML, 'accept-encoding': 'br' });
      expect(res.status, page).toBe(200);
      expect(res.headers['content-encoding'], page).toBe('br');
      expect(res.headers['content-type'], page).toMatch(/^text\/html/);
      expect(varies(res), page).toBe(true);
      expect(decoded(res).equals(await onDisk(file)), page).toBe(true);
    }
  });

  it('keeps hashed assets a year and revalidates the shell and the service worker', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const asked = { 'accept-encoding': encoding };
      const asset = await get(`/${ASSET}`, asked);
      expect(asset.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
      for (const page of ['/', '/index.html', '/login', '/login.html', '/chatpage', '/sw.js']) {
        const res = await get(page, { ...HTML, ...asked });
        expect(res.status, `${page} ${encoding}`).toBe(200);
        expect(res.headers['cache-control'], `${page} ${encoding}`).toBe('no-cache');
      }
    }
  });

  it('answers a missing asset 404, not with the shell', async () => {
    const res = await get('/assets/gone-123.js', { ...HTML, 'accept-encoding': 'br' });
    expect(res.status).toBe(404);
  });
});

describe('API answers, compressed as they are sent', () => {
  it('compresses a JSON answer above the threshold as the client accepts', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await get('/api/openapi.json', { 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding'], encoding).toBe(encoding);
      expect(varies(res), encoding).toBe(true);
      const json = decoded(res);
      expect(json.length).toBeGreaterThan(COMPRESS_THRESHOLD);
      expect(res.body.length).toBeLessThan(json.length / 2);
      expect((JSON.parse(json.toString('utf8')) as { openapi: string }).openapi).toMatch(/^3\./);
    }
  });

  it('sends it as it is to a client that accepts no encoding', async () => {
    const res = await get('/api/openapi.json');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8'))).toHaveProperty('openapi');
  });

  it('leaves a JSON answer below the threshold as it is', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8'))).toBeTruthy();
  });

  it('leaves uploaded files as stored: whole with their length, and by range', async () => {
    const source = await addSource(root, 'Compression files');
    const notes = `# Notes\n\n${'A line of plain notes about ramps and rails.\n'.repeat(80)}`;
    const upload = await root.post(
      '/admin/add_data',
      form({ queryingApp: 'dish', data_type: 'doc', source, project: 'dish', location: 'Worldwide' }, [
        { name: 'notes.md', bytes: new TextEncoder().encode(notes) },
      ]),
    );
    expect(upload.status).toBe(201);
    const [file] = await t.server.database.db.select({ id: uploadedFiles.id }).from(uploadedFiles);
    const url = `/files/${file!.id}/notes.md`;
    const cookie = root.cookieHeader;
    const whole = await get(url, { cookie, 'accept-encoding': 'br, gzip' });
    expect(whole.status).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-length']).toBe(String(notes.length));
    expect(whole.body.toString('utf8')).toBe(notes);
    const part = await get(url, { cookie, 'accept-encoding': 'br, gzip', range: 'bytes=0-9' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.body.toString('utf8')).toBe(notes.slice(0, 10));
  });

  it('leaves spoken answers as stored', async () => {
    const res = await get(`/tts/${speech}`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe('4096');
  });

  it('leaves Socket.IO’s answers to Socket.IO', async () => {
    const res = await get('/socket.io/?EIO=4&transport=polling&session_id=x', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString('utf8')).toMatch(/^0\{"sid":/);
  });
});
