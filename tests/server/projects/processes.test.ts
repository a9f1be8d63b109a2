/**
 * Issue 15: keys across server processes. Two web processes on one PostgreSQL database (PGlite is
 * one process's, so this runs in the PostgreSQL pass of `.ci/run`): a key revoked through one is
 * refused by the other at once, over HTTP and on a socket it already has open, and a key's rate
 * limit counts the requests of both.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerMessage } from '../../../src/shared/chat/protocol';
import { SUPER_ENV, signInSuper } from '../../support/admin';
import { Client } from '../../support/http';
import { createPostgresDatabase, startTestServer, type TestServer } from '../../support/server';

describe.skipIf(!process.env.DATABASE_URL)('project keys in two processes sharing PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let one: TestServer;
  let two: TestServer;
  let root: Client;

  beforeAll(async () => {
    database = await createPostgresDatabase(process.env.DATABASE_URL!);
    const env = { ...SUPER_ENV, ROLE: 'web', DATABASE_URL: database.url, API_KEY_REQUESTS_PER_MINUTE: '3' };
    one = await startTestServer(env);
    two = await startTestServer(env);
    root = await signInSuper(one);
  }, 60_000);
  afterAll(async () => {
    await two?.stop();
    await one?.stop();
    await database?.drop();
  });

  const newKey = async () => {
    const res = await root.post('/admin/projects/dish/keys', { name: 'Shared' });
    return res.body as { key: { id: string }; secret: string };
  };
  const read = (t: TestServer, secret: string) =>
    new Client(t.url).request('GET', '/api/v1/questions/00000000-0000-4000-8000-000000000000', undefined, {
      authorization: `Bearer ${secret}`,
    });

  it('a key revoked through one process is refused by the other, on HTTP and on its open socket', async () => {
    const { key, secret } = await newKey();
    expect((await read(two, secret)).status).toBe(404);
    const socket: Socket = connect(two.url, {
      path: '/socket.io',
      query: { session_id: 'shared' },
      auth: { apiKey: secret },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    expect((await root.post(`/admin/projects/dish/keys/${key.id}/revoke`, {})).status).toBe(200);
    expect((await read(two, secret)).status).toBe(401);
    // No Redis here to carry the eviction: the socket is refused before any answer and closed.
    const answer = await new Promise<AnswerMessage>((resolve) => {
      socket.once('answer-text', resolve);
      socket.emit('question-text', {
        event: 'question-text',
        content: { query: 'What is braille?', sourceMode: 'web', project: 'dish', sessionId: '' },
      });
    });
    expect(answer.content.response.error).toMatch(/signed out/);
    socket.close();
  });

  it('counts a key’s requests in both processes against one limit', async () => {
    const { secret } = await newKey();
    expect((await read(one, secret)).status).toBe(404);
    expect((await read(two, secret)).status).toBe(404);
    expect((await read(one, secret)).status).toBe(404);
    const refused = await read(two, secret);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
