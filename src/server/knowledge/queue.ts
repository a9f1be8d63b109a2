import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pendingData } from '../db/schema';

export type PendingRow = typeof pendingData.$inferSelect;
export type NewPending = typeof pendingData.$inferInsert;

/** How long a worker may hold an item before another takes it for dead. */
export const LEASE_MS = 10 * 60_000;
/** Tries for a passing failure (a timeout, a refused connection) before the item fails for good. */
export const MAX_ATTEMPTS = 3;
const RETRY_DELAY_MS = 60_000;

export async function enqueue(db: Db, items: NewPending[]): Promise<PendingRow[]> {
  if (items.length === 0) return [];
  return db.insert(pendingData).values(items).returning();
}

/**
 * Takes the oldest due item, or one whose lease ran out, and leases it to the caller.
 * FOR UPDATE SKIP LOCKED: two workers (in one process or many) never take the same item.
 */
export async function claimNext(db: Db, leaseMs = LEASE_MS): Promise<PendingRow | null> {
  await failAbandoned(db);
  const next = sql`(
    SELECT ${pendingData.id} FROM ${pendingData}
    WHERE (${pendingData.status} = 'pending' AND ${pendingData.nextRunAt} <= now())
       OR (${pendingData.status} = 'started' AND ${pendingData.leaseUntil} < now())
    ORDER BY ${pendingData.nextRunAt}, ${pendingData.createdAt}
    LIMIT 1
    FOR UPDATE SKIP LOCKED
  )`;
  const [row] = await db
    .update(pendingData)
    .set({
      status: 'started',
      attempts: sql`${pendingData.attempts} + 1`,
      leaseUntil: sql`now() + ${`${Math.ceil(leaseMs / 1000)} seconds`}::interval`,
      updatedAt: sql`now()`,
    })
    .where(eq(pendingData.id, next))
    .returning();
  return row ?? null;
}

/** Items whose worker died on every one of their tries fail, with a sentence saying so. */
async function failAbandoned(db: Db): Promise<void> {
  await db
    .update(pendingData)
    .set({
      status: 'failed',
      error: `Processing stopped unexpectedly ${MAX_ATTEMPTS} times; the item was given up.`,
      leaseUntil: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(pendingData.status, 'started'),
        lt(pendingData.leaseUntil, sql`now()`),
        sql`${pendingData.attempts} >= ${MAX_ATTEMPTS}`,
      ),
    );
}

/** Keeps a long job's lease alive, so nobody takes it while it is still working. */
export async function extendLease(db: Db, id: string, leaseMs = LEASE_MS): Promise<void> {
  await db
    .update(pendingData)
    .set({ leaseUntil: sql`now() + ${`${Math.ceil(leaseMs / 1000)} seconds`}::interval` })
    .where(and(eq(pendingData.id, id), eq(pendingData.status, 'started')));
}

export async function markCompleted(db: Db, id: string): Promise<void> {
  await db
    .update(pendingData)
    .set({ status: 'completed', error: null, leaseUntil: null, updatedAt: sql`now()` })
    .where(eq(pendingData.id, id));
}

/**
 * A permanent failure (bad file, refused address) fails at once; a passing one goes back to
 * the queue with a delay until it has had MAX_ATTEMPTS tries.
 */
export async function markFailed(db: Db, item: PendingRow, error: string, permanent: boolean): Promise<void> {
  const retry = !permanent && item.attempts < MAX_ATTEMPTS;
  await db
    .update(pendingData)
    .set({
      status: retry ? 'pending' : 'failed',
      error: error.slice(0, 2000),
      leaseUntil: null,
      nextRunAt: retry
        ? new Date(Date.now() + RETRY_DELAY_MS * item.attempts)
        : sql`${pendingData.nextRunAt}`,
      updatedAt: sql`now()`,
    })
    .where(eq(pendingData.id, item.id));
}

/**
 * Web sites change: completed web items older than `olderThanMs` go back to the queue. Their
 * re-crawl sends conditional requests, so unchanged pages cost a 304 and no re-indexing.
 */
export async function requeueStaleCrawls(db: Db, olderThanMs: number): Promise<number> {
  const stale = await db
    .select({ id: pendingData.id })
    .from(pendingData)
    .where(
      and(
        eq(pendingData.dataType, 'web'),
        eq(pendingData.status, 'completed'),
        lt(pendingData.updatedAt, new Date(Date.now() - olderThanMs)),
      ),
    );
  if (stale.length === 0) return 0;
  await db
    .update(pendingData)
    .set({ status: 'pending', attempts: 0, nextRunAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      inArray(
        pendingData.id,
        stale.map((s) => s.id),
      ),
    );
  return stale.length;
}
