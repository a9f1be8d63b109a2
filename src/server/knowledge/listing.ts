import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { IngestedItemView, ListAnswer, PendingItemView } from '../../shared/admin/schemas';
import type { Db } from '../db/client';
import { pageOf } from '../db/paging';
import { ingestedData, pendingData, sources } from '../db/schema';
import { searchFilter } from './search-filter';

interface ListQuery {
  projects: string[];
  sourceId?: string | undefined;
  search?: string | undefined;
  limit: number;
  skip: number;
}

/** The list screens show the start of a long body; the whole of it is in the index. */
const BODY_PREVIEW = 2000;

export async function listIngested(db: Db, q: ListQuery): Promise<ListAnswer<IngestedItemView>> {
  const where = and(
    inArray(ingestedData.project, q.projects),
    q.sourceId ? eq(ingestedData.sourceId, q.sourceId) : undefined,
    searchFilter(q.search, {
      resource_type: ingestedData.resourceType,
      data_type: ingestedData.resourceType,
      source: sources.name,
      project: ingestedData.project,
      title: ingestedData.title,
      body: ingestedData.body,
      url: ingestedData.url,
      country: ingestedData.country,
    }),
  );
  return pageOf(
    db
      .select({ item: ingestedData, sourceName: sources.name })
      .from(ingestedData)
      .innerJoin(sources, eq(sources.id, ingestedData.sourceId))
      .where(where)
      .orderBy(desc(ingestedData.updatedAt), desc(ingestedData.id)),
    countOf(db, ingestedData, where, true),
    q,
    ({ item, sourceName }) => ({
      _id: item.id,
      resource_type: item.resourceType,
      source: sourceName,
      source_id: item.sourceId,
      project: item.project,
      title: item.title,
      body: item.body.length > BODY_PREVIEW ? `${item.body.slice(0, BODY_PREVIEW)}…` : item.body,
      url: item.url,
      country: item.country,
      isConsumed: item.isConsumed,
    }),
  );
}

export async function listPending(
  db: Db,
  q: ListQuery & { notStatus: PendingItemView['status'] },
): Promise<ListAnswer<PendingItemView>> {
  const where = and(
    inArray(pendingData.project, q.projects),
    ne(pendingData.status, q.notStatus),
    q.sourceId ? eq(pendingData.sourceId, q.sourceId) : undefined,
    searchFilter(q.search, {
      data_type: pendingData.dataType,
      source: sources.name,
      description: pendingData.description,
      title: pendingData.title,
      url: pendingData.url,
      depth: pendingData.depth,
      status: pendingData.status,
      error: pendingData.error,
    }),
  );
  return pageOf(
    db
      .select({ item: pendingData, sourceName: sources.name })
      .from(pendingData)
      .innerJoin(sources, eq(sources.id, pendingData.sourceId))
      .where(where)
      .orderBy(desc(pendingData.createdAt), desc(pendingData.id)),
    countOf(db, pendingData, where, false),
    q,
    ({ item, sourceName }) => ({
      _id: item.id,
      data_type: item.dataType,
      source: sourceName,
      source_id: item.sourceId,
      description: item.description,
      title: item.title,
      url: item.url,
      depth: item.depth,
      status: item.status,
      error: item.error,
    }),
  );
}

function countOf(
  db: Db,
  table: typeof ingestedData | typeof pendingData,
  where: SQL | undefined,
  ingested: boolean,
) {
  const sourceJoin = eq(sources.id, ingested ? ingestedData.sourceId : pendingData.sourceId);
  return db.select({ n: count() }).from(table).innerJoin(sources, sourceJoin).where(where);
}
