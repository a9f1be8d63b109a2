import { and, count, eq, ne } from 'drizzle-orm';
import type { UserAdminView } from '../../shared/admin/views';
import { serverMessages } from '../../shared/messages';
import { revokeUserSessions } from '../access/sessions';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import type { SocketEvictions } from '../access/evictions';
import { presentUserForAdmin } from './admin-view';
import { isSuperAdmin } from '../access/policy';
import { adminRightsChange, blockRefusal, isRefusal, type PolicyUser, type Refusal } from './policy';
import { findUserById, type UserRow } from './repository';

/**
 * What an admin does to a user (CONVENTIONS 16): a command that a route, a channel or a job can
 * call alike, asking the users policy and answering with the user as the actor may see them.
 */

const refuse = (refusal: Refusal): never => {
  throw new HttpError(refusal.status, refusal.message);
};

/** The user an id names; whether the actor may see them is the policy's to say. */
async function existingUser(db: Db, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new HttpError(404, serverMessages.userNotFound);
  return user;
}

export interface UserCommandDeps {
  db: Db;
  evictions: SocketEvictions;
}

/** Blocks or unblocks; a blocked user's sessions end at once, not when their cookie runs out, and so do their sockets. */
export async function setUserBlocked(
  { db, evictions }: UserCommandDeps,
  actor: PolicyUser,
  userId: string,
  block: boolean,
): Promise<UserAdminView> {
  const target = await existingUser(db, userId);
  const refusal = blockRefusal(actor, target);
  if (refusal) refuse(refusal);
  const [user] = await db.update(users).set({ isBlocked: block }).where(eq(users.id, target.id)).returning();
  if (block) {
    await revokeUserSessions(db, target.id);
    evictions.endUser(target.id);
  }
  return presentUserForAdmin(user!, isSuperAdmin(actor));
}

/**
 * Grants or takes away admin rights. Granting without a list grants the querying app; removing
 * without one removes all of the actor's.
 */
export async function changeAdminRights(
  { db }: Pick<UserCommandDeps, 'db'>,
  actor: PolicyUser,
  change: { userId: string; makeAdmin: boolean; adminFor: string[]; queryingApp: string },
): Promise<{ user: UserAdminView; isAdminFor: string[] }> {
  const target = await existingUser(db, change.userId);
  const projects = change.adminFor.length ? change.adminFor : change.makeAdmin ? [change.queryingApp] : [];
  const decision = adminRightsChange(actor, target, {
    makeAdmin: change.makeAdmin,
    projects,
    otherSuperAdmins: isSuperAdmin(target) ? await countOtherSuperAdmins(db, target.id) : 0,
  });
  if (isRefusal(decision)) return refuse(decision);
  const [user] = await db.update(users).set(decision).where(eq(users.id, target.id)).returning();
  return { user: presentUserForAdmin(user!, isSuperAdmin(actor)), isAdminFor: decision.isAdminFor };
}

async function countOtherSuperAdmins(db: Db, id: string): Promise<number> {
  const [others] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.adminType, 'super'), ne(users.id, id), eq(users.isBlocked, false)));
  return Number(others?.n ?? 0);
}
