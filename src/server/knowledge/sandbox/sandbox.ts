/**
 * Untrusted files are read in worker threads with a memory limit (`resourceLimits`) and a time
 * limit: a .docx built to unpack to gigabytes, or a PDF that never ends, kills its worker and
 * fails its item, while the server keeps answering. Workers are started when needed, reused
 * while jobs keep coming (starting one costs a second or more) and ended when idle.
 */
import type { Worker } from 'node:worker_threads';
import { prepareThread, startThread } from '../../threads/start';
import { ConnectorError } from '../connectors/types';
import type { JobName, JobReply, JobRequest, SandboxJobs } from './jobs';

export interface SandboxOptions {
  /** Heap of one worker, in MB. */
  memoryMb: number;
  /** Longest one job may take. */
  timeoutMs: number;
  /** Workers at once (default 1); more jobs wait their turn. */
  concurrency?: number;
  /** An idle worker is ended after this long. */
  idleMs?: number;
}

/** The job's worker died: out of memory, out of time or crashed. The file, not the server, is at fault. */
export class WorkerKilled extends Error {
  override name = 'WorkerKilled';
  constructor(
    message: string,
    readonly reason: 'memory' | 'time' | 'crash',
  ) {
    super(message);
  }
}

const ENTRY = new URL('./thread', import.meta.url);

interface Thread {
  worker: Worker;
  idleTimer?: NodeJS.Timeout;
}

type Result<K extends JobName> = Awaited<ReturnType<SandboxJobs[K]>>;

export class ParseSandbox {
  private readonly idle: Thread[] = [];
  private readonly all = new Set<Thread>();
  private readonly waiting: (() => void)[] = [];
  private active = 0;
  /** Workers being started (their entry bundled): counted among the workers already. */
  private starting = 0;
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: SandboxOptions) {
    prepareThread(ENTRY);
  }

  /** Worker threads alive now, busy, idle or starting. */
  get workers(): number {
    return this.all.size + this.starting;
  }

  /** Longest one job may take, in ms. */
  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  /** Runs a job in a worker. Buffers in `transfer` move to the worker (the caller must not use them after). */
  async run<K extends JobName>(
    name: K,
    args: Parameters<SandboxJobs[K]>,
    transfer: ArrayBuffer[] = [],
  ): Promise<Result<K>> {
    // One file at a time by default: a reader at its heap limit adds about 400 MB to the process,
    // and two at once (a bulk upload while an item is ingested) took it past its 1 GB bound. On
    // two cores a second reader would also take the core that answers questions.
    if (this.active >= (this.options.concurrency ?? 1))
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      const thread = await this.take();
      return (await this.runOn(thread, { id: this.nextId++, name, args }, transfer)) as Result<K>;
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }

  /** Ends every worker; jobs still running fail. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.all].map((t) => t.worker.terminate()));
  }

  private async take(): Promise<Thread> {
    if (this.closed) throw new Error('The file reader is shut down.');
    const reused = this.idle.pop();
    if (reused) {
      clearTimeout(reused.idleTimer);
      reused.worker.ref();
      return reused;
    }
    this.starting += 1;
    let worker: Worker;
    try {
      worker = await startThread(ENTRY, {
        resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb, maxYoungGenerationSizeMb: 16 },
      });
    } finally {
      // In the same turn as the worker joins `all` below: `workers` never counts it twice or not at all.
      this.starting -= 1;
    }
    // Closed while the entry was being bundled: this worker is not to run anything.
    if (this.closed) {
      void worker.terminate();
      throw new Error('The file reader is shut down.');
    }
    const thread: Thread = { worker };
    this.all.add(thread);
    worker.once('exit', () => this.forget(thread));
    // A job's errors are reported by runOn; one between jobs ends the thread, which is forgotten
    // above. Unheard, it would end the server.
    worker.on('error', () => undefined);
    return thread;
  }

  private runOn(thread: Thread, request: JobRequest, transfer: ArrayBuffer[]): Promise<unknown> {
    const { worker } = thread;
    return new Promise((resolve, reject) => {
      const fail = (error: WorkerKilled) => {
        done();
        this.forget(thread);
        void worker.terminate();
        reject(error);
      };
      const timer = setTimeout(() => {
        const seconds = Math.round(this.options.timeoutMs / 1000);
        fail(new WorkerKilled(`Reading this file took longer than ${seconds} s, so it was stopped.`, 'time'));
      }, this.options.timeoutMs);
      const onMessage = (reply: JobReply) => {
        if (reply.id !== request.id) return;
        done();
        this.park(thread);
        if (reply.ok) resolve(reply.result);
        else reject(reply.connector ? new ConnectorError(reply.message) : new Error(reply.message));
      };
      const onError = (error: Error & { code?: string }) =>
        fail(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new WorkerKilled(
                `Reading this file needed more than ${this.options.memoryMb} MB of memory, so it was stopped.`,
                'memory',
              )
            : new WorkerKilled(`The reader of this file stopped unexpectedly (${error.message}).`, 'crash'),
        );
      const onExit = (code: number) =>
        fail(new WorkerKilled(`The reader of this file stopped unexpectedly (exit code ${code}).`, 'crash'));
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      };
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(request, transfer);
    });
  }

  /** A worker that finished its job waits for the next one, for a while. */
  private park(thread: Thread): void {
    if (this.closed) {
      void thread.worker.terminate();
      return;
    }
    thread.worker.unref();
    thread.idleTimer = setTimeout(() => {
      this.forget(thread);
      void thread.worker.terminate();
    }, this.options.idleMs ?? 15_000).unref();
    this.idle.push(thread);
  }

  private forget(thread: Thread): void {
    clearTimeout(thread.idleTimer);
    this.all.delete(thread);
    const at = this.idle.indexOf(thread);
    if (at >= 0) this.idle.splice(at, 1);
  }
}
