import { existsSync } from 'node:fs';
import path from 'node:path';
import { compactVocabulary } from '../../models/compact-vocabulary';
import { ONNX_SETTINGS, transformers, type ModelSource, type ProgressEvent } from '../../models/transformers';
import { likeLengthRuns } from './batches';
import { chunkText, type Chunk } from './chunker';
import { readsLatin, scriptShare } from './language';
import { describePrefixes, type ModelPrefixes, type TextRole } from './model-prefixes';

export interface Embedder {
  /** The model and its weights, e.g. "all-MiniLM-L6-v2 (q8)": vectors of another one are stale. */
  model: string;
  dimensions: number;
  /** Word pieces the model reads of one text; a passage longer than this is cut. */
  maxTokens: number;
  /**
   * The passages of a text, each within the model's length in its word pieces (room left for
   * its special tokens and the title that leads a first passage), sentences whole.
   */
  passages(text: string): Promise<Chunk[]>;
  /**
   * Unit-length vectors, one per text, each read as a question or as a text to be found (the
   * model's prefix for that role goes in front). An urgent call (a question someone waits for)
   * goes before the others waiting (a document being indexed).
   */
  embed(texts: string[], options: EmbedOptions): Promise<number[][]>;
  /**
   * Whether the model can read a text: mostly Latin letters, or mostly a script its tokenizer
   * keeps (readsScripts). A text it cannot read gets no vector and is searched by its words.
   */
  reads: (text: string) => boolean;
  /** Frees the model (its thread); the embedder is not used after. */
  dispose?(): Promise<void>;
  /**
   * A second model, in the same thread (EMBEDDING_SECOND_MODEL): the similarity of a sentence it
   * reads is the two models' averaged, each on its own scale (docs/chat.md, "Two models").
   */
  second?: Embedder | null;
}

export interface EmbedOptions {
  as: TextRole;
  urgent?: boolean;
  /** Told as batches are done: texts embedded so far, of all given. */
  onProgress?: ((done: number, total: number) => void) | undefined;
}

/** Text in each script the answers are worded in, to see whether a tokenizer keeps its letters. */
const SCRIPT_SAMPLES = {
  Devanagari: 'मानव अधिकारों की सार्वभौम घोषणा: प्रत्येक व्यक्ति को शिक्षा का अधिकार है।',
} as const;

export type Script = keyof typeof SCRIPT_SAMPLES;

/**
 * The scripts, besides Latin, whose letters a tokenizer keeps: encoding a sample and decoding it
 * gives its letters back. all-MiniLM-L6-v2's tokenizer (English, uncased) drops Devanagari vowel
 * signs and cannot; a multilingual model's can, and Hindi text is then embedded like English.
 */
export function readsScripts(tokenizer: {
  encode(text: string, options: { add_special_tokens: boolean }): number[];
  decode(ids: number[], options: { skip_special_tokens: boolean }): string;
}): Script[] {
  const letters = (text: string) =>
    text
      .normalize('NFC')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}]/gu, '');
  return (Object.keys(SCRIPT_SAMPLES) as Script[]).filter((script) => {
    const sample = SCRIPT_SAMPLES[script];
    const ids = tokenizer.encode(sample, { add_special_tokens: false });
    return letters(tokenizer.decode(ids, { skip_special_tokens: true })) === letters(sample);
  });
}

/** What `Embedder.reads` says of a text, for a model reading Latin and the given scripts. */
export const readableBy =
  (scripts: readonly Script[]) =>
  (text: string): boolean =>
    readsLatin(text) || scripts.some((script) => scriptShare(text, script) >= 0.5);

// sentence-transformers reads 256 word pieces of all-MiniLM-L6-v2 (its sentence_bert_config);
// the tokenizer's own files say 128 (tokenizer.json) or 512 (tokenizer_config.json).
const MAX_TOKENS = 256;

export type EmbedderOptions = ModelSource & { model: string; prefixes: ModelPrefixes };

/**
 * One sentence-embedding model through Transformers.js (int8 weights, as the shared and Hub
 * layouts have them), on the calling thread: the server runs it in a thread of its own
 * (embedder-threaded.ts). Throws when it cannot be loaded.
 */
export async function loadEmbedder(
  options: EmbedderOptions,
  id: string,
  log: { info(details: object, message: string): void },
  download?: { callback: (event: ProgressEvent) => void },
): Promise<Embedder & { scripts: Script[] }> {
  // The int8 weights, unless a folder of MODELS_DIR has only the float ones.
  const local = path.join(options.modelsDir, options.model);
  const floatOnly =
    existsSync(path.join(local, 'config.json')) &&
    !existsSync(path.join(local, 'onnx', 'model_quantized.onnx'));
  const dtype = floatOnly ? 'fp32' : 'q8';
  const { pipeline, mean_pooling } = await transformers(options);
  const extractor = await pipeline('feature-extraction', id, {
    device: 'cpu',
    dtype,
    // ONNX Runtime's memory arena keeps the largest batch's activations for good: 16 passages of
    // 200 word pieces left the process 440 MB large instead of 150 MB. Without it a batch takes
    // about 15 % longer and a question's vector no longer (docs/performance.md).
    session_options: { enableCpuMemArena: false, extra: ONNX_SETTINGS },
    ...(download ? { progress_callback: download.callback } : {}),
  });
  const { tokenizer, model } = extractor;
  // A multilingual vocabulary in a seventh of the memory Transformers.js gives it.
  compactVocabulary(tokenizer);
  const declared = Number(tokenizer.model_max_length) || MAX_TOKENS;
  const maxTokens = Math.min(MAX_TOKENS, declared);
  // What the pipeline does, but truncating at the model's real limit rather than the tokenizer's.
  const embed = async (raw: string[], as: TextRole, onProgress?: EmbedOptions['onProgress']) => {
    const prefix = options.prefixes[as];
    const texts = prefix ? raw.map((text) => prefix + text) : raw;
    const vectors: number[][] = new Array<number[]>(texts.length);
    let done = 0;
    // Cut by the texts as sent (without the prefix), as the embedding thread cut them.
    for (const slice of likeLengthRuns(raw)) {
      const inputs = tokenizer(
        slice.map((j) => texts[j]!),
        { padding: true, truncation: true, max_length: maxTokens },
      );
      const outputs = (await model(inputs)) as { last_hidden_state: Parameters<typeof mean_pooling>[0] };
      const pooled = mean_pooling(outputs.last_hidden_state, inputs.attention_mask);
      (pooled.normalize(2, -1).tolist() as number[][]).forEach((v, k) => (vectors[slice[k]!] = v));
      done += slice.length;
      onProgress?.(done, texts.length);
    }
    return vectors;
  };
  const [probe] = await embed(['dimension probe'], 'passage');
  const dimensions = probe?.length ?? 0;
  if (!dimensions) throw new Error('the model returned an empty embedding');
  const scripts = readsScripts(tokenizer);
  log.info(
    { model: id, dtype, dimensions, maxTokens, scripts: ['Latin', ...scripts], prefixes: options.prefixes },
    'sentence-embedding model loaded',
  );
  return {
    model: `${options.model} (${dtype}${describePrefixes(options.prefixes)})`,
    dimensions,
    maxTokens,
    passages: (text) =>
      Promise.resolve(
        chunkText(text, {
          size: maxTokens - 16,
          overlap: 40,
          measure: (sentence) => tokenizer.encode(sentence, { add_special_tokens: false }).length,
        }),
      ),
    embed: (texts, { as, onProgress }) => embed(texts, as, onProgress),
    reads: readableBy(scripts),
    scripts,
    // Releases ONNX Runtime's sessions: a thread holding them must not be ended (embedder-threaded.ts).
    dispose: () => extractor.dispose(),
  };
}

/** pgvector's literal for a vector. */
export const vectorLiteral = (values: number[]) =>
  `[${values.map((v) => (Number.isFinite(v) ? v : 0)).join(',')}]`;
