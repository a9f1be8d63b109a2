/**
 * Issue 12: every route the server registers (Fastify's own list, so a new route cannot be left
 * out) against five callers, with the status each must get. A route missing from the table fails.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions, users } from '../../../src/server/db/schema';
import { addSource, form, SUPER, SUPER_ENV } from '../../support/admin';
import { Client, newUser } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';

const ROLES = ['anonymous', 'user', 'otherAdmin', 'admin', 'superAdmin'] as const;
type Role = (typeof ROLES)[number];
/** Expected statuses in ROLES order: anonymous, user, admin of another project, admin, super admin. */
type Expected = [number, number, number, number, number];

interface Row {
  /** What to send; called once per caller, so each call can use fresh data. */
  request: () => Promise<{ path: string; body?: unknown }> | { path: string; body?: unknown };
  expected: Expected;
  /** Send with a sign-in of its own (logout ends the one it is sent with). */
  freshSession?: boolean;
}

let t: TestServer;
let staticDir: string;
const credentials = new Map<Role, { email: string; password: string }>();
const clients = new Map<Role, Client>();
let root: Client;
let dishUserId: string;
let dishSourceId: string;
let dishQuestionId: string;
let counter = 0;
const unique = (label: string) => `${label} ${Date.now()} ${++counter}`;
const nobody = () => `nobody-${Date.now()}-${++counter}@example.org`;

async function signIn(role: Role): Promise<Client> {
  const client = new Client(t.url);
  const account = credentials.get(role);
  if (!account) return client;
  const res = await client.post('/auth/login', { emailOrPhone: account.email, password: account.password });
  if (res.status !== 200) throw new Error(`sign-in as ${role} failed: ${res.status}`);
  return client;
}

async function registered(adminFor: string[] = []): Promise<{ id: string; email: string; password: string }> {
  const account = newUser();
  await new Client(t.url).post('/auth/register', account);
  const [row] = await t.server.database.db
    .update(users)
    .set(adminFor.length ? { isAdmin: true, adminType: 'admin', isAdminFor: adminFor } : { isAdmin: false })
    .where(eq(users.email, account.email))
    .returning();
  return { id: row!.id, email: account.email, password: account.password };
}

beforeAll(async () => {
  // A built app of one page, so the static routes of the shell are registered and answered too.
  staticDir = await mkdtemp(path.join(os.tmpdir(), 'dish-matrix-'));
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>DISH</title>');
  // WhatsApp on (its webhook answers 404 otherwise), with a Graph address nothing is ever sent to.
  t = await startTestServer({ ...SUPER_ENV, STATIC_DIR: staticDir, ...WHATSAPP_ENV });
  credentials.set('user', await registered());
  credentials.set('otherAdmin', await registered(['blimey']));
  credentials.set('admin', await registered(['dish']));
  credentials.set('superAdmin', SUPER);
  for (const role of ROLES) clients.set(role, await signIn(role));
  root = clients.get('superAdmin')!;
  dishUserId = (await registered()).id;
  dishSourceId = await addSource(root, unique('Matrix source'));
  const [question] = await t.server.database.db
    .insert(questions)
    .values({
      userId: dishUserId,
      sessionId: 'matrix-session',
      project: 'dish',
      sourceMode: 'web',
      askedVia: 'dish',
      event: 'question-text',
      query: 'What is braille?',
    })
    .returning({ id: questions.id });
  dishQuestionId = question!.id;
}, 60_000);
afterAll(async () => {
  await t?.stop();
  await rm(staticDir, { recursive: true, force: true });
});

const WHATSAPP_ENV = {
  WHATSAPP_VERIFY_TOKEN: 'matrix verify token',
  WHATSAPP_APP_SECRET: 'matrix app secret',
  WHATSAPP_ACCESS_TOKEN: 'matrix access token',
  WHATSAPP_PHONE_NUMBER_ID: '1000000001',
  WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9/v24.0',
};
const listBody = { queryingApp: 'dish', query: {}, queryOptions: { limit: 10, skip: 0 } };
/** A new key of dish, made by the super admin. */
const dishKey = async () => {
  const res = await root.post('/admin/projects/dish/keys', { name: unique('Matrix key') });
  return (res.body.key as { id: string }).id;
};
const missingId = '00000000-0000-4000-8000-000000000000';
const bulkCsv = () =>
  new TextEncoder().encode(
    `data_type,source,project,location,url,depth\nweb,${missingId},dish,Worldwide,https://example.invalid/,0\n`,
  );

const ROUTES: Record<string, Row> = {
  'GET /api/health': { request: () => ({ path: '/api/health' }), expected: [200, 200, 200, 200, 200] },
  // What a load balancer asks: public, and it says only which part is missing.
  'GET /api/ready': { request: () => ({ path: '/api/ready' }), expected: [200, 200, 200, 200, 200] },
  // The admin dashboard's Models line.
  'GET /admin/models': { request: () => ({ path: '/admin/models' }), expected: [401, 403, 200, 200, 200] },
  // Whether the microphone can be offered, asked by the chat page.
  'GET /api/voice': { request: () => ({ path: '/api/voice' }), expected: [200, 200, 200, 200, 200] },
  // A recording has started: only a signed-in person may have the speech model loaded.
  'POST /api/voice/warm': {
    request: () => ({ path: '/api/voice/warm', body: {} }),
    expected: [401, 200, 200, 200, 200],
  },
  // Each signed-in person's own conversations; someone else's (here: nobody's) is not found.
  'GET /api/conversations': {
    request: () => ({ path: '/api/conversations' }),
    expected: [401, 200, 200, 200, 200],
  },
  'GET /api/conversations/current': {
    request: () => ({ path: '/api/conversations/current' }),
    expected: [401, 200, 200, 200, 200],
  },
  'POST /api/conversations': {
    request: () => ({ path: '/api/conversations', body: {} }),
    expected: [401, 200, 200, 200, 200],
  },
  'GET /api/conversations/:id': {
    request: () => ({ path: `/api/conversations/${missingId}` }),
    expected: [401, 404, 404, 404, 404],
  },
  'POST /api/conversations/:id/open': {
    request: () => ({ path: `/api/conversations/${missingId}/open`, body: {} }),
    expected: [401, 404, 404, 404, 404],
  },
  'DELETE /api/conversations/:id': {
    request: () => ({ path: `/api/conversations/${missingId}` }),
    expected: [401, 404, 404, 404, 404],
  },
  // Answer actions: only the asker of a question (here another user) may rate it or hear it spoken.
  'PUT /api/questions/:id/feedback': {
    request: () => ({ path: `/api/questions/${dishQuestionId}/feedback`, body: { helpful: true } }),
    expected: [401, 404, 404, 404, 404],
  },
  'POST /api/questions/:id/listen': {
    request: () => ({ path: `/api/questions/${dishQuestionId}/listen`, body: {} }),
    expected: [401, 404, 404, 404, 404],
  },
  'GET /*': { request: () => ({ path: '/index.html' }), expected: [200, 200, 200, 200, 200] },
  // Spoken answers are named by the hash of what they say: public, and a missing one is a 404.
  'GET /tts/:name': {
    request: () => ({ path: `/tts/${'0'.repeat(64)}.mp3` }),
    expected: [404, 404, 404, 404, 404],
  },
  'GET /files/:id/:name': {
    request: () => ({ path: `/files/${missingId}/missing.pdf` }),
    expected: [401, 404, 404, 404, 404],
  },
  'POST /auth/register': {
    request: () => ({ path: '/auth/register', body: newUser() }),
    expected: [201, 201, 201, 201, 201],
  },
  'POST /auth/login': {
    request: () => {
      const { email, password } = credentials.get('user')!;
      return { path: '/auth/login', body: { emailOrPhone: email, password } };
    },
    expected: [200, 200, 200, 200, 200],
    freshSession: true,
  },
  'GET /auth/getme': { request: () => ({ path: '/auth/getme' }), expected: [401, 200, 200, 200, 200] },
  // The interface language (issue 14 item 7): each signed-in user sets only their own.
  'PUT /auth/language': {
    request: () => ({ path: '/auth/language', body: { language: 'en' } }),
    expected: [401, 200, 200, 200, 200],
  },
  'POST /auth/logout': {
    request: () => ({ path: '/auth/logout', body: {} }),
    expected: [200, 200, 200, 200, 200],
    freshSession: true,
  },
  // A new unknown identifier each time: asking again for the same one within 30 s is a 429.
  'POST /auth/generate-login-otp': {
    request: () => ({ path: '/auth/generate-login-otp', body: { emailOrPhone: nobody() } }),
    expected: [200, 200, 200, 200, 200],
  },
  'POST /auth/verify-login-otp': {
    request: () => ({ path: '/auth/verify-login-otp', body: { emailOrPhone: nobody(), otp: '123456' } }),
    expected: [401, 401, 401, 401, 401],
  },
  'POST /admin/get_users': {
    request: () => ({ path: '/admin/get_users', body: listBody }),
    expected: [401, 403, 200, 200, 200],
  },
  'POST /admin/get_questions': {
    request: () => ({ path: '/admin/get_questions', body: listBody }),
    expected: [401, 403, 200, 200, 200],
  },
  // The question review's Asked by: a dish question is out of sight (404) for the admin of blimey.
  'POST /admin/get_question_asker': {
    request: () => ({
      path: '/admin/get_question_asker',
      body: { queryingApp: 'dish', questionId: dishQuestionId },
    }),
    expected: [401, 403, 404, 200, 200],
  },
  // Reviewed answers (issue 33): a dish question or answer is out of sight (404) for blimey's admin.
  // The question was never answered: there is nothing to approve (400).
  'POST /admin/questions/:id/approve': {
    request: () => ({ path: `/admin/questions/${dishQuestionId}/approve`, body: {} }),
    expected: [401, 403, 404, 400, 400],
  },
  'POST /admin/questions/:id/needs_content': {
    request: () => ({
      path: `/admin/questions/${dishQuestionId}/needs_content`,
      body: { needsContent: false },
    }),
    expected: [401, 403, 404, 200, 200],
  },
  'POST /admin/reviewed_answers': {
    request: () => ({
      path: '/admin/reviewed_answers',
      body: { project: 'dish', questions: [unique('What is braille')], answers: { en: 'Raised dots.' } },
    }),
    expected: [401, 403, 403, 201, 201],
  },
  'POST /admin/get_reviewed_answers': {
    request: () => ({ path: '/admin/get_reviewed_answers', body: {} }),
    expected: [401, 403, 200, 200, 200],
  },
  'PUT /admin/reviewed_answers/:id': {
    request: async () => {
      const res = await root.post('/admin/reviewed_answers', {
        project: 'dish',
        questions: [unique('What is a cane')],
        answers: { en: 'A mobility aid.' },
      });
      return {
        path: `/admin/reviewed_answers/${(res.body as { _id: string })._id}`,
        body: { status: 'retired' },
      };
    },
    expected: [401, 403, 404, 200, 200],
  },
  'GET /admin/reviewed_answers/export': {
    request: () => ({ path: '/admin/reviewed_answers/export?project=dish' }),
    expected: [401, 403, 403, 200, 200],
  },
  'POST /admin/reviewed_answers/import': {
    request: () => ({
      path: '/admin/reviewed_answers/import',
      body: { project: 'dish', data: { format: 'dish-reviewed-answers', version: 1, answers: [] } },
    }),
    expected: [401, 403, 403, 201, 201],
  },
  'POST /admin/get_knowledge_gaps': {
    request: () => ({ path: '/admin/get_knowledge_gaps', body: {} }),
    expected: [401, 403, 200, 200, 200],
  },
  'POST /admin/knowledge_gaps/dismiss': {
    request: () => ({ path: '/admin/knowledge_gaps/dismiss', body: { questionIds: [dishQuestionId] } }),
    expected: [401, 403, 200, 200, 200],
  },
  'POST /admin/review_figures': {
    request: () => ({ path: '/admin/review_figures', body: {} }),
    expected: [401, 403, 200, 200, 200],
  },
  'POST /admin/get_pending_data': {
    request: () => ({ path: '/admin/get_pending_data', body: listBody }),
    expected: [401, 403, 200, 200, 200],
  },
  'POST /admin/get_data_bank': {
    request: () => ({ path: '/admin/get_data_bank', body: listBody }),
    expected: [401, 403, 200, 200, 200],
  },
  // A dish user: out of sight (404) for the admin of blimey.
  'POST /admin/block_user': {
    request: () => ({
      path: '/admin/block_user',
      body: { queryingApp: 'dish', userId: dishUserId, block: false },
    }),
    expected: [401, 403, 404, 200, 200],
  },
  'POST /admin/make_user_admin': {
    request: () => ({
      path: '/admin/make_user_admin',
      body: { queryingApp: 'dish', userId: dishUserId, makeAdmin: true, adminFor: ['dish'] },
    }),
    expected: [401, 403, 404, 200, 200],
  },
  'POST /admin/add_source': {
    request: () => ({
      path: '/admin/add_source',
      body: { queryingApp: 'dish', name: unique('Source'), project: 'dish' },
    }),
    expected: [401, 403, 403, 201, 201],
  },
  'POST /admin/edit_source': {
    request: () => ({
      path: '/admin/edit_source',
      body: { queryingApp: 'dish', sourceId: dishSourceId, sourceData: { is_active: true } },
    }),
    expected: [401, 403, 404, 200, 200],
  },
  'POST /admin/delete_source': {
    request: async () => ({
      path: '/admin/delete_source',
      body: { queryingApp: 'dish', sourceId: await addSource(root, unique('Doomed')) },
    }),
    expected: [401, 403, 404, 200, 200],
  },
  'POST /admin/force_ingest_data': {
    request: () => ({ path: '/admin/force_ingest_data', body: {} }),
    expected: [401, 403, 403, 403, 200],
  },
  // The dashboard's suggested prompts: read by anyone signed in, changed and checked by the project's admins.
  'GET /api/prompts': { request: () => ({ path: '/api/prompts' }), expected: [401, 200, 200, 200, 200] },
  'POST /admin/set_prompts': {
    request: () => ({
      path: '/admin/set_prompts',
      body: { queryingApp: 'dish', project: 'dish', prompts: ['What is braille?'] },
    }),
    expected: [401, 403, 403, 200, 200],
  },
  'POST /admin/check_prompts': {
    request: () => ({ path: '/admin/check_prompts', body: { queryingApp: 'dish', project: 'dish' } }),
    expected: [401, 403, 403, 200, 200],
  },
  // The Data tab's live progress, over the admin's own projects.
  'POST /admin/get_ingestion_progress': {
    request: () => ({ path: '/admin/get_ingestion_progress', body: { queryingApp: 'dish' } }),
    expected: [401, 403, 200, 200, 200],
  },
  'GET /admin/get_template': {
    request: () => ({ path: '/admin/get_template' }),
    expected: [401, 403, 200, 200, 200],
  },
  'POST /admin/add_data': {
    request: () => ({
      path: '/admin/add_data',
      body: form({
        queryingApp: 'dish',
        data_type: 'web',
        source: dishSourceId,
        project: 'dish',
        location: 'Worldwide',
        url: 'https://example.invalid/',
      }),
    }),
    expected: [401, 403, 403, 201, 201],
  },
  // Rows of projects the caller does not administer are refused one by one (records 0), not the file.
  'POST /admin/bulk_upload_file': {
    request: () => ({
      path: '/admin/bulk_upload_file',
      body: form({}, [{ name: 'rows.csv', bytes: bulkCsv() }]),
    }),
    expected: [401, 403, 201, 201, 201],
  },
  // Meta's calls: no session counts, only the verify token (GET) and the app secret's signature (POST).
  'GET /channels/whatsapp/webhook': {
    request: () => ({ path: '/channels/whatsapp/webhook?hub.mode=subscribe&hub.challenge=1158201444' }),
    expected: [403, 403, 403, 403, 403],
  },
  'POST /channels/whatsapp/webhook': {
    request: () => ({
      path: '/channels/whatsapp/webhook',
      body: { object: 'whatsapp_business_account', entry: [] },
    }),
    expected: [401, 401, 401, 401, 401],
  },
  // The header's Chat with us link, shown to everyone.
  'GET /channels/whatsapp/contact': {
    request: () => ({ path: '/channels/whatsapp/contact' }),
    expected: [200, 200, 200, 200, 200],
  },
  // Issue 15: projects and their keys, for the admins of each project (every project for a super admin).
  'GET /admin/projects': {
    request: () => ({ path: '/admin/projects' }),
    expected: [401, 403, 200, 200, 200],
  },
  'POST /admin/projects/:project/keys': {
    request: () => ({ path: '/admin/projects/dish/keys', body: { name: unique('Key') } }),
    expected: [401, 403, 403, 201, 201],
  },
  'POST /admin/projects/:project/keys/:keyId/revoke': {
    request: async () => ({ path: `/admin/projects/dish/keys/${await dishKey()}/revoke`, body: {} }),
    expected: [401, 403, 403, 200, 200],
  },
  'POST /admin/projects/:project/keys/:keyId/rotate': {
    request: async () => ({ path: `/admin/projects/dish/keys/${await dishKey()}/rotate`, body: {} }),
    expected: [401, 403, 403, 201, 201],
  },
  // The project API takes a project key and nothing else: a sign-in is not one.
  'POST /api/v1/ask': {
    request: () => ({ path: '/api/v1/ask', body: { query: 'What is braille?' } }),
    expected: [401, 401, 401, 401, 401],
  },
  'GET /api/v1/questions/:id': {
    request: () => ({ path: `/api/v1/questions/${dishQuestionId}` }),
    expected: [401, 401, 401, 401, 401],
  },
  // The API's description and its docs page: public.
  'GET /api/openapi.json': {
    request: () => ({ path: '/api/openapi.json' }),
    expected: [200, 200, 200, 200, 200],
  },
  'GET /api/docs': { request: () => ({ path: '/api/docs' }), expected: [200, 200, 200, 200, 200] },
  'POST /project_auth/create_project': {
    request: () => ({
      path: '/project_auth/create_project',
      body: { name: unique('Project'), description: 'Made by the matrix' },
    }),
    expected: [401, 403, 403, 403, 201],
  },
};

// Fastify answers HEAD for every GET route, with the GET's status and no body.
for (const [route, row] of Object.entries(ROUTES)) {
  if (route.startsWith('GET ')) ROUTES[route.replace('GET ', 'HEAD ')] ??= row;
}

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe('the authorization matrix', () => {
  it('lists every route the server registers, and no route it does not', () => {
    const registered = [...new Set(t.server.routes.map(key))].sort();
    expect(
      registered.filter((k) => !(k in ROUTES)),
      'routes missing from the matrix',
    ).toEqual([]);
    expect(
      Object.keys(ROUTES).filter((k) => !registered.includes(k)),
      'rows of no route',
    ).toEqual([]);
  });

  for (const [route, row] of Object.entries(ROUTES)) {
    it(`${route}: ${ROLES.map((r, i) => `${r} ${row.expected[i]}`).join(', ')}`, async () => {
      const method = route.split(' ')[0]!;
      const got: number[] = [];
      for (const role of ROLES) {
        const client = row.freshSession ? await signIn(role) : clients.get(role)!;
        const { path: url, body } = await row.request();
        const res = await client.request(method, url, body);
        got.push(res.status);
      }
      expect(got).toEqual(row.expected);
    });
  }
});
