import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { IngestedItemView, ListAnswer, PendingItemView } from '../../shared/admin/schemas';
import type { Db } from '../db/client';
import { pageOf, type ListSelects } from '../db/paging';
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

type IngestedRow = typeof ingestedData.$inferSelect;
type PendingRow = typeof pendingData.$inferSelect;
/** An item with the name of its source. */
type Sourced<Item> = { item: Item; sourceName: string };

const presentIngested = ({ item, sourceName }: Sourced<IngestedRow>): IngestedItemView => ({
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
});

const presentPending = ({ item, sourceName }: Sourced<PendingRow>): PendingItemView => ({
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
});

/**
 * Both lists are joined to their source, whose name they show and can be searched by. The
 * overloads say which rows each table gives, which Drizzle cannot infer for either table at once.
 */
function withSourceName(db: Db, table: typeof ingestedData): ListSelects<Sourced<IngestedRow>>;
function withSourceName(db: Db, table: typeof pendingData): ListSelects<Sourced<PendingRow>>;
function withSourceName(
  db: Db,
  table: typeof ingestedData | typeof pendingData,
): ListSelects<Sourced<IngestedRow> | Sourced<PendingRow>> {
  const bySource = eq(sources.id, table.sourceId);
  return {
    rows: db.select({ item: table, sourceName: sources.name }).from(table).innerJoin(sources, bySource),
    count: db.select({ n: count() }).from(table).innerJoin(sources, bySource),
  };
}

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
    withSourceName(db, ingestedData),
    { where, newestFirst: [ingestedData.updatedAt, ingestedData.id] },
    q,
    presentIngested,
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
    withSourceName(db, pendingData),
    { where, newestFirst: [pendingData.createdAt, pendingData.id] },
    q,
    presentPending,
  );
}
