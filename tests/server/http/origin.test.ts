/**
 * Issue 31 item 5: a browser's Origin must be the server's own scheme, host and port (or one of
 * ALLOWED_ORIGINS), on HTTP and at the socket handshake alike; clients that send no Origin
 * (programs, with an API key or a cookie) pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { PROTOCOL_VERSION } from '../../../src/shared/chat/protocol';
import { serverMessages } from '../../../src/shared/messages';
import { openChatSocket, signedInChatUser } from '../../support/chat';
import { Client, newUser } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';

const PARTNER = 'https://partner.example';

let t: TestServer;
/** The same server behind one trusted proxy (nginx), which says the browser used https. */
let proxied: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ALLOWED_ORIGINS: PARTNER });
  proxied = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await t?.stop();
  await proxied?.stop();
});

/** The same host and port as the server, under the scheme it does not speak. */
const otherScheme = (url: string) => url.replace(/^http:/, 'https:');

describe('HTTP origin check', () => {
  it('refuses a POST whose Origin is the server’s host and port under https', async () => {
    const res = await new Client(t.url).post('/auth/register', newUser(), { origin: otherScheme(t.url) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(serverMessages.foreignOrigin);
  });

  it('refuses another port of the same host', async () => {
    const port = Number(new URL(t.url).port);
    const res = await new Client(t.url).post('/auth/register', newUser(), {
      origin: `http://127.0.0.1:${port + 1}`,
    });
    expect(res.status).toBe(403);
  });

  it('allows its own origin, an allowed origin, and no Origin at all', async () => {
    for (const headers of [{ origin: t.url }, { origin: PARTNER }, {}] as Record<string, string>[]) {
      const res = await new Client(t.url).post('/auth/register', newUser(), headers);
      expect(res.status, JSON.stringify(headers)).toBe(201);
    }
  });

  it('behind a trusted proxy, takes the scheme the proxy says the browser used', async () => {
    const host = new URL(proxied.url).host;
    const secure = await new Client(proxied.url).post('/auth/register', newUser(), {
      origin: `https://${host}`,
      'x-forwarded-proto': 'https',
    });
    expect(secure.status).toBe(201);
    const downgraded = await new Client(proxied.url).post('/auth/register', newUser(), {
      origin: `http://${host}`,
      'x-forwarded-proto': 'https',
    });
    expect(downgraded.status).toBe(403);
  });
});

/** Engine.IO's first request (a polling handshake) as a page of `origin` would send it. */
const pollingHandshake = (server: TestServer, headers: Record<string, string>) =>
  fetch(`${server.url}/socket.io/?EIO=4&transport=polling&session_id=x`, { headers });

/** Whether a WebSocket handshake of a signed-in user, sending `origin`, connects. */
async function socketConnects(origin: string | undefined): Promise<boolean> {
  const user = await signedInChatUser(t);
  const socket = connect(t.url, {
    path: '/socket.io',
    query: { session_id: user.sessionId },
    auth: { protocolVersion: PROTOCOL_VERSION },
    transports: ['websocket'],
    extraHeaders: { cookie: user.client.cookieHeader, ...(origin ? { origin } : {}) },
    reconnection: false,
  });
  try {
    return await new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true));
      socket.once('connect_error', () => resolve(false));
    });
  } finally {
    socket.close();
  }
}

describe('socket handshake origin check', () => {
  it('refuses a WebSocket handshake from a foreign origin, with the user’s cookie', async () => {
    expect(await socketConnects('https://evil.example')).toBe(false);
    expect(await socketConnects(otherScheme(t.url))).toBe(false);
  });

  it('refuses a polling handshake from a foreign origin with 403', async () => {
    const res = await pollingHandshake(t, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(serverMessages.foreignOrigin);
    expect((await pollingHandshake(t, { origin: otherScheme(t.url) })).status).toBe(403);
  });

  it('accepts its own origin, an allowed origin, and a client that sends none', async () => {
    expect(await socketConnects(t.url)).toBe(true);
    expect(await socketConnects(PARTNER)).toBe(true);
    expect(await socketConnects(undefined)).toBe(true);
    // The chat's own helper sends no Origin, as a partner's program does not.
    const socket = await openChatSocket(t, await signedInChatUser(t));
    socket.close();
    for (const headers of [{ origin: t.url }, { origin: PARTNER }, {}] as Record<string, string>[]) {
      expect((await pollingHandshake(t, headers)).status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('behind a trusted proxy, takes the scheme the proxy says the browser used', async () => {
    const host = new URL(proxied.url).host;
    const forwarded = { 'x-forwarded-proto': 'https' };
    expect((await pollingHandshake(proxied, { ...forwarded, origin: `https://${host}` })).status).toBe(200);
    expect((await pollingHandshake(proxied, { ...forwarded, origin: `http://${host}` })).status).toBe(403);
  });
});
