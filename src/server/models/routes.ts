import type { FastifyInstance } from 'fastify';
import type { ModelStatus } from '../../shared/admin/models';
import { routes } from '../../shared/api/routes';
import type { Db } from '../db/client';
import { requireAdmin } from '../http/admin-guard';
import { route } from '../http/typed-route';

/**
 * GET /admin/models: the admin dashboard's Models line. Why a model is unavailable (a missing
 * folder, a failed download) is told here and in the log, never in the chat.
 */
export function registerModelRoutes(app: FastifyInstance, db: Db, models: () => ModelStatus[]): void {
  route(app, routes.getModels, async ({ request, reply }) => {
    await requireAdmin(db, request);
    // A download moves on between two looks.
    reply.header('cache-control', 'no-store');
    return { models: models() };
  });
}

/** Readiness of the models (GET /api/ready): null when none is still downloading, else which are. */
export function modelsDownloading(models: ModelStatus[]): string | null {
  const downloading = models.filter((m) => m.state === 'downloading');
  return downloading.length
    ? downloading.map((m) => `${m.model} downloading (${m.progress ?? 0}%)`).join('; ')
    : null;
}
