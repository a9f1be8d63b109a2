import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

/**
 * The limits on asking that must hold across every web process: how many questions one person may
 * ask in a window, and one question at a time per chat session. With REDIS_URL they are counted in
 * Redis, which every process behind the load balancer shares; without it (one process) in memory.
 * Both keep the same rules, so a test of one is a test of the other.
 */
export interface AskLimits {
  /**
   * Counts one use of `key`: true while at most `max` uses fell in the current window of
   * `windowMs` (a fixed window starting at the key's first use), false beyond.
   */
  count(key: string, max: number, windowMs: number): Promise<boolean>;
  /**
   * Takes `key` for the caller alone: a release function (calling it again does nothing), or
   * null while someone else holds it. A holder that dies without releasing (a killed process)
   * frees the key within a minute.
   */
  hold(key: string): Promise<(() => Promise<void>) | null>;
  /** Which store counts ('redis' or 'memory'), for the start-up log. */
  readonly store: 'redis' | 'memory';
  close(): Promise<void>;
}

/** A held key lives this long unless renewed; the holder renews it every third of that. */
export const HOLD_MS = 60_000;
const PREFIX = 'dish:limits:';

/** The Redis store when `redisUrl` is given, else the memory one. */
export async function openAskLimits(
  redisUrl: string | undefined,
  log: FastifyBaseLogger,
): Promise<AskLimits> {
  return redisUrl ? redisAskLimits(redisUrl, log) : memoryAskLimits();
}

export function memoryAskLimits(now: () => number = Date.now): AskLimits {
  const windows = new Map<string, { n: number; until: number }>();
  const held = new Map<string, symbol>();
  let lastSwept = now();
  return {
    store: 'memory',
    count(key, max, windowMs) {
      const at = now();
      // Expired windows are dropped once a minute, so the map holds only recent askers.
      if (at - lastSwept > 60_000) {
        lastSwept = at;
        for (const [k, w] of windows) if (w.until <= at) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.until <= at) windows.set(key, (window = { n: 0, until: at + windowMs }));
      window.n++;
      return Promise.resolve(window.n <= max);
    },
    hold(key) {
      if (held.has(key)) return Promise.resolve(null);
      const token = Symbol(key);
      held.set(key, token);
      return Promise.resolve(() => {
        if (held.get(key) === token) held.delete(key);
        return Promise.resolve();
      });
    },
    close: () => Promise.resolve(),
  };
}

/** INCR and, on the window's first use, PEXPIRE: one script, so no key is left without expiry. */
const COUNT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;
/** Deletes or renews a held key only while it is still the caller's (its token). */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;

async function redisAskLimits(url: string, log: FastifyBaseLogger): Promise<AskLimits> {
  // Without the offline queue a command fails at once while Redis is away, instead of waiting.
  const client = createClient({ url, disableOfflineQueue: true });
  client.on('error', (err: unknown) => log.error({ err }, 'redis error (limits)'));
  await client.connect();
  // Redis away must not stop people from asking: a failed count or hold lets the question through.
  const failOpen = (error: unknown, what: string) =>
    log.warn({ err: error }, `limits: Redis did not answer (${what}); the question goes ahead`);

  return {
    store: 'redis',
    async count(key, max, windowMs) {
      try {
        const n = await client.eval(COUNT, { keys: [PREFIX + key], arguments: [String(windowMs)] });
        return Number(n) <= max;
      } catch (error) {
        failOpen(error, 'count');
        return true;
      }
    },
    async hold(key) {
      const token = randomUUID();
      const name = PREFIX + key;
      try {
        const taken = await client.set(name, token, {
          condition: 'NX',
          expiration: { type: 'PX', value: HOLD_MS },
        });
        if (taken === null) return null;
      } catch (error) {
        failOpen(error, 'hold');
        return () => Promise.resolve();
      }
      // Renewed while held, so a long answer keeps it and a dead process's expires.
      const renew = setInterval(() => {
        client
          .eval(RENEW, { keys: [name], arguments: [token, String(HOLD_MS)] })
          .catch((error: unknown) => log.warn({ err: error }, 'limits: a hold was not renewed'));
      }, HOLD_MS / 3);
      renew.unref();
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        clearInterval(renew);
        await client
          .eval(RELEASE, { keys: [name], arguments: [token] })
          .catch((error: unknown) => log.warn({ err: error }, 'limits: a hold was not released'));
      };
    },
    async close() {
      await client.quit().catch(() => undefined);
    },
  };
}
