import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { policyMessages } from '../../../src/server/users/policy';
import { Client, newUser } from '../../support/http';
import { SUPER_ENV, signInSuper, signInUser } from '../../support/admin';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(SUPER_ENV);
});
afterAll(() => t.stop());

/** A registered user who administers the given projects, and their row id. */
async function adminOf(projects: string[]): Promise<{ id: string; email: string; password: string }> {
  const account = newUser();
  await new Client(t.url).post('/auth/register', account);
  const [row] = await t.server.database.db
    .update(users)
    .set({ isAdmin: true, adminType: 'admin', isAdminFor: projects })
    .where(eq(users.email, account.email))
    .returning();
  return { id: row!.id, email: account.email, password: account.password };
}

const rowOf = async (id: string) =>
  (await t.server.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('an admin of one project acting on an admin of others', () => {
  it('cannot block them: 403 with a sentence, nothing changed, and they can still sign in', async () => {
    const blimeyAdmin = await signInUser(t, ['blimey']);
    const target = await adminOf(['dish', 'blimey']);
    const res = await blimeyAdmin.post('/admin/block_user', {
      queryingApp: 'blimey',
      userId: target.id,
      block: true,
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(policyMessages.blockOutside(['dish']));
    expect((await rowOf(target.id)).isBlocked).toBe(false);
    const login = await new Client(t.url).post('/auth/login', {
      emailOrPhone: target.email,
      password: target.password,
    });
    expect(login.status).toBe(200);
  });

  it('takes away only their own project when demoting', async () => {
    const blimeyAdmin = await signInUser(t, ['blimey']);
    const target = await adminOf(['dish', 'blimey']);
    const res = await blimeyAdmin.post('/admin/make_user_admin', {
      queryingApp: 'blimey',
      userId: target.id,
      makeAdmin: false,
      adminFor: ['blimey'],
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ isAdmin: true, isAdminFor: ['dish'] });
    expect((await rowOf(target.id)).isAdminFor).toEqual(['dish']);
  });

  it('is refused naming a project of theirs it does not administer, and nothing changes', async () => {
    const blimeyAdmin = await signInUser(t, ['blimey']);
    const target = await adminOf(['dish', 'blimey']);
    const res = await blimeyAdmin.post('/admin/make_user_admin', {
      queryingApp: 'dish',
      userId: target.id,
      makeAdmin: false,
      adminFor: ['dish'],
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(policyMessages.notYourProjects(['dish']));
    expect((await rowOf(target.id)).isAdminFor).toEqual(['dish', 'blimey']);
  });

  it('may block an admin wholly within its projects; a super admin may block anyone', async () => {
    const wide = await signInUser(t, ['dish', 'blimey']);
    const inside = await adminOf(['blimey']);
    expect(
      (await wide.post('/admin/block_user', { queryingApp: 'dish', userId: inside.id, block: true })).status,
    ).toBe(200);
    const root = await signInSuper(t);
    const broad = await adminOf(['dish', 'gsc']);
    expect(
      (await root.post('/admin/block_user', { queryingApp: 'dish', userId: broad.id, block: true })).status,
    ).toBe(200);
    expect((await rowOf(broad.id)).isBlocked).toBe(true);
  });
});
