/**
 * HTTP for the YouTube connector: every request goes through an injectable `fetch` (global fetch in
 * production; tests pass one that sends https://www.youtube.com/... to a local replay server).
 *
 * It also holds what the video and channel halves share: the error type with admin-facing sentences,
 * the InnerTube client contexts, the "too many requests" and consent-page detection, and a reader for the
 * JSON objects YouTube embeds in its HTML pages (ytInitialPlayerResponse, ytInitialData).
 */
import { ConnectorError } from './types';

export type FetchLike = typeof fetch;

export const YOUTUBE_ORIGIN = 'https://www.youtube.com';

/** Each request gives up after this long (the caller's signal may end it sooner). */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Why a YouTube request failed. `retryable` failures (rate limits, bot checks, time-outs, 5xx) may succeed
 * if the item is tried again later; the others will not change by themselves.
 */
export type YouTubeErrorCode =
  | 'invalid_url'
  | 'unavailable'
  | 'private'
  | 'age_restricted'
  | 'blocked'
  | 'too_many_requests'
  | 'consent'
  | 'unplayable'
  | 'not_found'
  | 'http'
  | 'network'
  | 'timeout'
  | 'unparsable';

const RETRYABLE: ReadonlySet<YouTubeErrorCode> = new Set([
  'blocked',
  'too_many_requests',
  'http',
  'network',
  'timeout',
]);

export class YouTubeError extends ConnectorError {
  readonly code: YouTubeErrorCode;
  readonly retryable: boolean;
  constructor(code: YouTubeErrorCode, message: string, options?: { cause?: unknown; retryable?: boolean }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.retryable = options?.retryable ?? RETRYABLE.has(code);
  }
}

export const messages = {
  tooManyRequests: 'YouTube refused the request (too many requests); it will be tried again later.',
  blocked:
    'YouTube blocked the request from this server (it asks to sign in to confirm this is not a bot); it will be tried again later.',
  consent: 'YouTube kept showing its cookie-consent page instead of the video; the page could not be read.',
  timeout: `YouTube did not answer within ${REQUEST_TIMEOUT_MS / 1000} seconds; it will be tried again later.`,
} as const;

/** A desktop browser's identity: YouTube serves the full watch and channel pages to it. */
const BROWSER_HEADERS: Record<string, string> = {
  'User-Agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Accept-Language': 'en-US,en;q=0.9',
};

/**
 * SOCS=CAE= is the "reject all" answer to YouTube's EU cookie banner (NewPipe sends the same), so pages
 * come without the consent interstitial in most regions.
 */
export const DEFAULT_COOKIE = 'SOCS=CAE=';

/** The InnerTube web client (browse, resolve_url). The version is refreshed from a page's ytcfg when one is read. */
export const WEB_CLIENT_VERSION = '2.20260519.10.00';
export function webContext(clientVersion = WEB_CLIENT_VERSION) {
  return { client: { clientName: 'WEB', clientVersion, hl: 'en', gl: 'US' } };
}

/**
 * The InnerTube Android client for /player: its caption tracks can be fetched without the proof-of-origin
 * token that web-client caption URLs now demand (the same choice youtube-transcript-api makes).
 */
export const ANDROID_CONTEXT = {
  client: { clientName: 'ANDROID', clientVersion: '20.10.38', hl: 'en', gl: 'US' },
};

export interface RequestOptions {
  fetch?: FetchLike;
  signal?: AbortSignal;
}

interface Sent {
  status: number;
  text: string;
}

async function send(url: string, init: RequestInit, options: RequestOptions, what: string): Promise<Sent> {
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  let text: string;
  try {
    response = await doFetch(url, { ...init, signal, redirect: 'follow' });
    text = await response.text();
  } catch (error) {
    // The caller's own cancellation is not a YouTube failure: let it through as it is.
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    if (timeout.aborted) throw new YouTubeError('timeout', messages.timeout, { cause: error });
    const detail =
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
    throw new YouTubeError(
      'network',
      `Could not reach YouTube to ${what}${detail ? ` (${detail})` : ''}; it will be tried again later.`,
      { cause: error },
    );
  }
  if (response.status === 429 || isCaptchaPage(text)) {
    throw new YouTubeError('too_many_requests', messages.tooManyRequests);
  }
  return { status: response.status, text };
}

function httpError(status: number, what: string): YouTubeError {
  return new YouTubeError(
    'http',
    `YouTube answered HTTP ${status} when asked to ${what}${status >= 500 ? '; it will be tried again later' : ''}.`,
    { retryable: status >= 500 },
  );
}

/** GET a page or document. Non-2xx answers are errors unless `allowStatus` lists them. */
export async function getText(
  url: string,
  options: RequestOptions & { cookie?: string; what: string; allowStatus?: number[] },
): Promise<Sent> {
  const sent = await send(
    url,
    { method: 'GET', headers: { ...BROWSER_HEADERS, Cookie: options.cookie ?? DEFAULT_COOKIE } },
    options,
    options.what,
  );
  if ((sent.status < 200 || sent.status > 299) && !options.allowStatus?.includes(sent.status)) {
    throw httpError(sent.status, options.what);
  }
  return sent;
}

/**
 * POST to an InnerTube endpoint (/youtubei/v1/...) and parse the JSON answer. Returns the HTTP status
 * with the body so callers can fall back on 4xx; 429 and 5xx are thrown.
 */
export async function postInnertube(
  endpoint: string,
  body: Record<string, unknown>,
  options: RequestOptions & { what: string; query?: Record<string, string> },
): Promise<{ status: number; json: Record<string, unknown> | null }> {
  const url = new URL(`/youtubei/v1/${endpoint}`, YOUTUBE_ORIGIN);
  url.searchParams.set('prettyPrint', 'false');
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const context = body.context as { client?: { clientName?: string; clientVersion?: string } } | undefined;
  const headers: Record<string, string> = {
    ...BROWSER_HEADERS,
    'Content-Type': 'application/json',
    Origin: YOUTUBE_ORIGIN,
    Referer: `${YOUTUBE_ORIGIN}/`,
    Cookie: DEFAULT_COOKIE,
  };
  if (context?.client?.clientName === 'WEB') {
    headers['X-YouTube-Client-Name'] = '1';
    headers['X-YouTube-Client-Version'] = context.client.clientVersion ?? WEB_CLIENT_VERSION;
  }
  const sent = await send(
    url.href,
    { method: 'POST', headers, body: JSON.stringify(body) },
    options,
    options.what,
  );
  if (sent.status >= 500) throw httpError(sent.status, options.what);
  let json: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(sent.text);
    if (isRecord(parsed)) json = parsed;
  } catch {
    json = null;
  }
  if (sent.status >= 200 && sent.status <= 299 && json === null) {
    throw new YouTubeError('unparsable', `YouTube's answer to the request to ${options.what} was not JSON.`);
  }
  return { status: sent.status, json };
}

/**
 * YouTube's "unusual traffic" page: a reCAPTCHA instead of the content. (The attribute's bare quotes
 * cannot occur inside the JSON that carries titles and descriptions, so a description cannot trip it.)
 */
export function isCaptchaPage(html: string): boolean {
  return html.includes('class="g-recaptcha"');
}

/** The EU cookie-consent interstitial, shown instead of a page when no consent cookie was sent. */
export function isConsentPage(html: string): boolean {
  return html.includes('action="https://consent.youtube.com/s"');
}

/** The cookie that accepts the consent form on such a page (what youtube-transcript-api does), or null. */
export function consentCookie(html: string): string | null {
  const match = /name="v" value="([^"]*)"/.exec(html);
  return match?.[1] ? `CONSENT=YES+${match[1]}` : null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads `obj.a.b.c` without caring which links are missing. */
export function dig(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof key === 'number') {
      if (!Array.isArray(current)) return undefined;
      current = current[key] as unknown;
    } else {
      if (!isRecord(current)) return undefined;
      current = current[key];
    }
  }
  return current;
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** YouTube's text objects: {simpleText}, {runs: [{text}]} or the view models' {content}. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!isRecord(value)) return undefined;
  if (typeof value.simpleText === 'string') return value.simpleText;
  if (typeof value.content === 'string') return value.content;
  if (Array.isArray(value.runs)) {
    return value.runs.map((run) => (isRecord(run) && typeof run.text === 'string' ? run.text : '')).join('');
  }
  return undefined;
}

/**
 * The JSON object that follows `marker` in an HTML page (`var ytInitialData = {...};`), found by
 * matching braces outside strings, so a `};` inside a description cannot cut it short.
 */
export function extractJsonObject(html: string, markers: readonly string[]): Record<string, unknown> | null {
  for (const marker of markers) {
    let from = 0;
    for (;;) {
      const at = html.indexOf(marker, from);
      if (at < 0) break;
      from = at + marker.length;
      const start = html.indexOf('{', from);
      // The object has to follow the marker directly (after `=`, spaces or `(`).
      if (start < 0 || !/^[\s=:(]*$/.test(html.slice(from, start))) continue;
      const end = matchingBrace(html, start);
      if (end < 0) continue;
      try {
        const parsed: unknown = JSON.parse(html.slice(start, end + 1));
        if (isRecord(parsed)) return parsed;
      } catch {
        // Not JSON after all (a script mentioning the name); look further.
      }
    }
  }
  return null;
}

function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */) depth++;
    else if (c === 125 /* } */) {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** A value from the page's ytcfg (`"INNERTUBE_API_KEY":"..."`). */
export function ytcfgValue(html: string, name: string): string | undefined {
  const match = new RegExp(`"${name}"\\s*:\\s*"([^"]+)"`).exec(html);
  return match?.[1];
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  eacute: 'é',
  egrave: 'è',
  agrave: 'à',
  ccedil: 'ç',
  uuml: 'ü',
  ouml: 'ö',
  auml: 'ä',
  szlig: 'ß',
};

/** Decodes one level of HTML/XML character references (`&amp;`, `&#39;`, `&#x2019;`, common names). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[0-9]+|#[xX][0-9a-fA-F]+|[a-zA-Z][a-zA-Z0-9]*);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref] ?? NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}
