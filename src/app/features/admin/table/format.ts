import type { ReactNode } from 'react';
import { parseSearch } from '../../../../shared/admin/search';

/** SPEC §9: long text is cut at 150 characters, lists at 200. */
export const TEXT_LIMIT = 150;
export const LIST_LIMIT = 200;

export type CellValue = string | number | boolean | null | undefined | readonly string[];

export function isEmpty(value: CellValue): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The text a value reads as (lists joined by commas). */
export function textOf(value: CellValue): string {
  if (Array.isArray(value)) return value.join(', ');
  return value === null || value === undefined ? '' : String(value);
}

/** Cuts `text` at `limit` characters; `cut` is true when something was left out. */
export function truncate(text: string, limit: number): { shown: string; cut: boolean } {
  if (text.length <= limit) return { shown: text, cut: false };
  return { shown: `${text.slice(0, limit).trimEnd()}…`, cut: true };
}

/** A column of the generic table. `key` is also what `key: value` searches name. */
export interface Column<T> {
  key: string;
  header: string;
  value: (row: T) => CellValue;
  /** How the value shows; booleans and lists are recognised without it. */
  kind?: 'text' | 'list' | 'boolean' | 'status' | 'url';
  /** Full control of the cell (the value is still what search and Read More use). */
  render?: (row: T) => ReactNode;
}

const normalise = (s: string) => s.trim().toLowerCase().replace(/\s+/g, '_');

function matches(value: CellValue, wanted: string): boolean {
  const lower = wanted.toLowerCase();
  if (typeof value === 'boolean') {
    return (value ? ['true', 'yes', 'enabled'] : ['false', 'no', 'disabled']).some((w) =>
      w.startsWith(lower),
    );
  }
  return textOf(value).toLowerCase().includes(lower);
}

/**
 * Filters and pages rows in the browser, reading the search as the server does (parseSearch):
 * for the short lists the server answers whole (the sources).
 */
export function pageLocally<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  { page, size, search }: { page: number; size: number; search: string },
): { data: T[]; total: number } {
  const terms = parseSearch(search);
  const kept = rows.filter((row) =>
    terms.every((term) => {
      const candidates =
        term.key === null
          ? columns
          : columns.filter((c) => normalise(c.key) === term.key || normalise(c.header) === term.key);
      return candidates.some((c) => matches(c.value(row), term.value));
    }),
  );
  return { data: kept.slice((page - 1) * size, page * size), total: kept.length };
}

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

/** A timestamp as the admin tables show it, e.g. '5 Mar 2025, 10:22:01'; null when missing or bad. */
export function formatTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : timeFormat.format(date);
}
