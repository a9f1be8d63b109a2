import path from 'node:path';

/** Where Transformers.js finds models: MODELS_DIR first, then (if allowed) the Hub, cached under DATA_DIR. */
export interface ModelSource {
  modelsDir: string;
  allowRemote: boolean;
  /** Downloaded models are kept here (DATA_DIR/models), so a restart does not fetch them again. */
  cacheDir?: string | undefined;
  /** The Hub's address (HF_ENDPOINT); tests point it at a local server that speaks the Hub's protocol. */
  remoteHost?: string | undefined;
}

/** Where models fetched from the Hub are kept: beside the server's other data. */
export const modelsCacheDir = (config: { DATA_DIR: string }): string => path.join(config.DATA_DIR, 'models');

/**
 * Transformers.js with its process-wide settings made from `source`. Every model of the server
 * is loaded through here, so the speech and embedding models agree on where models come from.
 */
export async function transformers(source: ModelSource) {
  const library = await import('@huggingface/transformers');
  const { env } = library;
  env.allowLocalModels = true;
  env.localModelPath = source.modelsDir;
  env.allowRemoteModels = source.allowRemote;
  if (source.remoteHost) env.remoteHost = source.remoteHost.replace(/\/*$/, '/');
  if (source.cacheDir) env.cacheDir = source.cacheDir;
  return library;
}

/**
 * ONNX Runtime's settings for every model's sessions (onnxruntime_session_options_config_keys.h):
 * its threads sleep between runs rather than spin waiting for the next. On two cores the spinning
 * took about 30 ms of CPU after every question's vector, from the database and the other
 * questions, and a quarter of a transcription's CPU (docs/performance.md, "2026-12-04 (last)").
 */
export const ONNX_SETTINGS = {
  session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } },
};

/** One event of Transformers.js' `progress_callback` (the fields this server reads). */
export interface ProgressEvent {
  status: string;
  file?: string;
  loaded?: number;
  total?: number;
}

/**
 * Follows a model's download over all of its files: the percent done so far, and one log line
 * per tenth, so that the owner of a server fetching 80 MB on a slow line sees it moving.
 */
export class DownloadProgress {
  private readonly files = new Map<string, { loaded: number; total: number }>();
  private logged = -1;

  constructor(
    private readonly model: string,
    private readonly log: { info(details: object, message: string): void },
  ) {}

  /** Percent of the bytes known so far (0 until the first file reports its size). */
  get percent(): number {
    let loaded = 0;
    let total = 0;
    for (const file of this.files.values()) {
      loaded += file.loaded;
      total += file.total;
    }
    return total ? Math.min(100, Math.floor((loaded * 100) / total)) : 0;
  }

  /** The `progress_callback` to pass to Transformers.js. */
  readonly callback = (event: ProgressEvent): void => {
    if (event.status !== 'progress' || !event.file || !event.total) return;
    this.files.set(event.file, { loaded: event.loaded ?? 0, total: event.total });
    const tenth = Math.floor(this.percent / 10);
    if (tenth > this.logged) {
      this.logged = tenth;
      this.log.info({ model: this.model, percent: this.percent }, 'downloading model');
    }
  };
}
