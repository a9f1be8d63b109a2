import type { FastifyInstance } from 'fastify';
import { MODELS_PATH, type ModelsAnswer, type ModelStatus } from '../../shared/admin/models';
import type { Db } from '../db/client';
import { requireAdmin } from '../http/admin-guard';

/**
 * GET /admin/models: the admin dashboard's Models line. Why a model is unavailable (a missing
 * folder, a failed download) is told here and in the log, never in the chat.
 */
export function registerModelRoutes(app: FastifyInstance, db: Db, models: () => ModelStatus[]): void {
  app.get(MODELS_PATH, async (request, reply): Promise<ModelsAnswer> => {
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
