import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, type IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedFiles } from '../../../src/server/db/schema';
import { PERMISSIONS_POLICY } from '../../../src/server/http/security-headers';
import { addSource, form, SUPER_ENV, signInSuper } from '../../support/admin';
import type { Client } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
let root: Client;
let staticDir: string;
const speech = `${'ab'.repeat(32)}.mp3`;

beforeAll(async () => {
  staticDir = await mkdtemp(path.join(os.tmpdir(), 'dish-headers-'));
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>DISH</title>');
  t = await startTestServer({ ...SUPER_ENV, STATIC_DIR: staticDir });
  // A spoken answer as the voice service leaves it under DATA_DIR/tts.
  const ttsDir = path.join(t.config.DATA_DIR, 'tts');
  await mkdir(ttsDir, { recursive: true });
  await writeFile(path.join(ttsDir, speech), new Uint8Array([0xff, 0xfb, 0x90, 0x00]));
  root = await signInSuper(t);
});
afterAll(async () => {
  await t?.stop();
  await rm(staticDir, { recursive: true, force: true });
});

/** The headers every response carries, whatever it is. */
function expectSecurityHeaders(headers: Headers, label: string): void {
  expect(headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(headers.get('referrer-policy'), label).toBe('no-referrer');
  expect(headers.get('x-frame-options'), label).toBe('DENY');
  expect(headers.get('permissions-policy'), label).toBe(PERMISSIONS_POLICY);
  expect(headers.get('content-security-policy'), label).toBeTruthy();
}

/** The answer headers of a WebSocket upgrade at `path` (101 Switching Protocols, or a refusal). */
function upgradeHeaders(path: string): Promise<{ status: number; headers: Headers }> {
  return new Promise((resolve, reject) => {
    const req = request(t.url + path, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': Buffer.from('0123456789abcdef').toString('base64'),
      },
    });
    const answered = (res: IncomingMessage) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers))
        if (typeof value === 'string') headers.set(name, value);
      resolve({ status: res.statusCode ?? 0, headers });
      req.destroy();
    };
    req.once('upgrade', (res, socket) => {
      socket.destroy();
      answered(res);
    });
    req.once('response', answered);
    req.once('error', reject);
    req.end();
  });
}

const directive = (headers: Headers, name: string) =>
  (headers.get('content-security-policy') ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('security headers', () => {
  it('are on the app’s HTML, with a policy fitted to the app', async () => {
    for (const page of ['/', '/chatpage']) {
      const res = await fetch(t.url + page, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expectSecurityHeaders(res.headers, page);
      expect(directive(res.headers, 'script-src')).toBe("script-src 'self'");
      expect(directive(res.headers, 'frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(directive(res.headers, 'worker-src')).toBe("worker-src 'self' blob:");
      expect(directive(res.headers, 'media-src')).toContain('blob:');
      expect(directive(res.headers, 'img-src')).toContain('https://img.youtube.com');
      expect(directive(res.headers, 'connect-src')).toBe(`connect-src 'self' ws://${new URL(t.url).host}`);
      expect(res.headers.get('permissions-policy')).toMatch(/^microphone=\(self\)/);
    }
  });

  it('are on API answers, successes and errors alike', async () => {
    expectSecurityHeaders((await fetch(`${t.url}/api/health`)).headers, '/api/health');
    const refused = await fetch(`${t.url}/admin/get_users`, { method: 'POST' });
    expect(refused.status).toBe(401);
    expectSecurityHeaders(refused.headers, '401');
    expectSecurityHeaders((await fetch(`${t.url}/api/nothing-here`)).headers, '404');
  });

  it('are on spoken answers, which other origins may load', async () => {
    const res = await fetch(`${t.url}/tts/${speech}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expectSecurityHeaders(res.headers, '/tts');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('are on uploaded files, whose own sandbox policy stays', async () => {
    const source = await addSource(root, 'Header files');
    const upload = await root.post(
      '/admin/add_data',
      form({ queryingApp: 'dish', data_type: 'doc', source, project: 'dish', location: 'Worldwide' }, [
        { name: 'notes.md', bytes: new TextEncoder().encode('# Notes\n\nA page of plain notes.\n') },
      ]),
    );
    expect(upload.status).toBe(201);
    const [file] = await t.server.database.db.select({ id: uploadedFiles.id }).from(uploadedFiles);
    const res = await root.request('GET', `/files/${file!.id}/notes.md`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('are on Socket.IO’s own answers at /socket.io, which Fastify never sees', async () => {
    const handshake = await fetch(`${t.url}/socket.io/?EIO=4&transport=polling&session_id=x`);
    expect(handshake.status).toBe(200);
    expectSecurityHeaders(handshake.headers, 'polling handshake');
    const sid = (JSON.parse((await handshake.text()).slice(1)) as { sid: string }).sid;
    const session = `${t.url}/socket.io/?EIO=4&transport=polling&sid=${sid}`;
    // A Socket.IO CONNECT without credentials: sent, then refused in a packet the next poll brings.
    const sent = await fetch(session, { method: 'POST', body: '40' });
    expect(sent.status).toBe(200);
    expectSecurityHeaders(sent.headers, 'sent packet');
    const poll = await fetch(session);
    expect(poll.status).toBe(200);
    expect(await poll.text()).toMatch(/^44/);
    expectSecurityHeaders(poll.headers, 'poll');
    const refused = await fetch(`${t.url}/socket.io/?EIO=4&transport=polling&sid=no-such-session`);
    expect(refused.status).toBe(400);
    expectSecurityHeaders(refused.headers, 'refused poll');
    const upgrade = await upgradeHeaders('/socket.io/?EIO=4&transport=websocket&session_id=x');
    expect(upgrade.status).toBe(101);
    expectSecurityHeaders(upgrade.headers, 'WebSocket upgrade');
  });
});
