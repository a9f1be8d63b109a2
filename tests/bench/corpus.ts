import type { ExtractedDocument } from '../../src/server/knowledge/connectors/types';
import type { Db } from '../../src/server/db/client';
import { ingestedData, sources } from '../../src/server/db/schema';
import type { SearchIndex } from '../../src/server/knowledge/index/search-index';

/**
 * Indexes copies of real documents, each copy in a source of its own, until the index holds at
 * least `target` passages. Returns the number of passages.
 */
export async function fillIndex(
  db: Db,
  index: SearchIndex,
  documents: (ExtractedDocument & { language?: string })[],
  target: number,
): Promise<number> {
  let chunks = 0;
  for (let copy = 0; chunks < target; copy++) {
    const [source] = await db
      .insert(sources)
      .values({ name: `copy ${copy}`, project: 'dish' })
      .returning();
    for (const [i, doc] of documents.entries()) {
      const [item] = await db
        .insert(ingestedData)
        .values({
          resourceType: 'document',
          sourceId: source!.id,
          project: 'dish',
          title: doc.title,
          body: doc.body,
          dedupeKey: String(i),
          contentHash: String(i),
        })
        .returning();
      chunks += await index.indexItem({ ...item!, language: doc.language ?? 'en' });
    }
  }
  return chunks;
}
