import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt is memory-hard: N=2^15, r=8 needs 32 MiB per hash, which makes guessing on GPUs costly.
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEMORY }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Returns `scrypt$N$r$p$salt$key`, so the cost can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check so that unknown accounts are not told apart by timing.
    await derive(password, randomBytes(16), N, R, P);
    return false;
  }
  const [algorithm, n, r, p, salt, key, ...rest] = stored.split('$');
  const cn = costParameter(n);
  const cr = costParameter(r);
  const cp = costParameter(p);
  if (algorithm !== 'scrypt' || !cn || !cr || !cp || !salt || !key || rest.length > 0) return false;
  const expected = Buffer.from(key, 'base64url');
  let actual: Buffer;
  try {
    actual = await derive(password, Buffer.from(salt, 'base64url'), cn, cr, cp);
  } catch {
    // Cost parameters scrypt refuses (N not a power of two, over the memory cap): a damaged hash, not a match.
    return false;
  }
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A positive integer written in decimal, or null. */
function costParameter(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
