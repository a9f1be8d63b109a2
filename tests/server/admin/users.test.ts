import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { serverMessages } from '../../../src/shared/messages';
import { Client, newUser, phoneNumber } from '../../support/http';
import { SUPER, SUPER_ENV, signInSuper, signInUser } from '../../support/admin';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
let root: Client;
beforeAll(async () => {
  t = await startTestServer(SUPER_ENV);
  root = await signInSuper(t);
});
afterAll(() => t.stop());

const list = (client: Client, search?: string) =>
  client.post('/admin/get_users', {
    queryingApp: 'dish',
    query: {},
    queryOptions: { limit: 100, skip: 0 },
    ...(search ? { search } : {}),
  });

async function registered(overrides: Record<string, unknown> = {}) {
  const account = newUser(overrides);
  await new Client(t.url).post('/auth/register', account);
  const [row] = await t.server.database.db.select().from(users).where(eq(users.email, account.email));
  return { account, id: row!.id };
}

describe('get_users', () => {
  it('lists users to admins, masking contacts for admins who are not super admins', async () => {
    const phone = phoneNumber();
    const { account, id } = await registered({ name: 'Masked Person', phone });
    const full = await list(root, 'name: Masked Person');
    expect(full.status).toBe(200);
    expect(
      (full.body.data as { _id: string; email: string; phone: string }[]).find((u) => u._id === id),
    ).toMatchObject({
      email: account.email,
      phone,
    });

    const admin = await signInUser(t, ['dish']);
    const masked = await list(admin, 'name: Masked Person');
    const row = (masked.body.data as { _id: string; email: string; phone: string }[]).find(
      (u) => u._id === id,
    )!;
    const [local, domain] = account.email.split('@');
    expect(row.email).toBe(`${'*'.repeat(local!.length - 5)}${local!.slice(-5)}@${domain}`);
    expect(row.phone).toBe(`*******${phone.slice(-3)}`);
    // A search cannot reveal a masked column.
    expect((await list(admin, `email: ${account.email}`)).status).toBe(400);
  });

  it('is refused to visitors (401) and to users who are not admins (403), and pages with skip', async () => {
    const res = await fetch(`${t.url}/admin/get_users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ queryingApp: 'dish' }),
    });
    expect(res.status).toBe(401);
    expect((await list(await signInUser(t))).status).toBe(403);
    const first = await root.post('/admin/get_users', {
      queryingApp: 'dish',
      queryOptions: { limit: 1, skip: 0 },
    });
    const second = await root.post('/admin/get_users', {
      queryingApp: 'dish',
      queryOptions: { limit: 1, skip: 1 },
    });
    expect((first.body.data as unknown[]).length).toBe(1);
    expect((first.body.data as { _id: string }[])[0]?._id).not.toBe(
      (second.body.data as { _id: string }[])[0]?._id,
    );
    expect(first.body.total).toBeGreaterThan(1);
    const bad = await root.post('/admin/get_users', { queryingApp: 'nope' });
    expect(bad.status).toBe(400);
  });

  it("keeps an admin of another project away from this project's users", async () => {
    const { id } = await registered({ name: 'Dish Only' });
    const other = await signInUser(t, ['blimey']);
    expect((await list(other, 'name: Dish Only')).body.total).toBe(0);
    const res = await other.post('/admin/block_user', { queryingApp: 'blimey', userId: id, block: true });
    expect(res.status).toBe(404);
  });
});

describe('block_user', () => {
  it("ends a blocked user's sessions at once, and unblocking lets them sign in again", async () => {
    const { account, id } = await registered();
    const client = new Client(t.url);
    await client.post('/auth/login', { emailOrPhone: account.email, password: account.password });
    expect((await client.get('/auth/getme')).status).toBe(200);
    const res = await root.post('/admin/block_user', { queryingApp: 'dish', userId: id, block: true });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ _id: id, isBlocked: true });
    expect((await client.get('/auth/getme')).status).toBe(401);
    await root.post('/admin/block_user', { queryingApp: 'dish', userId: id, block: false });
    const again = await new Client(t.url).post('/auth/login', {
      emailOrPhone: account.email,
      password: account.password,
    });
    expect(again.status).toBe(200);
  });

  it('refuses blocking oneself and bad input', async () => {
    const me = (await root.get('/auth/getme')).body.id as string;
    const self = await root.post('/admin/block_user', { queryingApp: 'dish', userId: me, block: true });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(serverMessages.cannotBlockSelf);
    expect(
      (await root.post('/admin/block_user', { queryingApp: 'dish', userId: 'x', block: true })).status,
    ).toBe(400);
    expect((await root.post('/admin/block_user', { queryingApp: 'dish', userId: me })).status).toBe(400);
  });
});

describe('make_user_admin', () => {
  it('makes a user admin of the current app and takes it back', async () => {
    const { account, id } = await registered();
    const res = await root.post('/admin/make_user_admin', {
      queryingApp: 'dish',
      userId: id,
      makeAdmin: true,
      adminFor: ['dish'],
    });
    expect(res.body.user).toMatchObject({ isAdmin: true, adminType: 'admin', isAdminFor: ['dish'] });
    const login = await new Client(t.url).post('/auth/login', {
      emailOrPhone: account.email,
      password: account.password,
    });
    expect(login.body).toMatchObject({ isAdmin: true, isAdminFor: ['dish'] });
    const back = await root.post('/admin/make_user_admin', {
      queryingApp: 'dish',
      userId: id,
      makeAdmin: false,
      adminFor: ['dish'],
    });
    expect(back.body.user).toMatchObject({ isAdmin: false, adminType: null, isAdminFor: [] });
  });

  it('refuses removing one’s own rights, and demoting the last super admin', async () => {
    const me = (await root.get('/auth/getme')).body.id as string;
    const self = await root.post('/admin/make_user_admin', {
      queryingApp: 'dish',
      userId: me,
      makeAdmin: false,
      adminFor: [],
    });
    expect(self.body.message).toBe(serverMessages.cannotDemoteSelf);
    const admin = await signInUser(t, ['dish']);
    const [rootRow] = await t.server.database.db.select().from(users).where(eq(users.email, SUPER.email));
    const byAdmin = await admin.post('/admin/make_user_admin', {
      queryingApp: 'dish',
      userId: rootRow!.id,
      makeAdmin: false,
      adminFor: [],
    });
    expect(byAdmin.status).toBe(403);
  });

  it('lets an admin grant only the projects they administer', async () => {
    const { id } = await registered();
    const admin = await signInUser(t, ['dish']);
    const res = await admin.post('/admin/make_user_admin', {
      queryingApp: 'dish',
      userId: id,
      makeAdmin: true,
      adminFor: ['blimey'],
    });
    expect(res.status).toBe(403);
  });
});
