import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMIT, truncate } from './format';

export function Empty() {
  return <span className="cell-empty">-</span>;
}

/** A green tick or a red cross, with the word for screen readers (not colour or shape alone). */
export function BooleanMark({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return value ? (
    <span className="bool bool-yes">
      <span aria-hidden="true">✓</span>
      <span className="visually-hidden">{t('Yes')}</span>
    </span>
  ) : (
    <span className="bool bool-no">
      <span aria-hidden="true">✗</span>
      <span className="visually-hidden">{t('No')}</span>
    </span>
  );
}

/**
 * SPEC §2 status badges: failed red, pending yellow, anything else green; the word is always shown
 * (in the chosen language when it is one of the statuses the app knows, else as the server sent it).
 */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const lower = status.toLowerCase();
  const tone = lower === 'failed' ? 'failed' : lower === 'pending' ? 'pending' : 'ok';
  return <span className={`badge badge-${tone}`}>{t(status)}</span>;
}

/** A web address as a link opening in a new tab; anything that is not http(s) stays text. */
export function UrlLink({ url, limit = TEXT_LIMIT }: { url: string; limit?: number }): ReactNode {
  const { t } = useTranslation();
  const { shown } = truncate(url, limit);
  if (!/^https?:\/\//i.test(url)) return shown;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="cell-link">
      {shown}
      <span className="visually-hidden"> {t('(opens in a new tab)')}</span>
    </a>
  );
}
