import type { FastifyInstance } from 'fastify';
import type { ModelStatus } from '../../shared/admin/models';
import type { Database } from '../db/client';
import { modelsDownloading } from '../models/routes';
import { registerHealthRoutes, type ReadinessCheck } from '../http/readiness';

/**
 * /api/health and /api/ready of a process, the web one or an ingestion worker: it is not ready
 * once it starts to stop, without its database, or while one of its models downloads; `checks`
 * are the other parts it needs (Redis, where processes share one).
 */
export function registerProcessHealth(
  app: FastifyInstance,
  database: Database,
  options: {
    /** True from the moment the process starts to stop. */
    stopping: () => boolean;
    models: () => ModelStatus[];
    checks?: Record<string, ReadinessCheck>;
  },
): void {
  registerHealthRoutes(app, {
    database,
    stopping: options.stopping,
    log: app.log,
    checks: { ...options.checks, models: () => modelsDownloading(options.models()) },
  });
}
