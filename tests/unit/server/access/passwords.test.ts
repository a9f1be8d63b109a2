import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../../src/server/access/passwords';

// scrypt at full cost takes about 0.1 s per hash; a few per test is fine.
describe('hashPassword and verifyPassword', () => {
  it('round-trips: the hash verifies its own password', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
  });

  it('stores scrypt$N$r$p$salt$key and never the password itself', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(stored).not.toContain('correct horse battery');
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password', a)).toBe(true);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it('refuses a wrong password', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
    expect(await verifyPassword('correct horse battery ', stored)).toBe(false);
  });

  it('treats Unicode-equivalent spellings as the same password (NFKC)', async () => {
    const stored = await hashPassword('caf\u00e9 cr\u00e8me');
    expect(await verifyPassword('cafe\u0301 cre\u0300me', stored)).toBe(true);
  });

  it('refuses every password when there is no stored hash', async () => {
    expect(await verifyPassword('anything at all', null)).toBe(false);
    expect(await verifyPassword('', '')).toBe(false);
  });

  it('answers false, never throws, for a malformed stored hash', async () => {
    const good = await hashPassword('correct horse battery');
    const [, , , , salt, key] = good.split('$');
    const malformed = [
      'garbage',
      good.replace(/^scrypt/, 'bcrypt'),
      `scrypt$32768$8$1$${salt}`,
      `scrypt$32768$8$1$${salt}$`,
      `scrypt$32768$8$1$$${key}`,
      `${good}$extra`,
      `scrypt$abc$8$1$${salt}$${key}`,
      `scrypt$-32768$8$1$${salt}$${key}`,
      `scrypt$32768.5$8$1$${salt}$${key}`,
      `scrypt$1000$8$1$${salt}$${key}`, // N not a power of two
      `scrypt$1073741824$8$1$${salt}$${key}`, // over the memory cap
      `scrypt$32768$8$1$${salt}$${key!.slice(0, 20)}`, // truncated key
    ];
    for (const stored of malformed) {
      await expect(verifyPassword('correct horse battery', stored), stored).resolves.toBe(false);
    }
  });
});
