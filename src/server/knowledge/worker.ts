import type { FastifyBaseLogger } from 'fastify';
import { ConnectorError } from './connectors/types';
import { processItem, type ProcessorDeps } from './processor';
import { claimNext, markCompleted, markFailed, requeueStaleCrawls } from './queue';

/**
 * Works through the queue on a schedule ("the next DB update") and at once when forced. One
 * item at a time per process: the machines are small and crawls should be polite. Requests that
 * queue work never wait for it.
 */
export class IngestionWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly deps: ProcessorDeps & { log: FastifyBaseLogger },
    private readonly intervalMs: number,
    /** Age after which a crawled site is crawled again; 0 never. */
    private readonly recrawlMs = 0,
  ) {}

  start(): void {
    if (this.intervalMs > 0) this.timer = setInterval(() => void this.scheduledRun(), this.intervalMs);
  }

  /** The scheduled "DB update": sites due for a re-crawl are queued, then the queue is worked through. */
  async scheduledRun(): Promise<number> {
    if (this.recrawlMs > 0) {
      const queued = await requeueStaleCrawls(this.deps.db, this.recrawlMs).catch((error: unknown) => {
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
      const item = await claimNext(this.deps.db);
      if (!item) break;
      done += 1;
      const log = this.deps.log.child({ pendingId: item.id, dataType: item.dataType });
      try {
        const result = await processItem(this.deps, item);
        await markCompleted(this.deps.db, item.id);
        log.info(result, 'item ingested');
      } catch (error) {
        // An explained failure is final, unless it says a later try may work (YouTube's rate limit).
        const permanent = error instanceof ConnectorError && !(error as { retryable?: boolean }).retryable;
        const message = error instanceof Error ? error.message : String(error);
        if (!permanent) log.warn({ err: error }, 'item failed; it will be tried again');
        else log.info({ error: message }, 'item failed');
        await markFailed(this.deps.db, item, message, permanent).catch((e: unknown) =>
          log.error({ err: e }, 'could not record the failure'),
        );
      }
    }
    return done;
  }

  /** Stops the schedule and waits for the item in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }
}
