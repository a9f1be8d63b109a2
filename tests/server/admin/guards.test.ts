import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { form, SUPER_ENV, signInSuper, signInUser } from '../../support/admin';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
let root: Client;
let admin: Client;
let member: Client;
beforeAll(async () => {
  t = await startTestServer(SUPER_ENV);
  root = await signInSuper(t);
  admin = await signInUser(t, ['dish']);
  member = await signInUser(t);
});
afterAll(() => t.stop());

const anyId = '00000000-0000-4000-8000-000000000000';
const list = { queryingApp: 'dish', query: {}, queryOptions: { limit: 10, skip: 0 } };

/** Every admin call with a well-formed body and a malformed one. */
const calls: {
  path: string;
  good: () => unknown;
  bad: () => unknown;
  superOnly?: boolean;
  method?: 'GET';
}[] = [
  { path: '/admin/get_users', good: () => list, bad: () => ({ ...list, queryOptions: { limit: 0 } }) },
  {
    path: '/admin/block_user',
    good: () => ({ queryingApp: 'dish', userId: anyId, block: true }),
    bad: () => ({ queryingApp: 'dish', userId: 'x' }),
  },
  {
    path: '/admin/make_user_admin',
    good: () => ({ queryingApp: 'dish', userId: anyId, makeAdmin: true, adminFor: ['dish'] }),
    bad: () => ({ queryingApp: 'dish', userId: anyId, makeAdmin: 'yes' }),
  },
  { path: '/admin/get_questions', good: () => list, bad: () => ({ ...list, queryingApp: 'elsewhere' }) },
  {
    path: '/admin/get_question_asker',
    good: () => ({ queryingApp: 'dish', questionId: anyId }),
    bad: () => ({ queryingApp: 'dish', questionId: 'x' }),
  },
  {
    path: '/admin/get_pending_data',
    good: () => list,
    bad: () => ({ ...list, query: { status: { $ne: 'gone' } } }),
  },
  { path: '/admin/get_data_bank', good: () => list, bad: () => ({ ...list, queryOptions: { skip: -1 } }) },
  {
    path: '/admin/add_source',
    good: () => ({ queryingApp: 'dish', name: 'Guarded', project: 'dish' }),
    bad: () => ({ queryingApp: 'dish', name: '' }),
  },
  {
    path: '/admin/edit_source',
    good: () => ({ queryingApp: 'dish', sourceId: anyId, sourceData: { is_active: false } }),
    bad: () => ({ queryingApp: 'dish', sourceId: anyId }),
  },
  {
    path: '/admin/delete_source',
    good: () => ({ queryingApp: 'dish', sourceId: anyId }),
    bad: () => ({ queryingApp: 'dish' }),
  },
  {
    path: '/admin/add_data',
    good: () =>
      form({
        queryingApp: 'dish',
        data_type: 'web',
        source: 'x',
        project: 'dish',
        location: 'x',
        url: 'https://example.org',
      }),
    bad: () => form({ queryingApp: 'dish', data_type: 'teleport' }),
  },
  { path: '/admin/bulk_upload_file', good: () => form({}), bad: () => form({}) },
  { path: '/admin/force_ingest_data', good: () => ({}), bad: () => '[', superOnly: true },
  {
    path: '/project_auth/create_project',
    good: () => ({ name: 'Guard', description: 'x' }),
    bad: () => ({ name: 'Guard' }),
    superOnly: true,
  },
  { path: '/admin/get_template', good: () => undefined, bad: () => undefined, method: 'GET' },
];

const send = (client: Client | null, call: (typeof calls)[number], body: unknown) => {
  const who = client ?? new Client(t.url);
  return call.method === 'GET' ? who.get(call.path) : who.post(call.path, body);
};

describe('every admin call', () => {
  it.each(calls.map((c) => [c.path, c] as const))(
    '%s is refused to visitors (401) and to users who are not admins (403)',
    async (_p, call) => {
      const anonymous = await send(null, call, call.good());
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toEqual(expect.any(String));
      const user = await send(member, call, call.good());
      expect(user.status).toBe(403);
      expect(user.body.message).toEqual(expect.any(String));
    },
  );

  it.each(calls.filter((c) => c.superOnly).map((c) => [c.path, c] as const))(
    '%s is for super admins only',
    async (_p, call) => {
      expect((await send(admin, call, call.good())).status).toBe(403);
    },
  );

  it.each(
    calls
      .filter((c) => c.method !== 'GET' && c.path !== '/admin/bulk_upload_file')
      .map((c) => [c.path, c] as const),
  )('%s answers bad input with 400 and a message', async (_p, call) => {
    const res = await send(root, call, call.bad());
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });
});
