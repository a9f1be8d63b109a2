import { desc, type Column, type SQL } from 'drizzle-orm';
import type { ListAnswer } from '../../shared/admin/views';

/** SPEC §7 paging: `limit` rows after `skip`, as every admin list asks. */
export interface Page {
  limit: number;
  skip: number;
}

// Drizzle's select builders, seen only as far as this module uses them: its own types do not
// survive being passed around generically.
interface Pageable<Row> {
  limit(limit: number): { offset(skip: number): PromiseLike<Row[]> };
}
interface Listable<Row> {
  where(where: SQL | undefined): { orderBy(...order: SQL[]): Pageable<Row> };
}
interface Countable {
  where(where: SQL | undefined): PromiseLike<{ n: number }[]>;
}

/** A list's two selects, from the same tables and joins: one of its rows, one counting them. */
export interface ListSelects<Row> {
  rows: Listable<Row>;
  count: Countable;
}

export interface ListScope {
  /** Applied to both selects, so that the total is the number of rows the pages hold. */
  where: SQL | undefined;
  /**
   * Newest first by the time, then by the id: rows of the same time keep one order, so that
   * none is shown on two pages or on none.
   */
  newestFirst: [time: Column, id: Column];
}

/**
 * One page of a list, newest first, with the count of all its rows, both asked at once: the admin
 * tables (users, questions, ingested and pending data) page alike, so the page is cut in one place.
 */
export async function pageOf<Row, T>(
  selects: ListSelects<Row>,
  { where, newestFirst: [time, id] }: ListScope,
  page: Page,
  present: (row: Row) => T,
): Promise<ListAnswer<T>> {
  const [rows, [total]] = await Promise.all([
    selects.rows.where(where).orderBy(desc(time), desc(id)).limit(page.limit).offset(page.skip),
    selects.count.where(where),
  ]);
  return { data: rows.map(present), total: Number(total?.n ?? 0) };
}
