import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ModelStatus } from '../../../shared/admin/models';
import { DownloadProgress, transformers, type ModelSource } from '../../models/transformers';

export interface Embedder {
  /** The model and its weights, e.g. "all-MiniLM-L6-v2 (q8)": vectors of another one are stale. */
  model: string;
  dimensions: number;
  /** Word pieces the model reads of one text; a passage longer than this is cut. */
  maxTokens: number;
  /** Word pieces of a text, without the model's two special tokens. */
  countTokens(text: string): number;
  /** Unit-length vectors, one per text. */
  embed(texts: string[]): Promise<number[][]>;
}

// sentence-transformers reads 256 word pieces of all-MiniLM-L6-v2 (its sentence_bert_config);
// the tokenizer's own files say 128 (tokenizer.json) or 512 (tokenizer_config.json).
const MAX_TOKENS = 256;
const BATCH = 16;

/**
 * A sentence-embedding model from MODELS_DIR/<name> through Transformers.js, offline unless
 * remote models are allowed. The int8 weights are used when the folder has them (as the shared
 * and Hub layouts do), else fp32. Without one (and one line in the log) retrieval runs on full
 * text only. A name that is not in MODELS_DIR is fetched from the Hub (a bare name as
 * `Xenova/<name>`, where Transformers.js models are published) when remote models are allowed.
 */
export async function loadEmbedder(
  options: ModelSource & { model: string },
  log: FastifyBaseLogger,
): Promise<{ embedder: Embedder | null; status: ModelStatus }> {
  const local = path.join(options.modelsDir, options.model);
  const hasLocal = existsSync(path.join(local, 'config.json'));
  const purpose = 'sentence embeddings';
  if (!options.allowRemote && !hasLocal) {
    log.warn({ model: local }, 'no sentence-embedding model found: retrieval uses full-text search only');
    const reason = `no model folder with config.json at ${local}, and downloading is off (ALLOW_REMOTE_MODELS)`;
    return { embedder: null, status: { purpose, model: options.model, state: 'unavailable', reason } };
  }
  const id = hasLocal || options.model.includes('/') ? options.model : `Xenova/${options.model}`;
  const quantized = !hasLocal || existsSync(path.join(local, 'onnx', 'model_quantized.onnx'));
  const dtype = quantized ? 'q8' : 'fp32';
  try {
    const { pipeline, mean_pooling } = await transformers(options);
    const extractor = await pipeline('feature-extraction', id, {
      device: 'cpu',
      dtype,
      ...(hasLocal ? {} : { progress_callback: new DownloadProgress(id, log).callback }),
    });
    const { tokenizer, model } = extractor;
    const declared = Number(tokenizer.model_max_length) || MAX_TOKENS;
    const maxTokens = Math.min(MAX_TOKENS, declared);
    // What the pipeline does, but truncating at the model's real limit rather than the tokenizer's.
    const embed = async (texts: string[]) => {
      // Batches of similar length: every text of a batch is padded to its longest.
      const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length);
      const vectors: number[][] = new Array<number[]>(texts.length);
      for (let i = 0; i < order.length; i += BATCH) {
        const slice = order.slice(i, i + BATCH);
        const inputs = tokenizer(
          slice.map((j) => texts[j]!),
          { padding: true, truncation: true, max_length: maxTokens },
        );
        const outputs = (await model(inputs)) as { last_hidden_state: Parameters<typeof mean_pooling>[0] };
        const pooled = mean_pooling(outputs.last_hidden_state, inputs.attention_mask);
        (pooled.normalize(2, -1).tolist() as number[][]).forEach((v, k) => (vectors[slice[k]!] = v));
      }
      return vectors;
    };
    const [probe] = await embed(['dimension probe']);
    const dimensions = probe?.length ?? 0;
    if (!dimensions) throw new Error('the model returned an empty embedding');
    log.info({ model: id, dtype, dimensions, maxTokens }, 'sentence-embedding model loaded');
    const embedder: Embedder = {
      model: `${options.model} (${dtype})`,
      dimensions,
      maxTokens,
      countTokens: (text) => tokenizer.encode(text, { add_special_tokens: false }).length,
      embed,
    };
    return { embedder, status: { purpose, model: id, state: 'ready' } };
  } catch (error) {
    log.warn(
      { err: error, model: options.model },
      'the sentence-embedding model could not be loaded: full-text search only',
    );
    const reason = `loading ${id}: ${(error as Error).message}`;
    return { embedder: null, status: { purpose, model: id, state: 'unavailable', reason } };
  }
}

/** pgvector's literal for a vector. */
export const vectorLiteral = (values: number[]) =>
  `[${values.map((v) => (Number.isFinite(v) ? v : 0)).join(',')}]`;

/** Cosine of two unit-length vectors. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * (b[i] ?? 0);
  return sum;
}
