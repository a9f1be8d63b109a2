import type { FastifyBaseLogger } from 'fastify';
import type { ModelStatus } from '../../../shared/admin/models';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Foreground } from '../../db/give-way';
import { modelsCacheDir } from '../../models/transformers';
import { startEmbedder } from './embedder-start';
import { modelPrefixes } from './model-prefixes';
import type { Embedder } from './embeddings';
import { SearchIndex } from './search-index';
import type { PassageCounts } from './similarity-scale';

export interface OpenIndex {
  index: SearchIndex;
  /** The embedding model's state, for the admin's Models line and readiness. */
  modelStatus(): ModelStatus;
  /** Stops embedding in the background (the database closes after). */
  close(): Promise<void>;
}

/**
 * The search index with its embedding model, as every process that answers or ingests needs it:
 * the model from MODELS_DIR or the cache before the index opens, or downloaded in the background
 * and taken up when ready; passages without vectors (after a change of model, or indexed before
 * the download ended) embedded a round at a time while the process works.
 */
/** The model a download gave, if it has ended: a close does not wait for a download. */
const settled = (downloading: Promise<Embedder> | null) =>
  downloading ? Promise.race([downloading, Promise.resolve(null)]) : Promise.resolve(null);

/**
 * A ready model whose passages are still being embedded says so, with how far it has come: with
 * a second model, both models' rounds count (the first's, then the second's).
 */
function withEmbedding(status: ModelStatus, counts: PassageCounts | null): ModelStatus {
  if (status.state !== 'ready' || !counts || (!counts.waiting && !counts.secondWaiting)) return status;
  const rounds = counts.secondWaiting === null ? 1 : 2;
  // A passage waiting for the first model's vectors waits for the second's too.
  const left = counts.waiting * rounds + (counts.secondWaiting ?? 0);
  const progress = Math.floor(
    (100 * (rounds * counts.passages - left)) / Math.max(1, rounds * counts.passages),
  );
  return { ...status, state: 'embedding', progress };
}

export async function openSearchIndex(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  foreground?: Foreground,
): Promise<OpenIndex> {
  const embedding = await startEmbedder(
    {
      modelsDir: config.MODELS_DIR,
      model: config.EMBEDDING_MODEL,
      prefixes: modelPrefixes(config.EMBEDDING_MODEL, {
        query: config.EMBEDDING_QUERY_PREFIX,
        passage: config.EMBEDDING_PASSAGE_PREFIX,
      }),
      allowRemote: config.ALLOW_REMOTE_MODELS,
      cacheDir: modelsCacheDir(config),
      remoteHost: config.HF_ENDPOINT,
    },
    log,
    secondModelOf(config),
  );
  const index = await SearchIndex.open(db, embedding.embedder, log, foreground);
  let backfill = index.backfill(log);
  let closed = false;
  let takingUp = Promise.resolve();
  // A downloaded model is ready for answers once the index has taken it up (its tables made).
  let takenUp = embedding.downloading === null;
  void embedding.downloading?.then((embedder) => {
    if (closed) return void embedder.dispose?.();
    takingUp = index
      .useEmbedder(embedder, log)
      .then(
        () => void (backfill = index.backfill(log)),
        (error: unknown) => log.error({ err: error }, 'the downloaded embedding model could not be taken up'),
      )
      .finally(() => (takenUp = true));
  });
  return {
    index,
    modelStatus: () => {
      const status = embedding.status();
      if (status.state === 'ready' && !takenUp) return { ...status, state: 'embedding', progress: 0 };
      return withEmbedding(status, index.passageCounts);
    },
    async close() {
      closed = true;
      await takingUp;
      await backfill.stop();
      // The model's thread ends with the index, whether it was ready at start or came later.
      await (index.embedder ?? (await settled(embedding.downloading)))?.dispose?.();
    },
  };
}

/** The second model the settings ask for, if any (none when it is the first). */
function secondModelOf(config: Config) {
  const model = config.EMBEDDING_SECOND_MODEL;
  const name = (m: string) => m.split('/').at(-1);
  if (model === 'none' || name(model) === name(config.EMBEDDING_MODEL)) return undefined;
  return { model, prefixes: modelPrefixes(model) };
}
