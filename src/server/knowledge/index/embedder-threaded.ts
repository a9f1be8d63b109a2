import type { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { ProgressEvent } from '../../models/transformers';
import { startThread } from '../../threads/start';
import type { Chunk } from './chunker';
import { readableBy, type Embedder, type EmbedderOptions, type Script } from './embeddings';
import type { TextRole } from './model-prefixes';

/** What the server thread asks the embedding thread: vectors of a few texts, or a text's passages. */
export type EmbedRequest = { id: number; texts: string[]; as: TextRole } | { id: number; text: string };

/** What the embedding thread answers: its model, a download's progress, a log line, vectors or an error. */
export type EmbedReply =
  | { type: 'ready'; model: string; dimensions: number; maxTokens: number; scripts: Script[] }
  | { type: 'failed'; message: string }
  | { type: 'progress'; event: ProgressEvent }
  | { type: 'log'; details: object; message: string }
  | { type: 'vectors'; id: number; flat: Float32Array }
  | { type: 'passages'; id: number; chunks: Chunk[] }
  | { type: 'error'; id: number; message: string };

const ENTRY = new URL('./embedder-thread', import.meta.url);
/** Texts sent at once: what the model embeds in one run (embeddings.ts pads a batch to its longest). */
const BATCH = 16;
/**
 * The thread's heap. Unbounded, V8 let the garbage of cutting a long document pile up: indexing a
 * sheet of 100,000 rows took the thread's heap to 715 MB and the process to 2.0 GB; with this
 * bound, 1.38 GB, and 17 % longer (docs/performance.md). The tokenizer of e5 holds about 150 MB.
 */
const HEAP_MB = 512;

interface Piece {
  texts: string[];
  as: TextRole;
  done(vectors: number[][]): void;
  fail(error: Error): void;
}

/**
 * The sentence-embedding model in a worker thread of its own (embedder-thread.ts), so that the
 * server's event loop never waits for it. Questions go first: a question's text waits at most
 * for the batch in the thread, never behind a document being ingested, and the questions waiting
 * together are embedded in one run. Documents are cut into passages there too, by the model's
 * tokenizer, so this thread loads neither. Resolves once the thread has loaded the model; throws
 * if it cannot.
 */
export async function loadThreadedEmbedder(
  options: EmbedderOptions,
  id: string,
  log: Pick<FastifyBaseLogger, 'info'>,
  download?: { callback: (event: ProgressEvent) => void },
): Promise<Embedder> {
  const thread = new EmbeddingThread(options, id, log, download);
  const ready = await thread.start();
  return {
    model: ready.model,
    dimensions: ready.dimensions,
    maxTokens: ready.maxTokens,
    passages: (text) => thread.passages(text),
    embed: (texts, { as, urgent }) => thread.embed(texts, as, urgent ?? false),
    reads: readableBy(ready.scripts),
    dispose: () => thread.stop(),
  };
}

class EmbeddingThread {
  private worker: Promise<Worker> | null = null;
  private readonly urgent: Piece[] = [];
  private readonly waiting: Piece[] = [];
  private inFlight: Piece[] = [];
  private readonly cutting = new Map<
    number,
    { resolve(chunks: Chunk[]): void; reject(error: Error): void }
  >();
  private nextId = 0;
  private dimensions = 0;

  constructor(
    private readonly options: EmbedderOptions,
    private readonly id: string,
    private readonly log: Pick<FastifyBaseLogger, 'info'>,
    private readonly download?: { callback: (event: ProgressEvent) => void },
  ) {}

  start(): Promise<Extract<EmbedReply, { type: 'ready' }>> {
    return new Promise((resolve, reject) => {
      this.worker = this.spawn(resolve, reject);
      this.worker.catch(reject);
    });
  }

  embed(texts: string[], as: TextRole, urgent: boolean): Promise<number[][]> {
    if (texts.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      const vectors = new Array<number[]>(texts.length);
      let left = Math.ceil(texts.length / BATCH);
      for (let start = 0; start < texts.length; start += BATCH) {
        (urgent ? this.urgent : this.waiting).push({
          texts: texts.slice(start, start + BATCH),
          as,
          done: (batch) => {
            batch.forEach((v, k) => (vectors[start + k] = v));
            if (--left === 0) resolve(vectors);
          },
          fail: reject,
        });
      }
      this.next();
    });
  }

  /** A text's passages, cut in the thread: sent at once (cutting is quick beside embedding). */
  async passages(text: string): Promise<Chunk[]> {
    const worker = await this.running();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.cutting.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, text } satisfies EmbedRequest);
    });
  }

  /** The thread, started again if it stopped (a crash, or stop()). */
  private running(): Promise<Worker> {
    return (this.worker ??= this.spawn(
      () => undefined,
      () => undefined,
    ));
  }

  async stop(): Promise<void> {
    const worker = await this.worker?.catch(() => null);
    this.worker = null;
    await worker?.terminate();
  }

  /**
   * Sends the next batch when the thread is free: the waiting questions together (texts of one
   * role, which one prefix is put before), else a document's.
   */
  private next(): void {
    if (this.inFlight.length) return;
    const batch: Piece[] = [];
    let size = 0;
    const as = this.urgent[0]?.as;
    for (let first = this.urgent[0]; first && first.as === as; first = this.urgent[0]) {
      if (size + first.texts.length > BATCH) break;
      size += first.texts.length;
      batch.push(this.urgent.shift()!);
    }
    if (batch.length === 0 && this.waiting[0]) batch.push(this.waiting.shift()!);
    if (batch.length === 0) return;
    this.inFlight = batch;
    const request: EmbedRequest = {
      id: this.nextId++,
      texts: batch.flatMap((p) => p.texts),
      as: batch[0]!.as,
    };
    this.running().then(
      (worker) => {
        worker.ref();
        worker.postMessage(request);
      },
      (error: Error) => {
        // A thread that cannot load the model fails everything waiting, not one batch per try.
        for (const piece of this.urgent.splice(0).concat(this.waiting.splice(0))) piece.fail(error);
        this.settle(error);
      },
    );
  }

  /** The batch in flight is answered: its pieces get their vectors (or the error), and the next goes. */
  private settle(result: Float32Array | Error): void {
    const batch = this.inFlight;
    this.inFlight = [];
    let offset = 0;
    for (const piece of batch) {
      if (result instanceof Error) piece.fail(result);
      else {
        piece.done(
          piece.texts.map((_, k) =>
            Array.from(result.subarray((offset + k) * this.dimensions, (offset + k + 1) * this.dimensions)),
          ),
        );
      }
      offset += piece.texts.length;
    }
    this.next();
  }

  private async spawn(
    ready: (reply: Extract<EmbedReply, { type: 'ready' }>) => void,
    failed: (error: Error) => void,
  ): Promise<Worker> {
    const worker = await startThread(ENTRY, {
      data: { options: this.options, id: this.id },
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
    });
    return new Promise<Worker>((resolve, reject) => {
      let loaded = false;
      worker.on('message', (reply: EmbedReply) => {
        switch (reply.type) {
          case 'ready':
            loaded = true;
            this.dimensions = reply.dimensions;
            ready(reply);
            return resolve(worker);
          case 'failed':
            return reject(new Error(reply.message));
          case 'progress':
            return this.download?.callback(reply.event);
          case 'log':
            return this.log.info(reply.details, reply.message);
          case 'passages':
          case 'vectors':
          case 'error': {
            const cut = this.cutting.get(reply.id);
            this.cutting.delete(reply.id);
            if (reply.type === 'passages') cut?.resolve(reply.chunks);
            else if (cut) cut.reject(new Error(reply.type === 'error' ? reply.message : 'no passages'));
            else this.settle(reply.type === 'vectors' ? reply.flat : new Error(reply.message));
            // Idle, the thread does not keep the process alive.
            if (!this.inFlight.length && !this.cutting.size) worker.unref();
            return;
          }
        }
      });
      // An error the thread did not catch ends it ('exit' below); unheard, it would end the server.
      worker.on('error', (error) => this.log.info({ err: error }, 'the embedding thread failed'));
      worker.once('exit', (code) => {
        const error = new Error(`the embedding thread stopped (exit ${code})`);
        if (!loaded) {
          failed(error);
          reject(error);
        }
        this.worker = null;
        // What it held fails; what waits goes to a new thread.
        for (const cut of this.cutting.values()) cut.reject(error);
        this.cutting.clear();
        if (this.inFlight.length) this.settle(error);
      });
    });
  }
}
