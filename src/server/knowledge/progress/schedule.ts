import { eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ingestionSchedule } from '../../db/schema';

/** A process with a schedule says when its next run starts (at its start and at each run). */
export async function recordNextRun(db: Db, owner: string, intervalMs: number): Promise<void> {
  const row = {
    nextRunAt: new Date(Date.now() + intervalMs),
    intervalSeconds: Math.round(intervalMs / 1000),
  };
  await db
    .insert(ingestionSchedule)
    .values({ owner, ...row })
    .onConflictDoUpdate({ target: ingestionSchedule.owner, set: row });
}

/** A process that stops takes its schedule away. */
export async function forgetSchedule(db: Db, owner: string): Promise<void> {
  await db.delete(ingestionSchedule).where(eq(ingestionSchedule.owner, owner));
}

/**
 * The next scheduled run of any process, and its interval; none (null, 0) when no process works
 * the queue on a schedule. A process that died leaves a time that soon passes and is ignored.
 */
export async function nextRun(db: Db): Promise<{ nextRunAt: Date | null; intervalSeconds: number }> {
  const [next] = await db
    .select({ nextRunAt: ingestionSchedule.nextRunAt, intervalSeconds: ingestionSchedule.intervalSeconds })
    .from(ingestionSchedule)
    .where(gt(ingestionSchedule.nextRunAt, sql`now()`))
    .orderBy(ingestionSchedule.nextRunAt)
    .limit(1);
  return next ?? { nextRunAt: null, intervalSeconds: 0 };
}
