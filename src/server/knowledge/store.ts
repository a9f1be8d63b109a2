import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ingestedData } from '../db/schema';
import { detectLanguage } from './index/language';
import type { IndexProgress } from './index/passage-writes';
import type { SearchIndex } from './index/search-index';

export type ResourceType = (typeof ingestedData.$inferSelect)['resourceType'];

export interface DocumentToStore {
  pendingId: string | null;
  sourceId: string;
  project: string;
  country: string;
  resourceType: ResourceType;
  title: string;
  body: string;
  url: string | null;
  /** What makes two ingestions "the same document": the URL, or the file's content hash. */
  dedupeKey: string;
  etag?: string | undefined;
  lastModified?: string | undefined;
  links?: string[] | undefined;
}

export type StoreOutcome = 'added' | 'updated' | 'unchanged';

const hashOf = (title: string, body: string) =>
  createHash('sha256').update(`${title}\n${body}`).digest('hex');

/**
 * Adds or updates the ingested item for a document. The same URL or file again updates the
 * existing item, and its passages are indexed again only when its text changed.
 */
export async function storeDocument(
  db: Db,
  index: SearchIndex,
  doc: DocumentToStore,
  onProgress?: IndexProgress,
): Promise<StoreOutcome> {
  const contentHash = hashOf(doc.title, doc.body);
  const [existing] = await db
    .select({
      id: ingestedData.id,
      contentHash: ingestedData.contentHash,
      isConsumed: ingestedData.isConsumed,
    })
    .from(ingestedData)
    .where(and(eq(ingestedData.sourceId, doc.sourceId), eq(ingestedData.dedupeKey, doc.dedupeKey)));
  const validators = {
    etag: doc.etag ?? null,
    lastModified: doc.lastModified ?? null,
    links: doc.links ?? null,
  };
  // An item whose indexing failed part-way is not consumed: the same text again indexes it anew.
  if (existing && existing.contentHash === contentHash && existing.isConsumed) {
    await db
      .update(ingestedData)
      .set({ ...validators, country: doc.country, updatedAt: sql`now()` })
      .where(eq(ingestedData.id, existing.id));
    return 'unchanged';
  }
  const language = detectLanguage(`${doc.title}\n${doc.body}`);
  const values = {
    pendingId: doc.pendingId,
    resourceType: doc.resourceType,
    sourceId: doc.sourceId,
    project: doc.project,
    title: doc.title.slice(0, 500),
    body: doc.body,
    url: doc.url,
    country: doc.country,
    dedupeKey: doc.dedupeKey,
    contentHash,
    language: language || 'und',
    ...validators,
  };
  const [row] = await db
    .insert(ingestedData)
    .values(values)
    .onConflictDoUpdate({
      target: [ingestedData.sourceId, ingestedData.dedupeKey],
      set: { ...values, isConsumed: false, updatedAt: sql`now()` },
    })
    .returning({ id: ingestedData.id });
  if (!row) throw new Error('ingested item upsert returned no row');
  await index.indexItem(
    {
      id: row.id,
      sourceId: doc.sourceId,
      project: doc.project,
      url: doc.url,
      title: values.title,
      body: doc.body,
      language,
    },
    onProgress,
  );
  // Consumed: its passages are in the index and count for answers.
  await db.update(ingestedData).set({ isConsumed: true }).where(eq(ingestedData.id, row.id));
  return existing ? 'updated' : 'added';
}
