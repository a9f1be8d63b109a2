import type { ListAnswer } from '../../shared/admin/views';

/** SPEC §7 paging: `limit` rows after `skip`, as every admin list asks. */
export interface Page {
  limit: number;
  skip: number;
}

/** A Drizzle select that can still be limited and offset (one not yet run). */
interface Pageable<Row> {
  limit(limit: number): { offset(skip: number): PromiseLike<Row[]> };
}

/**
 * One page of a list with the count of all its rows, both asked at once: the admin tables
 * (users, questions, ingested and pending data) page alike, so the page is cut in one place.
 */
export async function pageOf<Row, T>(
  query: Pageable<Row>,
  count: PromiseLike<{ n: number }[]>,
  page: Page,
  present: (row: Row) => T,
): Promise<ListAnswer<T>> {
  const [rows, [total]] = await Promise.all([query.limit(page.limit).offset(page.skip), count]);
  return { data: rows.map(present), total: Number(total?.n ?? 0) };
}
