import type { Worker } from 'node:worker_threads';
import { startThread } from '../threads/start';

/** What the server thread asks the database thread (pglite-thread.ts). */
export type DbRequest =
  | { op: 'query'; id: number; sql: string; params: unknown[]; rowMode: RowMode | undefined; tx?: number }
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'close'; id: number };

/** A database error as it crosses threads: its message and PostgreSQL's fields (code, detail…). */
export interface ThreadError {
  message: string;
  fields: Record<string, string | number>;
}

/** The answer to request `id` (0: the thread's start). */
export type DbReply = { id: number; result: unknown } | { id: number; error: ThreadError };

type RowMode = 'array' | 'object';

/** A statement's results, as PGlite gives them. */
export interface Results {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** The part of PGlite (and of its transactions) that Drizzle uses. */
export interface QueryClient {
  query(sql: string, params?: unknown[], options?: { rowMode?: RowMode }): Promise<Results>;
}

const ENTRY = new URL('./pglite-thread', import.meta.url);
const BYTEA = 17;

/**
 * PGlite in a worker thread of its own, behind the part of its interface Drizzle uses (`query`,
 * `transaction`, `close`). Statements run there in the order they are sent; a transaction's
 * statements run inside PGlite's own `transaction`, so other statements wait for it as they
 * would in-process. The thread keeps the process alive only while a statement is in flight.
 */
export class ThreadedPglite implements QueryClient {
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private nextId = 1;
  private stopped: Error | null = null;

  private constructor(private readonly worker: Worker) {}

  /** Opens (or makes) the database in `dir`; resolves once it is ready and throws if it cannot be. */
  static async open(dir: string): Promise<ThreadedPglite> {
    const worker = await startThread(ENTRY, { data: { dir } });
    const client = new ThreadedPglite(worker);
    await client.listen();
    return client;
  }

  query(sql: string, params: unknown[] = [], options?: { rowMode?: RowMode }): Promise<Results> {
    return this.statement(sql, params, options?.rowMode);
  }

  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: QueryClient) => Promise<T>): Promise<T> {
    const tx = (await this.call({ op: 'begin' })) as number;
    let result: T;
    try {
      result = await work({
        query: (sql, params = [], options) => this.statement(sql, params, options?.rowMode, tx),
      });
    } catch (error) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (!this.stopped) await this.call({ op: 'close' }).catch(() => undefined);
    this.stopped ??= new Error('The database is closed.');
    await this.worker.terminate();
  }

  private async statement(sql: string, params: unknown[], rowMode: RowMode | undefined, tx?: number) {
    const results = (await this.call({
      op: 'query',
      sql,
      params,
      rowMode,
      ...(tx === undefined ? {} : { tx }),
    })) as Results;
    // A Buffer crosses threads as a plain Uint8Array; the server reads bytea as Buffers.
    const bytea = results.fields.flatMap((field, i) =>
      field.dataTypeID === BYTEA ? [{ i, name: field.name }] : [],
    );
    if (bytea.length)
      for (const row of results.rows as Record<string | number, unknown>[])
        for (const { i, name } of bytea) {
          const key = rowMode === 'array' ? i : name;
          const value = row[key];
          if (value instanceof Uint8Array)
            row[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
        }
    return results;
  }

  private call(request: DistributiveOmit<DbRequest, 'id'>): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  /** Resolves when the thread has opened the database; from then on settles each request's answer. */
  private listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      const fail = (error: Error) => {
        this.stopped ??= error;
        reject(error);
        for (const request of this.pending.values()) request.reject(error);
        this.pending.clear();
      };
      this.worker.on('message', (reply: DbReply) => {
        if (reply.id === 0) {
          if ('error' in reply) fail(asError(reply.error));
          else {
            this.worker.unref();
            resolve();
          }
          return;
        }
        const request = this.pending.get(reply.id);
        if (!request) return;
        this.pending.delete(reply.id);
        if (this.pending.size === 0) this.worker.unref();
        if ('error' in reply) request.reject(asError(reply.error));
        else request.resolve(reply.result);
      });
      this.worker.on('error', (error) => fail(new Error(`The database thread failed: ${error.message}`)));
      this.worker.on('exit', (code) => fail(new Error(`The database thread stopped (exit code ${code}).`)));
    });
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An Error carrying PostgreSQL's fields (`code`, `detail`, `constraint`…), as PGlite's own does. */
function asError(error: ThreadError): Error {
  return Object.assign(new Error(error.message), { name: 'DatabaseError' }, error.fields);
}
