import { describe, expect, it } from 'vitest';
import { proxyTrustWarning, trustFunction } from '../../../src/server/proxy-trust';

describe('trustFunction', () => {
  it('trusts a number of hops from any address, and nobody for 0', () => {
    const trusts = trustFunction(1);
    expect(trusts && trusts('203.0.113.9', 0)).toBe(true);
    expect(trusts && trusts('203.0.113.9', 1)).toBe(false);
    expect(trustFunction(0)).toBe(false);
  });

  it("trusts only the proxies' own addresses when they are listed", () => {
    const trusts = trustFunction(['127.0.0.1', '10.0.0.0/8']);
    expect(trusts && trusts('127.0.0.1', 0)).toBe(true);
    expect(trusts && trusts('10.1.2.3', 0)).toBe(true);
    // Someone reaching the port directly is no proxy: their X-Forwarded-For is not read.
    expect(trusts && trusts('203.0.113.9', 0)).toBe(false);
  });
});

describe('proxyTrustWarning', () => {
  it('warns when a hop count trusts any address on a server listening beyond this machine', () => {
    expect(proxyTrustWarning(1, '0.0.0.0')).toMatch(
      /TRUST_PROXY=1 believes X-Forwarded-For from any address/,
    );
    expect(proxyTrustWarning(1, '::')).not.toBeNull();
  });

  it('says nothing for listed addresses, no trust, or a server on the loopback', () => {
    expect(proxyTrustWarning(['127.0.0.1'], '0.0.0.0')).toBeNull();
    expect(proxyTrustWarning(0, '0.0.0.0')).toBeNull();
    expect(proxyTrustWarning(1, '127.0.0.1')).toBeNull();
  });
});
