import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

interface RawResult {
  rows: unknown[];
}

/** Rows of a raw query, the same way on PGlite and node-postgres (both answer `{ rows }`). */
export async function queryRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as RawResult;
  return result.rows as T[];
}

/** A `text[]` parameter list, for `= ANY(…)` and `?|` conditions. */
export function textArray(values: string[]): SQL {
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}
