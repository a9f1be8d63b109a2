import type { FastifyInstance } from 'fastify';
import { routes } from '../../../shared/api/routes';
import type { Db } from '../../db/client';
import { requireAdmin } from '../../http/admin-guard';
import { route } from '../../http/typed-route';
import { findSourceIn } from '../sources';
import { queueProgress } from './counts';
import { nextRun } from './schedule';

export interface ProgressDeps {
  db: Db;
}

/** The Data tab's live progress (issue 14 item 5), polled while anything is pending or started. */
export function registerProgressRoutes(app: FastifyInstance, deps: ProgressDeps): void {
  route(app, routes.getIngestionProgress, async ({ request, reply, body: read }) => {
    const auth = await requireAdmin(deps.db, request);
    const body = read();
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
