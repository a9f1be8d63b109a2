/**
 * Issue 12: property-based fuzzing of every JSON route's body (fast-check). Whatever is sent, the
 * answer is never a 500 and the server keeps answering. Bounded runs keep it to seconds.
 * Issue 31 item 4: a NUL in any query value, route param, body field or form field of every route
 * is a 400 naming it; in a file name it is removed, and a file without a name is a 400.
 */
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedFiles, users } from '../../../src/server/db/schema';
import { unstorableTextMessage } from '../../../src/server/http/stored-text';
import { serverMessages } from '../../../src/shared/messages';
import { addSource, form, SUPER_ENV, signInSuper } from '../../support/admin';
import { Client, newUser } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';

/** 30 per route in the suite; FUZZ_RUNS=1000 searches longer (FUZZ_SEED repeats a run). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
/** Multipart routes get random form fields instead of a JSON body. */
const MULTIPART = new Set(['/admin/add_data', '/admin/bulk_upload_file']);

let t: TestServer;
let root: Client;
let victimId: string;
let sourceId: string;

beforeAll(async () => {
  t = await startTestServer(SUPER_ENV);
  root = await signInSuper(t);
  const victim = newUser();
  await new Client(t.url).post('/auth/register', victim);
  victimId = (await t.server.database.db.select().from(users).where(eq(users.email, victim.email)))[0]!.id;
  sourceId = await addSource(root, 'Fuzzed source');
}, 60_000);
afterAll(() => t?.stop());

/** A valid body per route, which the fuzzer bends field by field; other routes get random objects. */
const valid = (): Record<string, Record<string, unknown>> => ({
  '/auth/register': newUser(),
  '/auth/login': { emailOrPhone: 'someone@example.org', password: 'not the password' },
  '/auth/generate-login-otp': { emailOrPhone: 'someone@example.org' },
  '/auth/verify-login-otp': { emailOrPhone: 'someone@example.org', otp: '123456' },
  '/admin/get_users': {
    queryingApp: 'dish',
    query: {},
    queryOptions: { limit: 10, skip: 0 },
    search: 'name: a',
  },
  '/admin/get_questions': {
    queryingApp: 'dish',
    query: {},
    queryOptions: { limit: 10, skip: 0 },
    search: 'q',
  },
  '/admin/get_question_asker': { queryingApp: 'dish', questionId: '00000000-0000-4000-8000-000000000000' },
  '/admin/set_prompts': {
    queryingApp: 'dish',
    project: 'dish',
    prompts: ['What is braille?', 'Who can help?'],
  },
  '/admin/check_prompts': { queryingApp: 'dish', project: 'dish' },
  '/admin/get_ingestion_progress': { queryingApp: 'dish', source: sourceId },
  '/admin/get_pending_data': {
    queryingApp: 'dish',
    query: { source: sourceId, status: { $ne: 'completed' } },
    queryOptions: { limit: 10, skip: 0 },
    search: 'url: x',
  },
  '/admin/get_data_bank': {
    queryingApp: 'dish',
    query: { source: sourceId },
    onlySources: false,
    search: 'title: x',
  },
  '/admin/block_user': { queryingApp: 'dish', userId: victimId, block: false },
  '/admin/make_user_admin': { queryingApp: 'dish', userId: victimId, makeAdmin: false, adminFor: ['dish'] },
  '/admin/add_source': { queryingApp: 'dish', name: 'Fuzz', project: 'dish', is_active: true },
  '/admin/edit_source': { queryingApp: 'dish', sourceId, sourceData: { is_active: true } },
  '/admin/delete_source': { queryingApp: 'dish', sourceId: '00000000-0000-4000-8000-000000000000' },
  '/admin/add_data': {
    queryingApp: 'dish',
    data_type: 'web',
    source: sourceId,
    project: 'dish',
    location: 'Worldwide',
    url: 'https://example.invalid/',
    depth: 0,
  },
  '/project_auth/create_project': { name: 'Fuzz', description: 'A fuzzed project' },
});

/** Any UTF-16 text, lone surrogates and NUL included, as a careless or hostile client sends. */
const anyText = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
});
const nasty = fc.constantFrom(
  '\u0000',
  '\ud800',
  '😀'.slice(0, 1),
  '__proto__: x',
  'constructor: x',
  "'; drop table users; --",
  'a'.repeat(5000),
  '',
  ' ',
);
const leaf = fc.oneof(
  anyText,
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
  fc.constant(Number.MAX_SAFE_INTEGER),
);
const anyValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('value'), { maxLength: 4 }), tie('object')),
  object: fc.dictionary(
    fc.oneof(anyText, nasty, fc.constantFrom('__proto__', 'constructor', 'search')),
    tie('value'),
    {
      maxKeys: 4,
    },
  ),
})).value;

/** Mostly the valid body with one to three fields replaced (often by nasty text) or removed. */
const bodyFor = (template: Record<string, unknown> | undefined) =>
  template
    ? fc.oneof(
        { arbitrary: anyValue, weight: 1 },
        {
          arbitrary: fc
            .array(
              fc.tuple(
                fc.constantFrom(...Object.keys(template), 'extra'),
                fc.option(fc.oneof({ arbitrary: nasty, weight: 3 }, { arbitrary: anyValue, weight: 2 })),
              ),
              { minLength: 1, maxLength: 3 },
            )
            .map((changes) => {
              const body: Record<string, unknown> = { ...template };
              for (const [field, value] of changes) {
                if (value === null) delete body[field];
                else body[field] = value;
              }
              return body;
            }),
          weight: 3,
        },
      )
    : anyValue;

/**
 * The malformed requests issue 12 found answering 500, always tried: every text field of the
 * valid body (one level down too) as a NUL, half an emoji and an emoji, and `__proto__` searches.
 */
function knownCases(template: Record<string, unknown> | undefined): [unknown][] {
  if (!template) return [];
  const cases: [unknown][] = [];
  const bad = ['a\u0000b', '\ud800', '😀'];
  for (const [key, value] of Object.entries(template)) {
    if (typeof value === 'string') {
      for (const text of key === 'search' ? [...bad, '__proto__: x', 'constructor: x'] : bad)
        cases.push([{ ...template, [key]: text }]);
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value)) {
        if (typeof innerValue === 'string')
          for (const text of bad) cases.push([{ ...template, [key]: { ...value, [inner]: text } }]);
      }
    }
  }
  return cases;
}

function asForm(body: unknown): FormData {
  const fields: Record<string, string> = {};
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [k, v] of Object.entries(body))
      fields[k] = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  }
  return form(fields);
}

describe('fuzzing every JSON route', () => {
  it(
    'never answers 500 nor stops answering, whatever the body',
    async () => {
      const routes = [...new Set(t.server.routes.filter((r) => r.method === 'POST').map((r) => r.url))];
      expect(routes.length).toBeGreaterThan(10);
      for (const url of routes) {
        // Signing out would end the fuzzing client's own session; it gets a session of its own.
        const client = url === '/auth/logout' ? new Client(t.url) : root;
        await fc.assert(
          fc.asyncProperty(bodyFor(valid()[url]), async (body) => {
            const res = await client.request(
              'POST',
              url,
              MULTIPART.has(url) ? asForm(body) : JSON.stringify(body ?? null),
              {
                ...(MULTIPART.has(url) ? {} : { 'content-type': 'application/json' }),
              },
            );
            expect(res.status, `${url} ${JSON.stringify(body)?.slice(0, 300)}`).toBeLessThan(500);
            if (res.status >= 400)
              expect(typeof res.body.message, `${url} answers with a sentence`).toBe('string');
          }),
          {
            numRuns: RUNS,
            examples: knownCases(valid()[url]),
            seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31),
          },
        );
      }
      expect((await new Client(t.url).get('/api/health')).status).toBe(200);
    },
    Math.max(120_000, RUNS * 1_500),
  );
});

/** Each text field of a body (one level down, and in lists, too) as its path and the body with a NUL there. */
function nulFields(
  template: Record<string, unknown>,
  topLevelOnly: boolean,
): [string, Record<string, unknown>][] {
  const cases: [string, Record<string, unknown>][] = [];
  for (const [key, value] of Object.entries(template)) {
    if (typeof value === 'string') cases.push([key, { ...template, [key]: 'a\u0000b' }]);
    if (topLevelOnly) continue;
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        if (typeof item === 'string')
          cases.push([
            `${key}[${i}]`,
            { ...template, [key]: (value as unknown[]).map((v, j) => (j === i ? 'a\u0000b' : v)) },
          ]);
      });
    } else if (value && typeof value === 'object') {
      for (const [inner, innerValue] of Object.entries(value))
        if (typeof innerValue === 'string')
          cases.push([`${key}.${inner}`, { ...template, [key]: { ...value, [inner]: 'a\u0000b' } }]);
    }
  }
  return cases;
}

describe('a NUL sent to every route', () => {
  const ID = '00000000-0000-4000-8000-000000000000';
  const pathOf = (url: string, nulAt?: string) =>
    url.replace(/:(\w+)|\*/g, (match, name?: string) => ((name ?? 'path') === nulAt ? 'a%00b' : ID));
  const paramsOf = (url: string) => [...url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? 'path');

  /** Sends `method url` with the route's valid body (a form for uploads), as its client. */
  async function send(method: string, url: string, path: string, body?: Record<string, unknown>) {
    const client = url === '/auth/logout' ? new Client(t.url) : root;
    if (method === 'GET' || method === 'HEAD') return client.request(method, path);
    const data = body ?? valid()[url] ?? {};
    return MULTIPART.has(url)
      ? client.request(method, path, asForm(data))
      : client.request(method, path, JSON.stringify(data), { 'content-type': 'application/json' });
  }

  async function expectRefused(
    method: string,
    url: string,
    path: string,
    field: string,
    body?: Record<string, unknown>,
  ) {
    const res = await send(method, url, path, body);
    expect(res.status, `${method} ${path} ${field}`).toBe(400);
    if (method !== 'HEAD') expect(res.body.message, `${method} ${path}`).toBe(unstorableTextMessage(field));
  }

  it('answers 400 naming the query parameter, whatever the route', async () => {
    expect(t.server.routes.length).toBeGreaterThan(40);
    for (const { method, url } of t.server.routes)
      await expectRefused(method, url, `${pathOf(url)}?value=a%00b`, 'value');
  });

  it('answers 400 naming the route param, for each param of each route', async () => {
    for (const { method, url } of t.server.routes)
      for (const param of paramsOf(url)) await expectRefused(method, url, pathOf(url, param), param);
  });

  it('answers 400 naming the field, for each text field of each valid body', async () => {
    const routes = t.server.routes.filter((r) => valid()[r.url]);
    expect(routes.length).toBeGreaterThan(15);
    for (const { method, url } of routes)
      for (const [field, body] of nulFields(valid()[url]!, MULTIPART.has(url)))
        await expectRefused(method, url, pathOf(url), field, body);
  });

  it('stores an uploaded file under its name without the NUL', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
    const fields = { ...valid()['/admin/add_data']!, data_type: 'pdf', url: '' };
    for (const url of MULTIPART) {
      const data = asForm(url === '/admin/add_data' ? fields : {});
      data.append('files', new Blob([pdf]), 'fuzz\u0000ed.pdf');
      const res = await root.request('POST', url, data);
      expect(res.status, url).toBe(url === '/admin/add_data' ? 201 : 400);
      expect(JSON.stringify(res.body), url).not.toContain('\\u0000');
    }
    const db = t.server.database.db;
    expect(await db.select().from(uploadedFiles).where(eq(uploadedFiles.name, 'fuzzed.pdf'))).toHaveLength(1);
  });

  it('answers 400 to a file without a name on every upload route', async () => {
    for (const url of MULTIPART) {
      const data = asForm(url === '/admin/add_data' ? { ...valid()[url]!, data_type: 'pdf' } : {});
      data.append('files', new Blob(['%PDF-1.4']), '');
      const res = await root.request('POST', url, data);
      expect([res.status, res.body.message], url).toEqual([400, serverMessages.fileNameMissing]);
    }
  });
});
