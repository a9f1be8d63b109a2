import type { FastifyInstance } from 'fastify';
import {
  INGESTION_PROGRESS_PATH,
  ingestionProgressBody,
  type IngestionProgress,
} from '../../../shared/admin/progress';
import type { Db } from '../../db/client';
import { requireAdmin } from '../../http/admin-guard';
import { parseBody } from '../../http/errors';
import { findSourceIn } from '../sources';
import { queueProgress } from './counts';
import { nextRun } from './schedule';

export interface ProgressDeps {
  db: Db;
}

/** The Data tab's live progress (issue 14 item 5), polled while anything is pending or started. */
export function registerProgressRoutes(app: FastifyInstance, deps: ProgressDeps): void {
  app.post(INGESTION_PROGRESS_PATH, async (request, reply): Promise<IngestionProgress> => {
    const auth = await requireAdmin(deps.db, request);
    const body = parseBody(ingestionProgressBody, request.body);
    const projects = auth.user.isAdminFor;
    const sourceId = body.source ? (await findSourceIn(deps.db, body.source, projects)).id : undefined;
    reply.header('cache-control', 'no-store');
    const [queue, next] = await Promise.all([queueProgress(deps.db, projects, sourceId), nextRun(deps.db)]);
    return {
      ...queue,
      nextRunAt: next.nextRunAt?.toISOString() ?? null,
      intervalSeconds: next.intervalSeconds,
    };
  });
}
