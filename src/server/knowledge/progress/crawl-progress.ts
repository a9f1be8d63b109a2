import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { pendingData } from '../../db/schema';
import type { CrawlProgress } from '../connectors/web-options';
import { throttledWrites } from './throttled-writes';

/**
 * Writes a crawl's pages found and read onto its pending item as the crawl goes (issue 14 item
 * 5). The first counts at once: a re-crawl must not show the last crawl's for long.
 */
export function crawlProgressWriter(db: Db, pendingId: string, log: FastifyBaseLogger) {
  let first = true;
  const writes = throttledWrites<CrawlProgress>(
    (progress) =>
      db
        .update(pendingData)
        .set({ pagesFound: progress.found, pagesFetched: progress.fetched })
        .where(eq(pendingData.id, pendingId)),
    (error) => log.warn({ err: error, pendingId }, 'could not record the crawl progress'),
  );
  return {
    report(progress: CrawlProgress): void {
      writes.report({ ...progress }, { now: first });
      first = false;
    },
    /** The crawl ended: its last counts are written now. */
    end: () => writes.end(),
  };
}
