import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { holdFolder } from './folder-lock';
import { postgresNotices, type Notices } from './notices';
import { ThreadedPglite } from './pglite-threaded';

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

async function openPglite(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, 'pglite');
  // Two processes writing one folder corrupt it: it is this process's until closed.
  const release = await holdFolder(dir);
  try {
    // Making and migrating a database grows PGlite's WebAssembly memory by about 300 MB, which it
    // keeps for as long as its thread lives: a new database is made by a thread that then ends.
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await (await openThreadedPglite(dir)).close();
    const database = await openThreadedPglite(dir);
    return { ...database, close: () => database.close().finally(release) };
  } catch (error) {
    await release();
    throw error;
  }
}

/** PGlite in a thread of its own (it runs each statement without giving its thread a turn), migrated. */
async function openThreadedPglite(dir: string): Promise<Database> {
  const client = await ThreadedPglite.open(dir);
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
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
