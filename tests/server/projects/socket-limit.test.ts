/**
 * Issue 15: a key's questions on the chat socket count against API_KEY_REQUESTS_PER_MINUTE
 * together with its HTTP requests, in the one counter every process shares.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER_ENV, signInSuper } from '../../support/admin';
import { askOnce, openKeySocket, type ChatClient } from '../../support/chat';
import { Client } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';

const LIMIT = 3;
let t: TestServer;
let root: Client;
let projectId: string;

beforeAll(async () => {
  t = await startTestServer({ ...SUPER_ENV, API_KEY_REQUESTS_PER_MINUTE: String(LIMIT) });
  root = await signInSuper(t);
  const res = await root.post('/project_auth/create_project', { name: 'Limited', description: 'Limits' });
  expect(res.status).toBe(201);
  projectId = (res.body as { projectId: string }).projectId;
}, 120_000);
afterAll(() => t?.stop());

async function newKey(): Promise<string> {
  const res = await root.post(`/admin/projects/${projectId}/keys`, { name: 'Socket key' });
  expect(res.status).toBe(201);
  return (res.body as { secret: string }).secret;
}

/** A cheap counted request over HTTP: reading a question that does not exist (404). */
const readOverHttp = (secret: string) =>
  new Client(t.url).request('GET', '/api/v1/questions/00000000-0000-4000-8000-000000000000', undefined, {
    authorization: `Bearer ${secret}`,
  });

/** An empty question: refused at once, but counted, as an HTTP request with a bad body is. */
const errorOf = async (socket: ChatClient) => (await askOnce(socket, '')).content.response.error;

describe("a key's socket questions and the per-key limit", () => {
  it('counts socket questions with HTTP requests, and refuses past the limit on both', async () => {
    const secret = await newKey();
    const socket = await openKeySocket(t, secret, 'limit-session');
    try {
      expect(await errorOf(socket)).toBe('The question is empty.');
      expect((await readOverHttp(secret)).status).toBe(404);
      expect(await errorOf(socket)).toBe('The question is empty.');
      // The limit is reached by the two channels together: HTTP is refused now…
      const refused = await readOverHttp(secret);
      expect(refused.status).toBe(429);
      // …and so is the socket, with a sentence that says how long to wait.
      const error = await errorOf(socket);
      expect(error).toMatch(/^This key has asked too many questions\. Please try again in \d+ seconds?\.$/);
      const seconds = Number(/in (\d+) second/.exec(error ?? '')?.[1]);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
    } finally {
      socket.close();
    }
  });

  it('leaves the other keys of the project their own count', async () => {
    const spent = await newKey();
    const socket = await openKeySocket(t, spent, 'spent-session');
    const fresh = await openKeySocket(t, await newKey(), 'fresh-session');
    try {
      for (let i = 0; i <= LIMIT; i++) await errorOf(socket);
      expect(await errorOf(socket)).toMatch(/too many questions/);
      expect(await errorOf(fresh)).toBe('The question is empty.');
    } finally {
      socket.close();
      fresh.close();
    }
  });
});
