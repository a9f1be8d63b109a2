import { count, eq, sql } from 'drizzle-orm';
import type { ExtractedDocument } from '../../src/server/knowledge/connectors/types';
import type { Db } from '../../src/server/db/client';
import { ingestedData, sources } from '../../src/server/db/schema';
import type { SearchIndex } from '../../src/server/knowledge/index/search-index';
import { extractPdf } from '../../src/server/knowledge/connectors/pdf';
import { extractWord } from '../../src/server/knowledge/connectors/word';
import { material, sharedPath } from '../support/shared';
import { analyzePassages } from '../../src/server/knowledge/index/term-stats';

/**
 * Indexes copies of real documents, each copy in a source of its own (named "`name` n"), until the
 * index holds at least `target` passages. Returns the number of passages.
 */
export async function fillIndex(
  db: Db,
  index: SearchIndex,
  documents: (ExtractedDocument & { language?: string })[],
  target: number,
  name = 'copy',
): Promise<number> {
  let chunks = 0;
  for (let copy = 0; chunks < target; copy++) {
    const [source] = await db
      .insert(sources)
      .values({ name: `${name} ${copy}`, project: 'dish' })
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
  return growIndex(db, index, first, target);
}

/**
 * Copies the items of the first source ("copy 0", as `fillIndex` names it), rows and vectors,
 * into new sources until the index, holding `chunks` passages now, holds at least `target`.
 * Returns the number of passages.
 */
export async function growIndex(db: Db, index: SearchIndex, chunks: number, target: number): Promise<number> {
  const [first] = await db.select().from(sources).where(eq(sources.name, 'copy 0'));
  const originals = await db.select().from(ingestedData).where(eq(ingestedData.sourceId, first!.id));
  const [{ copies } = { copies: 1 }] = await db.select({ copies: count() }).from(sources);
  const vectors = index.usesVectors ? sql`, embedding, sentence_vectors, embedded_with` : sql``;
  for (let copy = copies; chunks < target; copy++) {
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
      // The copies' sentences are searched as the originals' are.
      if (index.usesVectors)
        await db.execute(
          sql`INSERT INTO chunk_sentences (chunk_id, position, project, embedding)
              SELECT copy.id, s.position, copy.project, s.embedding
              FROM chunks copy JOIN chunks original ON original.item_id = ${id}::uuid AND original.position = copy.position
              JOIN chunk_sentences s ON s.chunk_id = original.id
              WHERE copy.item_id = ${item!.id}::uuid`,
        );
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

/**
 * The varied knowledge base of the retrieval benchmark: every readable document of
 * ../shared/material (PDF, Word, spreadsheets, CSV, the WordPress and GPII exports, the FAQ files)
 * and every page of the WAI-ARIA Authoring Practices site, each read by the connector the server
 * uses for it. The scanned PDF (OCR) and the test fixtures of the Word reader are left out.
 */
export async function materialDocuments(): Promise<(ExtractedDocument & { language: string })[]> {
  const { readdirSync } = await import('node:fs');
  const { extractDocFile } = await import('../../src/server/knowledge/connectors/doc-file');
  const { extractDbExport } = await import('../../src/server/knowledge/connectors/db-export');
  const { extractMainText } = await import('../../src/server/knowledge/connectors/web-extract');
  const { detectLanguage } = await import('../../src/server/knowledge/index/language');
  const files = (dir: string, pattern: RegExp): string[] =>
    readdirSync(sharedPath('material', dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => pattern.test(f) && !/wordextractor|scanned_/.test(f))
      .sort()
      .map((f) => `${dir}/${f}`);
  const documents: ExtractedDocument[] = [];
  for (const file of files('documents/pdf', /\.pdf$/)) documents.push(await extractPdf(material(file)));
  for (const file of [
    ...files('documents', /\.(docx?|xlsx|csv)$/),
    ...files('retrieval/accessibility_faq', /\.(md|yaml)$/),
  ]) {
    const name = file.replace(/^.*\//, '');
    const kind = name.endsWith('.yaml') ? name.replace(/\.yaml$/, '.txt') : name;
    documents.push(...(await extractDocFile(material(file), kind)));
  }
  for (const file of files('documents/db_export', /\.(xml|json)$/))
    documents.push(...extractDbExport(material(file)));
  for (const file of files('website', /\.html$/)) {
    const page = extractMainText(new TextDecoder().decode(material(file)), `https://example.org/${file}`);
    documents.push({ title: page.title, body: page.body, url: `https://example.org/${file}` });
  }
  return documents
    .filter((d) => /[\p{L}\p{N}]/u.test(d.body))
    .map((d) => ({ ...d, language: detectLanguage(d.body) }));
}
