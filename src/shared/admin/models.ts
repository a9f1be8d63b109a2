import { z } from 'zod';

/** Where an admin reads the state of the server's models (the dashboard's Models line). */
export const MODELS_PATH = '/admin/models';

/**
 * One model the server uses: ready, downloading (with how far), embedding the knowledge base
 * again after a change of model (with how far; answers use the words alone meanwhile), or
 * unavailable with the reason, which is for the admin, never for the chat.
 */
export const modelStatus = z.object({
  purpose: z.enum(['speech recognition', 'sentence embeddings']),
  model: z.string(),
  state: z.enum(['ready', 'downloading', 'embedding', 'unavailable']),
  /** Percent downloaded, or of the passages embedded. */
  progress: z.number().min(0).max(100).optional(),
  reason: z.string().optional(),
});
export type ModelStatus = z.infer<typeof modelStatus>;

export const modelsAnswer = z.object({ models: z.array(modelStatus) });
export type ModelsAnswer = z.infer<typeof modelsAnswer>;
