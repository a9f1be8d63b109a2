import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface Embedder {
  model: string;
  dimensions: number;
  embed(texts: string[]): Promise<number[][]>;
}

/**
 * A sentence-embedding model from MODELS_DIR/<name> through Transformers.js, offline unless
 * remote models are allowed. Null (and one line in the log) when there is none: retrieval then
 * runs on full text only.
 */
export async function loadEmbedder(
  options: { modelsDir: string; model: string; allowRemote: boolean },
  log: FastifyBaseLogger,
): Promise<Embedder | null> {
  const local = path.join(options.modelsDir, options.model);
  if (!options.allowRemote && !existsSync(path.join(local, 'config.json'))) {
    log.warn({ model: local }, 'no sentence-embedding model found: retrieval uses full-text search only');
    return null;
  }
  try {
    const { env, pipeline } = await import('@huggingface/transformers');
    env.allowLocalModels = true;
    env.allowRemoteModels = options.allowRemote;
    env.localModelPath = options.modelsDir;
    const extractor = await pipeline('feature-extraction', options.model, { device: 'cpu', dtype: 'fp32' });
    const embed = async (texts: string[]) => {
      const output = await extractor(texts, { pooling: 'mean', normalize: true });
      return output.tolist() as number[][];
    };
    const [probe] = await embed(['dimension probe']);
    const dimensions = probe?.length ?? 0;
    if (!dimensions) throw new Error('the model returned an empty embedding');
    log.info({ model: options.model, dimensions }, 'sentence-embedding model loaded');
    return { model: options.model, dimensions, embed };
  } catch (error) {
    log.warn(
      { err: error, model: options.model },
      'the sentence-embedding model could not be loaded: full-text search only',
    );
    return null;
  }
}

/** pgvector's literal for a vector. */
export const vectorLiteral = (values: number[]) =>
  `[${values.map((v) => (Number.isFinite(v) ? v : 0)).join(',')}]`;
