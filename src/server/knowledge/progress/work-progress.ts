import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WorkStage } from '../../../shared/admin/progress';
import type { Db } from '../../db/client';
import { pendingData } from '../../db/schema';
import { throttledWrites } from './throttled-writes';

/** Where an item's work is: its stage, and units of it done of a total (null while unknown). */
export interface StageProgress {
  stage: WorkStage;
  done: number;
  total: number | null;
}

export type ReportProgress = (progress: StageProgress) => void;

/** How a failure reads in the Error column: the stage it happened in, then why (issue 34 item 5). */
const FAILED_WHILE: Record<WorkStage, string> = {
  reading: 'Reading the file failed',
  fetching: 'Fetching it failed',
  crawling: 'Crawling the site failed',
  embedding: 'Indexing its passages failed',
  saving: 'Saving its passages failed',
};

export function failureMessage(stage: WorkStage | null, reason: string): string {
  return stage ? `${FAILED_WHILE[stage]}: ${reason}` : reason;
}

/**
 * Writes an item's stage and counts onto its pending row as its work goes (issue 34 item 5). A
 * new stage is written at once, with the database's time as its start (the time left is told
 * from it, by whichever process reads it), and so is its total once known; counts within a stage
 * at most twice a second.
 */
export function workProgressWriter(db: Db, pendingId: string, log: FastifyBaseLogger) {
  let stage: WorkStage | null = null;
  /** The current stage's total has been written. */
  let totalShown = false;
  const writes = throttledWrites<StageProgress & { fresh: boolean }>(
    ({ stage: now, done, total, fresh }) =>
      db
        .update(pendingData)
        .set({
          stage: now,
          stageDone: done,
          stageTotal: total,
          ...(fresh ? { stageStartedAt: sql`now()` } : {}),
        })
        .where(eq(pendingData.id, pendingId)),
    (error) => log.warn({ err: error, pendingId }, 'could not record the progress of an item'),
  );
  return {
    report: ((progress) => {
      const fresh = progress.stage !== stage;
      if (fresh) totalShown = false;
      // The total, once known (a PDF's page count), is shown at once too.
      const firstTotal = !totalShown && progress.total !== null;
      if (firstTotal) totalShown = true;
      stage = progress.stage;
      writes.report({ ...progress, fresh }, { now: fresh || firstTotal });
    }) satisfies ReportProgress,
    /** The stage the work is in (or last was in), for a failure's message. */
    get stage(): WorkStage | null {
      return stage;
    },
    /** The work ended: its last counts are written now. */
    end: () => writes.end(),
  };
}
