import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256=';

/**
 * Meta signs every webhook delivery with the app secret: `X-Hub-Signature-256: sha256=<hex>` is the
 * HMAC-SHA256 of the body's exact bytes. It is checked on those bytes, before any JSON parsing,
 * since a parsed and re-serialised body would not hash the same; the compare takes the same time
 * whatever the first wrong byte, so a forger learns nothing from how fast the 401 comes.
 */
export function hasValidSignature(rawBody: Uint8Array, header: unknown, appSecret: string): boolean {
  if (typeof header !== 'string' || !header.startsWith(PREFIX)) return false;
  const given = header.slice(PREFIX.length).trim();
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/** The header value for a body: what Meta sends (the tests sign their deliveries with it). */
export function signatureFor(rawBody: Uint8Array | string, appSecret: string): string {
  return PREFIX + createHmac('sha256', appSecret).update(rawBody).digest('hex');
}
