import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { postgresNotices, type Notices } from './notices';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Messages between the server processes sharing a PostgreSQL database (LISTEN/NOTIFY); none
   * for PGlite, whose database belongs to one process.
   */
  notices?: Notices;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** PGlite under DATA_DIR by default; PostgreSQL when a URL is given. Migrations run before use. */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Told when PostgreSQL drops an idle connection (a restart, a terminated backend). */
  onConnectionLost?: (error: Error) => void;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onConnectionLost)
    : openPglite(options.dataDir);
}

const PGLITE_SHARED_BUFFERS = '32MB';

async function openPglite(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  // pgvector ships with PGlite, so the embedded default always has vector search.
  const extensions = { vector };
  // A new database is made with PGlite's own settings: made with others, PGlite kept about
  // 350 MB more for as long as the process ran.
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await (await PGlite.create(dir, { extensions })).close();
  // PostgreSQL's 128 MB of shared buffers suit a database server of its own; this one shares
  // the server's process with the models, and 32 MB (the operating system caches the rest of the
  // files) keep the process about 100 MB smaller.
  const client = await PGlite.create(dir, {
    extensions,
    // PGlite reads bytea byte by byte through parseInt: the sentence vectors of an answer's 40
    // passages took about 7 ms of every answer. Node decodes the same hex natively.
    parsers: { [types.BYTEA]: (hex: string) => Buffer.from(hex.slice(2), 'hex') },
    startParams: [
      ...PGlite.defaultStartParams,
      ...['-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      // Its files are read through the operating system's cache, where a page read at random costs
      // little more than the next one: with PostgreSQL's default of 4, a question's rarer words
      // were looked for by reading every passage instead of through their index (performance.md).
      ...['-c', 'random_page_cost=1.1'],
    ],
  });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

// Any fixed number shared by all DISH processes, so that two starting at once migrate in turn.
const MIGRATION_LOCK = 73_110_001;

async function openPostgres(url: string, onConnectionLost?: (error: Error) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that PostgreSQL ends (a restart, pg_terminate_backend) is reported here and
  // left by the pool, which opens another when needed; unheard, the error would end the process.
  pool.on('error', (error) => onConnectionLost?.(error));
  const db = drizzlePg(pool, { schema });
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(db, { migrationsFolder });
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lock.release();
  }
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    notices: postgresNotices(url, pool),
    close: () => pool.end(),
  };
}
