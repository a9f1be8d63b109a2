import { assertPublicAddress, guardedDispatcher, type Resolve } from './address-guard';
import { ConnectorError } from './types';

/** A page-level failure: the crawl goes on and the page is reported as failed with this message. */
export class PageError extends ConnectorError {}

/** A request the crawler chose not to make (robots.txt); never an error shown for a page. */
export class SkipPage extends Error {
  override name = 'SkipPage';
}

export interface FetchSettings {
  userAgent: string;
  timeoutMs: number;
  maxBytes: number;
  allowPrivate: boolean;
  /** How host names are resolved, for the guard and the connection alike (tests play DNS with it). */
  resolve?: Resolve;
  /** Aborts everything when the crawl stops. */
  signal: AbortSignal;
}

export interface Validators {
  etag?: string;
  lastModified?: string;
}

export interface HopRules {
  /** Called for every address before it is requested (the first and each redirect target); throws to refuse. */
  checkHop(url: URL, hop: number): Promise<void> | void;
  /** Validators for a conditional request, if an earlier crawl left some for this address. */
  validatorsFor?(url: URL): Validators | undefined;
  /** Accept header; pages ask for HTML. */
  accept?: string;
}

export interface FetchedResponse {
  /** The address that answered, after redirects. */
  url: URL;
  response: Response;
  /** Whether the request that got this answer was conditional. */
  conditional: boolean;
}

const MAX_REDIRECTS = 5;
const REDIRECT = new Set([301, 302, 303, 307, 308]);

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}

/** Turns what fetch threw into a sentence for an admin; rethrows when the crawl itself was stopped. */
function describeFailure(err: unknown, settings: FetchSettings): never {
  if (settings.signal.aborted) throw settings.signal.reason ?? err;
  if (err instanceof ConnectorError || err instanceof SkipPage) throw err;
  const e = err as { name?: string; cause?: { code?: string; message?: string } };
  // The connection's own address check (guardedDispatcher) refused: its sentence, not fetch's.
  if (e.cause instanceof ConnectorError) throw e.cause;
  if (e.name === 'TimeoutError' || e.name === 'AbortError') {
    throw new PageError(`The page did not answer within ${Math.round(settings.timeoutMs / 100) / 10} s.`);
  }
  const code = e.cause?.code ?? e.cause?.message ?? (err instanceof Error ? err.message : String(err));
  throw new PageError(`The site could not be reached (${code}).`);
}

/**
 * One GET with redirects followed by hand (at most 5), so that every hop passes the address guard
 * and the caller's rules (same site, robots.txt) before it is requested. Returns the final
 * response with its body unread; the timeout covers the whole exchange including reading the
 * body, which stays under the same signal.
 */
export async function fetchFollowing(
  start: URL,
  settings: FetchSettings,
  rules: HopRules,
): Promise<FetchedResponse> {
  const signal = AbortSignal.any([settings.signal, AbortSignal.timeout(settings.timeoutMs)]);
  let url = start;
  for (let hop = 0; ; hop++) {
    await assertPublicAddress(url, settings.allowPrivate, settings.resolve);
    await rules.checkHop(url, hop);
    const headers: Record<string, string> = {
      'user-agent': settings.userAgent,
      accept: rules.accept ?? '*/*',
    };
    const validators = rules.validatorsFor?.(url);
    if (validators?.etag) headers['if-none-match'] = validators.etag;
    if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
    let response: Response;
    try {
      // The socket connects only to an address the guard passed, closing DNS rebinding. (A
      // variable, not a literal: the DOM's RequestInit, which the tests' tsconfig sees, has no
      // `dispatcher`.)
      const init = {
        headers,
        redirect: 'manual' as const,
        signal,
        dispatcher: guardedDispatcher(settings.allowPrivate, settings.resolve),
      };
      response = await fetch(url, init);
    } catch (err) {
      describeFailure(err, settings);
    }
    const location = response.headers.get('location');
    if (REDIRECT.has(response.status) && location) {
      await response.body?.cancel().catch(() => undefined);
      if (hop >= MAX_REDIRECTS) throw new PageError(`The page redirects more than ${MAX_REDIRECTS} times.`);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new PageError('The page redirects to an invalid address.');
      }
      if (next.protocol !== 'http:' && next.protocol !== 'https:') {
        throw new PageError('The page redirects to an address that is not http or https.');
      }
      url = next;
      continue;
    }
    return { url, response, conditional: Boolean(validators?.etag || validators?.lastModified) };
  }
}

/**
 * Reads a body to its end, refusing to hold more than `maxBytes`: past that the stream is
 * cancelled (the rest is never downloaded) and a PageError says so. With `truncate`, the
 * first `maxBytes` are returned instead.
 */
export async function readCapped(
  response: Response,
  settings: FetchSettings,
  maxBytes: number,
  truncate = false,
): Promise<Uint8Array> {
  const tooLarge = () =>
    new PageError(`The page is larger than ${formatBytes(maxBytes)}; it was not downloaded.`);
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (!truncate && Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array(0);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (size + value.byteLength > maxBytes) {
        await reader.cancel().catch(() => undefined);
        if (!truncate) throw tooLarge();
        chunks.push(value.subarray(0, maxBytes - size));
        size = maxBytes;
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } catch (err) {
    describeFailure(err, settings);
  } finally {
    reader.releaseLock();
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** The media type of a Content-Type header, lowercased, without parameters. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export function isHtmlType(type: string): boolean {
  return type === 'text/html' || type === 'application/xhtml+xml';
}

/** Whether bytes served without a Content-Type look like an HTML document. */
export function looksLikeHtml(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, '');
  return /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body)[\s>]/i.test(head);
}

/** Decodes HTML by the header's charset, else a <meta charset> in the first 1024 bytes, else UTF-8. */
export function decodeHtml(bytes: Uint8Array, contentType: string | null): string {
  let charset = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  if (!charset) {
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
    charset = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
  }
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
