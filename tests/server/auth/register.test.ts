import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, serverMessages } from '../../../src/shared/messages';
import { Client, newUser, phoneNumber } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

describe('POST /auth/register', () => {
  it('creates an active non-admin whatever the client claims, without signing in', async () => {
    const client = new Client(t.url);
    const body = newUser({ isAdmin: true, isActive: false, phone: phoneNumber() });
    const res = await client.post('/auth/register', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: body.name, email: body.email, phone: body.phone, isAdmin: false });
    expect(res.body).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(res.body)).not.toContain(body.password);
    expect(client.cookies.has('token')).toBe(false);
    expect((await client.get('/auth/getme')).status).toBe(401);
  });

  it('registers with a phone number only', async () => {
    const res = await new Client(t.url).post(
      '/auth/register',
      newUser({ email: undefined, phone: phoneNumber() }),
    );
    expect(res.status).toBe(201);
    expect(res.body.email).toBeNull();
  });

  it.each([
    [{ name: 'Al' }, messages.name],
    [{ name: '   ab   ' }, messages.name],
    [{ email: 'not-an-email' }, messages.email],
    [{ phone: '12345' }, messages.phone],
    [{ phone: '12345678901' }, messages.phone],
    [{ password: 'short' }, messages.password],
    [{ password: '   seven  ' }, messages.password],
    [{ email: undefined, phone: undefined }, messages.emailOrPhoneRequired],
    [{ email: '', phone: '' }, messages.emailOrPhoneRequired],
    [{ name: 42 }, messages.name],
  ])('refuses %o with the SPEC message', async (change, message) => {
    const res = await new Client(t.url).post('/auth/register', newUser(change));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('refuses a taken email (any case) and a taken phone with 409', async () => {
    const phone = phoneNumber();
    const first = newUser({ phone });
    expect((await new Client(t.url).post('/auth/register', first)).status).toBe(201);
    const sameEmail = await new Client(t.url).post(
      '/auth/register',
      newUser({ email: first.email.toUpperCase() }),
    );
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe(serverMessages.emailTaken);
    const samePhone = await new Client(t.url).post('/auth/register', newUser({ phone }));
    expect(samePhone.status).toBe(409);
    expect(samePhone.body.message).toBe(serverMessages.phoneTaken);
  });

  it('answers 400 for a body that is not a JSON object', async () => {
    const client = new Client(t.url);
    for (const body of ['[1,2]', '"text"', 'null']) {
      const res = await client.post('/auth/register', body);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });
});
