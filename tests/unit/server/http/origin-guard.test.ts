import { Socket } from 'node:net';
import { IncomingMessage } from 'node:http';
import { TLSSocket } from 'node:tls';
import { describe, expect, it } from 'vitest';
import { originAllowed, rawRequestSite } from '../../../../src/server/http/origin-guard';
import { trustFunction } from '../../../../src/server/proxy-trust';

const plain = { protocol: 'http', host: '127.0.0.1:3592' };

describe('originAllowed', () => {
  it('allows the request’s own scheme, host and port', () => {
    expect(originAllowed('http://127.0.0.1:3592', plain, [])).toBe(true);
  });

  it('refuses the same host and port under another scheme', () => {
    expect(originAllowed('https://127.0.0.1:3592', plain, [])).toBe(false);
  });

  it('refuses another port or another host', () => {
    expect(originAllowed('http://127.0.0.1:3593', plain, [])).toBe(false);
    expect(originAllowed('http://localhost:3592', plain, [])).toBe(false);
    expect(originAllowed('http://sub.127.0.0.1:3592', plain, [])).toBe(false);
  });

  it('compares default ports and letter case as browsers serialize them', () => {
    expect(originAllowed('https://dish.example', { protocol: 'https', host: 'dish.example:443' }, [])).toBe(
      true,
    );
    expect(originAllowed('https://DISH.example', { protocol: 'https', host: 'dish.example' }, [])).toBe(true);
    expect(originAllowed('http://dish.example:80', { protocol: 'http', host: 'dish.example' }, [])).toBe(
      true,
    );
  });

  it('allows a configured origin, by its scheme and port too', () => {
    const allowed = ['https://partner.example', 'http://localhost:5173'];
    expect(originAllowed('https://partner.example', plain, allowed)).toBe(true);
    expect(originAllowed('http://localhost:5173', plain, allowed)).toBe(true);
    expect(originAllowed('http://partner.example', plain, allowed)).toBe(false);
    expect(originAllowed('https://partner.example:8443', plain, allowed)).toBe(false);
  });

  it('refuses what is not an origin: null, garbage, opaque schemes', () => {
    for (const origin of ['null', '', 'not a url', 'file://', 'data:text/html,x', 'chrome-extension://abc']) {
      expect(originAllowed(origin, plain, ['null']), origin).toBe(false);
    }
  });

  it('refuses everything but allowed origins when the request names no host', () => {
    expect(originAllowed('http://127.0.0.1:3592', { protocol: 'http', host: '' }, [])).toBe(false);
  });
});

function request(headers: Record<string, string>, socket: Socket = new Socket()): IncomingMessage {
  const req = new IncomingMessage(socket);
  req.headers = headers;
  return req;
}

describe('rawRequestSite', () => {
  it('is the Host and the connection’s scheme without a trusted proxy', () => {
    const req = request({
      host: 'dish.example:3592',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
    });
    expect(rawRequestSite(req, trustFunction(0))).toEqual({ protocol: 'http', host: 'dish.example:3592' });
  });

  it('is https on a TLS connection', () => {
    const req = request({ host: 'dish.example' }, new TLSSocket(new Socket()));
    expect(rawRequestSite(req, trustFunction(0))).toEqual({ protocol: 'https', host: 'dish.example' });
  });

  it('takes the nearest proxy’s X-Forwarded-Proto and X-Forwarded-Host behind a trusted proxy', () => {
    const req = request({
      host: '127.0.0.1:3000',
      'x-forwarded-proto': 'http, https',
      'x-forwarded-host': 'evil.example, dish.example',
    });
    expect(rawRequestSite(req, trustFunction(1))).toEqual({ protocol: 'https', host: 'dish.example' });
  });

  it('believes no forwarded header from a peer that is not one of the listed proxies', () => {
    const req = request({ host: 'dish.example', 'x-forwarded-proto': 'https' });
    expect(rawRequestSite(req, trustFunction(['10.0.0.0/8']))).toEqual({
      protocol: 'http',
      host: 'dish.example',
    });
  });

  it('falls back to the connection behind a trusted proxy that sends neither', () => {
    expect(rawRequestSite(request({ host: 'dish.example' }), trustFunction(1))).toEqual({
      protocol: 'http',
      host: 'dish.example',
    });
  });
});
