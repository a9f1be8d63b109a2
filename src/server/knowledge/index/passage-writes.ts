import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Foreground } from '../../db/give-way';
import { queryRows } from '../../db/raw';
import type { Chunk } from './chunker';
import type { Embedder } from './embeddings';
import { VECTOR_COLUMNS, vectorValues, type PassageVectors } from './passage-vectors';

/** Told how indexing an item goes: passages embedded, then written, of its passages. */
export type IndexProgress = (progress: {
  stage: 'embedding' | 'saving';
  done: number;
  total: number;
}) => void;

export interface IndexedItem {
  id: string;
  sourceId: string;
  project: string;
  url: string | null;
  title: string;
  body: string;
  language: string;
}

/**
 * Passages written by one statement, each with its vectors. A statement holds PGlite's one
 * connection, and a question's queries wait behind it: twenty passages of the Rehabilitation
 * Act, with their HNSW and GIN entries, take about 50 ms there (docs/performance.md).
 */
const WRITTEN_AT_ONCE = 20;

/**
 * Replaces an item's passages with `passages` (and their vectors, when there is a model). The
 * new ones are written a few to a statement, each statement on its own, and the old ones are
 * deleted in one statement once all the new are in: so a question asked meanwhile never waits for
 * the whole item (one transaction of the 190-page Rehabilitation Act held PGlite for 3.6 s), and
 * finds the item's old passages until its new ones are whole; for those few seconds it may find
 * both (the composer quotes a text once). If writing fails, what was written of the new passages
 * is deleted and the old ones stay; if the process stops part-way, the item is not consumed
 * (store.ts) and is indexed again, which deletes every passage of it but the new run's.
 */
export async function replacePassages(
  db: Db,
  item: IndexedItem,
  config: string,
  passages: Chunk[],
  vectors: { made: (PassageVectors | null)[]; embedder: Embedder } | null,
  foreground: Foreground,
  onProgress?: IndexProgress,
): Promise<void> {
  const columns = sql.raw(
    `item_id, source_id, project, url, position, page, text, tsv${vectors ? `, ${VECTOR_COLUMNS}` : ''}`,
  );
  const written: string[] = [];
  try {
    for (let i = 0; i < passages.length; i += WRITTEN_AT_ONCE) {
      onProgress?.({ stage: 'saving', done: i, total: passages.length });
      await foreground.clear();
      const rows = passages.slice(i, i + WRITTEN_AT_ONCE).map((p, j) => {
        const own = sql`${item.id}::uuid, ${item.sourceId}::uuid, ${item.project}, ${item.url}, ${i + j},
                        ${p.page}::int, ${p.text}, to_tsvector(${config}::regconfig, ${p.text})`;
        return vectors
          ? sql`(${own}, ${vectorValues(vectors.made[i + j] ?? null, vectors.embedder)})`
          : sql`(${own})`;
      });
      const made = await queryRows<{ id: string }>(
        db,
        sql`INSERT INTO chunks (${columns}) VALUES ${sql.join(rows, sql`, `)} RETURNING id`,
      );
      written.push(...made.map((r) => r.id));
    }
    await foreground.clear();
    await db.execute(
      sql`DELETE FROM chunks WHERE item_id = ${item.id}::uuid AND NOT (id = ANY(${uuidArray(written)}::uuid[]))`,
    );
  } catch (error) {
    await db
      .execute(sql`DELETE FROM chunks WHERE id = ANY(${uuidArray(written)}::uuid[])`)
      .catch(() => undefined);
    throw error;
  }
}

// One parameter however many passages an item has (a sheet of 100,000 rows has tens of thousands).
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;
