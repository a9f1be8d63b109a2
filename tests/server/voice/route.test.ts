import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTtsRoute } from '../../../src/server/voice/route';

const NAME = `${'ab12'.repeat(16)}.mp3`;
const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'dish-tts-route-'));
  dir = path.join(root, 'tts');
  await rm(dir, { recursive: true, force: true });
  await import('node:fs/promises').then((fs) => fs.mkdir(dir));
  await writeFile(path.join(dir, NAME), BYTES);
  // A file beside the folder that no name may reach.
  await writeFile(path.join(root, 'secret.mp3'), 'secret');
  app = Fastify();
  registerTtsRoute(app, dir);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(path.dirname(dir), { recursive: true, force: true });
});

describe('GET /tts/<name>.mp3', () => {
  it('serves the file as audio/mpeg with ranges accepted and immutable caching', async () => {
    const res = await app.inject({ url: `/tts/${NAME}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(1000);
    expect(res.rawPayload.equals(BYTES)).toBe(true);
  });

  it('answers a range with 206 and just those bytes', async () => {
    const res = await app.inject({ url: `/tts/${NAME}`, headers: { range: 'bytes=100-199' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 100-199/1000');
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.equals(BYTES.subarray(100, 200))).toBe(true);

    const open = await app.inject({ url: `/tts/${NAME}`, headers: { range: 'bytes=990-' } });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe('bytes 990-999/1000');
    expect(open.rawPayload.equals(BYTES.subarray(990))).toBe(true);

    const suffix = await app.inject({ url: `/tts/${NAME}`, headers: { range: 'bytes=-10' } });
    expect(suffix.rawPayload.equals(BYTES.subarray(990))).toBe(true);
  });

  it('refuses a range past the end with 416, and sends all for a range it does not read', async () => {
    const past = await app.inject({ url: `/tts/${NAME}`, headers: { range: 'bytes=5000-' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */1000');
    const several = await app.inject({ url: `/tts/${NAME}`, headers: { range: 'bytes=0-1,5-6' } });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.length).toBe(1000);
  });

  it('answers a revalidation with 304 and HEAD with the headers only', async () => {
    const first = await app.inject({ url: `/tts/${NAME}` });
    const again = await app.inject({
      url: `/tts/${NAME}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const head = await app.inject({ method: 'HEAD', url: `/tts/${NAME}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('audio/mpeg');
    expect(head.rawPayload.length).toBe(0);
  });

  it.each([
    `/tts/${'0'.repeat(64)}.mp3`,
    '/tts/secret.mp3',
    '/tts/..%2Fsecret.mp3',
    '/tts/..%2F..%2Fetc%2Fpasswd',
    '/tts/%2e%2e%2fsecret.mp3',
    `/tts/${NAME.toUpperCase()}`,
    `/tts/${NAME}.bak`,
  ])('answers %s with a JSON 404, never a file outside the folder', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });
});
