/**
 * The embedding worker thread: holds the sentence-embedding model and its tokenizer, embeds what
 * the server thread sends, a batch at a time, and cuts documents into passages of the model's
 * length. ONNX Runtime's `run` is synchronous, so on the server's
 * thread every question's embedding held the event loop, and an ingested document's for seconds
 * (docs/performance.md, "2026-11-24 (evening)"). See embedder-threaded.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadEmbedder, type EmbedderOptions } from './embeddings';
import type { EmbedReply, EmbedRequest } from './embedder-threaded';

const port = parentPort;
if (!port) throw new Error('embedder-thread.ts runs only as a worker thread (see embedder-threaded.ts).');

const { options, id } = (workerData as { data: { options: EmbedderOptions; id: string } }).data;
const send = (reply: EmbedReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);
const log = { info: (details: object, message: string) => send({ type: 'log', details, message }) };

try {
  const embedder = await loadEmbedder(options, id, log, {
    callback: (event) => send({ type: 'progress', event }),
  });
  const { model, dimensions, maxTokens, scripts } = embedder;
  port.on('message', (request: EmbedRequest) => {
    const failed = (error: unknown) =>
      send({ type: 'error', id: request.id, message: (error as Error).message });
    // Through a promise, so that a step that throws at once fails its request, not the thread.
    if ('text' in request) {
      Promise.resolve(request.text)
        .then((text) => embedder.passages(text))
        .then((chunks) => send({ type: 'passages', id: request.id, chunks }), failed);
      return;
    }
    Promise.resolve(request.texts)
      .then((texts) => embedder.embed(texts, { as: request.as }))
      .then((vectors) => {
        const flat = new Float32Array(vectors.length * dimensions);
        vectors.forEach((v, i) => flat.set(v, i * dimensions));
        send({ type: 'vectors', id: request.id, flat }, [flat.buffer]);
      }, failed);
  });
  send({ type: 'ready', model, dimensions, maxTokens, scripts });
} catch (error) {
  send({ type: 'failed', message: (error as Error).message });
  process.exit(1);
}
