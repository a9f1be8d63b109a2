import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { pendingData } from '../../db/schema';
import type { CrawlProgress } from '../connectors/web-options';

/** How often a crawl's counts are written at most: the Data tab polls every couple of seconds. */
const WRITE_EVERY_MS = 500;

/**
 * Writes a crawl's pages found and read onto its pending item as the crawl goes (issue 14 item
 * 5), so the admin sees them whichever process serves the Data tab and whichever crawls. Writes
 * are spaced out and never overlap; the last counts are written when the crawl ends.
 */
export function crawlProgressWriter(db: Db, pendingId: string, log: FastifyBaseLogger) {
  let first = true;
  let latest: CrawlProgress | null = null;
  let writing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  const write = () => {
    timer = null;
    const progress = latest;
    if (!progress) return;
    latest = null;
    writing = writing
      .then(() =>
        db
          .update(pendingData)
          .set({ pagesFound: progress.found, pagesFetched: progress.fetched })
          .where(eq(pendingData.id, pendingId))
          .then(() => undefined),
      )
      .catch((error: unknown) => log.warn({ err: error, pendingId }, 'could not record the crawl progress'));
  };
  return {
    report(progress: CrawlProgress): void {
      latest = { ...progress };
      // The first counts at once: a re-crawl must not show the last crawl's for long.
      timer ??= setTimeout(write, first ? 0 : WRITE_EVERY_MS);
      first = false;
    },
    /** The crawl ended: its last counts are written now. */
    async end(): Promise<void> {
      if (timer) clearTimeout(timer);
      write();
      await writing;
    },
  };
}
