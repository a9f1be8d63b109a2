import { sql } from 'drizzle-orm';
import type { ExtractedDocument } from '../../src/server/knowledge/connectors/types';
import type { Db } from '../../src/server/db/client';
import { ingestedData, sources } from '../../src/server/db/schema';
import type { SearchIndex } from '../../src/server/knowledge/index/search-index';
import { extractPdf } from '../../src/server/knowledge/connectors/pdf';
import { extractWord } from '../../src/server/knowledge/connectors/word';
import { material } from '../support/shared';
import { analyzePassages } from '../../src/server/knowledge/index/term-stats';

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

/**
 * The same knowledge base as `fillIndex`, made in seconds: the documents are indexed (and
 * embedded) once, then their rows copied, vectors included, into new sources until the index
 * holds at least `target` passages. For benchmarks of searching, not of indexing.
 */
export async function copyIndex(
  db: Db,
  index: SearchIndex,
  documents: (ExtractedDocument & { language?: string })[],
  target: number,
): Promise<number> {
  const first = await fillIndex(db, index, documents, 1);
  const originals = await db.select().from(ingestedData);
  const vectors = index.usesVectors ? sql`, embedding, sentence_vectors, embedded_with` : sql``;
  let chunks = first;
  for (let copy = 1; chunks < target; copy++) {
    const [source] = await db
      .insert(sources)
      .values({ name: `copy ${copy}`, project: 'dish' })
      .returning();
    for (const original of originals) {
      const { id, createdAt: _created, updatedAt: _updated, ...fields } = original;
      const [item] = await db
        .insert(ingestedData)
        .values({ ...fields, sourceId: source!.id })
        .returning();
      const copied = await db.execute(
        sql`INSERT INTO chunks (item_id, source_id, project, url, position, page, text, tsv${vectors})
            SELECT ${item!.id}::uuid, ${source!.id}::uuid, project, url, position, page, text, tsv${vectors}
            FROM chunks WHERE item_id = ${id}::uuid`,
      );
      // PGlite reports affectedRows, node-postgres rowCount.
      const { affectedRows, rowCount } = copied as { affectedRows?: number; rowCount?: number };
      chunks += affectedRows ?? rowCount ?? 0;
    }
  }
  // As the ingestion worker does after a run: the statistics that narrow a question's ranking.
  await analyzePassages(db);
  return chunks;
}

/** The documents the chat and retrieval benchmarks copy: the Rehabilitation Act and three DOCX. */
export async function searchBenchDocuments(): Promise<ExtractedDocument[]> {
  return [
    await extractPdf(material('documents/pdf/rehabilitation-act-of-1973-amended-by-wioa.pdf')),
    ...(await Promise.all(
      [
        'docx/gsa_Technology-Accessibility-Playbook-2018-Update.docx',
        'docx/daisy_Authoring_Guidelines_For_using_SaveAsDAISY.docx',
        'docx/gsa_Transcript_February_2018_Accessibility_Community_Meeting.docx',
      ].map((f) => extractWord(material('documents', f))),
    )),
  ];
}
