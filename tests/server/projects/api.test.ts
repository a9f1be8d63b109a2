/**
 * Issue 15: the project API over real HTTP and the chat socket, against a real database and the
 * real answering pipeline. A created project gets a source and data like any other, and its keys
 * answer from its knowledge only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions, users } from '../../../src/server/db/schema';
import { addSource, form, SUPER_ENV, signInSuper } from '../../support/admin';
import type { ChatClient } from '../../support/chat';
import { Client, newUser } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';
import { serveSite } from '../../support/static-site';

const LIMIT = 4;
let t: TestServer;
let root: Client;
let site: Awaited<ReturnType<typeof serveSite>>;
let siteDir: string;
let partner: { projectId: string; apiKey: string; keyId: string };

const PARTNER_PAGE = `<!doctype html><html lang="en"><head><title>Harbour lighthouse</title></head><body><main>
<h1>Harbour lighthouse</h1>
<p>The harbour lighthouse has a tactile model at its entrance so that blind visitors can feel its shape.</p>
<p>The keeper of the harbour lighthouse is named Ondrej Vasek, and he reads the visitor book aloud every evening.</p>
</main></body></html>`;
const DISH_PAGE = `<!doctype html><html lang="en"><head><title>Mountain railway</title></head><body><main>
<h1>Mountain railway</h1>
<p>The mountain railway carries wheelchairs on a level platform that stops at the summit station.</p>
<p>The conductor of the mountain railway is named Priyanka Deshmukh, and she announces every stop twice.</p>
</main></body></html>`;

async function createProject(name: string) {
  const res = await root.post('/project_auth/create_project', {
    name,
    description: 'A partner of the tests',
  });
  expect(res.status).toBe(201);
  return res.body as { projectId: string; apiKey: string; keyId: string };
}

async function newKey(project: string, name = 'Test key') {
  const res = await root.post(`/admin/projects/${project}/keys`, { name });
  expect(res.status).toBe(201);
  return res.body as { key: { id: string; prefix: string }; secret: string };
}

const ask = (key: string, body: unknown, headers: Record<string, string> = {}) =>
  new Client(t.url).post('/api/v1/ask', body, { authorization: `Bearer ${key}`, ...headers });

/** Resolves with the connected socket, or the server's refusal message. */
function openSocket(
  auth: { apiKey?: string; cookie?: string },
  sessionId: string,
): Promise<ChatClient | string> {
  return new Promise((resolve) => {
    const socket: ChatClient = connect(t.url, {
      path: '/socket.io',
      query: { session_id: sessionId },
      ...(auth.apiKey ? { auth: { apiKey: auth.apiKey } } : {}),
      extraHeaders: auth.cookie ? { cookie: auth.cookie } : {},
      transports: ['websocket'],
      reconnection: false,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      resolve(error.message);
    });
  });
}

async function addPage(project: string, url: string) {
  const source = await addSource(root, `Pages of ${project}`, project);
  const res = await root.post(
    '/admin/add_data',
    form({ queryingApp: 'dish', source, project, location: 'Worldwide', data_type: 'web', url, depth: 0 }),
  );
  expect(res.status).toBe(201);
}

beforeAll(async () => {
  siteDir = await mkdtemp(path.join(os.tmpdir(), 'dish-api-site-'));
  site = await serveSite(siteDir, { '/harbour.html': PARTNER_PAGE, '/railway.html': DISH_PAGE });
  t = await startTestServer({
    ...SUPER_ENV,
    CRAWL_ALLOW_PRIVATE: 'true',
    INGEST_INTERVAL: '0',
    API_KEY_REQUESTS_PER_MINUTE: String(LIMIT),
  });
  root = await signInSuper(t);
  partner = await createProject('Harbour Partner');
  // A created project takes a source and data like a built-in one.
  await addPage(partner.projectId, `${site.url}/harbour.html`);
  await addPage('dish', `${site.url}/railway.html`);
  while ((await t.server.worker.runNow()) > 0) {
    /* until the queue is empty */
  }
}, 300_000);
afterAll(async () => {
  await t?.stop();
  await site?.stop();
  await rm(siteDir, { recursive: true, force: true });
});

describe('POST /api/v1/ask', () => {
  it("answers from the key's own project, records the question with sourceMode api", async () => {
    const res = await ask(partner.apiKey, {
      query: 'What is the name of the keeper of the harbour lighthouse?',
    });
    expect(res.status).toBe(200);
    expect(res.body.answer).toMatch(/Ondrej Vasek/);
    expect(res.body.found).toBe(true);
    expect(res.body.language).toBe('en');
    expect((res.body.links as { url: string }[]).some((l) => l.url.endsWith('/harbour.html'))).toBe(true);
    const [row] = await t.server.database.db
      .select()
      .from(questions)
      .where(eq(questions.id, String(res.body.questionId)));
    expect(row).toMatchObject({ project: partner.projectId, sourceMode: 'api', askedVia: partner.projectId });
  });

  it("never answers from another project's knowledge", async () => {
    const { secret } = await newKey(partner.projectId);
    const res = await ask(secret, { query: 'What is the name of the conductor of the mountain railway?' });
    expect(res.status).toBe(200);
    expect(res.body.answer).not.toMatch(/Priyanka/);
    expect(res.body.found).toBe(false);
  });

  it('takes the key in x-api-key too, and reads the question back with its history', async () => {
    const { secret } = await newKey(partner.projectId);
    const res = await new Client(t.url).post(
      '/api/v1/ask',
      { query: 'What can blind visitors feel at the lighthouse entrance?', conversationId: 'visitor-7' },
      { 'x-api-key': secret },
    );
    expect(res.status).toBe(200);
    const read = await new Client(t.url).request(
      'GET',
      `/api/v1/questions/${String(res.body.questionId)}`,
      undefined,
      {
        'x-api-key': secret,
      },
    );
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ status: 'answered', conversationId: 'visitor-7', language: 'en' });
    const types = (read.body.history as { type: string }[]).map((e) => e.type);
    expect(types).toEqual(['detect-language-query', 'detected-language', 'query-response']);
    // A question of another project is not found with this key.
    const other = await newKey('dish');
    const elsewhere = await new Client(t.url).request(
      'GET',
      `/api/v1/questions/${String(res.body.questionId)}`,
      undefined,
      { authorization: `Bearer ${other.secret}` },
    );
    expect(elsewhere.status).toBe(404);
  });

  it('streams progress events, then the answer', async () => {
    const { secret } = await newKey(partner.projectId);
    const response = await fetch(`${t.url}/api/v1/ask`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${secret}`,
        'content-type': 'application/json',
        accept: 'text/event-stream',
        // Each event goes out as it comes: never held back in a compressor (compression.ts).
        'accept-encoding': 'br, gzip',
      },
      body: JSON.stringify({ query: 'Who reads the visitor book aloud at the harbour lighthouse?' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('content-encoding')).toBeNull();
    const events = (await response.text())
      .trim()
      .split('\n\n')
      .map((block) => {
        const [event, data] = block.split('\n');
        return {
          event: event!.replace('event: ', ''),
          data: JSON.parse(data!.replace('data: ', '')) as Record<string, unknown>,
        };
      });
    expect(events.at(-1)?.event).toBe('answer');
    expect(String(events.at(-1)?.data.answer)).toMatch(/Ondrej Vasek/);
    const progress = events.filter((e) => e.event === 'progress').map((e) => e.data.text);
    expect(progress).toContain('Searching the knowledge base…');
  });

  it('refuses a missing or wrong key with 401 and a sentence, and bad input with 400', async () => {
    const none = await new Client(t.url).post('/api/v1/ask', { query: 'Hello there friend' });
    expect(none.status).toBe(401);
    expect(none.body.message).toMatch(/needs an API key/);
    const wrong = await ask('dish_not-a-key', { query: 'Hello there friend' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toMatch(/not valid/);
    const { secret } = await newKey(partner.projectId);
    const empty = await ask(secret, { query: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please send the question in "query".');
  });

  it('answers 429 with Retry-After past the per-key limit, other keys unaffected', async () => {
    const { secret } = await newKey(partner.projectId);
    for (let i = 0; i < LIMIT; i++) {
      const read = await new Client(t.url).request('GET', `/api/v1/questions/${partner.keyId}`, undefined, {
        authorization: `Bearer ${secret}`,
      });
      expect(read.status).toBe(404);
    }
    const refused = await ask(secret, { query: 'Who keeps the lighthouse?' });
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.body.message).toMatch(/too many requests/);
    const other = await newKey(partner.projectId);
    expect((await ask(other.secret, { query: 'Who keeps the lighthouse?' })).status).toBe(200);
  });
});

describe('keys', () => {
  it('lists keys with their prefix and use, never the secret or its hash', async () => {
    const { secret, key } = await newKey(partner.projectId, 'Listed key');
    expect(secret.startsWith(key.prefix)).toBe(true);
    await ask(secret, { query: 'Who keeps the lighthouse?' });
    const res = await root.get('/admin/projects');
    expect(res.status).toBe(200);
    const project = (
      res.body.projects as { id: string; builtIn: boolean; keys: Record<string, unknown>[] }[]
    ).find((p) => p.id === partner.projectId);
    expect(project?.builtIn).toBe(false);
    const listed = project?.keys.find((k) => k.id === key.id);
    expect(listed).toMatchObject({ name: 'Listed key', useCount: 1, revokedAt: null });
    expect(listed?.lastUsedAt).toEqual(expect.any(String));
    expect(JSON.stringify(res.body)).not.toContain(secret);
  });

  it('a revoked key is refused at once on HTTP, and its open socket is closed and not let in again', async () => {
    const { secret, key } = await newKey(partner.projectId);
    const socket = await openSocket({ apiKey: secret }, 'revoke-session');
    if (typeof socket === 'string') throw new Error(socket);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const revoke = await root.post(`/admin/projects/${partner.projectId}/keys/${key.id}/revoke`, {});
    expect(revoke.status).toBe(200);
    const revoked = revoke.body.key as { id: string; revokedAt: string | null };
    expect(revoked.id).toBe(key.id);
    expect(revoked.revokedAt).not.toBeNull();
    expect(await closed).toBe('io server disconnect');
    expect((await ask(secret, { query: 'Who keeps the lighthouse?' })).status).toBe(401);
    expect(await openSocket({ apiKey: secret }, 'revoke-session')).toBe('unauthorized');
  });

  it('rotation: the old secret 401, the new one 200', async () => {
    const { secret, key } = await newKey(partner.projectId, 'Rotated');
    const rotated = await root.post(`/admin/projects/${partner.projectId}/keys/${key.id}/rotate`, {});
    expect(rotated.status).toBe(201);
    const answer = rotated.body as { secret: string; key: { name: string }; revoked: { id: string } };
    expect(answer.key.name).toBe('Rotated');
    expect(answer.revoked.id).toBe(key.id);
    expect((await ask(secret, { query: 'Who keeps the lighthouse?' })).status).toBe(401);
    expect((await ask(answer.secret, { query: 'Who keeps the lighthouse?' })).status).toBe(200);
  });

  it('the key made with the project (the migrated kind) opens the socket', async () => {
    const socket = await openSocket({ apiKey: partner.apiKey }, 'first-key');
    expect(typeof socket).not.toBe('string');
    if (typeof socket !== 'string') socket.close();
  });

  it('an admin of another project can neither see nor change this project’s keys', async () => {
    const admin = await signedInAdmin(['dish']);
    const listed = await admin.get('/admin/projects');
    expect((listed.body.projects as { id: string }[]).map((p) => p.id)).toEqual(['dish']);
    const create = await admin.post(`/admin/projects/${partner.projectId}/keys`, { name: 'Sneaky' });
    expect(create.status).toBe(403);
    const revoke = await admin.post(`/admin/projects/${partner.projectId}/keys/${partner.keyId}/revoke`, {});
    expect(revoke.status).toBe(403);
    const bad = await root.post(`/admin/projects/${partner.projectId}/keys`, { name: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a name for the key.');
  });
});

async function signedInAdmin(adminFor: string[]): Promise<Client> {
  const account = newUser();
  await new Client(t.url).post('/auth/register', account);
  if (adminFor.length) {
    await t.server.database.db
      .update(users)
      .set({ isAdmin: true, adminType: 'admin', isAdminFor: adminFor })
      .where(eq(users.email, account.email));
  }
  const client = new Client(t.url);
  await client.post('/auth/login', { emailOrPhone: account.email, password: account.password });
  return client;
}

describe('created projects are administered like built-in ones', () => {
  it('the super admin makes someone admin of a created project, who then adds its sources', async () => {
    const account = newUser();
    const client = new Client(t.url);
    await client.post('/auth/register', account);
    const [row] = await t.server.database.db.select().from(users).where(eq(users.email, account.email));
    const made = await root.post('/admin/make_user_admin', {
      queryingApp: 'dish',
      userId: row!.id,
      makeAdmin: true,
      adminFor: [partner.projectId],
    });
    expect(made.status).toBe(200);
    expect((made.body.user as { isAdminFor: string[] }).isAdminFor).toEqual([partner.projectId]);
    await client.post('/auth/login', { emailOrPhone: account.email, password: account.password });
    const source = await client.post('/admin/add_source', {
      queryingApp: 'dish',
      name: 'Partner admin source',
      project: partner.projectId,
    });
    expect(source.status).toBe(201);
    const listed = await client.get('/admin/projects');
    expect((listed.body.projects as { id: string }[]).map((p) => p.id)).toEqual([partner.projectId]);
    const dish = await client.post('/admin/add_source', {
      queryingApp: 'dish',
      name: 'Not mine',
      project: 'dish',
    });
    expect(dish.status).toBe(403);
    // Bulk rows alike: the created project's row is taken, dish's refused by name.
    const csv = [
      'data_type,source,project,location,url,depth',
      `web,Partner admin source,${partner.projectId},Worldwide,https://example.invalid/,0`,
      'web,Pages of dish,dish,Worldwide,https://example.invalid/,0',
    ].join('\n');
    const bulk = await client.post(
      '/admin/bulk_upload_file',
      form({}, [{ name: 'rows.csv', bytes: new TextEncoder().encode(csv) }]),
    );
    expect(bulk.status).toBe(201);
    expect(bulk.body.records).toBe(1);
    expect((bulk.body.refused as { reason: string }[])[0]?.reason).toMatch(/not an admin of this project/);
  });

  it('an unknown project cannot be granted', async () => {
    const account = newUser();
    await new Client(t.url).post('/auth/register', account);
    const [row] = await t.server.database.db.select().from(users).where(eq(users.email, account.email));
    const made = await root.post('/admin/make_user_admin', {
      queryingApp: 'dish',
      userId: row!.id,
      makeAdmin: true,
      adminFor: ['no_such_project'],
    });
    expect(made.status).toBe(403);
  });
});

describe('socket handshake', () => {
  it('refuses a deactivated user and a blocked user, though their sign-in is still live', async () => {
    for (const change of [{ isActive: false }, { isBlocked: true }]) {
      const account = newUser();
      const client = new Client(t.url);
      await client.post('/auth/register', account);
      const login = await client.post('/auth/login', {
        emailOrPhone: account.email,
        password: account.password,
      });
      const sessionId = String(login.body.sessionId);
      const first = await openSocket({ cookie: client.cookieHeader }, sessionId);
      expect(typeof first).not.toBe('string');
      if (typeof first !== 'string') first.close();
      // Changed in the database only: the sign-in (sessions row) is left as it was.
      await t.server.database.db.update(users).set(change).where(eq(users.email, account.email));
      expect(await openSocket({ cookie: client.cookieHeader }, sessionId)).toBe('unauthorized');
    }
  });
});
