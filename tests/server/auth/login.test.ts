import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../src/server/db/schema';
import { messages, serverMessages } from '../../../src/shared/messages';
import { Client, newUser, phoneNumber } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    AUTH_MAX_FAILURES: '3',
    SUPERADMIN_EMAIL: 'root@dish.example',
    SUPERADMIN_PASSWORD: 'root password 1',
  });
});
afterAll(() => t.stop());

async function registered(overrides: Record<string, unknown> = {}) {
  const body = newUser(overrides);
  expect((await new Client(t.url).post('/auth/register', body)).status).toBe(201);
  return body;
}

describe('POST /auth/login', () => {
  it('signs in by email with an HttpOnly SameSite=Lax session cookie and a chat session id', async () => {
    const user = await registered();
    const client = new Client(t.url);
    const res = await client.post('/auth/login', {
      emailOrPhone: user.email.toUpperCase(),
      password: user.password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: user.email, isAdmin: false, adminType: null });
    expect(res.body.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    // The chat id is not the cookie secret.
    expect(setCookie).not.toContain(String(res.body.sessionId));
    const me = await client.get('/auth/getme');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(res.body.id);
    expect(me.body.sessionId).toBe(res.body.sessionId);
  });

  it('signs in by a 10-digit phone number, written with punctuation or a country code', async () => {
    const phone = phoneNumber();
    const user = await registered({ email: undefined, phone });
    for (const typed of [phone, `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`]) {
      const res = await new Client(t.url).post('/auth/login', {
        emailOrPhone: typed,
        password: user.password,
      });
      expect(res.status).toBe(200);
      expect(res.body.phone).toBe(phone);
    }
  });

  it('refuses a wrong password and an unknown account with the same 401 message', async () => {
    const user = await registered();
    const wrong = await new Client(t.url).post('/auth/login', {
      emailOrPhone: user.email,
      password: 'wrong password',
    });
    const unknown = await new Client(t.url).post('/auth/login', {
      emailOrPhone: 'nobody@example.org',
      password: 'whatever123',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(serverMessages.wrongCredentials);
    expect(unknown.body.message).toBe(serverMessages.wrongCredentials);
  });

  it.each([
    [{ emailOrPhone: '', password: 'long enough' }, messages.emailOrPhone],
    [{ emailOrPhone: '12345', password: 'long enough' }, messages.emailOrPhone],
    [{ emailOrPhone: 'a@b.c', password: 'short' }, messages.password],
    [{ emailOrPhone: 'a@b.c' }, messages.password],
    [{ password: 'long enough' }, messages.emailOrPhone],
  ])('answers 400 with the SPEC message for %o', async (body, message) => {
    const res = await new Client(t.url).post('/auth/login', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a blocked user with 403 and ends their sessions', async () => {
    const user = await registered();
    const client = new Client(t.url);
    expect(
      (await client.post('/auth/login', { emailOrPhone: user.email, password: user.password })).status,
    ).toBe(200);
    await t.server.database.db.update(users).set({ isBlocked: true }).where(eq(users.email, user.email));
    expect((await client.get('/auth/getme')).status).toBe(401);
    const res = await new Client(t.url).post('/auth/login', {
      emailOrPhone: user.email,
      password: user.password,
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(serverMessages.userBlocked);
  });

  it('refuses with 429 after repeated failures for one identifier, even with the right password', async () => {
    const user = await registered();
    for (let i = 0; i < 3; i++) {
      const res = await new Client(t.url).post('/auth/login', {
        emailOrPhone: user.email,
        password: 'wrong password',
      });
      expect(res.status).toBe(401);
    }
    const res = await new Client(t.url).post('/auth/login', {
      emailOrPhone: user.email,
      password: user.password,
    });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(serverMessages.tooManyAttempts);
  });

  it('creates the super admin from SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD', async () => {
    const res = await new Client(t.url).post('/auth/login', {
      emailOrPhone: 'root@dish.example',
      password: 'root password 1',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isAdmin: true, adminType: 'super', isAdminFor: ['dish'] });
  });
});

describe('session', () => {
  it('getme without a cookie is 401 with a message', async () => {
    const res = await new Client(t.url).get('/auth/getme');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(serverMessages.notSignedIn);
  });

  it('logout revokes the session on the server, not only the cookie', async () => {
    const user = await registered();
    const client = new Client(t.url);
    await client.post('/auth/login', { emailOrPhone: user.email, password: user.password });
    const stolen = client.cookieHeader;
    expect((await client.post('/auth/logout')).status).toBe(200);
    expect(client.cookies.has('token')).toBe(false);
    const replay = await fetch(`${t.url}/auth/getme`, { headers: { cookie: stolen } });
    expect(replay.status).toBe(401);
  });

  it('a forged cookie is not a session', async () => {
    const res = await fetch(`${t.url}/auth/getme`, { headers: { cookie: 'token=forged-value' } });
    expect(res.status).toBe(401);
  });
});
