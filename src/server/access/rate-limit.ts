import { countInWindow } from './throttle';
import type { Db } from '../db/client';

export const KEY_WINDOW_MS = 60_000;

/**
 * Counts one request of an API key in the attempt counters every server process shares (one
 * statement, countInWindow): however many processes and parallel requests, no more than `limit`
 * pass in a window. Returns the seconds to wait, or 0.
 */
export async function countKeyRequest(db: Db, keyId: string, limit: number): Promise<number> {
  const [row] = await countInWindow(db, [`api-key:${keyId}`], KEY_WINDOW_MS);
  if (!row || row.count <= limit) return 0;
  return Math.max(1, Math.ceil(Number(row.leftMs) / 1000));
}
