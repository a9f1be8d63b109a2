/**
 * Untrusted files are read in worker threads with a memory limit (`resourceLimits`) and a time
 * limit: a .docx built to unpack to gigabytes, or a PDF that never ends, kills its worker and
 * fails its item, while the server keeps answering. Workers are started when needed, reused
 * while jobs keep coming (starting one costs a second or more) and ended when idle.
 */
import { ThreadClient, type ThreadDeath } from '../../threads/rpc';
import { prepareThread, startThread } from '../../threads/start';
import type { RemoteError } from '../../threads/wire';
import { ConnectorError } from '../connectors/types';
import type { JobName, SandboxEvents, SandboxJobs } from './jobs';

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
  client: ThreadClient<SandboxJobs, SandboxEvents>;
  idleTimer?: NodeJS.Timeout;
  /** Told the progress of the job it runs now (one at a time). */
  onProgress?: ((progress: SandboxEvents['progress']) => void) | undefined;
}

export interface RunOptions {
  /** Buffers that move to the worker (the caller must not use them after). */
  transfer?: ArrayBuffer[];
  /** Told how far the job is, when it says (a PDF's pages read of its page count). */
  onProgress?: (progress: SandboxEvents['progress']) => void;
}

type Result<K extends JobName> = Awaited<ReturnType<SandboxJobs[K]>>;

const SHUT_DOWN = 'The file reader is shut down.';

export class ParseSandbox {
  private readonly idle: Thread[] = [];
  private readonly all = new Set<Thread>();
  private readonly waiting: (() => void)[] = [];
  private active = 0;
  /** Workers being started (their entry bundled): counted among the workers already. */
  private starting = 0;
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

  /** Runs a job in a worker. */
  async run<K extends JobName>(
    name: K,
    args: Parameters<SandboxJobs[K]>,
    options: RunOptions = {},
  ): Promise<Result<K>> {
    // One file at a time by default: a reader at its heap limit adds about 400 MB to the process,
    // and two at once (a bulk upload while an item is ingested) took it past its 1 GB bound. On
    // two cores a second reader would also take the core that answers questions.
    if (this.active >= (this.options.concurrency ?? 1))
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      return await this.runOn(await this.take(), name, args, options);
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }

  /** Ends every worker; jobs still running fail. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.all].map((t) => t.client.close(new Error(SHUT_DOWN))));
  }

  private async take(): Promise<Thread> {
    if (this.closed) throw new Error(SHUT_DOWN);
    const reused = this.idle.pop();
    if (reused) {
      clearTimeout(reused.idleTimer);
      return reused;
    }
    this.starting += 1;
    let worker: Awaited<ReturnType<typeof startThread>>;
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
      throw new Error(SHUT_DOWN);
    }
    // Not waited for ready: the job is sent at once, and its time counts from now, as it always has.
    // Each job's listener is set on the thread, which is made once its client is.
    const listener: Pick<Thread, 'onProgress'> = {};
    const client = new ThreadClient<SandboxJobs, SandboxEvents>(worker, {
      name: 'the reader of this file',
      on: { progress: (progress) => listener.onProgress?.(progress) },
      died: (death) => this.killed(death),
      revive,
    });
    const made: Thread = Object.assign(listener, { client });
    this.all.add(made);
    void client.ended.then(() => this.forget(made));
    return made;
  }

  private async runOn<K extends JobName>(
    thread: Thread,
    name: K,
    args: Parameters<SandboxJobs[K]>,
    { transfer = [], onProgress }: RunOptions,
  ): Promise<Result<K>> {
    const { client } = thread;
    thread.onProgress = onProgress;
    const timer = setTimeout(() => {
      const seconds = Math.round(this.options.timeoutMs / 1000);
      void client.close(
        new WorkerKilled(`Reading this file took longer than ${seconds} s, so it was stopped.`, 'time'),
      );
    }, this.options.timeoutMs);
    try {
      return await client.call(name, args, transfer);
    } finally {
      clearTimeout(timer);
      thread.onProgress = undefined;
      // A job that threw leaves its worker well; one that killed it (or ran out of time) does not.
      if (client.alive) this.park(thread);
      else this.forget(thread);
    }
  }

  /** Why a job failed when its worker died: the file, not the server, is at fault. */
  private killed({ error, exitCode }: ThreadDeath): WorkerKilled {
    if (error?.code === 'ERR_WORKER_OUT_OF_MEMORY')
      return new WorkerKilled(
        `Reading this file needed more than ${this.options.memoryMb} MB of memory, so it was stopped.`,
        'memory',
      );
    return new WorkerKilled(
      `The reader of this file stopped unexpectedly (${error ? error.message : `exit code ${exitCode}`}).`,
      'crash',
    );
  }

  /** A worker that finished its job waits for the next one, for a while. */
  private park(thread: Thread): void {
    if (this.closed) {
      void thread.client.close(new Error(SHUT_DOWN));
      return;
    }
    thread.idleTimer = setTimeout(() => {
      this.forget(thread);
      void thread.client.close();
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

/** A reader's refusal becomes a ConnectorError again, which is told to the person as it is. */
const revive = ({ message, fields }: RemoteError): Error =>
  fields.connector === true ? new ConnectorError(message) : new Error(message);
