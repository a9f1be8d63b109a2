/**
 * The embedding worker thread: holds the sentence-embedding model and its tokenizer, embeds what
 * the server thread sends, a batch at a time, and cuts documents into passages of the model's
 * length. ONNX Runtime's `run` is synchronous, so on the server's
 * thread every question's embedding held the event loop, and an ingested document's for seconds
 * (docs/performance.md, "2026-11-24 (evening)"). See embedder-threaded.ts.
 */
import { workerData } from 'node:worker_threads';
import { emitter, expose, transfer } from '../../threads/serve';
import type { ProgressEvent } from '../../models/transformers';
import { loadEmbedder, type EmbedderOptions } from './embeddings';
import type { EmbedEvents, EmbedThread } from './embedder-threaded';

interface ThreadModel {
  options: EmbedderOptions;
  id: string;
}
const { options, id, second } = (workerData as { data: ThreadModel & { second?: ThreadModel } }).data;
const emit = emitter<EmbedEvents>();
const log = { info: (details: object, message: string) => emit('log', { details, message }) };

async function serve(): Promise<EmbedThread> {
  const download = { callback: (event: ProgressEvent) => emit('progress', event) };
  const embedder = await loadEmbedder(options, id, log, download);
  // The second model shares this thread: Transformers.js and ONNX Runtime are loaded once, and
  // it adds some 20 to 40 MB where a thread of its own took 160 (docs/performance.md). Without it
  // the first serves alone.
  const other = second
    ? await loadEmbedder(second.options, second.id, log, download).catch((error: unknown) => {
        log.info(
          { model: second.id, error: (error as Error).message },
          'the second embedding model could not be loaded',
        );
        return null;
      })
    : null;
  const describe = (e: typeof embedder) => ({
    model: e.model,
    dimensions: e.dimensions,
    maxTokens: e.maxTokens,
    scripts: e.scripts,
  });
  return {
    describe: () => ({ ...describe(embedder), second: other ? describe(other) : null }),
    passages: (text) => embedder.passages(text),
    // One flat array, moved rather than copied: a batch of vectors as arrays of numbers is slow to clone.
    embed: async (texts, as, bySecond) => {
      const model = bySecond && other ? other : embedder;
      const vectors = await model.embed(texts, { as });
      const flat = new Float32Array(vectors.length * model.dimensions);
      vectors.forEach((v, i) => flat.set(v, i * model.dimensions));
      return transfer(flat, [flat.buffer]);
    },
    release: async () => {
      await embedder.dispose?.();
      await other?.dispose?.();
    },
  };
}

expose(serve());
