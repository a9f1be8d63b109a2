import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An opaque secret for a cookie or an API key. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Secrets and codes are stored only as hashes; a leaked table gives no way in. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function randomDigits(count: number): string {
  let code = '';
  for (let i = 0; i < count; i++) code += String(randomInt(10));
  return code;
}
