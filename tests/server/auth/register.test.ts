import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, or } from 'drizzle-orm';
import { users } from '../../../src/server/db/schema';
import { messages } from '../../../src/shared/messages';
import { startSmsWebhook } from '../../support/sms';
import { startSmtpServer } from '../../support/smtp';
import { Client, newUser, phoneNumber } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let smsWebhook: Awaited<ReturnType<typeof startSmsWebhook>>;
/** The mails to one address, as received (headers and text, soft line breaks joined). */
const mailsTo = (address: string) =>
  smtp.mails.filter((m) => m.to.includes(address)).map((m) => m.raw.replace(/=\r?\n/g, ''));

beforeAll(async () => {
  smtp = await startSmtpServer();
  smsWebhook = await startSmsWebhook();
  t = await startTestServer({ SMTP_URL: smtp.url, SMS_WEBHOOK_URL: smsWebhook.url });
});
afterAll(async () => {
  await t.stop();
  await smtp.stop();
  smsWebhook.stop();
});

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

  it('answers a taken email (any case) or phone as a new account, stores nothing, and tells the contacts', async () => {
    const phone = phoneNumber();
    const first = newUser({ phone });
    const created = await new Client(t.url).post('/auth/register', first);
    expect(created.status).toBe(201);

    const sameEmail = await new Client(t.url).post(
      '/auth/register',
      newUser({ email: first.email.toUpperCase() }),
    );
    expect(sameEmail.status).toBe(201);
    expect(Object.keys(sameEmail.body).sort()).toEqual(Object.keys(created.body).sort());
    expect(sameEmail.body).toMatchObject({ email: first.email, isAdmin: false, sessionId: '' });
    expect(sameEmail.body.id).not.toBe(created.body.id);
    await expect.poll(() => mailsTo(first.email)).toHaveLength(1);
    expect(mailsTo(first.email)[0]).toContain('already has an account');

    const other = newUser({ phone });
    const samePhone = await new Client(t.url).post('/auth/register', other);
    expect(samePhone.status).toBe(201);
    await expect.poll(() => smsWebhook.sent.filter((m) => m.to === phone)).toHaveLength(1);
    expect(smsWebhook.sent.find((m) => m.to === phone)?.message).toContain('already has an account');
    // The other contact given learns that its account was not made.
    await expect.poll(() => mailsTo(other.email)).toHaveLength(1);
    expect(mailsTo(other.email)[0]).toContain('was not created');

    const rows = await t.server.database.db
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.email, first.email), eq(users.email, other.email), eq(users.phone, phone)));
    expect(rows).toEqual([{ id: created.body.id }]);
    // The account's owner still signs in with their own password.
    const login = await new Client(t.url).post('/auth/login', {
      emailOrPhone: first.email,
      password: first.password,
    });
    expect(login.status).toBe(200);
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
