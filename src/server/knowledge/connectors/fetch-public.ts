import type { Resolve } from './address-guard';
import { ConnectorError } from './types';
import { fetchFollowing, readCapped } from './web-fetch';
import { parseStartUrl } from './web-url';

const USER_AGENT = 'DISHBot/1.0 (+https://dish.org.in/bot)';

/**
 * Downloads one file (an XML export) from the web with the crawler's protections: the address
 * guard on every redirect hop and on the address each connection is made to, a timeout and a
 * size cap. `resolve` stands in for DNS (tests).
 */
export async function fetchPublic(
  address: string,
  options: { allowPrivate: boolean; maxBytes?: number; timeoutMs?: number; resolve?: Resolve },
): Promise<Uint8Array> {
  const url = parseStartUrl(address);
  const settings = {
    userAgent: USER_AGENT,
    timeoutMs: options.timeoutMs ?? 60_000,
    maxBytes: options.maxBytes ?? 50 * 1024 * 1024,
    allowPrivate: options.allowPrivate,
    ...(options.resolve ? { resolve: options.resolve } : {}),
    signal: new AbortController().signal,
  };
  const { response } = await fetchFollowing(url, settings, { checkHop: () => undefined });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new ConnectorError(`The file could not be downloaded: the server answered ${response.status}.`);
  }
  return readCapped(response, settings, settings.maxBytes);
}
