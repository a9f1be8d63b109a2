import { assertPublicAddress } from './address-guard';
import { ConnectorError } from './types';
import { extractMainText } from './web-extract';
import {
  PageError,
  SkipPage,
  decodeHtml,
  fetchFollowing,
  isHtmlType,
  looksLikeHtml,
  mediaType,
  readCapped,
  type FetchSettings,
} from './web-fetch';
import {
  DEFAULT_USER_AGENT,
  checkOptions,
  type CrawlOptions,
  type CrawledPage,
  type PreviousPage,
} from './web-options';
import { loadRobots, robotsRefusal, type RobotsRules } from './web-robots';
import { isSiteMove, looksLikeAsset, normalizeUrl, parseStartUrl, resolveHttpUrl, sameSite } from './web-url';

export {
  DEFAULT_USER_AGENT,
  type CrawlOptions,
  type CrawledPage,
  type CrawlProgress,
  type PreviousPage,
} from './web-options';

const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1';

/** A page read (or failed), with the same-site addresses to go on to from it. */
interface PageVisit {
  page: CrawledPage;
  children: string[];
}
/** What one visit produced: a page to yield, or nothing (not HTML, robots.txt). */
type Visit = PageVisit | { skipped: string };
/** A page to visit: its canonical key, and the address to request (as it was linked). */
interface Target {
  key: string;
  href: string;
}

/**
 * Crawls one site breadth-first from `startUrl` down to `depth` links, yielding each HTML page once
 * (by canonical URL) as soon as it is read. Only pages of the start page's site (scheme, host and
 * port) are requested, only when robots.txt allows, each address checked by the address guard.
 *
 * Everything wrong with the start page throws a ConnectorError (invalid address, private address,
 * robots.txt, not HTML, HTTP error, too large); a sub-page that fails is yielded as 'failed' and
 * the crawl goes on. Non-HTML sub-pages are skipped. A 304 answer to a conditional request is
 * yielded as 'not-modified' and expanded only through `previous` links.
 */
export async function* crawlSite(options: CrawlOptions): AsyncGenerator<CrawledPage> {
  const limits = checkOptions(options);
  const start = parseStartUrl(options.startUrl);
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const settings: FetchSettings = { ...limits, userAgent, allowPrivate: options.allowPrivate, signal };
  const previous = options.previous ?? new Map<string, PreviousPage>();

  const robotsByOrigin = new Map<string, Promise<RobotsRules>>();
  const robotsFor = (url: URL) => {
    let rules = robotsByOrigin.get(url.origin);
    if (!rules) robotsByOrigin.set(url.origin, (rules = loadRobots(url, settings)));
    return rules;
  };

  let site = start;
  /** Normalised addresses already queued or fetched. */
  const seen = new Set<string>();
  /** Canonical URLs already yielded. */
  const yielded = new Set<string>();
  let lastRequestAt = 0;
  /** What the admin sees of the crawl: pages found to read, and read (whatever came of them). */
  let found = 1;
  let fetched = 0;
  const report = () => options.onProgress?.({ found: Math.min(found, limits.maxPages), fetched });

  const validatorsFor = (url: URL) => previous.get(normalizeUrl(url)) ?? previous.get(url.href);

  async function visit(url: URL, depth: number, isStart: boolean): Promise<Visit> {
    const robots = await robotsFor(site);
    if (robots.crawlDelayMs > 0) {
      const wait = lastRequestAt + robots.crawlDelayMs - Date.now();
      lastRequestAt = Date.now() + Math.max(0, wait);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const {
      url: finalUrl,
      response,
      conditional,
    } = await fetchFollowing(url, settings, {
      accept: HTML_ACCEPT,
      validatorsFor,
      checkHop: async (hopUrl) => {
        if (!sameSite(hopUrl, site)) {
          if (!(isStart && isSiteMove(site, hopUrl))) {
            throw new PageError(`The page redirects to another site (${hopUrl.host}), which is not crawled.`);
          }
          site = hopUrl; // the start page moved to https or to/from www: that is the site now
        }
        const rules = await robotsFor(site);
        if (!rules.isAllowed(hopUrl)) {
          if (isStart) throw robotsRefusal(rules, userAgent);
          throw new SkipPage('robots.txt');
        }
      },
    });
    const key = normalizeUrl(finalUrl);
    seen.add(key);
    const base = { url: key, depth };
    const headerValidators = () => {
      const etag = response.headers.get('etag') ?? undefined;
      const lastModified = response.headers.get('last-modified') ?? undefined;
      return { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
    };

    if (response.status === 304 && conditional) {
      await response.body?.cancel().catch(() => undefined);
      const before = validatorsFor(finalUrl);
      const page: CrawledPage = {
        ...base,
        status: 'not-modified',
        ...(before?.etag ? { etag: before.etag } : {}),
        ...(before?.lastModified ? { lastModified: before.lastModified } : {}),
        ...headerValidators(),
      };
      return { page, children: before?.links ?? [] };
    }
    if (response.status < 200 || response.status >= 300) {
      await response.body?.cancel().catch(() => undefined);
      const text = response.statusText ? ` (${response.statusText})` : '';
      throw new PageError(`The page answered HTTP ${response.status}${text}.`);
    }
    const contentType = response.headers.get('content-type');
    const type = mediaType(contentType);
    if (type && !isHtmlType(type)) {
      await response.body?.cancel().catch(() => undefined);
      if (isStart) {
        throw new ConnectorError(
          `The start address is not a web page (it is ${type}); give the address of an HTML page.`,
        );
      }
      return { skipped: `not HTML (${type})` };
    }
    const bytes = await readCapped(response, settings, settings.maxBytes);
    if (!type && !looksLikeHtml(bytes)) {
      if (isStart)
        throw new ConnectorError('The start address is not a web page; give the address of an HTML page.');
      return { skipped: 'not HTML' };
    }
    const extracted = extractMainText(decodeHtml(bytes, contentType), finalUrl.href);
    const canonical = extracted.canonical ? resolveHttpUrl(extracted.canonical, finalUrl) : null;
    const pageUrl = canonical && sameSite(canonical, site) ? normalizeUrl(canonical) : key;
    seen.add(pageUrl);
    // children: the same-site addresses as linked (requested as they are); links: their canonical keys.
    const children: string[] = [];
    const links = new Set<string>();
    for (const href of extracted.links) {
      const link = resolveHttpUrl(href, finalUrl);
      if (!link || !sameSite(link, site)) continue;
      const child = normalizeUrl(link);
      if (child === pageUrl || links.has(child)) continue;
      links.add(child);
      children.push(href);
    }
    const page: CrawledPage = {
      url: pageUrl,
      depth,
      status: 'fetched',
      title: extracted.title || pageUrl,
      body: extracted.body,
      links: [...links],
      ...headerValidators(),
    };
    return { page, children };
  }

  /** A visit of a sub-page: every failure but a stopped crawl becomes a 'failed' page. */
  async function visitLink(target: Target, depth: number): Promise<Visit> {
    try {
      return await visit(new URL(target.href), depth, false);
    } catch (err) {
      if (signal.aborted) throw signal.reason ?? err;
      if (err instanceof SkipPage) return { skipped: err.message };
      const error =
        err instanceof ConnectorError ? err.message : `The page could not be read (${String(err)}).`;
      return { page: { url: target.key, depth, status: 'failed', error }, children: [] };
    }
  }

  /** The links worth requesting: same site, not an obvious file, allowed by robots.txt, not seen yet. */
  async function admit(links: string[]): Promise<Target[]> {
    const rules = await robotsFor(site);
    const out: Target[] = [];
    for (const href of links) {
      const link = resolveHttpUrl(href, site);
      if (!link || !sameSite(link, site) || looksLikeAsset(link) || !rules.isAllowed(link)) continue;
      const key = normalizeUrl(link);
      if (seen.has(key)) continue;
      seen.add(key);
      link.hash = '';
      out.push({ key, href: link.href });
    }
    found += out.length;
    if (out.length) report();
    return out;
  }

  try {
    await assertPublicAddress(start, options.allowPrivate);
    const startRules = await robotsFor(start);
    if (!startRules.isAllowed(start)) throw robotsRefusal(startRules, userAgent);
    seen.add(normalizeUrl(start));
    let first: Visit;
    try {
      first = await visit(start, 0, true);
    } catch (err) {
      if (err instanceof ConnectorError || signal.aborted) throw err;
      throw new ConnectorError(`The start page could not be read (${String(err)}).`);
    }
    fetched += 1;
    report();
    if (!('page' in first)) throw new ConnectorError(`The start address was not crawled: ${first.skipped}.`);
    yielded.add(first.page.url);
    yield first.page;

    let level = options.depth > 0 ? await admit(first.children) : [];
    for (let depth = 1; depth <= options.depth && level.length > 0; depth++) {
      const next: Target[] = [];
      const inFlight = new Map<number, Promise<{ id: number; visit: Visit }>>();
      let index = 0;
      while (index < level.length || inFlight.size > 0) {
        while (
          inFlight.size < limits.concurrency &&
          index < level.length &&
          yielded.size + inFlight.size < limits.maxPages
        ) {
          const id = index;
          const target = level[index++] as Target;
          const pending = visitLink(target, depth).then((visit) => ({ id, visit }));
          pending.catch(() => undefined); // only a stopped crawl rejects; the race below reports it
          inFlight.set(id, pending);
        }
        if (inFlight.size === 0) break; // the page limit is reached
        const done = await Promise.race(inFlight.values());
        inFlight.delete(done.id);
        fetched += 1;
        report();
        if (!('page' in done.visit)) continue;
        const { page, children } = done.visit;
        if (yielded.has(page.url)) continue; // reached again through a redirect or rel=canonical
        yielded.add(page.url);
        yield page;
        if (yielded.size >= limits.maxPages) return;
        if (depth < options.depth) next.push(...(await admit(children)));
      }
      level = next;
    }
  } finally {
    stop.abort(); // the consumer stopped early or the crawl ended: cancel whatever is still running
  }
}
