/**
 * The embedded database's worker thread: owns PGlite and runs the statements the server thread
 * sends (pglite-threaded.ts). PGlite is PostgreSQL compiled to WebAssembly and runs each
 * statement to its end without giving its thread a turn, so on the server's thread every
 * question's searches held the event loop (docs/performance.md, "the database in a thread").
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import type { DbReply, DbRequest, ThreadError } from './pglite-threaded';

const port = parentPort;
if (!port) throw new Error('pglite-thread.ts runs only as a worker thread (see pglite-threaded.ts).');

const { dir } = (workerData as { data: { dir: string } }).data;
const send = (reply: DbReply) => port.postMessage(reply);

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

// The statement itself, and what an Error is anyway.
const NOT_FIELDS = new Set(['query', 'name', 'message', 'stack', 'length']);

/** What the server thread needs of a database error: its message and PostgreSQL's fields. */
function describe(error: unknown): ThreadError {
  const fields: Record<string, string | number> = {};
  if (error && typeof error === 'object')
    for (const [key, value] of Object.entries(error))
      if ((typeof value === 'string' || typeof value === 'number') && !NOT_FIELDS.has(key))
        fields[key] = value;
  return { message: error instanceof Error ? error.message : String(error), fields };
}

/** The open transactions, by the id of the request that began them. */
const transactions = new Map<
  number,
  { tx: Transaction; end(commit: boolean): void; settled: Promise<unknown> }
>();
/** Thrown inside PGlite's transaction to have it roll back. */
const ROLLBACK = new Error('rolled back');

try {
  const db = await open();
  const answer = (id: number, work: Promise<unknown>) =>
    work.then(
      (result) => send({ id, result }),
      (error: unknown) => send({ id, error: describe(error) }),
    );
  port.on('message', (request: DbRequest) => {
    switch (request.op) {
      case 'query': {
        const client = request.tx === undefined ? db : transactions.get(request.tx)?.tx;
        if (!client)
          return send({ id: request.id, error: { message: 'The transaction has ended.', fields: {} } });
        return void answer(
          request.id,
          client.query(request.sql, request.params, { rowMode: request.rowMode }),
        );
      }
      case 'begin': {
        let end!: (commit: boolean) => void;
        const ended = new Promise<boolean>((resolve) => (end = resolve));
        let began = false;
        const settled = db.transaction(async (tx) => {
          began = true;
          transactions.set(request.id, { tx, end, settled });
          send({ id: request.id, result: request.id });
          if (!(await ended)) throw ROLLBACK;
        });
        // A BEGIN that failed never reached the callback: its request is answered here.
        settled.catch((error: unknown) => {
          if (!began) send({ id: request.id, error: describe(error) });
        });
        return;
      }
      case 'end': {
        const open = transactions.get(request.tx);
        if (!open) return send({ id: request.id, result: null });
        transactions.delete(request.tx);
        open.end(request.commit);
        return void answer(
          request.id,
          open.settled.catch((error: unknown) => {
            if (error !== ROLLBACK) throw error;
          }),
        );
      }
      case 'close':
        return void answer(request.id, db.close());
    }
  });
  send({ id: 0, result: 'ready' });
} catch (error) {
  send({ id: 0, error: describe(error) });
}
