import { ConnectorError } from './types';

/**
 * Parses the address an admin typed as a crawl's start. Only absolute http(s) addresses without
 * a user name or password are accepted.
 */
export function parseStartUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new ConnectorError(`"${input}" is not a valid web address; give one such as https://example.org/.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConnectorError(
      `Only http and https addresses can be crawled, not "${url.protocol.replace(/:$/, '')}".`,
    );
  }
  if (!url.hostname) throw new ConnectorError(`"${input}" has no host name.`);
  if (url.username || url.password) {
    throw new ConnectorError('Addresses with a user name or password in them cannot be crawled.');
  }
  return url;
}

/** Same scheme, host and port (URL lowercases the host and drops default ports). */
export function sameSite(a: URL, b: URL): boolean {
  return a.protocol === b.protocol && a.host === b.host;
}

/** Resolves `href` against `base`; null when it is not an http(s) address. */
export function resolveHttpUrl(href: string, base: string | URL): URL | null {
  try {
    const url = new URL(href, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

const TRAILING_INDEX = /\/index\.(?:html?|php)$/;

/**
 * The canonical form used to recognise the same page reached by different links: no fragment,
 * no empty query, no trailing index.html/index.htm/index.php, and runs of "/" in the path made
 * one (web servers map a//b and a/b to the same file, and relative links from a page reached as
 * a//b resolve to addresses that do not exist). The URL parser has already lowercased the scheme
 * and host and dropped default ports. Nothing else (query and its order, case of the path) is
 * changed.
 */
export function normalizeUrl(input: URL): string {
  const url = new URL(input.href);
  url.hash = '';
  if (url.search === '') url.search = ''; // drops a bare "?"
  url.pathname = url.pathname.replace(/\/{2,}/g, '/').replace(TRAILING_INDEX, '/');
  return url.href;
}

/** The host without a leading "www.", to recognise http→https and www redirects of a start page. */
function bareHost(url: URL): string {
  return url.host.replace(/^www\./, '');
}

/**
 * Whether a start page may move to `to` by a redirect and make that the crawled site: only the
 * common moves from http to https and to or from "www." on the same host name and port.
 */
export function isSiteMove(from: URL, to: URL): boolean {
  if (sameSite(from, to)) return true;
  const upgrade = from.protocol === to.protocol || (from.protocol === 'http:' && to.protocol === 'https:');
  return upgrade && bareHost(from) === bareHost(to);
}

/** Extensions of links that are surely not web pages; they are not requested at all. */
const NOT_PAGE =
  /\.(?:png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|css|js|mjs|map|json|xml|rss|atom|txt|csv|pdf|docx?|xlsx?|pptx?|odt|zip|gz|tgz|bz2|xz|7z|rar|tar|mp3|mp4|m4a|ogg|oga|ogv|wav|webm|mov|avi|woff2?|ttf|otf|eot|exe|dmg|apk|iso)$/i;

export function looksLikeAsset(url: URL): boolean {
  return NOT_PAGE.test(url.pathname);
}
