import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../../src/shared/messages';
import { Client, newUser } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';

/**
 * Limits under parallel requests and from several addresses. The server trusts one proxy hop
 * (TRUST_PROXY=1), so each request says its address in X-Forwarded-For as a proxy would.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    TRUST_PROXY: '1',
    AUTH_MAX_FAILURES: '10',
    AUTH_SLOWDOWN_MS: '0',
    AUTH_MAX_REGISTRATIONS: '5',
  });
});
afterAll(() => t.stop());

let nextAddress = 0;
/** A fresh documentation-range address for each use, so tests never share a counter. */
const address = () => {
  nextAddress += 1;
  return `203.0.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
};
let nextNetwork = 0;
/** A fresh /24 of the shared address space: its host numbered as asked. */
const network = () => {
  nextNetwork += 1;
  const prefix = `100.${64 + Math.floor(nextNetwork / 256)}.${nextNetwork % 256}`;
  return (host: number) => `${prefix}.${host}`;
};
const from = (ip: string) => ({ 'x-forwarded-for': ip });

async function registered() {
  const user = newUser();
  expect((await new Client(t.url).post('/auth/register', user, from(address()))).status).toBe(201);
  return user;
}

const login = (emailOrPhone: string, password: string, ip: string, client = new Client(t.url)) =>
  client.post('/auth/login', { emailOrPhone, password }, from(ip));

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('sign-in limits under parallel requests', () => {
  it('checks at most 10 of 30 wrong passwords and the right one sent at once', async () => {
    const user = await registered();
    const ip = address();
    const attempts = [
      ...Array.from({ length: 30 }, () => login(user.email, 'wrong password', ip)),
      login(user.email, user.password, ip),
    ];
    const statuses = (await Promise.all(attempts)).map((r) => r.status);
    // Checked means answered 401 (wrong) or 200 (right); everything else was refused unchecked.
    expect(count(statuses, 401) + count(statuses, 200)).toBeLessThanOrEqual(10);
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(21);
  });

  it('refuses the right password once 30 parallel guesses reached the limit', async () => {
    const user = await registered();
    const ip = address();
    const statuses = (
      await Promise.all(Array.from({ length: 30 }, () => login(user.email, 'wrong password', ip)))
    ).map((r) => r.status);
    expect(count(statuses, 401)).toBe(10);
    expect(count(statuses, 429)).toBe(20);
    const right = await login(user.email, user.password, ip);
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(serverMessages.tooManyAttempts);
  });

  it('answers 429 to 100 parallel failures from one address (30 are checked at most)', async () => {
    const ip = address();
    const statuses = (
      await Promise.all(
        Array.from({ length: 100 }, (_, i) => login(`nobody${i}.${ip}@example.org`, 'wrong password', ip)),
      )
    ).map((r) => r.status);
    expect(count(statuses, 401)).toBeLessThanOrEqual(30);
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(70);
  });

  it('keeps the per-address limit when the leftmost X-Forwarded-For entry changes', async () => {
    const proxySaw = address();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await new Client(t.url).post(
        '/auth/login',
        { emailOrPhone: `someone${i}@example.org`, password: 'wrong password' },
        { 'x-forwarded-for': `10.9.${i}.${i + 1}, ${proxySaw}` },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array<number>(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array<number>(10).fill(429));
  });
});

describe('limits cannot be turned against the owner', () => {
  it('a stranger locking one address leaves the owner free everywhere else', async () => {
    const user = await registered();
    const stranger = address();
    for (let i = 0; i < 11; i++) await login(user.email, 'wrong password', stranger);
    expect((await login(user.email, user.password, stranger)).status).toBe(429);
    expect((await login(user.email, user.password, address())).status).toBe(200);
  });

  it('many strangers on one network lock the account there only, never where the owner signed in before', async () => {
    const user = await registered();
    const home = address();
    const ownBrowser = new Client(t.url);
    expect((await login(user.email, user.password, home, ownBrowser)).status).toBe(200);
    expect(ownBrowser.cookies.has('device')).toBe(true);

    // 40 wrong passwords from 40 addresses of one network: its allowance for the account (30) is gone.
    const net = network();
    await Promise.all(Array.from({ length: 40 }, (_, i) => login(user.email, 'wrong password', net(i + 1))));
    expect((await login(user.email, user.password, net(200))).status).toBe(429);

    // Another network, the owner's usual address, and the owner's browser anywhere still sign in.
    expect((await login(user.email, user.password, network()(1))).status).toBe(200);
    expect((await login(user.email, user.password, home)).status).toBe(200);
    const travelling = new Client(t.url);
    travelling.cookies.set('device', ownBrowser.cookies.get('device') ?? '');
    expect((await login(user.email, user.password, net(201), travelling)).status).toBe(200);
  });

  it('strangers spread over many networks slow the account down but never lock its owner out', async () => {
    const user = await registered();
    await Promise.all(Array.from({ length: 40 }, () => login(user.email, 'wrong password', network()(7))));
    expect((await login(user.email, user.password, network()(7))).status).toBe(200);
  });

  it('a device cookie the account never signed in from does not open the lock', async () => {
    const user = await registered();
    const net = network();
    await Promise.all(Array.from({ length: 40 }, (_, i) => login(user.email, 'wrong password', net(i + 1))));
    const forged = new Client(t.url);
    forged.cookies.set('device', 'made-up-device-token');
    expect((await login(user.email, user.password, net(200), forged)).status).toBe(429);
  });
});

describe('registration limit', () => {
  it('lets one address register 5 accounts an hour, then answers 429; another address goes on', async () => {
    const ip = address();
    for (let i = 0; i < 5; i++) {
      expect((await new Client(t.url).post('/auth/register', newUser(), from(ip))).status).toBe(201);
    }
    const refused = await new Client(t.url).post('/auth/register', newUser(), from(ip));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(serverMessages.tooManyRegistrations);
    expect((await new Client(t.url).post('/auth/register', newUser(), from(address()))).status).toBe(201);
  });

  it('holds under parallel sign-ups from one address', async () => {
    const ip = address();
    const statuses = (
      await Promise.all(
        Array.from({ length: 20 }, () => new Client(t.url).post('/auth/register', newUser(), from(ip))),
      )
    ).map((r) => r.status);
    expect(count(statuses, 201)).toBe(5);
    expect(count(statuses, 429)).toBe(15);
  });
});
