import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pendingData } from '../db/schema';

export type PendingRow = typeof pendingData.$inferSelect;
export type NewPending = typeof pendingData.$inferInsert;

/**
 * How long a worker holds an item without renewing its lease. A live worker renews it every
 * third of this (a heartbeat, worker.ts), so a dead worker's item is free again this soon after.
 */
export const LEASE_MS = 30_000;
/** Tries for a passing failure (a timeout, a refused connection) before the item fails for good. */
export const MAX_ATTEMPTS = 3;
const RETRY_DELAY_MS = 60_000;
/** What an uploaded or fetched file's item says once reading it killed its worker (or server) every try. */
export const UNSAFE_FILE_MESSAGE = 'This file could not be processed safely';
/** Items whose work is reading a file's bytes; the others fetch from the web. */
const FILE_TYPES = ['pdf', 'doc', 'xml_db'] as const;

export interface Lease {
  ms: number;
  /** The server process taking the item (lease_owner), so that it can take its own items back after a restart. */
  owner: string;
}

export async function enqueue(db: Db, items: NewPending[]): Promise<PendingRow[]> {
  if (items.length === 0) return [];
  return db.insert(pendingData).values(items).returning();
}

/**
 * Takes the oldest due item, or one whose lease ran out, and leases it to the caller.
 * FOR UPDATE SKIP LOCKED: two workers (in one process or many) never take the same item.
 */
export async function claimNext(
  db: Db,
  lease: Lease = { ms: LEASE_MS, owner: 'unknown' },
): Promise<PendingRow | null> {
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
      // Counted before the work starts, so that a try that takes the whole process down counts too.
      attempts: sql`${pendingData.attempts} + 1`,
      leaseUntil: leaseEnd(lease.ms),
      leaseOwner: lease.owner,
      ...NO_STAGE,
      updatedAt: sql`now()`,
    })
    .where(eq(pendingData.id, next))
    .returning();
  return row ?? null;
}

/** A try starts, or ends well, with no stage: a failed one keeps the stage it failed in. */
const NO_STAGE = { stage: null, stageDone: null, stageTotal: null, stageStartedAt: null };

const leaseEnd = (ms: number) => sql`now() + ${`${Math.max(1, Math.ceil(ms / 1000))} seconds`}::interval`;

/**
 * Items whose worker died on every one of their tries fail, with a sentence saying so: never a
 * crash loop, even when the item is what killed the process.
 */
async function failAbandoned(db: Db): Promise<void> {
  const abandoned = and(
    eq(pendingData.status, 'started'),
    lt(pendingData.leaseUntil, sql`now()`),
    sql`${pendingData.attempts} >= ${MAX_ATTEMPTS}`,
  );
  await db
    .update(pendingData)
    .set({
      status: 'failed',
      error: sql`CASE WHEN ${inArray(pendingData.dataType, [...FILE_TYPES])} THEN ${UNSAFE_FILE_MESSAGE}::text
        ELSE ${`Processing stopped unexpectedly ${MAX_ATTEMPTS} times; the item was given up.`}::text END`,
      leaseUntil: null,
      updatedAt: sql`now()`,
    })
    .where(abandoned);
}

/**
 * The heartbeat: keeps the lease of an item in work, so nobody takes it while its worker lives.
 * False when the item is no longer this owner's (another took it, or it was deleted).
 */
export async function extendLease(db: Db, id: string, lease: Lease): Promise<boolean> {
  const rows = await db
    .update(pendingData)
    .set({ leaseUntil: leaseEnd(lease.ms) })
    .where(
      and(eq(pendingData.id, id), eq(pendingData.status, 'started'), eq(pendingData.leaseOwner, lease.owner)),
    )
    .returning({ id: pendingData.id });
  return rows.length > 0;
}

/**
 * At start: the items this server process held when it stopped are free again at once (their
 * worker is gone with the old process), instead of after their lease. `owner` null frees every
 * started item, for a database no other process uses (PGlite). Returns how many.
 */
export async function releaseLeases(db: Db, owner: string | null): Promise<number> {
  const rows = await db
    .update(pendingData)
    .set({ leaseUntil: sql`now() - interval '1 second'` })
    .where(
      and(eq(pendingData.status, 'started'), owner === null ? undefined : eq(pendingData.leaseOwner, owner)),
    )
    .returning({ id: pendingData.id });
  return rows.length;
}

/** Whether some started item's lease ran out, i.e. its worker died and nobody took it back yet. */
export async function hasExpiredLease(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: pendingData.id })
    .from(pendingData)
    .where(and(eq(pendingData.status, 'started'), lt(pendingData.leaseUntil, sql`now()`)))
    .limit(1);
  return rows.length > 0;
}

/**
 * The version of what reads uploaded files (PDF, Word, spreadsheets, text): raised whenever their
 * text or title changes for the same file (1, 2026-11-26: words split by the layout joined, titles
 * that are not section headings; 2, 2026-12-02: also a word split by a blank line; 3, 2026-12-02:
 * a PDF's text on a new baseline starts a new line; 4, 2026-12-03: a saved web page's row header
 * ends with ':'), so that every kept file is read again at the next run.
 */
export const FILE_READERS_VERSION = 4;

export async function markCompleted(db: Db, id: string): Promise<void> {
  await db
    .update(pendingData)
    .set({
      status: 'completed',
      error: null,
      leaseUntil: null,
      ...NO_STAGE,
      readWith: FILE_READERS_VERSION,
      updatedAt: sql`now()`,
    })
    .where(eq(pendingData.id, id));
}

/**
 * Uploaded files read by an earlier version of the readers go back to the queue; the next run
 * reads them again and re-indexes those whose text changed (the rest are left as they are).
 */
export async function requeueOutdatedReadings(db: Db): Promise<number> {
  const outdated = await db
    .update(pendingData)
    .set({ status: 'pending', attempts: 0, nextRunAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        inArray(pendingData.dataType, ['pdf', 'doc']),
        eq(pendingData.status, 'completed'),
        isNotNull(pendingData.fileId),
        lt(pendingData.readWith, FILE_READERS_VERSION),
      ),
    )
    .returning({ id: pendingData.id });
  return outdated.length;
}

/**
 * A permanent failure (bad file, refused address) fails at once; a passing one goes back to
 * the queue with a delay until it has had MAX_ATTEMPTS tries.
 */
export async function markFailed(
  db: Db,
  item: PendingRow,
  error: string,
  permanent: boolean,
  retryDelayMs = RETRY_DELAY_MS * item.attempts,
): Promise<void> {
  const retry = !permanent && item.attempts < MAX_ATTEMPTS;
  await db
    .update(pendingData)
    .set({
      status: retry ? 'pending' : 'failed',
      error: error.slice(0, 2000),
      leaseUntil: null,
      nextRunAt: retry ? new Date(Date.now() + retryDelayMs) : sql`${pendingData.nextRunAt}`,
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
