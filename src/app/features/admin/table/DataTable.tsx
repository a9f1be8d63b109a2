import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListAnswer } from '../../../../shared/admin/schemas';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../../shared/constants';
import type { PageRequest } from '../../../api/admin';
import { Modal } from '../Modal';
import { reasonOf } from '../toasts';
import { BooleanMark, Empty, StatusBadge, UrlLink } from './cells';
import { isEmpty, LIST_LIMIT, TEXT_LIMIT, textOf, truncate, type Column } from './format';

export const SEARCH_PLACEHOLDER =
  "Search by typing `key: value`. E.g. `title: example`. Case doesn't matter.";
export const SEARCH_DEBOUNCE_MS = 300;

interface DataTableProps<T> {
  /** The table's name: its heading and its caption, in the chosen language (headers are translated here). */
  title: string;
  /** Query key prefix; the page, size and search are added. Invalidate the prefix to refresh. */
  queryKey: readonly unknown[];
  fetchPage: (request: PageRequest) => Promise<ListAnswer<T>>;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  /** Row actions, shown in a last 'Actions' column. */
  actions?: (row: T) => ReactNode;
  /** Shown between the heading and the search box (e.g. buttons of the screen). */
  children?: ReactNode;
  headingRef?: React.Ref<HTMLHeadingElement>;
  /** The search box's placeholder in English (translated here), for a list searched by words, not `key: value`. */
  searchPlaceholder?: string;
}

interface ReadMore {
  title: string;
  text: string;
}

/**
 * SPEC §2 generic table: `key: value` search sent to the server (Escape or Clear empties it),
 * 'Page X of Y' with Previous and Next, rows per page, ticks and crosses, '-' for empty,
 * Read More at 150/200 characters, status badges and 'Loading...'.
 */
export function DataTable<T>({
  title,
  queryKey,
  fetchPage,
  columns,
  rowKey,
  actions,
  children,
  headingRef,
  searchPlaceholder = SEARCH_PLACEHOLDER,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  const headingId = `${id}-heading`;
  const searchId = `${id}-search`;
  const sizeId = `${id}-size`;
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [knownTotal, setKnownTotal] = useState<number | null>(null);
  const [more, setMore] = useState<ReadMore | null>(null);
  const searchBox = useRef<HTMLInputElement>(null);

  // The search goes out once typing pauses.
  useEffect(() => {
    if (input === search) return;
    const timer = setTimeout(() => {
      setSearch(input);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, search]);

  const query = useQuery({
    queryKey: [...queryKey, { page, size, search }],
    queryFn: () => fetchPage({ page, size, search }),
  });

  const total = query.data?.total ?? knownTotal;
  if (query.data && query.data.total !== knownTotal) setKnownTotal(query.data.total);
  const pages = Math.max(1, Math.ceil((total ?? 0) / size));
  // A change elsewhere may leave fewer pages than the one shown.
  if (query.data && page > pages) setPage(pages);

  const clear = () => {
    setInput('');
    setSearch('');
    setPage(1);
    searchBox.current?.focus();
  };

  const columnCount = columns.length + (actions ? 1 : 0);
  const rows = query.data?.data ?? [];

  return (
    <div className="data-table">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="table-title">
        {title}
      </h2>
      {children}
      <div className="table-search">
        <label htmlFor={searchId} className="visually-hidden">
          {t('Search {{table}}', { table: title })}
        </label>
        <input
          ref={searchBox}
          id={searchId}
          type="search"
          className="field-box table-search-input"
          placeholder={t(searchPlaceholder)}
          value={input}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && input) {
              e.preventDefault();
              e.stopPropagation();
              clear();
            }
          }}
        />
        {input ? (
          <button type="button" className="button button-secondary" onClick={clear}>
            {t('Clear search')}
          </button>
        ) : null}
      </div>
      {/* A table wider than the screen scrolls; keyboard users scroll it once it has focus. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="table-scroll" role="region" aria-labelledby={headingId} tabIndex={0}>
        <table aria-busy={query.isFetching}>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col">
                  {t(column.header)}
                </th>
              ))}
              {actions ? (
                <th scope="col" className="actions-cell">
                  {t('Actions')}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {query.isPending ? (
              <tr>
                <td colSpan={columnCount} className="table-message">
                  {t('Loading...')}
                </td>
              </tr>
            ) : query.isError ? (
              <tr>
                <td colSpan={columnCount} className="table-message table-error">
                  <span role="alert">{reasonOf(query.error)}</span>{' '}
                  <button type="button" className="button-link" onClick={() => void query.refetch()}>
                    {t('Try again')}
                  </button>
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="table-message">
                  {t('No records found.')}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.key}>{renderCell(column, row, setMore, t)}</td>
                  ))}
                  {actions ? (
                    <td className="actions-cell">
                      <div className="row-actions">{actions(row)}</div>
                    </td>
                  ) : null}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="table-pagination">
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={page <= 1}
          onClick={() => page > 1 && setPage(page - 1)}
        >
          {t('Previous')}
        </button>
        <p className="page-status" aria-live="polite">
          {t('Page {{page}} of {{pages}}', { page, pages })}
        </p>
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={page >= pages}
          onClick={() => page < pages && setPage(page + 1)}
        >
          {t('Next')}
        </button>
        <label htmlFor={sizeId} className="page-size-label">
          {t('Rows per page')}
        </label>
        <select
          id={sizeId}
          className="field-box page-size"
          value={size}
          onChange={(e) => {
            setSize(Number(e.target.value));
            setPage(1);
          }}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      {more ? (
        <Modal title={more.title} onClose={() => setMore(null)}>
          <p className="read-more-text">{more.text}</p>
        </Modal>
      ) : null}
    </div>
  );
}

function renderCell<T>(
  column: Column<T>,
  row: T,
  openMore: (more: ReadMore) => void,
  t: TFunction,
): ReactNode {
  if (column.render) return column.render(row);
  const value = column.value(row);
  if (isEmpty(value)) return <Empty />;
  if (typeof value === 'boolean') return <BooleanMark value={value} />;
  if (column.kind === 'status') return <StatusBadge status={textOf(value)} />;
  if (column.kind === 'url') return <UrlLink url={textOf(value)} />;
  const text = textOf(value);
  const limit = Array.isArray(value) || column.kind === 'list' ? LIST_LIMIT : TEXT_LIMIT;
  const { shown, cut } = truncate(text, limit);
  if (!cut) return text;
  return (
    <>
      {shown}{' '}
      <button
        type="button"
        className="button-link read-more"
        onClick={() => openMore({ title: t(column.header), text })}
      >
        {t('Read More')}
        <span className="visually-hidden"> ({t(column.header)})</span>
      </button>
    </>
  );
}
