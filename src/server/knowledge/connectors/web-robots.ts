import robotsParser from 'robots-parser';
import { ConnectorError } from './types';
import { PageError, fetchFollowing, readCapped, type FetchSettings } from './web-fetch';
import { sameSite } from './web-url';

export interface RobotsRules {
  isAllowed(url: URL): boolean;
  /** Crawl-delay for our user agent, in milliseconds (0 when none). */
  crawlDelayMs: number;
  /** Set when robots.txt could not be read and so nothing may be crawled (RFC 9309 §2.3.1.4). */
  unavailableReason?: string;
}

/** RFC 9309 asks crawlers to read at least 500 KiB of a robots.txt; more is ignored. */
const ROBOTS_MAX_BYTES = 512 * 1024;
/** A Crawl-delay above this is shortened to it, so a crawl of a few hundred pages still ends. */
const MAX_CRAWL_DELAY_MS = 5_000;

/** A robots.txt redirect to another site; treated as a missing robots.txt. */
class OffSite extends Error {}

const ALLOW_ALL: RobotsRules = { isAllowed: () => true, crawlDelayMs: 0 };

/**
 * Reads the site's /robots.txt once and answers for our user agent (robots-parser matches the
 * product token, "dishbot" for "DISHBot/1.0 (...)"). Following RFC 9309: a 4xx answer (missing)
 * allows everything; a 5xx answer or no answer at all means the site is unreachable and nothing
 * may be crawled; redirects are followed on the same site only (one elsewhere is treated as
 * missing, since this crawl never requests another site).
 */
export async function loadRobots(origin: URL, settings: FetchSettings): Promise<RobotsRules> {
  const robotsUrl = new URL('/robots.txt', origin);
  let text: string;
  try {
    const { response } = await fetchFollowing(robotsUrl, settings, {
      accept: 'text/plain, */*;q=0.5',
      checkHop: (url) => {
        if (!sameSite(url, origin)) throw new OffSite();
      },
    });
    if (response.status >= 400 && response.status < 500) {
      await response.body?.cancel().catch(() => undefined);
      return ALLOW_ALL;
    }
    if (response.status < 200 || response.status >= 300) {
      await response.body?.cancel().catch(() => undefined);
      return unavailable(`it answered HTTP ${response.status}`);
    }
    const bytes = await readCapped(response, settings, ROBOTS_MAX_BYTES, true);
    text = new TextDecoder('utf-8').decode(bytes);
  } catch (err) {
    if (err instanceof OffSite) return ALLOW_ALL;
    if (err instanceof PageError)
      return unavailable(
        err.message
          .replace(/^The page /, 'the site ')
          .replace(/^The /, 'the ')
          .replace(/\.$/, ''),
      );
    throw err; // the address guard's refusal, or the crawl was stopped
  }
  const robots = robotsParser(robotsUrl.href, text);
  const delaySeconds = robots.getCrawlDelay(settings.userAgent) ?? 0;
  return {
    isAllowed: (url) => robots.isAllowed(url.href, settings.userAgent) !== false,
    crawlDelayMs: Math.min(Math.max(0, delaySeconds * 1000), MAX_CRAWL_DELAY_MS),
  };
}

function unavailable(why: string): RobotsRules {
  return {
    isAllowed: () => false,
    crawlDelayMs: 0,
    unavailableReason: `The site's robots.txt could not be read (${why}), so the site may not be crawled now.`,
  };
}

/** The error for a start page that robots.txt does not let us fetch. */
export function robotsRefusal(rules: RobotsRules, userAgent: string): ConnectorError {
  const agent = userAgent.split('/')[0]?.trim() || userAgent;
  return new ConnectorError(
    rules.unavailableReason ?? `The site's robots.txt does not allow ${agent} to crawl this page.`,
  );
}
