import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../../src/shared/messages';
import { Client, newUser } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

async function signedIn(): Promise<Client> {
  const account = newUser();
  const client = new Client(t.url);
  expect((await client.post('/auth/register', account)).status).toBe(201);
  const res = await client.post('/auth/login', { emailOrPhone: account.email, password: account.password });
  expect(res.status).toBe(200);
  return client;
}

describe('PUT /auth/language', () => {
  it('stores the language: the current user (this sign-in and the next) carries it', async () => {
    const client = await signedIn();
    expect((await client.get('/auth/getme')).body.language).toBeNull();
    const res = await client.request('PUT', '/auth/language', { language: 'hi' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ language: 'hi' });
    expect((await client.get('/auth/getme')).body.language).toBe('hi');
  });

  it('answers the language in the sign-in answer too', async () => {
    const account = newUser();
    const first = new Client(t.url);
    await first.post('/auth/register', account);
    await first.post('/auth/login', { emailOrPhone: account.email, password: account.password });
    await first.request('PUT', '/auth/language', { language: 'hi' });
    const other = new Client(t.url);
    const res = await other.post('/auth/login', { emailOrPhone: account.email, password: account.password });
    expect(res.body.language).toBe('hi');
  });

  it.each([
    [{ language: 'fr' }],
    [{ language: 'HI' }],
    [{ language: '' }],
    [{ language: null }],
    [{}],
    [{ language: 'hi', extra: true }],
    [['hi']],
  ])('refuses %j with 400 and changes nothing', async (body) => {
    const client = await signedIn();
    await client.request('PUT', '/auth/language', { language: 'hi' });
    const res = await client.request('PUT', '/auth/language', body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect((await client.get('/auth/getme')).body.language).toBe('hi');
  });

  it('refuses a visitor with 401', async () => {
    const res = await new Client(t.url).request('PUT', '/auth/language', { language: 'hi' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: serverMessages.notSignedIn });
  });
});
