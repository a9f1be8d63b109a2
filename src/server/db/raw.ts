import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Rows of a raw query, the same way on PGlite and node-postgres (both answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: { rows: unknown[] } = await db.execute(query);
  return result.rows as T[];
}
