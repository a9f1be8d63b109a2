/**
 * Issue 31 item 5: Fastify logs every request's URL at info; the WhatsApp verify token and an API
 * key passed in a query string must not be in that log.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server';
import { VERIFY_TOKEN, whatsAppEnv } from '../../support/whatsapp';

const API_KEY = 'dish_k3y-that-must-not-be-logged';

let t: TestServer;
let log = '';

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  // Nothing listens at the Graph API's address: the verification never calls it.
  t = await startTestServer({ LOG_LEVEL: 'info', ...whatsAppEnv('http://127.0.0.1:9') }, { logStream });
});
afterAll(() => t?.stop());

/** The URLs the server logged with its requests. */
const loggedUrls = () =>
  log
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url)
    .filter((url): url is string => url !== undefined);

describe('the request log', () => {
  it('has Meta’s verification request without its verify token', async () => {
    const res = await fetch(
      `${t.url}/channels/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(VERIFY_TOKEN)}&hub.challenge=1158201444`,
    );
    expect(res.status).toBe(200);
    expect(log).not.toContain(encodeURIComponent(VERIFY_TOKEN));
    expect(log).not.toContain(VERIFY_TOKEN);
    expect(loggedUrls()).toContain(
      '/channels/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=1158201444',
    );
  });

  it('has a request with an API key in its query string without the key', async () => {
    await fetch(`${t.url}/api/health?api_key=${API_KEY}`);
    await fetch(`${t.url}/api/health?apikey=${API_KEY}&token=${API_KEY}`);
    expect(log).not.toContain(API_KEY);
    expect(loggedUrls()).toEqual(
      expect.arrayContaining([
        '/api/health?api_key=[redacted]',
        '/api/health?apikey=[redacted]&token=[redacted]',
      ]),
    );
  });
});
