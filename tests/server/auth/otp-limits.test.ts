import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeMessage } from '../../../src/server/auth/delivery';
import { serverMessages } from '../../../src/shared/messages';
import { Client, newUser } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';

/** Like a mail server: each code takes this long to hand over. */
const DELIVERY_MS = 150;
const sent: CodeMessage[] = [];

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(
    { TRUST_PROXY: '1', AUTH_SLOWDOWN_MS: '0' },
    {
      deliverCode: async (message) => {
        await new Promise((resolve) => setTimeout(resolve, DELIVERY_MS));
        sent.push(message);
        return true;
      },
    },
  );
});
afterAll(() => t.stop());

let nextAddress = 0;
const address = () => {
  nextAddress += 1;
  return `198.51.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
};
const from = (ip: string) => ({ 'x-forwarded-for': ip });

async function registered() {
  const user = newUser();
  expect((await new Client(t.url).post('/auth/register', user, from(address()))).status).toBe(201);
  return user;
}
const ghost = () => newUser().email; // an identifier with no account

const ask = (emailOrPhone: string, ip: string, client = new Client(t.url)) =>
  client.post('/auth/generate-login-otp', { emailOrPhone }, from(ip));
const check = (emailOrPhone: string, otp: string, ip: string, client = new Client(t.url)) =>
  client.post('/auth/verify-login-otp', { emailOrPhone, otp }, from(ip));
const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });
const codeSentTo = (email: string) => [...sent].reverse().find((m) => m.to === email)?.code ?? '';
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('one-time codes tell nobody who has an account', () => {
  it('asking twice within 30 s answers the same for a real and an unknown account', async () => {
    const real = (await registered()).email;
    const unknown = ghost();
    const ip = address();
    expect(answer(await ask(real, ip))).toEqual(answer(await ask(unknown, ip)));
    const again = [answer(await ask(real, ip)), answer(await ask(unknown, ip))];
    expect(again[0]).toEqual({ status: 429, body: { message: serverMessages.otpResendTooSoon } });
    expect(again[1]).toEqual(again[0]);
  });

  it('checking with no code outstanding answers the same for both', async () => {
    const real = (await registered()).email;
    const ip = address();
    const answers = [answer(await check(real, '123456', ip)), answer(await check(ghost(), '123456', ip))];
    expect(answers[0]).toEqual({ status: 401, body: { message: serverMessages.otpNone } });
    expect(answers[1]).toEqual(answers[0]);
  });

  it('checking a wrong code after asking answers the same for both, up to the last try', async () => {
    const real = (await registered()).email;
    const unknown = ghost();
    const ip = address();
    await ask(real, ip);
    await ask(unknown, ip);
    const wrong = wrongFor(codeSentTo(real));
    for (let i = 0; i < 5; i++) {
      expect(answer(await check(unknown, wrong, ip))).toEqual(answer(await check(real, wrong, ip)));
    }
  });

  it('asking takes about as long for an unknown account as for a real one', async () => {
    const ip = () => address();
    // The server learns how long a delivery takes from real ones.
    for (let i = 0; i < 3; i++) await ask((await registered()).email, ip());
    const timings = { real: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 6; i++) {
      const real = (await registered()).email;
      let started = performance.now();
      await ask(real, ip());
      timings.real.push(performance.now() - started);
      started = performance.now();
      await ask(ghost(), ip());
      timings.unknown.push(performance.now() - started);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    // Without the wait, an unknown account would answer DELIVERY_MS sooner.
    expect(Math.abs(median(timings.real) - median(timings.unknown))).toBeLessThan(DELIVERY_MS / 2);
  });
});

describe('one-time codes under parallel guesses and strangers', () => {
  it('counts at most 5 tries of 20 wrong codes sent at once; the right one then fails', async () => {
    const user = await registered();
    const ip = address();
    await ask(user.email, ip);
    const code = codeSentTo(user.email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => check(user.email, wrongFor(code), ip)),
    );
    // Compared with the code: 'incorrect' up to the 4th try, 'too many' at the 5th. The others
    // were refused before any comparison (no tries left, or the code already stopped).
    const compared = answers.filter((r) => r.body.message === serverMessages.otpWrong);
    expect(compared.length).toBeLessThanOrEqual(4);
    expect(answers.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    expect((await check(user.email, code, ip)).status).not.toBe(200);
  });

  it("a stranger's wrong guesses and requests do not stop the owner's code", async () => {
    const user = await registered();
    const home = address();
    const ownBrowser = new Client(t.url);
    const signedIn = await ownBrowser.post(
      '/auth/login',
      { emailOrPhone: user.email, password: user.password },
      from(home),
    );
    expect(signedIn.status).toBe(200);

    // The owner asks at home; then strangers ask for codes of their own and guess from elsewhere.
    expect((await ask(user.email, home, ownBrowser)).body).toEqual({ sendStatus: true });
    const code = codeSentTo(user.email);
    expect((await ask(user.email, address())).status).toBe(200);
    const stranger = address();
    for (let i = 0; i < 8; i++) expect((await check(user.email, wrongFor(code), stranger)).status).toBe(401);
    // From 20 more addresses: the account's allowance for new places (15 an hour) runs out.
    const asked = await Promise.all(Array.from({ length: 20 }, () => ask(user.email, address())));
    expect(asked.some((r) => r.status === 429)).toBe(true);
    // None of it replaced or used up the owner's code.
    expect((await check(user.email, code, home, ownBrowser)).status).toBe(200);
  });
});
