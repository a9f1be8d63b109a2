import { describe, expect, it } from 'vitest';
import { countersFor, identifierKey, networkOf } from '../../../../src/server/auth/places';

describe('identifierKey', () => {
  it('lower-cases e-mail addresses and keeps the last 10 digits of a phone number', () => {
    expect(identifierKey('  Someone@Example.ORG ')).toBe('someone@example.org');
    expect(identifierKey('+91 98765 43210')).toBe('9876543210');
  });
});

describe('countersFor', () => {
  const stranger = { address: '198.51.100.7', known: false };

  it('counts a stranger per account and place, per address (3x), per account on the network (3x) and, slowing only, per account from new places', () => {
    expect(countersFor('login', 'a@b.org', stranger, 10)).toEqual([
      { key: 'login:place:a@b.org@198.51.100.7', limit: 10, afterSuccess: 'forgive' },
      { key: 'login:ip:198.51.100.7', limit: 30, afterSuccess: 'refund' },
      { key: 'login:net:a@b.org@198.51.100.0/24', limit: 30, afterSuccess: 'refund' },
      { key: 'login:account:a@b.org', limit: 30, afterSuccess: 'refund', refuse: false },
    ]);
  });

  it("leaves the network's and the account-wide counters out at the owner's known address", () => {
    const keys = countersFor('login', 'a@b.org', { ...stranger, known: true }, 10).map((c) => c.key);
    expect(keys).toEqual(['login:place:a@b.org@198.51.100.7', 'login:ip:198.51.100.7']);
  });

  it("counts only the browser's own counter for a browser the owner signed in from", () => {
    expect(countersFor('otp', 'a@b.org', { ...stranger, known: true, device: 'abc' }, 5)).toEqual([
      { key: 'otp:device:abc:a@b.org', limit: 5, afterSuccess: 'forgive' },
    ]);
  });

  it('keeps actions apart', () => {
    const login = countersFor('login', 'a@b.org', stranger, 10).map((c) => c.key);
    const otp = countersFor('otp', 'a@b.org', stranger, 10).map((c) => c.key);
    expect(login.filter((k) => otp.includes(k))).toEqual([]);
  });
});

describe('networkOf', () => {
  it('is the /24 of an IPv4 address, mapped into IPv6 or not, and the /64 of an IPv6 one', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
  });

  it('is the text itself when it is no address', () => {
    expect(networkOf('unix-socket')).toBe('unix-socket');
  });
});
