import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { otpCodes, users } from '../../../src/server/db/schema';
import { messages, serverMessages } from '../../../src/shared/messages';
import { Client, newUser, phoneNumber } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';
import { startSmsWebhook } from '../../support/sms';
import { codeMailedTo, startSmtpServer } from '../../support/smtp';

let t: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let smsWebhook: Awaited<ReturnType<typeof startSmsWebhook>>;

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

async function registered(overrides: Record<string, unknown> = {}) {
  const body = newUser(overrides);
  expect((await new Client(t.url).post('/auth/register', body)).status).toBe(201);
  return body;
}

describe('one-time codes', () => {
  it('mails a code over SMTP that signs in once and marks the email verified', async () => {
    const user = await registered();
    const client = new Client(t.url);
    const sent = await client.post('/auth/generate-login-otp', { emailOrPhone: user.email });
    expect(sent).toMatchObject({ status: 200, body: { sendStatus: true } });
    const otp = await codeMailedTo(smtp.mails, user.email);
    const res = await client.post('/auth/verify-login-otp', { emailOrPhone: user.email, otp });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: user.email, emailVerified: true });
    expect((await client.get('/auth/getme')).status).toBe(200);
    const again = await new Client(t.url).post('/auth/verify-login-otp', { emailOrPhone: user.email, otp });
    expect(again.status).toBe(401);
  });

  it('sends a code by SMS webhook to a phone-only account', async () => {
    const phone = phoneNumber();
    await registered({ email: undefined, phone });
    const client = new Client(t.url);
    expect((await client.post('/auth/generate-login-otp', { emailOrPhone: phone })).body).toEqual({
      sendStatus: true,
    });
    const message = smsWebhook.sent.find((m) => m.to === phone)?.message ?? '';
    const otp = message.match(/\d{6}/)?.[0];
    expect(otp).toBeDefined();
    const res = await client.post('/auth/verify-login-otp', { emailOrPhone: phone, otp });
    expect(res.status).toBe(200);
    expect(res.body.phoneVerified).toBe(true);
  });

  it('refuses a second code within 30 seconds', async () => {
    const user = await registered();
    await new Client(t.url).post('/auth/generate-login-otp', { emailOrPhone: user.email });
    const res = await new Client(t.url).post('/auth/generate-login-otp', { emailOrPhone: user.email });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(serverMessages.otpResendTooSoon);
  });

  it('refuses a wrong code, then stops the code after 5 tries', async () => {
    const user = await registered();
    await new Client(t.url).post('/auth/generate-login-otp', { emailOrPhone: user.email });
    const otp = await codeMailedTo(smtp.mails, user.email);
    const wrong = otp === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await new Client(t.url).post('/auth/verify-login-otp', {
        emailOrPhone: user.email,
        otp: wrong,
      });
      statuses.push(res.status);
      if (i === 0) expect(res.body.message).toBe(serverMessages.otpWrong);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const right = await new Client(t.url).post('/auth/verify-login-otp', { emailOrPhone: user.email, otp });
    expect(right.status).not.toBe(200);
  });

  it('refuses an expired code', async () => {
    const user = await registered();
    await new Client(t.url).post('/auth/generate-login-otp', { emailOrPhone: user.email });
    const otp = await codeMailedTo(smtp.mails, user.email);
    const [row] = await t.server.database.db.select().from(users).where(eq(users.email, user.email));
    await t.server.database.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.userId, row!.id));
    const res = await new Client(t.url).post('/auth/verify-login-otp', { emailOrPhone: user.email, otp });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(serverMessages.otpExpired);
  });

  it('answers sendStatus true for an unknown account, revealing nothing, and sends nothing', async () => {
    const before = smtp.mails.length;
    const res = await new Client(t.url).post('/auth/generate-login-otp', {
      emailOrPhone: 'ghost@example.org',
    });
    expect(res.body).toEqual({ sendStatus: true });
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails.length).toBe(before);
  });

  it.each([
    [{ emailOrPhone: 'a@b.c', otp: '12345' }, messages.otp],
    [{ emailOrPhone: 'a@b.c', otp: 'abcdef' }, messages.otp],
    [{ emailOrPhone: 'a@b.c' }, messages.otp],
    [{ emailOrPhone: 'nope', otp: '123456' }, messages.emailOrPhone],
  ])('answers 400 with the SPEC message for %o', async (body, message) => {
    const res = await new Client(t.url).post('/auth/verify-login-otp', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('one-time codes when delivery fails', () => {
  it('answers sendStatus false when the SMTP server cannot be reached', async () => {
    const broken = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const user = newUser();
      await new Client(broken.url).post('/auth/register', user);
      const res = await new Client(broken.url).post('/auth/generate-login-otp', { emailOrPhone: user.email });
      expect(res).toMatchObject({ status: 200, body: { sendStatus: false } });
    } finally {
      await broken.stop();
    }
  });
});
