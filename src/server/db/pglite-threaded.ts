import { ThreadClient, type ThreadDeath } from '../threads/rpc';
import type { RemoteError } from '../threads/wire';

/**
 * What the database thread (pglite-thread.ts) serves. A transaction is known by the number
 * `begin` gives; its statements are `query` calls with that `tx`.
 */
export interface DbThread {
  query(sql: string, params: unknown[], rowMode: RowMode | undefined, tx?: number): Promise<Results>;
  begin(): Promise<number>;
  end(tx: number, commit: boolean): Promise<void>;
  close(): Promise<void>;
}

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
  private constructor(private readonly thread: ThreadClient<DbThread>) {}

  /** Opens (or makes) the database in `dir`; resolves once it is ready and throws if it cannot be. */
  static async open(dir: string): Promise<ThreadedPglite> {
    const thread = await ThreadClient.start<DbThread>(ENTRY, {
      data: { dir },
      name: 'the database thread',
      died,
      revive: asError,
    });
    return new ThreadedPglite(thread);
  }

  query(sql: string, params: unknown[] = [], options?: { rowMode?: RowMode }): Promise<Results> {
    return this.statement(sql, params, options?.rowMode);
  }

  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: QueryClient) => Promise<T>): Promise<T> {
    const tx = await this.thread.call('begin', []);
    let result: T;
    try {
      result = await work({
        query: (sql, params = [], options) => this.statement(sql, params, options?.rowMode, tx),
      });
    } catch (error) {
      await this.thread.call('end', [tx, false]).catch(() => undefined);
      throw error;
    }
    await this.thread.call('end', [tx, true]);
    return result;
  }

  async close(): Promise<void> {
    if (this.thread.alive) await this.thread.call('close', []).catch(() => undefined);
    await this.thread.close(new Error('The database is closed.'));
  }

  private async statement(sql: string, params: unknown[], rowMode: RowMode | undefined, tx?: number) {
    const results = await this.thread.call('query', [sql, params, rowMode, tx]);
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
}

/** Why statements fail once the thread has died. */
const died = ({ error, exitCode }: ThreadDeath) =>
  error
    ? new Error(`The database thread failed: ${error.message}`)
    : new Error(`The database thread stopped (exit code ${exitCode}).`);

/** An Error carrying PostgreSQL's fields (`code`, `detail`, `constraint`…), as PGlite's own does. */
function asError(error: RemoteError): Error {
  return Object.assign(new Error(error.message), { name: 'DatabaseError' }, error.fields);
}
