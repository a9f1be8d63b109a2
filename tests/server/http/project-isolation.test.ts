/**
 * Issue 31 item 1: each project's knowledge stays its own. Every route the server registers is
 * either probed here for every caller and both projects (dish and blimey), or named with the rule
 * that keeps it to its own (a route left out fails). The rule (access/policy.ts): a person uses
 * the project of the app they registered through and the projects they administer; a super admin
 * every project; an API key its own project only.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askRefusals } from '../../../src/server/answering/asking';
import { questions, users } from '../../../src/server/db/schema';
import { addSource, form, SUPER, SUPER_ENV } from '../../support/admin';
import { askOnce, openChatSocket, openKeySocket } from '../../support/chat';
import { Client, newUser } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';

const PROJECTS = ['dish', 'blimey'] as const;
type Project = (typeof PROJECTS)[number];

interface Caller {
  name: string;
  /** What the rule says this caller may use. */
  uses: readonly string[] | 'all';
  /** A signed-in person: their HTTP client and chat session. */
  person?: { client: Client; sessionId: string };
  /** An API key's secret. */
  key?: string;
}

let t: TestServer;
let root: Client;
const callers: Caller[] = [];
/** Per project: an uploaded file's address, a web user's question, a question asked over the API. */
const held = {} as Record<Project, { file: string; webQuestion: string; apiQuestion: string }>;
let counter = 0;

async function person(registeredVia: string, adminFor: string[] = []) {
  const account = newUser({ registeredVia });
  const client = new Client(t.url);
  expect((await client.post('/auth/register', account)).status).toBe(201);
  if (adminFor.length)
    await t.server.database.db
      .update(users)
      .set({ isAdmin: true, adminType: 'admin', isAdminFor: adminFor })
      .where(eq(users.email, account.email));
  const login = await client.post('/auth/login', { emailOrPhone: account.email, password: account.password });
  return { client, sessionId: String(login.body.sessionId) };
}

async function keyOf(project: Project): Promise<string> {
  const res = await root.post(`/admin/projects/${project}/keys`, { name: `Isolation ${project}` });
  expect(res.status).toBe(201);
  return (res.body as { secret: string }).secret;
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** What a caller sends: a person's cookie, or a key with a client of no sign-in. */
function send(caller: Caller, method: string, url: string, body?: unknown) {
  if (caller.person) return caller.person.client.request(method, url, body);
  return new Client(t.url).request(method, url, body, bearer(caller.key!));
}

const mayUse = (caller: Caller, project: string) => caller.uses === 'all' || caller.uses.includes(project);

async function fileOf(project: Project): Promise<string> {
  const source = await addSource(root, `Isolation ${project}`, project);
  const text = `The ${project} harbour has a tactile model of its lighthouse at the entrance gate.`;
  const res = await root.post(
    '/admin/add_data',
    form({ queryingApp: 'dish', data_type: 'doc', source, project, location: 'India' }, [
      { name: `${project}-harbour.txt`, bytes: new TextEncoder().encode(text) },
    ]),
  );
  expect(res.status).toBe(201);
  await t.server.worker.runNow();
  const listed = await root.post('/admin/get_data_bank', {
    queryingApp: 'dish',
    query: { source },
    queryOptions: { limit: 10, skip: 0 },
  });
  const url = (listed.body.data as { url: string | null }[])[0]?.url;
  expect(url).toMatch(/^\/files\//);
  return url!;
}

beforeAll(async () => {
  t = await startTestServer({
    ...SUPER_ENV,
    INGEST_INTERVAL: '0',
    EMBEDDING_MODEL: 'none-for-isolation-tests',
  });
  root = new Client(t.url);
  const rootLogin = await root.post('/auth/login', { emailOrPhone: SUPER.email, password: SUPER.password });
  callers.push(
    { name: 'a user of dish', uses: ['dish'], person: await person('dish') },
    { name: 'a user of gsc', uses: ['gsc'], person: await person('gsc') },
    { name: 'an admin of dish from gsc', uses: ['gsc', 'dish'], person: await person('gsc', ['dish']) },
    { name: 'an admin of blimey from gsc', uses: ['gsc', 'blimey'], person: await person('gsc', ['blimey']) },
    {
      name: 'a super admin',
      uses: 'all',
      person: { client: root, sessionId: String(rootLogin.body.sessionId) },
    },
    { name: 'a key of dish', uses: ['dish'], key: await keyOf('dish') },
    { name: 'a key of blimey', uses: ['blimey'], key: await keyOf('blimey') },
  );
  const asker = await person('dish');
  const me = await asker.client.get('/auth/getme');
  for (const project of PROJECTS) {
    const [web] = await t.server.database.db
      .insert(questions)
      .values({
        userId: me.body.id as string,
        sessionId: `isolation-${project}`,
        project,
        sourceMode: 'web',
        askedVia: project,
        event: 'question-text',
        query: 'Where is the tactile model?',
      })
      .returning({ id: questions.id });
    const key = callers.find((c) => c.name === `a key of ${project}`)!.key!;
    const asked = await new Client(t.url).post(
      '/api/v1/ask',
      { query: 'Where is the tactile model?' },
      bearer(key),
    );
    expect(asked.status).toBe(200);
    held[project] = {
      file: await fileOf(project),
      webQuestion: web!.id,
      apiQuestion: asked.body.questionId as string,
    };
  }
}, 120_000);
afterAll(() => t?.stop());

/** A route probed for one caller and one project: what it answered, and what the rule expects. */
type Probe = (caller: Caller, project: Project) => Promise<{ got: unknown; expected: unknown }>;

const PROBES: Record<string, Probe> = {
  // A project's uploaded files: 404 (not 403) outside the rule, so ids reveal nothing.
  'GET /files/:id/:name': async (caller, project) => ({
    got: (await send(caller, 'GET', held[project].file)).status,
    expected: mayUse(caller, project) ? 200 : 404,
  }),
  // A project's suggested prompts: for signed-in people of the project; a key reads none.
  'GET /api/prompts': async (caller, project) => ({
    got: (await send(caller, 'GET', `/api/prompts?project=${project}`)).status,
    expected: caller.key ? 401 : mayUse(caller, project) ? 200 : 404,
  }),
  // Asked over the API: answered from the key's own project, whatever else the caller says.
  'POST /api/v1/ask': async (caller, project) => {
    const res = await send(caller, 'POST', '/api/v1/ask', { query: 'Where is the tactile model?', project });
    if (!caller.key) return { got: res.status, expected: 401 };
    const [row] = await t.server.database.db
      .select({ project: questions.project })
      .from(questions)
      .where(eq(questions.id, res.body.questionId as string));
    return { got: [res.status, row?.project], expected: [200, caller.uses[0]] };
  },
  // A key reads back only the questions its project asked over the API, never its web users'.
  'GET /api/v1/questions/:id': async (caller, project) => {
    const api = await send(caller, 'GET', `/api/v1/questions/${held[project].apiQuestion}`);
    const web = await send(caller, 'GET', `/api/v1/questions/${held[project].webQuestion}`);
    return {
      got: [api.status, web.status],
      expected: caller.key ? [mayUse(caller, project) ? 200 : 404, 404] : [401, 401],
    };
  },
};

/** Every other route, with what keeps it inside the rule. */
const KEPT_BY: Record<string, string> = {
  // No project's knowledge in them.
  'GET /api/health': 'public, no project data',
  'GET /api/ready': 'public, no project data',
  'GET /api/voice': 'public, no project data',
  'POST /api/voice/warm': 'no project data',
  'GET /*': 'the built app',
  'GET /api/openapi.json': 'public description',
  'GET /api/docs': 'public description',
  'GET /channels/whatsapp/contact': 'public link',
  'GET /channels/whatsapp/webhook': "Meta's verify token",
  'POST /channels/whatsapp/webhook': "Meta's signature; answered in WHATSAPP_PROJECT",
  // A spoken answer is named by the hash of the text it speaks: only someone holding that text
  // can name it, and it says nothing more (docs/admin.md, "Who may use a project").
  'GET /tts/:name': 'named by the hash of what it says',
  // The account itself.
  'POST /auth/register': 'the account itself',
  'POST /auth/login': 'the account itself',
  'GET /auth/getme': 'the account itself',
  'PUT /auth/language': 'the account itself',
  'POST /auth/logout': 'the account itself',
  'POST /auth/generate-login-otp': 'the account itself',
  'POST /auth/verify-login-otp': 'the account itself',
  // One's own conversations and questions only (conversations/policy.ts, feedback/policy.ts).
  'GET /api/conversations': 'owner only',
  'GET /api/conversations/current': 'owner only',
  'POST /api/conversations': 'owner only',
  'GET /api/conversations/:id': 'owner only',
  'POST /api/conversations/:id/open': 'owner only',
  'DELETE /api/conversations/:id': 'owner only',
  'PUT /api/questions/:id/feedback': 'the asker only',
  'POST /api/questions/:id/listen': 'the asker only',
};
/** The admin screens' calls: the projects administered, probed per project in authorization-matrix.test.ts. */
const ADMIN = /^(GET|POST|PUT) \/(admin|project_auth)\//;

const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe('each project’s knowledge stays its own', () => {
  it('every route is probed here, named with what keeps it in its project, or an admin call', () => {
    const registered = [...new Set(t.server.routes.map(routeKey))].filter((k) => !k.startsWith('HEAD '));
    const unaccounted = registered.filter((k) => !(k in PROBES) && !(k in KEPT_BY) && !ADMIN.test(k));
    expect(unaccounted, 'routes no rule accounts for').toEqual([]);
  });

  for (const [route, probe] of Object.entries(PROBES)) {
    it(`${route}: as the rule says, for every caller and both projects`, async () => {
      const got: Record<string, unknown> = {};
      const expected: Record<string, unknown> = {};
      for (const caller of callers) {
        for (const project of PROJECTS) {
          const result = await probe(caller, project);
          got[`${caller.name} in ${project}`] = result.got;
          expected[`${caller.name} in ${project}`] = result.expected;
        }
      }
      expect(got).toEqual(expected);
    });
  }

  it('the chat socket answers a person in the projects they may use, and refuses the others alike', async () => {
    const got: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const caller of callers.filter((c) => c.person)) {
      const socket = await openChatSocket(t, caller.person!);
      try {
        for (const project of [...PROJECTS, 'gsc', 'no-such-project']) {
          const reply = await askOnce(socket, `Where is the tactile model? ${++counter}`, 'question-text', {
            project,
          });
          const label = `${caller.name} in ${project}`;
          got[label] = reply.content.response.error ?? 'answered';
          expected[label] = !mayUse(caller, project)
            ? askRefusals.notYourProject
            : project === 'no-such-project'
              ? 'That project does not exist.'
              : 'answered';
        }
      } finally {
        socket.close();
      }
    }
    expect(got).toEqual(expected);
  });

  it('a key’s socket is answered from its own project, whichever the message names', async () => {
    for (const caller of callers.filter((c) => c.key)) {
      const socket = await openKeySocket(t, caller.key!, `isolation-${++counter}`);
      try {
        for (const project of PROJECTS) {
          const reply = await askOnce(socket, `Where is the tactile model? ${++counter}`, 'question-text', {
            project,
            sourceMode: 'wa',
          });
          const [row] = await t.server.database.db
            .select({ project: questions.project, sourceMode: questions.sourceMode })
            .from(questions)
            .where(eq(questions.id, reply.content.questionId!));
          // The channel says how it was asked: a key's questions are the API's, never WhatsApp's.
          expect(row).toEqual({ project: caller.uses[0], sourceMode: 'api' });
        }
      } finally {
        socket.close();
      }
    }
  });

  it('a web question says it came from the web, whatever the client claims', async () => {
    const socket = await openChatSocket(t, callers[0]!.person!);
    try {
      const reply = await askOnce(socket, `Where is the tactile model? ${++counter}`, 'question-text', {
        sourceMode: 'wa',
      });
      const [row] = await t.server.database.db
        .select({ sourceMode: questions.sourceMode })
        .from(questions)
        .where(eq(questions.id, reply.content.questionId!));
      expect(row?.sourceMode).toBe('web');
    } finally {
      socket.close();
    }
  });

  it('admin rights granted while a socket is open count at its next question', async () => {
    const dishUser = await person('dish');
    const socket = await openChatSocket(t, dishUser);
    try {
      expect(
        (await askOnce(socket, 'Where is the tactile model?', 'question-text', { project: 'blimey' })).content
          .response.error,
      ).toBe(askRefusals.notYourProject);
      const me = await dishUser.client.get('/auth/getme');
      await t.server.database.db
        .update(users)
        .set({ isAdmin: true, adminType: 'admin', isAdminFor: ['blimey'] })
        .where(eq(users.id, me.body.id as string));
      const reply = await askOnce(socket, 'Where is the tactile model now?', 'question-text', {
        project: 'blimey',
      });
      expect(reply.content.response.error).toBeNull();
    } finally {
      socket.close();
    }
  });
});
