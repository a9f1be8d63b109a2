import { and, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { blockUserBody, listBody, makeUserAdminBody } from '../../shared/admin/schemas';
import { serverMessages } from '../../shared/messages';
import type { Db } from '../db/client';
import { textArray } from '../db/raw';
import { users } from '../db/schema';
import { revokeUserSessions } from '../auth/sessions';
import { requireAdmin } from '../http/admin-guard';
import type { Auth } from '../http/current-user';
import { HttpError, parseBody } from '../http/errors';
import { searchFilter } from '../knowledge/search-filter';
import type { SocketEvictions } from '../realtime/evictions';
import { presentUserForAdmin } from './admin-view';
import { adminRightsChange, blockRefusal, isRefusal, isSuperAdmin, type Refusal } from './policy';
import { findUserById, type UserRow } from './repository';

/** policy.canSeeUser as SQL, for the list: users who came through, or administer, one of the admin's projects. */
function inScope(auth: Auth) {
  const projects = auth.user.isAdminFor;
  return or(inArray(users.registeredVia, projects), sql`${users.isAdminFor} ?| ${textArray(projects)}`);
}

/** The user an id names; whether the admin may see them is the policy's to say. */
async function existingUser(db: Db, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new HttpError(404, serverMessages.userNotFound);
  return user;
}

const refuse = (refusal: Refusal): never => {
  throw new HttpError(refusal.status, refusal.message);
};

/** SPEC §7: get_users, block_user, make_user_admin. */
export function registerUserAdminRoutes(app: FastifyInstance, db: Db, evictions: SocketEvictions): void {
  app.post('/admin/get_users', async (request) => {
    const auth = await requireAdmin(db, request);
    const body = parseBody(listBody, request.body);
    if (auth.user.isAdminFor.length === 0) return { data: [], total: 0 };
    const isSuper = isSuperAdmin(auth.user);
    // Masked columns are searched only by super admins, so a search cannot reveal what is hidden.
    const where = and(
      inScope(auth),
      searchFilter(body.search, {
        name: users.name,
        ...(isSuper ? { email: users.email, phone: users.phone, whatsapp_id: users.whatsappId } : {}),
        admin_type: users.adminType,
        is_admin: users.isAdmin,
        is_blocked: users.isBlocked,
        is_active: users.isActive,
      }),
    );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(body.queryOptions.limit)
        .offset(body.queryOptions.skip),
      db.select({ n: count() }).from(users).where(where),
    ]);
    return { data: rows.map((u) => presentUserForAdmin(u, isSuper)), total: Number(total?.n ?? 0) };
  });

  app.post('/admin/block_user', async (request) => {
    const auth = await requireAdmin(db, request);
    const body = parseBody(blockUserBody, request.body);
    const target = await existingUser(db, body.userId);
    const refusal = blockRefusal(auth.user, target);
    if (refusal) refuse(refusal);
    const [user] = await db
      .update(users)
      .set({ isBlocked: body.block })
      .where(eq(users.id, target.id))
      .returning();
    // A blocked user's sessions end at once, not when their cookie runs out, and so do their sockets.
    if (body.block) {
      await revokeUserSessions(db, target.id);
      evictions.endUser(target.id);
    }
    request.log.info({ userId: target.id, block: body.block, by: auth.user.id }, 'user block changed');
    return { user: presentUserForAdmin(user!, isSuperAdmin(auth.user)) };
  });

  app.post('/admin/make_user_admin', async (request) => {
    const auth = await requireAdmin(db, request);
    const body = parseBody(makeUserAdminBody, request.body);
    const target = await existingUser(db, body.userId);
    // Granting without a list grants the querying app; removing without one removes all of the actor's.
    const projects = body.adminFor.length ? body.adminFor : body.makeAdmin ? [body.queryingApp] : [];
    const decision = adminRightsChange(auth.user, target, {
      makeAdmin: body.makeAdmin,
      projects,
      otherSuperAdmins: isSuperAdmin(target) ? await countOtherSuperAdmins(db, target.id) : 0,
    });
    if (isRefusal(decision)) return refuse(decision);
    const [user] = await db.update(users).set(decision).where(eq(users.id, target.id)).returning();
    request.log.info(
      { userId: target.id, makeAdmin: body.makeAdmin, isAdminFor: decision.isAdminFor, by: auth.user.id },
      'admin rights changed',
    );
    return { user: presentUserForAdmin(user!, isSuperAdmin(auth.user)) };
  });
}

async function countOtherSuperAdmins(db: Db, id: string): Promise<number> {
  const [others] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.adminType, 'super'), ne(users.id, id), eq(users.isBlocked, false)));
  return Number(others?.n ?? 0);
}
