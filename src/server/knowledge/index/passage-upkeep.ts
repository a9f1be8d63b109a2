import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw';

/**
 * The passage tables after passages were deleted or rewritten (an item indexed again, a source
 * deleted, every passage embedded again for another model): the dead rows taken out of the tables
 * and of their HNSW indexes, then the words' statistics gathered again. Left in, dead rows cost
 * the nearest-neighbour searches live ones: on the evaluation's knowledge base, once the
 * Rehabilitation Act was indexed again (3,700 dead sentence rows beside 22,000 live), the census
 * passage that answers a Hindi question fell out of the 40 weighed, and came back after a VACUUM
 * (docs/knowledge-base.md, "Deleted passages"). PGlite has no autovacuum, and PostgreSQL's waits
 * for a fifth of a table to be dead. With nothing dead it takes milliseconds.
 */
export async function tidyPassages(db: Db): Promise<void> {
  // This connection's deletes' counts reach the table's statistics at most once a second:
  // flushed after the VACUUM, they would count as dead the rows it took out (autovacuum reads
  // that count). PGlite has only this connection; on PostgreSQL another may still send its own.
  await db.execute(sql`SELECT pg_stat_force_next_flush()`);
  await db.execute(sql`VACUUM (ANALYZE) chunks`);
  // The searched sentences' table exists only where pgvector does (passage-vectors.ts).
  const [sentences] = await queryRows<{ present: boolean }>(
    db,
    sql`SELECT to_regclass('chunk_sentences') IS NOT NULL AS present`,
  );
  if (sentences?.present) await db.execute(sql`VACUUM chunk_sentences`);
}
