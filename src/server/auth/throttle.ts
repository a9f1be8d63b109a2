import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authThrottle } from '../db/schema';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
const FREE_FAILURES = 3;
const MAX_DELAY_MS = 4000;

export interface ThrottlePolicy {
  maxFailures: number;
  slowdownMs: number;
}

/** Delay before answering after `failures` recent failures: none for the first few, then doubling. */
export function slowdownFor(failures: number, baseMs: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(baseMs * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
}

/**
 * Failure counting for one action (sign-in or code check) by identifier and by address.
 * An address gets three times the identifier's allowance, as several people may share one.
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly action: string,
    private readonly policy: ThrottlePolicy,
  ) {}

  private keys(identifier: string, address: string) {
    return [
      { key: `${this.action}:id:${identifier}`, limit: this.policy.maxFailures },
      { key: `${this.action}:ip:${address}`, limit: this.policy.maxFailures * 3 },
    ];
  }

  private async failures(key: string): Promise<number> {
    const [row] = await this.db.select().from(authThrottle).where(eq(authThrottle.key, key));
    if (!row || Date.now() - row.windowStartedAt.getTime() > THROTTLE_WINDOW_MS) return 0;
    return row.failures;
  }

  /** 'refuse' once a limit is reached; otherwise how long to wait before checking the attempt. */
  async check(identifier: string, address: string): Promise<{ refuse: boolean; delayMs: number }> {
    let delayMs = 0;
    for (const { key, limit } of this.keys(identifier, address)) {
      const failures = await this.failures(key);
      if (failures >= limit) return { refuse: true, delayMs: 0 };
      delayMs = Math.max(delayMs, slowdownFor(failures, this.policy.slowdownMs));
    }
    return { refuse: false, delayMs };
  }

  async recordFailure(identifier: string, address: string): Promise<void> {
    const windowStart = sql`${new Date(Date.now() - THROTTLE_WINDOW_MS).toISOString()}::timestamptz`;
    for (const { key } of this.keys(identifier, address)) {
      // A stale window starts over at one failure; a live one counts up.
      await this.db
        .insert(authThrottle)
        .values({ key, failures: 1, windowStartedAt: new Date() })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: {
            failures: sql`CASE WHEN ${authThrottle.windowStartedAt} < ${windowStart} THEN 1 ELSE ${authThrottle.failures} + 1 END`,
            windowStartedAt: sql`CASE WHEN ${authThrottle.windowStartedAt} < ${windowStart} THEN now() ELSE ${authThrottle.windowStartedAt} END`,
          },
        });
    }
  }

  /** A success forgives the identifier, not the address. */
  async reset(identifier: string): Promise<void> {
    await this.db.delete(authThrottle).where(eq(authThrottle.key, `${this.action}:id:${identifier}`));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
