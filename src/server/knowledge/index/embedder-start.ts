import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ModelStatus } from '../../../shared/admin/models';
import { DownloadProgress } from '../../models/transformers';
import { loadThreadedEmbedder } from './embedder-threaded';
import type { Embedder, EmbedderOptions } from './embeddings';

/** What the server's start needs of the embedding model: the model now, or the one coming. */
export interface EmbedderStart {
  /** Loaded from MODELS_DIR (a second or two, so start waits for it), else null. */
  embedder: Embedder | null;
  /** A model being downloaded from the Hub: settles once it is loaded (never rejects). */
  downloading: Promise<Embedder> | null;
  status(): ModelStatus;
}

const PURPOSE = 'sentence embeddings';
/** A failed download is tried again after this long, so a network that was down heals by itself. */
const RETRY_DOWNLOAD_MS = 5 * 60_000;

/**
 * The sentence-embedding model: from MODELS_DIR/<name> when it is there, loaded before the
 * server answers; else, when remote models are allowed, fetched from the Hub (a bare name as
 * `Xenova/<name>`, where Transformers.js models are published) in the background while the
 * server answers on full text, retried every few minutes if it fails. Without either (and one
 * line in the log) retrieval runs on full text only.
 */
export async function startEmbedder(
  options: EmbedderOptions,
  log: FastifyBaseLogger,
  /** The second model (EMBEDDING_SECOND_MODEL), loaded in the same thread when it can be. */
  secondModel?: Pick<EmbedderOptions, 'model' | 'prefixes'>,
): Promise<EmbedderStart> {
  const local = path.join(options.modelsDir, options.model);
  const second = secondModel ? secondOf({ ...options, ...secondModel }, log) : undefined;
  const unavailable = (model: string, reason: string): ModelStatus => ({
    purpose: PURPOSE,
    model,
    state: 'unavailable',
    reason,
  });
  const { id, onDisk } = whereIs(options);
  // On disk already (in MODELS_DIR, or downloaded by an earlier start): loaded before the server answers.
  if (onDisk) {
    try {
      const embedder = await loadThreadedEmbedder(options, id, log, undefined, second);
      return { embedder, downloading: null, status: () => ({ purpose: PURPOSE, model: id, state: 'ready' }) };
    } catch (error) {
      log.warn(
        { err: error, model: id },
        'the sentence-embedding model could not be loaded: full-text search only',
      );
      const status = unavailable(id, `loading ${id}: ${(error as Error).message}`);
      return { embedder: null, downloading: null, status: () => status };
    }
  }
  if (!options.allowRemote) {
    log.warn({ model: local }, 'no sentence-embedding model found: retrieval uses full-text search only');
    const reason = `no model folder with config.json at ${local}, and downloading is off (ALLOW_REMOTE_MODELS)`;
    const status = unavailable(options.model, reason);
    return { embedder: null, downloading: null, status: () => status };
  }
  let state: ModelStatus = { purpose: PURPOSE, model: id, state: 'downloading', progress: 0 };
  let progress = new DownloadProgress(id, log);
  const downloading = (async () => {
    for (;;) {
      try {
        const embedder = await loadThreadedEmbedder(options, id, log, progress, second);
        state = { purpose: PURPOSE, model: id, state: 'ready' };
        return embedder;
      } catch (error) {
        log.warn(
          { err: error, model: id },
          'the sentence-embedding model could not be downloaded: full-text search only for now',
        );
        state = unavailable(id, `downloading ${id}: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, RETRY_DOWNLOAD_MS).unref());
        progress = new DownloadProgress(id, log);
        state = { purpose: PURPOSE, model: id, state: 'downloading', progress: 0 };
      }
    }
  })();
  return {
    embedder: null,
    downloading,
    status: () => (state.state === 'downloading' ? { ...state, progress: progress.percent } : state),
  };
}

/**
 * A model's id (a folder of MODELS_DIR, else its Hub id: a bare name as `Xenova/<name>`, where
 * Transformers.js models are published), and whether it is on disk: in MODELS_DIR, or in the
 * cache of an earlier download.
 */
function whereIs(options: EmbedderOptions): { id: string; onDisk: boolean } {
  const hasLocal = existsSync(path.join(options.modelsDir, options.model, 'config.json'));
  const id = hasLocal || options.model.includes('/') ? options.model : `Xenova/${options.model}`;
  const cached = options.cacheDir !== undefined && existsSync(path.join(options.cacheDir, id, 'config.json'));
  return { id, onDisk: hasLocal || cached };
}

/** The second model's options and id, when it is on disk or may be downloaded; else none, logged. */
function secondOf(
  options: EmbedderOptions,
  log: FastifyBaseLogger,
): { options: EmbedderOptions; id: string } | undefined {
  const { id, onDisk } = whereIs(options);
  if (onDisk || options.allowRemote) return { options, id };
  log.warn({ model: options.model }, 'the second embedding model is not there: the first serves alone');
  return undefined;
}
