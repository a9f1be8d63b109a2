import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { IngestionProgress as Progress } from '../../../shared/admin/progress';
import { adminApi } from '../../api/admin';
import { countsSentence, nextRunSentence, workSentence } from './progressText';
import { adminKeys } from './queryClient';

/** How often the counts are asked for while anything is pending or started, and otherwise. */
const BUSY_POLL_MS = 2_000;
const IDLE_POLL_MS = 30_000;

const busy = (p: Progress | undefined) => Boolean(p && p.counts.pending + p.counts.started > 0);

/**
 * The queue's live state above the Pending Data table (issue 14 item 5): counts by status, the
 * pages each crawl in work has found and fetched, each other item's stage and how far it is with
 * the time it still needs (issue 34 item 5), and the next scheduled run. Asked for every 2 s
 * while anything is pending or started (every 30 s otherwise); when the counts change the table
 * is refreshed too, and the counts are announced politely.
 */
export function IngestionProgress({ sourceId }: { sourceId: string | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const headingId = useId();
  const query = useQuery({
    queryKey: [...adminKeys.progress, sourceId ?? 'all'],
    queryFn: () => adminApi.getIngestionProgress(sourceId),
    refetchInterval: (q) => (busy(q.state.data) ? BUSY_POLL_MS : IDLE_POLL_MS),
  });
  const data = query.data;
  const sentence = data ? countsSentence(data) : null;
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (sentence === null) return;
    if (previous.current !== null && previous.current !== sentence) {
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.pending, sourceId ?? 'all'] });
    }
    previous.current = sentence;
  }, [sentence, sourceId, queryClient]);

  return (
    <section className="ingestion-progress" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('Processing')}</h3>
      {/* Polite, and its text changes only when a count does. */}
      <p role="status" className="progress-counts">
        {sentence ?? (query.isError ? t('The processing state could not be read.') : t('Loading...'))}
      </p>
      {data?.crawls.length ? (
        <ul className="progress-crawls">
          {data.crawls.map((crawl) => (
            <li key={crawl.id}>
              {t('Crawling')} <span className="progress-url">{crawl.url}</span> ({crawl.source}):{' '}
              {crawl.found === 1
                ? t('{{found}} page found, {{fetched}} fetched.', {
                    found: crawl.found,
                    fetched: crawl.fetched,
                  })
                : t('{{found}} pages found, {{fetched}} fetched.', {
                    found: crawl.found,
                    fetched: crawl.fetched,
                  })}
            </li>
          ))}
        </ul>
      ) : null}
      {data?.working.length ? (
        <ul className="progress-crawls">
          {data.working.map((work) => (
            <li key={work.id}>
              <span className="progress-url">{workSentence(work)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {data ? <p className="progress-next">{nextRunSentence(data)}</p> : null}
    </section>
  );
}
