import type { CrawlProgress } from '../connectors/web-options';

/**
 * Pages found and read by the crawls in work in this process, by pending item id (issue 14 item
 * 5). Kept in memory: a crawl's progress lives as long as its run, and the admin reads it from
 * the process that crawls (ROLE=all). With separate worker processes it would need two columns
 * on pending_data instead (see the issue 14 report).
 */
const crawls = new Map<string, CrawlProgress>();

export const crawlProgress = {
  set(pendingId: string, progress: CrawlProgress): void {
    crawls.set(pendingId, { ...progress });
  },
  /** The crawl ended (done or failed): nothing more to show. */
  end(pendingId: string): void {
    crawls.delete(pendingId);
  },
  get(pendingId: string): CrawlProgress | undefined {
    return crawls.get(pendingId);
  },
  /** Tests start from nothing. */
  clear(): void {
    crawls.clear();
  },
};
