/**
 * Issue 15: the handshake carries the protocol version; a client of another version is refused
 * with a connect_error that says who is behind (issue 32): a tab left open across a deploy asks its
 * user to reload instead of failing quietly, and a new tab that meets an old process tries again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import {
  PROTOCOL_VERSION,
  RELOAD_MESSAGE,
  RETRY_MESSAGE,
  type HandshakeAuth,
  type HandshakeRefusal,
} from '../../../src/shared/chat/protocol';
import { createKey } from '../../../src/server/access/keys';
import { signedInChatUser, type ChatClient } from '../../support/chat';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
let user: Awaited<ReturnType<typeof signedInChatUser>>;
let apiKey: string;

beforeAll(async () => {
  t = await startTestServer();
  user = await signedInChatUser(t);
  apiKey = (await createKey(t.server.database.db, 'dish', 'Version key', null)).secret;
});
afterAll(() => t.stop());

type Outcome = 'connected' | { message: string; data: unknown };

/** Connects with this `auth` (and the user's cookie unless a key is given); closes at once. */
function tryConnect(auth: Partial<Record<keyof HandshakeAuth, unknown>>): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket: ChatClient = connect(t.url, {
      path: '/socket.io',
      query: { session_id: user.sessionId },
      auth,
      transports: ['websocket'],
      extraHeaders: auth.apiKey ? {} : { cookie: user.client.cookieHeader },
      reconnection: false,
    });
    socket.on('connect', () => {
      socket.close();
      resolve('connected');
    });
    socket.on('connect_error', (error) => {
      socket.close();
      resolve({ message: error.message, data: error.data as unknown });
    });
  });
}

const refusal: HandshakeRefusal = {
  reason: 'reload',
  behind: 'client',
  message: RELOAD_MESSAGE,
  protocolVersion: PROTOCOL_VERSION,
};
/** What a client newer than the server hears: the server is behind, so the client tries again later. */
const serverBehind: HandshakeRefusal = {
  reason: 'retry',
  behind: 'server',
  message: RETRY_MESSAGE,
  protocolVersion: PROTOCOL_VERSION,
};

describe('the protocol version in the handshake', () => {
  it('lets in a tab of this version', async () => {
    expect(await tryConnect({ protocolVersion: PROTOCOL_VERSION })).toBe('connected');
  });

  it('tells an older tab, or one whose version is no number, to reload', async () => {
    for (const protocolVersion of [PROTOCOL_VERSION - 1, String(PROTOCOL_VERSION), 1.5]) {
      expect(await tryConnect({ protocolVersion })).toEqual({ message: 'reload', data: refusal });
    }
  });

  it('tells a newer tab that the server is behind, so that it tries again instead of reloading', async () => {
    expect(await tryConnect({ protocolVersion: PROTOCOL_VERSION + 1 })).toEqual({
      message: 'retry',
      data: serverBehind,
    });
  });

  it('refuses an outdated tab before anything else, even one signed out', async () => {
    const outcome = await new Promise<Outcome>((resolve) => {
      const socket: ChatClient = connect(t.url, {
        path: '/socket.io',
        query: { session_id: 'anything' },
        auth: { protocolVersion: PROTOCOL_VERSION - 1 },
        transports: ['websocket'],
        reconnection: false,
      });
      socket.on('connect_error', (error) => {
        socket.close();
        resolve({ message: error.message, data: error.data as unknown });
      });
    });
    expect(outcome).toEqual({ message: 'reload', data: refusal });
  });

  it('lets in a tab built before versioning, which sends none and speaks version 1', async () => {
    expect(PROTOCOL_VERSION).toBe(1);
    expect(await tryConnect({})).toBe('connected');
  });

  it("lets in a project key's client without a version, and checks one that sends it", async () => {
    expect(await tryConnect({ apiKey })).toBe('connected');
    expect(await tryConnect({ apiKey, protocolVersion: PROTOCOL_VERSION })).toBe('connected');
    expect(await tryConnect({ apiKey, protocolVersion: PROTOCOL_VERSION + 1 })).toEqual({
      message: 'retry',
      data: serverBehind,
    });
  });
});
