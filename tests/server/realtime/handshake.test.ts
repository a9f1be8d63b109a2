import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import type { ChatClient } from '../../support/chat';
import { Client, newUser } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

/** Resolves 'connected', or the server's refusal message. */
function tryConnect(cookie: string | undefined, sessionId: string): Promise<string> {
  return new Promise((resolve) => {
    const socket: ChatClient = connect(t.url, {
      path: '/socket.io',
      query: { session_id: sessionId },
      transports: ['websocket'],
      extraHeaders: cookie ? { cookie } : {},
      reconnection: false,
    });
    socket.on('connect', () => {
      socket.close();
      resolve('connected');
    });
    socket.on('connect_error', (error) => {
      socket.close();
      resolve(error.message);
    });
  });
}

describe('socket handshake', () => {
  it('accepts the session cookie with its own session id, and refuses anything else', async () => {
    const user = newUser();
    const client = new Client(t.url);
    await client.post('/auth/register', user);
    const login = await client.post('/auth/login', { emailOrPhone: user.email, password: user.password });
    const sessionId = String(login.body.sessionId);

    const other = newUser();
    const otherClient = new Client(t.url);
    await otherClient.post('/auth/register', other);
    const otherLogin = await otherClient.post('/auth/login', {
      emailOrPhone: other.email,
      password: other.password,
    });

    expect(await tryConnect(client.cookieHeader, sessionId)).toBe('connected');
    expect(await tryConnect(undefined, sessionId)).toBe('unauthorized');
    expect(await tryConnect(client.cookieHeader, String(otherLogin.body.sessionId))).toBe('unauthorized');
    expect(await tryConnect('token=forged', sessionId)).toBe('unauthorized');
  });
});
