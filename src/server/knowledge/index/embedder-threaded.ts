import type { FastifyBaseLogger } from 'fastify';
import type { ProgressEvent } from '../../models/transformers';
import { RestartingThread, ThreadClient, ThreadStopped } from '../../threads/rpc';
import { waitAtMost } from '../../threads/wait';
import { likeLengthRuns } from './batches';
import type { Chunk } from './chunker';
import { readableBy, type Embedder, type EmbedderOptions, type Script } from './embeddings';
import type { TextRole } from './model-prefixes';

/** A model the embedding thread loaded. */
export interface ModelDescription {
  model: string;
  dimensions: number;
  maxTokens: number;
  scripts: Script[];
}

/** What the embedding thread (embedder-thread.ts) serves. */
export interface EmbedThread {
  /** The model it loaded, and the second model when one was asked for and could be loaded. */
  describe(): ModelDescription & { second: ModelDescription | null };
  /** A text's passages. */
  passages(text: string): Promise<Chunk[]>;
  /** The vectors of `texts` by the model (or the second), one after another in one array. */
  embed(texts: string[], as: TextRole, bySecond?: boolean): Promise<Float32Array>;
  /** Lets go of the model's sessions, before the thread is ended. */
  release(): Promise<void>;
}

/** What the embedding thread tells besides its answers: a download's progress, a log line. */
export type EmbedEvents = {
  progress: ProgressEvent;
  log: { details: object; message: string };
};

const ENTRY = new URL('./embedder-thread', import.meta.url);
/**
 * The thread's heap. Unbounded, V8 let the garbage of cutting a long document pile up: indexing a
 * sheet of 100,000 rows took the thread's heap to 715 MB and the process to 2.0 GB; with this
 * bound, 1.38 GB, and 17 % longer (docs/performance.md). The tokenizer of e5 holds about 20 MB
 * of it (models/compact-vocabulary.ts).
 */
const HEAP_MB = 512;
/**
 * How long a stop waits for the batch in flight at most. A batch takes well under a second on an
 * idle machine, but CI's two loaded cores took more than the 10 s this was: the thread was ended
 * mid-run, which aborts the process, and what waited went to a new thread nobody ended.
 */
const STOP_WAIT_MS = 120_000;
/** How long a stop waits for the thread to release the model's sessions. */
const RELEASE_WAIT_MS = 10_000;
/** How long a stop waits for the thread to end itself (rpc.ts, `endWaitMs`). */
const END_WAIT_MS = 30_000;

interface Piece {
  texts: string[];
  as: TextRole;
  bySecond: boolean;
  done(vectors: number[][]): void;
  fail(error: Error): void;
}

/**
 * The sentence-embedding model in a worker thread of its own (embedder-thread.ts), so that the
 * server's event loop never waits for it. Questions go first: a question's text waits at most
 * for the run in the thread, never behind a document being ingested, and each question is
 * embedded in a run of its own. Documents are cut into passages there too, by the model's
 * tokenizer, so this thread loads neither. Resolves once the thread has loaded the model; throws
 * if it cannot.
 */
export async function loadThreadedEmbedder(
  options: EmbedderOptions,
  id: string,
  log: Pick<FastifyBaseLogger, 'info'>,
  download?: { callback: (event: ProgressEvent) => void },
  second?: { options: EmbedderOptions; id: string },
): Promise<Embedder> {
  const thread = new EmbeddingThread({ options, id, second }, log, download);
  const ready = await thread.start();
  const served = (model: ModelDescription, bySecond: boolean): Embedder => ({
    model: model.model,
    dimensions: model.dimensions,
    maxTokens: model.maxTokens,
    passages: (text) => thread.passages(text),
    embed: (texts, { as, urgent, onProgress }) =>
      thread.embed(texts, as, urgent ?? false, onProgress, bySecond),
    reads: readableBy(model.scripts),
  });
  return {
    ...served(ready, false),
    second: ready.second ? served(ready.second, true) : null,
    dispose: () => thread.stop(),
  };
}

class EmbeddingThread {
  /** Started again by the next batch or text if it stopped (a crash, or stop()). */
  private readonly thread: RestartingThread<EmbedThread, EmbedEvents>;
  private readonly urgent: Piece[] = [];
  private readonly waiting: Piece[] = [];
  private inFlight: Piece | null = null;
  /** Set while stopping: no batch is sent, and this is called once the one in flight has ended. */
  private stopping: (() => void) | null = null;
  /** Stopped for good: a later call fails rather than start a thread nobody will end. */
  private stopped: ThreadStopped | null = null;
  /** Each model's vector size: the first's, and the second's. */
  private dimensions = { first: 0, second: 0 };

  constructor(
    models: {
      options: EmbedderOptions;
      id: string;
      second?: { options: EmbedderOptions; id: string } | undefined;
    },
    log: Pick<FastifyBaseLogger, 'info'>,
    download?: { callback: (event: ProgressEvent) => void },
  ) {
    this.thread = new RestartingThread(() =>
      ThreadClient.start<EmbedThread, EmbedEvents>(ENTRY, {
        data: models,
        resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
        name: 'the embedding thread',
        endWaitMs: END_WAIT_MS,
        on: {
          progress: (event) => download?.callback(event),
          log: ({ details, message }) => log.info(details, message),
        },
        // What it held fails with this error; it is logged too, for it may have held nothing.
        died: ({ error }) => {
          if (error) log.info({ err: error }, 'the embedding thread failed');
          return undefined;
        },
      }),
    );
  }

  async start(): Promise<ReturnType<EmbedThread['describe']>> {
    const ready = await this.thread.call('describe', []);
    this.dimensions = { first: ready.dimensions, second: ready.second?.dimensions ?? 0 };
    return ready;
  }

  embed(
    texts: string[],
    as: TextRole,
    urgent: boolean,
    onProgress?: (done: number, total: number) => void,
    bySecond = false,
  ): Promise<number[][]> {
    if (this.stopped) return Promise.reject(this.stopped);
    if (texts.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      const vectors = new Array<number[]>(texts.length);
      // Runs of texts of like length, over the whole call, each short (batches.ts).
      const runs = likeLengthRuns(texts);
      let left = runs.length;
      let done = 0;
      for (const at of runs) {
        (urgent ? this.urgent : this.waiting).push({
          texts: at.map((i) => texts[i]!),
          as,
          bySecond,
          done: (batch) => {
            batch.forEach((v, k) => (vectors[at[k]!] = v));
            done += batch.length;
            onProgress?.(done, texts.length);
            if (--left === 0) resolve(vectors);
          },
          fail: reject,
        });
      }
      this.next();
    });
  }

  /** A text's passages, cut in the thread: sent at once (cutting is quick beside embedding). */
  passages(text: string): Promise<Chunk[]> {
    if (this.stopped) return Promise.reject(this.stopped);
    return this.thread.call('passages', [text]);
  }

  /**
   * Ends the thread for good. The batch in flight is let finish first (for a while at most): its
   * vectors are not lost, and the thread then ends itself between two runs of the model (rpc.ts,
   * `endWaitMs`), for one ended in a run takes the whole process down. What still waits fails, and
   * so does a later call (a scale being measured after the server closed must not start a thread
   * that the process would end mid-run).
   */
  async stop(): Promise<void> {
    this.stopped ??= new ThreadStopped('the embedding thread was shut down');
    if (this.inFlight) {
      await waitAtMost(new Promise<void>((resolve) => (this.stopping = resolve)), STOP_WAIT_MS);
    }
    this.stopping = null;
    // The model's sessions are released in the thread before it is ended: ended with them held,
    // ONNX Runtime's teardown can abort the process too. Not waited for long: a thread that does
    // not answer is ended all the same.
    const running = await this.thread.running();
    if (running?.alive) await waitAtMost(running.call('release', []), RELEASE_WAIT_MS);
    await this.thread.stop();
    for (const piece of this.urgent.splice(0).concat(this.waiting.splice(0))) piece.fail(this.stopped);
  }

  /**
   * Sends the next run when the thread is free: a waiting question's, else a document's. Each
   * caller's texts go alone: the int8 model scales its activations over the whole run, so a
   * question run with another person's came out at a cosine of about 0.997 from itself asked
   * alone, enough to move answers (docs/performance.md, "2026-12-05 (night)"). A person gets the
   * same answer whoever else asks at that moment.
   */
  private next(): void {
    // Once stopped, nothing more is sent: the run that settles last must not start a new thread.
    if (this.inFlight || this.stopping || this.stopped) return;
    const piece = this.urgent.shift() ?? this.waiting.shift();
    if (!piece) return;
    this.inFlight = piece;
    this.thread.client().then(
      // A thread that dies fails this run; what waits goes to a new thread.
      (client) =>
        client.call('embed', [piece.texts, piece.as, piece.bySecond]).then(
          (flat) => this.settle(flat),
          (error: Error) => this.settle(error),
        ),
      (error: Error) => {
        // A thread that cannot load the model fails everything waiting, not one run per try.
        for (const waiting of this.urgent.splice(0).concat(this.waiting.splice(0))) waiting.fail(error);
        this.settle(error);
      },
    );
  }

  /** The run in flight is answered: its caller gets the vectors (or the error), and the next goes. */
  private settle(result: Float32Array | Error): void {
    const piece = this.inFlight;
    this.inFlight = null;
    if (piece) {
      const dimensions = piece.bySecond ? this.dimensions.second : this.dimensions.first;
      if (result instanceof Error) piece.fail(result);
      else
        piece.done(
          piece.texts.map((_, k) => Array.from(result.subarray(k * dimensions, (k + 1) * dimensions))),
        );
    }
    if (this.stopping) this.stopping();
    else this.next();
  }
}
