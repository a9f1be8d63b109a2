/**
 * The embedded database's worker thread: owns PGlite and runs the statements the server thread
 * sends (pglite-threaded.ts). PGlite is PostgreSQL compiled to WebAssembly and runs each
 * statement to its end without giving its thread a turn, so on the server's thread every
 * question's searches held the event loop (docs/performance.md, "the database in a thread").
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { workerData } from 'node:worker_threads';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { expose } from '../threads/serve';
import type { ErrorField } from '../threads/wire';
import type { DbThread } from './pglite-threaded';

const { dir } = (workerData as { data: { dir: string } }).data;

const PGLITE_SHARED_BUFFERS = '32MB';
// Drizzle reads dates and times as PostgreSQL writes them (it asks the same of PGlite per query).
const asWritten = (value: string) => value;
const TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];

async function open(): Promise<PGlite> {
  await mkdir(dir, { recursive: true });
  // pgvector ships with PGlite, so the embedded default always has vector search.
  const extensions = { vector };
  // A new database is made with PGlite's own settings: made with others, PGlite kept about
  // 350 MB more for as long as the process ran.
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await (await PGlite.create(dir, { extensions })).close();
  return PGlite.create(dir, {
    extensions,
    parsers: {
      ...Object.fromEntries(TEXT_TYPES.map((type) => [type, asWritten])),
      // PGlite reads bytea byte by byte through parseInt: the sentence vectors of an answer's 40
      // passages took about 7 ms of every answer. Node decodes the same hex natively.
      [types.BYTEA]: (hex: string) => Buffer.from(hex.slice(2), 'hex'),
    },
    startParams: [
      ...PGlite.defaultStartParams,
      // PostgreSQL's 128 MB of shared buffers suit a database server of its own; this one shares
      // the server's process with the models, and 32 MB (the operating system caches the rest of
      // the files) keep the process about 100 MB smaller.
      ...['-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      // Its files are read through the operating system's cache, where a page read at random costs
      // little more than the next one: with PostgreSQL's default of 4, a question's rarer words
      // were looked for by reading every passage instead of through their index (performance.md).
      ...['-c', 'random_page_cost=1.1'],
    ],
  });
}

// The statement itself, and the length of PostgreSQL's message: not what callers read.
const NOT_FIELDS = new Set(['query', 'length']);

/** A database error crosses with PostgreSQL's fields (`code`, `constraint`…), not its statement. */
const errorFields = (_error: unknown, fields: Record<string, ErrorField>) =>
  Object.fromEntries(
    Object.entries(fields).filter(
      ([key, value]) => !NOT_FIELDS.has(key) && (typeof value === 'string' || typeof value === 'number'),
    ),
  );

/** The open transactions, by the number `begin` gave them. */
const transactions = new Map<
  number,
  { tx: Transaction; end(commit: boolean): void; settled: Promise<unknown> }
>();
let nextTransaction = 1;
/** Thrown inside PGlite's transaction to have it roll back. */
const ROLLBACK = new Error('rolled back');

async function serve(): Promise<DbThread> {
  const db = await open();
  return {
    query: (sql, params, rowMode, tx) => {
      const client = tx === undefined ? db : transactions.get(tx)?.tx;
      if (!client) throw new Error('The transaction has ended.');
      return client.query(sql, params, { rowMode });
    },
    // Resolves once PGlite has begun the transaction, which holds the database until `end`.
    begin: () =>
      new Promise((resolve, reject) => {
        const id = nextTransaction++;
        let end!: (commit: boolean) => void;
        const ended = new Promise<boolean>((resolve) => (end = resolve));
        let began = false;
        const settled = db.transaction(async (tx) => {
          began = true;
          transactions.set(id, { tx, end, settled });
          resolve(id);
          if (!(await ended)) throw ROLLBACK;
        });
        // A BEGIN that failed never reached the callback.
        settled.catch((error: Error) => {
          if (!began) reject(error);
        });
      }),
    end: async (tx, commit) => {
      const open = transactions.get(tx);
      if (!open) return;
      transactions.delete(tx);
      open.end(commit);
      await open.settled.catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
    },
    close: () => db.close(),
  };
}

expose(serve(), { errorFields });
