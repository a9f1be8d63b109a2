import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authThrottle } from '../db/schema';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
const FREE_FAILURES = 3;
const MAX_DELAY_MS = 4000;
const PRUNE_CHANCE = 0.01;

/** Delay before answering after `failures` recent failures: none for the first few, then doubling. */
export function slowdownFor(failures: number, baseMs: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(baseMs * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
}

/**
 * One counter an attempt is counted against. After a success, a `forgive` counter is cleared (the
 * place proved itself) and a `refund` counter takes the attempt back (an address or an account
 * shared by many should not fill up with successes).
 */
export interface Counter {
  key: string;
  limit: number;
  afterSuccess: 'forgive' | 'refund';
  /** false: past its limit an attempt is slowed down, never refused. */
  refuse?: boolean;
}

export interface Counted {
  /** A counter was past its limit: the attempt must not be checked at all. */
  refused: boolean;
  /** How long to wait before checking it, grown with the failures counted before it. */
  delayMs: number;
}

/** One counter's count in its window, and the milliseconds left of that window. */
export interface WindowCount {
  key: string;
  count: number;
  leftMs: number;
}

/**
 * Counts one against each key in ONE statement (INSERT … ON CONFLICT DO UPDATE … RETURNING), in
 * the counters every server process shares: however many processes and parallel callers, each
 * gets its own count from the database. A key whose window (`windowMs`) has passed starts again
 * at one. The sign-in throttle and the API keys' rate limit both count this way.
 */
export async function countInWindow(
  db: Db,
  keys: readonly string[],
  windowMs: number,
): Promise<WindowCount[]> {
  const stale = sql`${authThrottle.windowStartedAt} < now() - ${sql.raw(`interval '${Math.round(windowMs)} milliseconds'`)}`;
  return db
    .insert(authThrottle)
    .values(keys.map((key) => ({ key, failures: 1, windowStartedAt: sql`now()` })))
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`CASE WHEN ${stale} THEN 1 ELSE ${authThrottle.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${stale} THEN now() ELSE ${authThrottle.windowStartedAt} END`,
      },
    })
    .returning({
      key: authThrottle.key,
      count: authThrottle.failures,
      // By the database's clock, the one the window is kept by.
      leftMs: sql<number>`greatest(0, ${windowMs} - extract(epoch from (now() - ${authThrottle.windowStartedAt})) * 1000)::float8`,
    });
}

/**
 * Counts an attempt against every counter (countInWindow), before anything is checked: however
 * many arrive at once, at most `limit` of them are ever checked.
 */
export async function countAttempt(
  db: Db,
  counters: readonly Counter[],
  windowMs: number,
  slowdownMs = 0,
): Promise<Counted> {
  if (counters.length === 0) return { refused: false, delayMs: 0 };
  const rows = await countInWindow(
    db,
    counters.map(({ key }) => key),
    windowMs,
  );
  // Now and then, counters whose window ended long ago go (no window is longer than an hour).
  if (Math.random() < PRUNE_CHANCE) {
    await db.delete(authThrottle).where(sql`${authThrottle.windowStartedAt} < now() - interval '1 day'`);
  }
  const count = new Map(rows.map((r) => [r.key, r.count]));
  let delayMs = 0;
  for (const { key, limit, refuse = true } of counters) {
    const n = count.get(key) ?? 0;
    if (refuse && n > limit) return { refused: true, delayMs: 0 };
    // A counter that never refuses starts slowing attempts down once its limit is passed.
    const failures = refuse ? n - 1 : n - 1 - limit + FREE_FAILURES;
    delayMs = Math.max(delayMs, slowdownFor(failures, slowdownMs));
  }
  return { refused: false, delayMs };
}

/** After a success: forgiven counters are cleared, refunded ones take this attempt back. */
export async function settleSuccess(db: Db, counters: readonly Counter[]): Promise<void> {
  const forgiven = counters.filter((c) => c.afterSuccess === 'forgive').map((c) => c.key);
  const refunded = counters.filter((c) => c.afterSuccess === 'refund').map((c) => c.key);
  if (forgiven.length) await db.delete(authThrottle).where(inArray(authThrottle.key, forgiven));
  if (refunded.length) {
    await db
      .update(authThrottle)
      .set({ failures: sql`greatest(${authThrottle.failures} - 1, 0)` })
      .where(inArray(authThrottle.key, refunded));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
