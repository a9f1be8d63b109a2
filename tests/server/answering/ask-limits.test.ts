import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAskLimits, type AskLimits } from '../../../src/server/answering/ask-limits';

/**
 * The limits in a real Redis (the PostgreSQL pass of `.ci/run` starts one): two stores opened
 * side by side stand for two web processes, and what one counts or holds the other sees.
 */
describe.skipIf(!process.env.REDIS_URL)('ask limits in Redis, shared by two processes', () => {
  const log = pino({ level: 'silent' });
  let first: AskLimits;
  let second: AskLimits;
  const key = (name: string) => `test:${randomUUID()}:${name}`;

  beforeAll(async () => {
    first = await openAskLimits(process.env.REDIS_URL, log);
    second = await openAskLimits(process.env.REDIS_URL, log);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('counts uses made through either against one allowance', async () => {
    const asks = key('asks');
    const results = [
      await first.count(asks, 3, 60_000),
      await second.count(asks, 3, 60_000),
      await first.count(asks, 3, 60_000),
      await second.count(asks, 3, 60_000),
    ];
    expect(first.store).toBe('redis');
    expect(results).toEqual([true, true, true, false]);
  });

  it('gives the window an expiry on its first use, so the count starts again', async () => {
    const asks = key('window');
    expect(await first.count(asks, 1, 200)).toBe(true);
    expect(await second.count(asks, 1, 200)).toBe(false);
    const redis = createClient({ url: process.env.REDIS_URL });
    await redis.connect();
    try {
      const ttl = await redis.pTTL(`dish:limits:${asks}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(200);
    } finally {
      await redis.quit();
    }
    await expect.poll(() => second.count(asks, 1, 200), { timeout: 5_000, interval: 100 }).toBe(true);
  });

  it('lets one process hold a session while the other is refused, until released', async () => {
    const session = key('session');
    const release = await first.hold(session);
    expect(release).not.toBeNull();
    expect(await second.hold(session)).toBeNull();
    await release!();
    const again = await second.hold(session);
    expect(again).not.toBeNull();
    await again!();
  });

  it('a release by a holder whose hold was taken over leaves the new holder alone', async () => {
    const session = key('taken-over');
    const release = await first.hold(session);
    // As if the first hold had expired (its process died) and another took the session.
    const redis = createClient({ url: process.env.REDIS_URL });
    await redis.connect();
    try {
      await redis.del(`dish:limits:${session}`);
    } finally {
      await redis.quit();
    }
    const theirs = await second.hold(session);
    expect(theirs).not.toBeNull();
    await release!();
    expect(await first.hold(session)).toBeNull();
    await theirs!();
  });
});
