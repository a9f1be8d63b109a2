import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/client';

/** The process's database (PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR), its losses logged. */
export async function openProcessDatabase(config: Config, log: FastifyBaseLogger): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onConnectionLost: (error) =>
      log.warn({ err: error }, 'a database connection was lost; another will be opened'),
  });
  log.info({ database: database.kind, role: config.ROLE }, 'database ready');
  return database;
}
