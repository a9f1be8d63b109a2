import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { IngestionWorker } from './worker';

/** Tells the processes that work the ingestion queue that there is work now ("Process Now"). */
export interface QueueWake {
  wake(): void;
  close(): Promise<void>;
}

/**
 * "Process Now" reaches every process that works the queue: this one's worker at once (when it
 * has one), and, on PostgreSQL, the others through a notice (LISTEN/NOTIFY), so that a web
 * process without a worker of its own still starts the work. A process with a worker listens.
 */
export async function queueWake(
  database: Database,
  worker: IngestionWorker | null,
  log: FastifyBaseLogger,
): Promise<QueueWake> {
  const { notices } = database;
  const stopListening =
    worker && notices ? await notices.listen('dish_ingest', () => void worker.runNow(), log) : undefined;
  return {
    wake() {
      if (worker) void worker.runNow();
      notices?.notify('dish_ingest').catch((error: unknown) => {
        log.error({ err: error }, 'the ingestion workers could not be told of new work');
      });
    },
    close: async () => stopListening?.(),
  };
}
