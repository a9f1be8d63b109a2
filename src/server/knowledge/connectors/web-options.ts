import { ConnectorError } from './types';
import type { Validators } from './web-fetch';

export const DEFAULT_USER_AGENT = 'DISHBot/1.0 (+https://dish.org.in/bot)';

/** What an earlier crawl learnt about a page (keyed by its canonical URL). */
export interface PreviousPage extends Validators {
  /**
   * The page's same-site links from that crawl (CrawledPage.links). A page that answers 304 Not
   * Modified has no body to read links from: with these the crawl still goes on below it;
   * without them a not-modified page is not expanded, and the caller keeps the child pages it
   * already has.
   */
  links?: string[];
}

export interface CrawlOptions {
  startUrl: string;
  /** 0–5; 0 fetches the start page only. */
  depth: number;
  /** CRAWL_ALLOW_PRIVATE: let the crawl reach loopback and private addresses (tests). */
  allowPrivate: boolean;
  maxPages?: number;
  concurrency?: number;
  timeoutMs?: number;
  maxBytes?: number;
  userAgent?: string;
  previous?: Map<string, PreviousPage>;
  signal?: AbortSignal;
  /** Told each time the crawl finds or reads a page: the admin's live progress (issue 14 item 5). */
  onProgress?: (progress: CrawlProgress) => void;
}

/** Same-site pages the crawl means to read (the start page included, at most the page limit) and read so far. */
export interface CrawlProgress {
  found: number;
  fetched: number;
}

export interface CrawledPage {
  /** Canonical URL: rel=canonical when on the same site, else the normalised address that answered. */
  url: string;
  depth: number;
  status: 'fetched' | 'not-modified' | 'failed';
  title?: string;
  body?: string;
  etag?: string;
  lastModified?: string;
  /** Same-site links of a fetched page (canonical form), to keep for the next crawl's `previous`. */
  links?: string[];
  error?: string;
}

const DEFAULTS = { maxPages: 500, concurrency: 4, timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024 };

/** Validates the options (a ConnectorError for the admin) and fills in the defaults. */
export function checkOptions(o: CrawlOptions) {
  if (!Number.isInteger(o.depth) || o.depth < 0 || o.depth > 5) {
    throw new ConnectorError('The crawl depth must be a whole number from 0 to 5.');
  }
  const positive = (name: string, v: number | undefined, fallback: number) => {
    if (v === undefined) return fallback;
    if (!Number.isFinite(v) || v <= 0)
      throw new ConnectorError(`The crawl's ${name} must be a positive number.`);
    return v;
  };
  return {
    maxPages: Math.max(1, Math.floor(positive('page limit', o.maxPages, DEFAULTS.maxPages))),
    concurrency: Math.max(1, Math.floor(positive('concurrency', o.concurrency, DEFAULTS.concurrency))),
    timeoutMs: positive('timeout', o.timeoutMs, DEFAULTS.timeoutMs),
    maxBytes: Math.max(1, Math.floor(positive('size limit', o.maxBytes, DEFAULTS.maxBytes))),
  };
}
