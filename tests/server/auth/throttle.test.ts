import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../../src/shared/messages';
import { Client, newUser } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';

// A server of its own: these tests use up the allowance of the one address all test requests share.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ AUTH_MAX_FAILURES: '2', AUTH_SLOWDOWN_MS: '400' });
});
afterAll(() => t.stop());

const login = (emailOrPhone: string, password: string) =>
  new Client(t.url).post('/auth/login', { emailOrPhone, password });

describe('sign-in throttling by address', () => {
  it('slows down repeated failures from one address, then refuses every identifier from it', async () => {
    const user = newUser();
    expect((await new Client(t.url).post('/auth/register', user)).status).toBe(201);

    // The address allowance is three times the identifier's: 6 failures over 6 identifiers.
    const started: number[] = [];
    for (let i = 0; i < 6; i++) {
      const before = Date.now();
      const res = await login(`stranger${i}@example.org`, 'wrong password');
      started.push(Date.now() - before);
      expect(res.status).toBe(401);
    }
    // From the fourth failure on, each answer waits at least the configured slow-down.
    expect(Math.min(...started.slice(3))).toBeGreaterThanOrEqual(400);

    // Now even a right password for an untouched account is refused from this address.
    const res = await login(user.email, user.password);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(serverMessages.tooManyAttempts);
  });

  it('throttles one-time code checks apart from password sign-in', async () => {
    const user = newUser();
    expect((await new Client(t.url).post('/auth/register', user)).status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await new Client(t.url).post('/auth/verify-login-otp', {
        emailOrPhone: user.email,
        otp: '123456',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });
});
