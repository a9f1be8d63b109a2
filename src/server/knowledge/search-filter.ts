import { and, ilike, or, sql, type Column, type SQL } from 'drizzle-orm';
import { parseSearch } from '../../shared/admin/search';
import { HttpError } from '../http/errors';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Turns the table's `key: value` search into SQL: each term must match (ILIKE, case ignored);
 * a term without a key may match any column. An unknown key is a 400 naming the known ones.
 */
export function searchFilter(
  search: string | undefined,
  columns: Record<string, Column | SQL>,
): SQL | undefined {
  if (!search) return undefined;
  const conditions = parseSearch(search).map((term) => {
    const pattern = `%${escapeLike(term.value)}%`;
    const match = (column: Column | SQL) => ilike(sql`${column}::text`, pattern);
    if (term.key === null) return or(...Object.values(columns).map(match));
    // Own keys only: `__proto__` or `constructor` must not reach Object.prototype's members.
    const column = Object.hasOwn(columns, term.key) ? columns[term.key] : undefined;
    if (!column) {
      throw new HttpError(
        400,
        `You cannot search by "${term.key}". Use one of: ${Object.keys(columns).join(', ')}.`,
      );
    }
    return match(column);
  });
  return conditions.length ? and(...conditions) : undefined;
}
