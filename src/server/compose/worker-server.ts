import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { openProcessDatabase } from './database';
import { registerProcessHealth } from './health';
import { createIngestion } from '../knowledge/ingestion';
import { openSearchIndex } from '../knowledge/index/open';
import { queueWake } from '../knowledge/wake';
import type { IngestionWorker } from '../knowledge/worker';
import { createFastify } from '../http/fastify';

export interface WorkerServer {
  app: FastifyInstance;
  worker: IngestionWorker;
  close(): Promise<void>;
}

/**
 * A process of ROLE=worker: it works the ingestion queue of the shared PostgreSQL database (on
 * its schedule, and at once when a web process says "Process Now") and serves people nothing;
 * its HTTP port answers only /api/health and /api/ready, for the supervisor and the load balancer.
 */
export async function createWorkerServer(config: Config): Promise<WorkerServer> {
  const app = createFastify(config);
  const database = await openProcessDatabase(config, app.log);
  const { db } = database;
  const search = await openSearchIndex(config, db, app.log);
  const ingestion = createIngestion(config, {
    db,
    index: search.index,
    log: app.log,
    databaseKind: database.kind,
  });
  const queue = await queueWake(database, ingestion.worker, app.log);
  let closing: Promise<void> | undefined;
  registerProcessHealth(app, database, {
    stopping: () => closing !== undefined,
    models: () => [search.modelStatus()],
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ message: 'This process works the ingestion queue and serves nothing else.' }),
  );
  ingestion.worker.start();
  return {
    app,
    worker: ingestion.worker,
    close: () =>
      (closing ??= (async () => {
        await app.close();
        await queue.close();
        await ingestion.stop();
        await search.close();
        await database.close();
      })()),
  };
}
