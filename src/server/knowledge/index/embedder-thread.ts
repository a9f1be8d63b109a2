/**
 * The embedding worker thread: holds the sentence-embedding model and its tokenizer, embeds what
 * the server thread sends, a batch at a time, and cuts documents into passages of the model's
 * length. ONNX Runtime's `run` is synchronous, so on the server's
 * thread every question's embedding held the event loop, and an ingested document's for seconds
 * (docs/performance.md, "2026-11-24 (evening)"). See embedder-threaded.ts.
 */
import { workerData } from 'node:worker_threads';
import { emitter, expose, transfer } from '../../threads/serve';
import { loadEmbedder, type EmbedderOptions } from './embeddings';
import type { EmbedEvents, EmbedThread } from './embedder-threaded';

const { options, id } = (workerData as { data: { options: EmbedderOptions; id: string } }).data;
const emit = emitter<EmbedEvents>();
const log = { info: (details: object, message: string) => emit('log', { details, message }) };

async function serve(): Promise<EmbedThread> {
  const embedder = await loadEmbedder(options, id, log, {
    callback: (event) => emit('progress', event),
  });
  const { model, dimensions, maxTokens, scripts } = embedder;
  return {
    describe: () => ({ model, dimensions, maxTokens, scripts }),
    passages: (text) => embedder.passages(text),
    // One flat array, moved rather than copied: a batch of vectors as arrays of numbers is slow to clone.
    embed: async (texts, as) => {
      const vectors = await embedder.embed(texts, { as });
      const flat = new Float32Array(vectors.length * dimensions);
      vectors.forEach((v, i) => flat.set(v, i * dimensions));
      return transfer(flat, [flat.buffer]);
    },
    release: async () => {
      await embedder.dispose?.();
    },
  };
}

expose(serve());
