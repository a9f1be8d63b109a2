/**
 * The server's side of a worker thread that serves methods (serve.ts has the thread's side): each
 * call gets an id and is settled by the answer with that id; an error thrown there is rebuilt
 * here with its name and fields; calls in flight when the thread dies or is shut down fail with
 * an error that says so, never hang. Why this and not Comlink or a pool: docs/architecture.md,
 * "Threads".
 */
import type { TransferListItem, Worker } from 'node:worker_threads';
import { startThread, type ThreadOptions } from './start';
import { waitAtMost } from './wait';
import type { EndMessage, EventMap, Methods, RemoteError, ThreadMessage } from './wire';

/** How a thread ended on its own: an error it did not catch (out of memory too), or its exit. */
export interface ThreadDeath {
  error?: Error & { code?: string };
  exitCode?: number;
  /** It had not yet set up what it serves (a model loading, a database opening). */
  loading: boolean;
}

/** A call could not be answered: its thread died or was shut down. */
export class ThreadStopped extends Error {
  override name = 'ThreadStopped';
  constructor(
    message: string,
    readonly exitCode?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface ClientOptions<Events extends EventMap> {
  /** What the thread is, for its errors: "the speech thread". */
  name: string;
  /** What to do with each event the thread tells. */
  on?: { [K in keyof Events]?: (data: Events[K]) => void };
  /**
   * The error calls in flight (and later calls) get when the thread dies; without one (or if it
   * gives none), a ThreadStopped saying how it ended.
   */
  died?: (death: ThreadDeath) => Error | undefined;
  /** The error a call gets for one thrown in the thread; by default an Error with its name and fields. */
  revive?: (error: RemoteError) => Error;
  /**
   * How long a close waits for the thread to end itself before it is ended from outside; 0 (the
   * default) ends it at once. For a thread in native code: ONNX Runtime ended from outside in the
   * middle of a call (loading or running a model) takes the whole process down ("terminate called
   * after throwing an instance of 'Napi::Error'"), while the thread itself ends between two calls.
   */
  endWaitMs?: number;
}

type Result<Api extends Methods<Api>, K extends keyof Api> = Awaited<ReturnType<Api[K]>>;
type Args<Api extends Methods<Api>, K extends keyof Api> = Parameters<Api[K]>;

type Handlers = Partial<Record<string, (data: unknown) => void>>;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

const reviveError = ({ name, message, fields }: RemoteError): Error =>
  Object.assign(new Error(message), name === 'Error' ? {} : { name }, fields);

/**
 * Calls the methods a worker thread serves. The thread keeps the process alive only while it
 * loads or a call is in flight: idle, it does not hold a stopping server open.
 */
export class ThreadClient<Api extends Methods<Api>, Events extends EventMap = Record<never, never>> {
  /** Settles once the thread has set up what it serves: rejects if it could not, or died first. */
  readonly ready: Promise<void>;
  /** Resolves once the thread is done with: died, or shut down. */
  readonly ended: Promise<void>;
  /** Resolves once the thread has exited. */
  private readonly exited: Promise<void>;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private loading = true;
  /** Why calls fail from now on; null while the thread runs. */
  private stopped: Error | null = null;
  private settleReady!: (error?: Error) => void;
  private settleEnded!: () => void;

  /** Serves calls on `worker`, started by `startThread` on a module that calls `expose`. */
  constructor(
    private readonly worker: Worker,
    private readonly options: ClientOptions<Events>,
  ) {
    this.ready = new Promise((resolve, reject) => {
      this.settleReady = (error) => (error ? reject(error) : resolve());
    });
    // Not every owner waits for it (the file readers send their job at once).
    this.ready.catch(() => undefined);
    this.ended = new Promise((resolve) => (this.settleEnded = resolve));
    worker.on('message', (message: ThreadMessage) => this.receive(message));
    // The thread ends after an error it did not catch; unheard, the error would end the server.
    worker.on('error', (error) => this.die({ error, loading: this.loading }));
    this.exited = new Promise((resolve) =>
      worker.once('exit', (exitCode) => {
        resolve();
        this.die({ exitCode, loading: this.loading });
      }),
    );
  }

  /** Starts `entry` (see startThread) and resolves once it is ready; rejects, and ends it, if it cannot be. */
  static async start<Api extends Methods<Api>, Events extends EventMap = Record<never, never>>(
    entry: URL,
    options: ClientOptions<Events> & ThreadOptions,
  ): Promise<ThreadClient<Api, Events>> {
    const { name, on, died, revive, endWaitMs, ...thread } = options;
    const worker = await startThread(entry, thread);
    const client = new ThreadClient<Api, Events>(worker, {
      name,
      ...(on ? { on } : {}),
      ...(died ? { died } : {}),
      ...(revive ? { revive } : {}),
      ...(endWaitMs ? { endWaitMs } : {}),
    });
    await client.ready;
    return client;
  }

  /** The thread runs: neither died nor shut down. */
  get alive(): boolean {
    return this.stopped === null;
  }

  /**
   * Calls `method` in the thread. Buffers in `transfer` move there (the caller must not use them
   * after). Sent at once, even while the thread loads: it answers once it is ready.
   */
  call<K extends keyof Api & string>(
    method: K,
    args: Args<Api, K>,
    transfer: readonly TransferListItem[] = [],
  ): Promise<Result<Api, K>> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const call: Pending = { resolve, reject };
      this.pending.set(id, call);
      this.worker.ref();
      try {
        this.worker.postMessage({ id, method, args }, [...transfer]);
      } catch (error) {
        // Arguments structured clone cannot copy: this call fails, the thread goes on.
        this.pending.delete(id);
        this.idle();
        call.reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /**
   * Ends the thread: asks it to end itself, and ends it from outside if it has not within
   * `endWaitMs`. Calls in flight, and calls made after, fail with `reason` (by default a
   * ThreadStopped saying the thread was shut down).
   */
  async close(reason?: Error): Promise<void> {
    this.end(reason ?? new ThreadStopped(`${this.options.name} was shut down`));
    const { endWaitMs = 0 } = this.options;
    if (endWaitMs > 0) {
      try {
        this.worker.postMessage({ end: true } satisfies EndMessage);
        await waitAtMost(this.exited, endWaitMs);
      } catch {
        // It has exited already: nothing to ask.
      }
    }
    await this.worker.terminate();
  }

  private receive(message: ThreadMessage): void {
    switch (message.kind) {
      case 'ready':
        this.loading = false;
        this.settleReady();
        return this.idle();
      case 'failed':
        // What it serves could not be set up: nothing will be answered, so the thread ends.
        return void this.close(this.revive(message.error));
      case 'event':
        return (this.options.on as Handlers | undefined)?.[message.name]?.(message.data);
      case 'result':
      case 'error': {
        const call = this.pending.get(message.id);
        if (!call) return;
        this.pending.delete(message.id);
        this.idle();
        if (message.kind === 'result') call.resolve(message.value);
        else call.reject(this.revive(message.error));
      }
    }
  }

  private revive(error: RemoteError): Error {
    return (this.options.revive ?? reviveError)(error);
  }

  private die(death: ThreadDeath): void {
    if (this.stopped) return;
    const { name } = this.options;
    const error =
      this.options.died?.(death) ??
      (death.error
        ? new ThreadStopped(`${name} failed: ${death.error.message}`, undefined, { cause: death.error })
        : new ThreadStopped(
            `${name} stopped${death.loading ? ' while loading' : ''} (exit ${death.exitCode})`,
            death.exitCode,
          ));
    this.end(error);
    // After an error it is ending already; this makes sure it does.
    void this.worker.terminate();
  }

  /** From now on every call fails with `error`: those in flight now, and those made after. */
  private end(error: Error): void {
    if (this.stopped) return;
    this.stopped = error;
    if (this.loading) {
      this.loading = false;
      this.settleReady(error);
    }
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
    this.settleEnded();
  }

  private idle(): void {
    if (!this.loading && this.pending.size === 0) this.worker.unref();
  }
}

/** A thread being started, and the client once it is. */
interface Started<Client> {
  started: Promise<Client>;
  client?: Client;
}

/**
 * A thread started when first called, and started afresh by the call after it died or was
 * stopped: for a thread holding a model, which a crash (out of memory, a fault in the runtime)
 * must not take away for good. Calls in flight when it dies fail; the next call starts a new one.
 */
export class RestartingThread<Api extends Methods<Api>, Events extends EventMap = Record<never, never>> {
  private current: Started<ThreadClient<Api, Events>> | null = null;

  constructor(private readonly start: () => Promise<ThreadClient<Api, Events>>) {}

  /** The running thread, or a new one once it is ready; rejects if that one cannot be started. */
  client(): Promise<ThreadClient<Api, Events>> {
    // Dead is known at once, before the failed calls' owners run: what they send next goes to a new thread.
    if (this.current && (this.current.client?.alive ?? true)) return this.current.started;
    const slot: Started<ThreadClient<Api, Events>> = { started: this.start() };
    this.current = slot;
    // Before the caller's own handlers: they see the client known, or the failed start forgotten.
    slot.started.then(
      (client) => (slot.client = client),
      () => {
        if (this.current === slot) this.current = null;
      },
    );
    return slot.started;
  }

  async call<K extends keyof Api & string>(
    method: K,
    args: Args<Api, K>,
    transfer?: readonly TransferListItem[],
  ): Promise<Result<Api, K>> {
    return (await this.client()).call(method, args, transfer);
  }

  /** The thread that runs or is starting, if any, without starting one. */
  async running(): Promise<ThreadClient<Api, Events> | null> {
    return (await this.current?.started.catch(() => null)) ?? null;
  }

  /** Ends the thread (calls in flight fail); a later call starts a new one. */
  async stop(): Promise<void> {
    const current = this.current;
    this.current = null;
    const client = await current?.started.catch(() => null);
    await client?.close();
  }
}
