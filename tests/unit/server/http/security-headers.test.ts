import { Socket } from 'node:net';
import { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY, withSecurityHeaders } from '../../../../src/server/http/security-headers';

function request(headers: Record<string, string>): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.headers = headers;
  return req;
}

/** The headers withSecurityHeaders puts on an answer to a request with these headers. */
function securityHeaders(req: IncomingMessage): Record<string, string> {
  const res = new ServerResponse(req);
  withSecurityHeaders(req, res, () => undefined);
  return Object.fromEntries(Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]));
}

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('the security headers', () => {
  it('lists the headers every answer carries', () => {
    const headers = securityHeaders(request({ host: 'dish.example' }));
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'permissions-policy': PERMISSIONS_POLICY,
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    const policy = headers['content-security-policy']!;
    expect(directive(policy, 'default-src')).toBe("default-src 'self'");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
  });

  it('names the socket’s own origin in connect-src, and nothing but a host', () => {
    const csp = (headers: Record<string, string>) =>
      directive(securityHeaders(request(headers))['content-security-policy']!, 'connect-src');
    expect(csp({ host: 'dish.example:3592' })).toBe("connect-src 'self' ws://dish.example:3592");
    expect(csp({ host: 'dish.example', 'x-forwarded-proto': 'https' })).toBe(
      "connect-src 'self' wss://dish.example",
    );
    expect(csp({ host: 'evil.example; script-src *' })).toBe("connect-src 'self' 'self'");
  });
});

describe('withSecurityHeaders', () => {
  it('sets them on the Node response, where a later header of the route still wins', () => {
    const req = request({ host: 'dish.example' });
    const res = new ServerResponse(req);
    let called = false;
    withSecurityHeaders(req, res, () => (called = true));
    expect(called).toBe(true);
    expect(res.getHeader('x-frame-options')).toBe('DENY');
    expect(res.getHeader('permissions-policy')).toBe(PERMISSIONS_POLICY);
  });
});
