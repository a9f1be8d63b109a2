import { describe, expect, it } from 'vitest';
import { randomDigits, randomSecret, sha256 } from '../../../../src/server/access/secrets';

describe('randomDigits', () => {
  it.each([1, 6, 12, 40])('gives exactly %i decimal digits', (count) => {
    for (let i = 0; i < 50; i++) {
      const code = randomDigits(count);
      expect(code).toHaveLength(count);
      expect(code).toMatch(/^\d+$/);
    }
  });

  it('gives an empty string for zero digits', () => {
    expect(randomDigits(0)).toBe('');
  });

  it('keeps leading zeros and uses every digit', () => {
    const seen = new Set(Array.from({ length: 400 }, () => randomDigits(6)).join(''));
    // 2400 digits: the chance that one of the ten never appears is about 10 × 0.9^2400.
    expect([...seen].sort().join('')).toBe('0123456789');
  });

  it('does not repeat itself', () => {
    const codes = new Set(Array.from({ length: 200 }, () => randomDigits(12)));
    expect(codes.size).toBe(200);
  });
});

describe('randomSecret', () => {
  it('is base64url of 32 random bytes by default', () => {
    const secret = randomSecret();
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
  });

  it('takes the number of bytes', () => {
    expect(Buffer.from(randomSecret(16), 'base64url')).toHaveLength(16);
    expect(Buffer.from(randomSecret(48), 'base64url')).toHaveLength(48);
  });

  it('is unique', () => {
    const secrets = new Set(Array.from({ length: 1000 }, () => randomSecret()));
    expect(secrets.size).toBe(1000);
  });
});

describe('sha256', () => {
  it('is the base64url SHA-256 digest', () => {
    expect(sha256('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    expect(sha256('')).toBe('47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU');
  });

  it('differs for different inputs and is stable for the same one', () => {
    expect(sha256('123456')).toBe(sha256('123456'));
    expect(sha256('123456')).not.toBe(sha256('123457'));
  });
});
