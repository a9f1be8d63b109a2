import { and, count, eq, inArray, ne, type Column, type SQL } from 'drizzle-orm';
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

/** The view fields each list shows under the row's own names, and is searched by under them. */
const INGESTED_OWN = ['project', 'title', 'body', 'url', 'country'] as const;
const PENDING_OWN = ['description', 'title', 'url', 'depth', 'status', 'error'] as const;

/** What a list is searched by, in the order a refusal of an unknown key names them. */
const INGESTED_SEARCH = {
  resource_type: ingestedData.resourceType,
  data_type: ingestedData.resourceType,
  source: sources.name,
  ...pick(ingestedData, INGESTED_OWN),
};
const PENDING_SEARCH = {
  data_type: pendingData.dataType,
  source: sources.name,
  ...pick(pendingData, PENDING_OWN),
};

/** What both lists show of an item: its id, and its source by name and by id. */
const sourced = ({ item, sourceName }: Sourced<IngestedRow | PendingRow>) => ({
  _id: item.id,
  source: sourceName,
  source_id: item.sourceId,
});

const presentIngested = (row: Sourced<IngestedRow>): IngestedItemView => ({
  ...sourced(row),
  resource_type: row.item.resourceType,
  ...pick(row.item, INGESTED_OWN),
  body: row.item.body.length > BODY_PREVIEW ? `${row.item.body.slice(0, BODY_PREVIEW)}…` : row.item.body,
  isConsumed: row.item.isConsumed,
});

const presentPending = (row: Sourced<PendingRow>): PendingItemView => ({
  ...sourced(row),
  data_type: row.item.dataType,
  ...pick(row.item, PENDING_OWN),
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

/** A list's rows: of the admin's projects, of one source when asked, and matching the search. */
function sourcedWhere(
  table: typeof ingestedData | typeof pendingData,
  q: ListQuery,
  searchable: Record<string, Column>,
  ...more: SQL[]
): SQL | undefined {
  return and(
    inArray(table.project, q.projects),
    ...more,
    q.sourceId ? eq(table.sourceId, q.sourceId) : undefined,
    searchFilter(q.search, searchable),
  );
}

export async function listIngested(db: Db, q: ListQuery): Promise<ListAnswer<IngestedItemView>> {
  return pageOf(
    withSourceName(db, ingestedData),
    {
      where: sourcedWhere(ingestedData, q, INGESTED_SEARCH),
      newestFirst: [ingestedData.updatedAt, ingestedData.id],
    },
    q,
    presentIngested,
  );
}

export async function listPending(
  db: Db,
  q: ListQuery & { notStatus: PendingItemView['status'] },
): Promise<ListAnswer<PendingItemView>> {
  return pageOf(
    withSourceName(db, pendingData),
    {
      where: sourcedWhere(pendingData, q, PENDING_SEARCH, ne(pendingData.status, q.notStatus)),
      newestFirst: [pendingData.createdAt, pendingData.id],
    },
    q,
    presentPending,
  );
}

/** The named fields of an object (a row, or a table's columns). */
function pick<T, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;
}
