import type { FastifyBaseLogger } from 'fastify';
import type { WorkStage } from '../../shared/admin/progress';
import { ConnectorError } from './connectors/types';
import { processItem, type ProcessorDeps } from './processor';
import {
  claimNext,
  extendLease,
  hasExpiredLease,
  markCompleted,
  markFailed,
  MAX_ATTEMPTS,
  releaseLeases,
  requeueOutdatedReadings,
  requeueStaleCrawls,
  UNSAFE_FILE_MESSAGE,
  type Lease,
  type PendingRow,
} from './queue';
import { forgetSchedule, recordNextRun } from './progress/schedule';
import { failureMessage, workProgressWriter } from './progress/work-progress';
import { WorkerKilled } from './sandbox/sandbox';
import { tidyPassages } from './index/passage-upkeep';

export interface WorkerOptions {
  /** Milliseconds between scheduled runs; 0 runs only when forced. */
  intervalMs: number;
  /** Age after which a crawled site is crawled again; 0 never. */
  recrawlMs?: number;
  /** This process's lease on the items it works on. */
  lease: Lease;
  /** No other process works on this database (PGlite): every started item at start was ours. */
  soleWorker: boolean;
}

/**
 * Works through the queue on a schedule ("the next DB update") and at once when forced. One
 * item at a time per process: the machines are small and crawls should be polite. Requests that
 * queue work never wait for it. An item in work has a short lease, renewed while the work lives;
 * an item whose worker died is taken again once its lease runs out, and at once by the same
 * process after a restart.
 */
export class IngestionWorker {
  private timers: NodeJS.Timeout[] = [];
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly deps: ProcessorDeps & { log: FastifyBaseLogger },
    private readonly options: WorkerOptions,
  ) {}

  start(): void {
    const { intervalMs, lease } = this.options;
    if (intervalMs > 0) {
      this.timers.push(setInterval(() => void this.scheduledRun(), intervalMs));
      void this.recordSchedule();
    }
    // Items left by a dead worker of another process are looked for twice per lease.
    this.timers.push(setInterval(() => void this.resumeAbandoned(), lease.ms / 2).unref());
    void this.resumeOwn();
    void this.queueOutdatedReadings();
  }

  /** Files read by earlier readers are read again at the next run (queue.ts, FILE_READERS_VERSION). */
  private async queueOutdatedReadings(): Promise<void> {
    const queued = await requeueOutdatedReadings(this.deps.db).catch((error: unknown) => {
      this.deps.log.error({ err: error }, 'could not queue files to be read again');
      return 0;
    });
    if (queued) this.deps.log.info({ queued }, 'files read by earlier readers queued to be read again');
  }

  /** After a restart, the items this process had in work go on at once. */
  private async resumeOwn(): Promise<void> {
    try {
      const released = await releaseLeases(
        this.deps.db,
        this.options.soleWorker ? null : this.options.lease.owner,
      );
      if (released === 0 || this.stopped) return;
      this.deps.log.info({ released }, 'items left in work by the previous run are taken again');
      void this.runNow();
    } catch (error) {
      this.deps.log.error({ err: error }, 'could not take back the items of the previous run');
    }
  }

  private async resumeAbandoned(): Promise<void> {
    if (this.running || this.stopped) return;
    const found = await hasExpiredLease(this.deps.db).catch(() => false);
    if (found && !this.stopped) void this.runNow();
  }

  /** Says when this process's next scheduled run starts, for the Data tab of any process. */
  private async recordSchedule(): Promise<void> {
    await recordNextRun(this.deps.db, this.options.lease.owner, this.options.intervalMs).catch(
      (error: unknown) =>
        this.deps.log.warn({ err: error }, 'could not record when the next scheduled run starts'),
    );
  }

  /** The scheduled "DB update": sites due for a re-crawl are queued, then the queue is worked through. */
  async scheduledRun(): Promise<number> {
    void this.recordSchedule();
    const recrawlMs = this.options.recrawlMs ?? 0;
    if (recrawlMs > 0) {
      const queued = await requeueStaleCrawls(this.deps.db, recrawlMs).catch((error: unknown) => {
        this.deps.log.error({ err: error }, 'could not queue re-crawls');
        return 0;
      });
      if (queued) this.deps.log.info({ queued }, 'web sources queued for a re-crawl');
    }
    return this.runNow();
  }

  /** Starts a run unless one is going; a run asked for meanwhile follows it. Resolves with the items done. */
  runNow(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.runNow();
      }
    });
    return this.running;
  }

  /** Processes due items until none is left; returns how many it took. */
  private async drain(): Promise<number> {
    let done = 0;
    while (!this.stopped) {
      const item = await claimNext(this.deps.db, this.options.lease);
      if (!item) break;
      done += 1;
      await this.work(item);
    }
    // Passages indexed again leave dead rows in the vector indexes, and how common each word is
    // decides which passages a question ranks (index/term-stats.ts); PostgreSQL's autovacuum
    // would get to both in time, PGlite never does.
    if (done > 0 && !this.stopped) {
      await tidyPassages(this.deps.db).catch((e: unknown) =>
        this.deps.log.warn({ err: e }, 'passage tables not tidied'),
      );
      // The model's scale is measured on the passages: looked at again now, not within the minute.
      await this.deps.index.passagesChanged();
    }
    return done;
  }

  private async work(item: PendingRow): Promise<void> {
    const log = this.deps.log.child({ pendingId: item.id, dataType: item.dataType, attempt: item.attempts });
    const { lease } = this.options;
    const heartbeat = setInterval(() => {
      extendLease(this.deps.db, item.id, lease).catch((e: unknown) =>
        log.warn({ err: e }, 'lease not renewed'),
      );
    }, lease.ms / 3);
    // The admin sees the item's stage and how far it is (issue 34 item 5).
    const progress = workProgressWriter(this.deps.db, item.id, log);
    try {
      const result = await processItem(this.deps, item, progress.report);
      await progress.end();
      await markCompleted(this.deps.db, item.id);
      log.info(result, 'item ingested');
    } catch (error) {
      await progress.end();
      await this.recordFailure(item, error, progress.stage, log).catch((e: unknown) =>
        log.error({ err: e }, 'could not record the failure'),
      );
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async recordFailure(
    item: PendingRow,
    error: unknown,
    stage: WorkStage | null,
    log: FastifyBaseLogger,
  ): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    // Said as where it failed, then why, in the Error column.
    const message = failureMessage(stage, reason);
    if (error instanceof WorkerKilled) {
      // The file killed its reader. Tried again at once (a busy machine may be why), a bounded
      // number of times in all, counting tries that took the whole process down.
      const last = item.attempts >= MAX_ATTEMPTS;
      log.warn({ error: message, last }, 'reading the file killed its worker');
      await markFailed(this.deps.db, item, last ? UNSAFE_FILE_MESSAGE : message, last, 0);
      return;
    }
    // An explained failure is final, unless it says a later try may work (YouTube's rate limit).
    const permanent = error instanceof ConnectorError && !(error as { retryable?: boolean }).retryable;
    if (!permanent) log.warn({ err: error }, 'item failed; it will be tried again');
    else log.info({ error: message }, 'item failed');
    await markFailed(this.deps.db, item, message, permanent);
  }

  /** Stops the schedule and waits for the item in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    if (this.options.intervalMs > 0)
      await forgetSchedule(this.deps.db, this.options.lease.owner).catch(() => undefined);
    await this.running?.catch(() => undefined);
  }
}
