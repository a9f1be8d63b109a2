import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

interface RawResult {
  rows: unknown[];
}

/** Rows of a raw query, the same way on PGlite and node-postgres (both answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as RawResult;
  return result.rows as T[];
}
