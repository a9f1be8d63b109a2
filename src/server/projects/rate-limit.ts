import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authThrottle } from '../db/schema';

export const KEY_WINDOW_MS = 60_000;

/**
 * Counts one request of an API key in ONE statement (INSERT … ON CONFLICT DO UPDATE …
 * RETURNING), in the attempt counters every server process shares: however many processes and
 * parallel requests, no more than `limit` pass in a window. Returns the seconds to wait, or 0.
 */
export async function countKeyRequest(db: Db, keyId: string, limit: number): Promise<number> {
  const stale = sql`${authThrottle.windowStartedAt} < now() - ${sql.raw(`interval '${KEY_WINDOW_MS} milliseconds'`)}`;
  const [row] = await db
    .insert(authThrottle)
    .values({ key: `api-key:${keyId}`, failures: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`CASE WHEN ${stale} THEN 1 ELSE ${authThrottle.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${stale} THEN now() ELSE ${authThrottle.windowStartedAt} END`,
      },
    })
    .returning({
      count: authThrottle.failures,
      // Milliseconds until this window ends, by the database's clock (the one the window is kept by).
      leftMs: sql<number>`greatest(0, ${KEY_WINDOW_MS} - extract(epoch from (now() - ${authThrottle.windowStartedAt})) * 1000)::float8`,
    });
  if (!row || row.count <= limit) return 0;
  return Math.max(1, Math.ceil(Number(row.leftMs) / 1000));
}
