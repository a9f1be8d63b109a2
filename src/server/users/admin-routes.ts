import { and, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { blockUserBody, listBody, makeUserAdminBody } from '../../shared/admin/schemas';
import { serverMessages } from '../../shared/messages';
import type { Db } from '../db/client';
import { textArray } from '../db/raw';
import { sessions, users } from '../db/schema';
import { requireAdmin } from '../http/admin-guard';
import type { Auth } from '../http/current-user';
import { HttpError, parseBody } from '../http/errors';
import { searchFilter } from '../knowledge/search-filter';
import { presentUserForAdmin } from './admin-view';
import { findUserById, type UserRow } from './repository';

/** The users an admin may see and change: those who came through, or administer, one of their projects. */
function inScope(auth: Auth) {
  const projects = auth.user.isAdminFor;
  return or(inArray(users.registeredVia, projects), sql`${users.isAdminFor} ?| ${textArray(projects)}`);
}

async function userInScope(db: Db, auth: Auth, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  const visible =
    user &&
    (auth.user.isAdminFor.includes(user.registeredVia) ||
      user.isAdminFor.some((p) => auth.user.isAdminFor.includes(p)));
  if (!user || !visible) throw new HttpError(404, serverMessages.userNotFound);
  return user;
}

/** SPEC §7: get_users, block_user, make_user_admin. */
export function registerUserAdminRoutes(app: FastifyInstance, db: Db): void {
  app.post('/admin/get_users', async (request) => {
    const auth = await requireAdmin(db, request);
    const body = parseBody(listBody, request.body);
    if (auth.user.isAdminFor.length === 0) return { data: [], total: 0 };
    const isSuper = auth.user.adminType === 'super';
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
    if (body.userId === auth.user.id) throw new HttpError(400, serverMessages.cannotBlockSelf);
    const target = await userInScope(db, auth, body.userId);
    if (target.adminType === 'super' && auth.user.adminType !== 'super') {
      throw new HttpError(403, serverMessages.forbidden);
    }
    const [user] = await db
      .update(users)
      .set({ isBlocked: body.block })
      .where(eq(users.id, target.id))
      .returning();
    // A blocked user's sessions end at once, not when their cookie runs out.
    if (body.block) {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, target.id), isNull(sessions.revokedAt)));
    }
    request.log.info({ userId: target.id, block: body.block, by: auth.user.id }, 'user block changed');
    return { user: presentUserForAdmin(user!, auth.user.adminType === 'super') };
  });

  app.post('/admin/make_user_admin', async (request) => {
    const auth = await requireAdmin(db, request);
    const body = parseBody(makeUserAdminBody, request.body);
    if (body.userId === auth.user.id && !body.makeAdmin)
      throw new HttpError(400, serverMessages.cannotDemoteSelf);
    const target = await userInScope(db, auth, body.userId);
    // An admin hands out only the projects they administer themselves.
    const granted = (body.adminFor.length ? body.adminFor : [body.queryingApp]).filter((p) =>
      auth.user.isAdminFor.includes(p),
    );
    if (body.makeAdmin && granted.length === 0) throw new HttpError(403, serverMessages.projectForbidden);
    if (!body.makeAdmin && target.adminType === 'super') {
      if (auth.user.adminType !== 'super') throw new HttpError(403, serverMessages.forbidden);
      const [others] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.adminType, 'super'), ne(users.id, target.id), eq(users.isBlocked, false)));
      if (Number(others?.n ?? 0) === 0) throw new HttpError(400, serverMessages.lastSuperAdmin);
    }
    const changes = body.makeAdmin
      ? {
          isAdmin: true,
          adminType: target.adminType ?? ('admin' as const),
          isAdminFor: [...new Set([...target.isAdminFor, ...granted])],
        }
      : { isAdmin: false, adminType: null, isAdminFor: [] };
    const [user] = await db.update(users).set(changes).where(eq(users.id, target.id)).returning();
    request.log.info(
      { userId: target.id, makeAdmin: body.makeAdmin, by: auth.user.id },
      'admin rights changed',
    );
    return { user: presentUserForAdmin(user!, auth.user.adminType === 'super') };
  });
}
