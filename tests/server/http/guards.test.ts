import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../../src/shared/messages';
import { Client, newUser } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

describe('request guards', () => {
  it('answers 400 for a body that is not JSON', async () => {
    const res = await new Client(t.url).post('/auth/login', '{"emailOrPhone": ');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(serverMessages.invalidJson);
  });

  it('answers 400 for an empty JSON body', async () => {
    const res = await fetch(`${t.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });

  it('answers 413 for an oversized auth body', async () => {
    const res = await new Client(t.url).post('/auth/register', newUser({ name: 'x'.repeat(64 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(serverMessages.bodyTooLarge);
  });

  it('answers 415 for a body that is not JSON by type', async () => {
    const res = await new Client(t.url).post('/auth/login', 'emailOrPhone=a', {
      'content-type': 'text/plain',
    });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(serverMessages.unsupportedMediaType);
  });

  it('refuses a state-changing request from a foreign origin, and allows its own', async () => {
    const client = new Client(t.url);
    const foreign = await client.post('/auth/register', newUser(), { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe(serverMessages.foreignOrigin);
    const own = await client.post('/auth/register', newUser(), { origin: t.url });
    expect(own.status).toBe(201);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await new Client(t.url).get('/auth/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(serverMessages.notFound);
  });

  it('never answers 500 to a barrage of malformed auth requests', async () => {
    const client = new Client(t.url);
    const bodies: unknown[] = [
      {},
      { emailOrPhone: null, password: null },
      { emailOrPhone: ['a@b'], password: { x: 1 } },
      { emailOrPhone: 'a@b.c', password: 'x'.repeat(5000) },
      { emailOrPhone: '\u0000@\u0000', password: '\u0000'.repeat(10) },
      { name: 'Valid Name', email: 'a@b.c', password: 12345678 },
      'true',
      '12',
    ];
    for (const path of [
      '/auth/login',
      '/auth/register',
      '/auth/generate-login-otp',
      '/auth/verify-login-otp',
    ]) {
      for (const body of bodies) {
        const res = await client.post(path, body);
        const label = `${path} ${JSON.stringify(body).slice(0, 80)}`;
        expect(res.status, label).toBeLessThan(500);
        if (res.status >= 400) expect(typeof res.body.message, label).toBe('string');
      }
    }
  });
});
