import { and, count, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../shared/api/routes';
import type { Db } from '../db/client';
import { pageOf } from '../db/paging';
import { textArray } from '../db/raw';
import { users } from '../db/schema';
import { requireAdmin } from '../http/admin-guard';
import type { Auth } from '../http/current-user';
import { route } from '../http/typed-route';
import { searchFilter } from '../knowledge/search-filter';
import type { SocketEvictions } from '../access/evictions';
import { presentUserForAdmin } from './admin-view';
import { changeAdminRights, setUserBlocked } from './commands';
import { isSuperAdmin } from '../access/policy';

/** policy.canSeeUser as SQL, for the list: users who came through, or administer, one of the admin's projects. */
function inScope(auth: Auth) {
  const projects = auth.user.isAdminFor;
  return or(inArray(users.registeredVia, projects), sql`${users.isAdminFor} ?| ${textArray(projects)}`);
}

/** SPEC §7: get_users, block_user, make_user_admin. */
export function registerUserAdminRoutes(app: FastifyInstance, db: Db, evictions: SocketEvictions): void {
  route(app, routes.getUsers, async ({ request, body: read }) => {
    const auth = await requireAdmin(db, request);
    const body = read();
    if (auth.user.isAdminFor.length === 0) return { data: [], total: 0 };
    const isSuper = isSuperAdmin(auth.user);
    // Masked columns are searched only by super admins, so a search cannot reveal what is hidden.
    const where = and(
      inScope(auth),
      searchFilter(body.search, {
        name: users.name,
        ...(isSuper ? { email: users.email, phone: users.phone, whatsapp_id: users.whatsappId } : {}),
        registered_via: users.registeredVia,
        admin_type: users.adminType,
        is_admin: users.isAdmin,
        is_blocked: users.isBlocked,
        is_active: users.isActive,
      }),
    );
    return pageOf(
      { rows: db.select().from(users), count: db.select({ n: count() }).from(users) },
      { where, newestFirst: [users.createdAt, users.id] },
      body.queryOptions,
      (u) => presentUserForAdmin(u, isSuper),
    );
  });

  route(app, routes.blockUser, async ({ request, body: read }) => {
    const auth = await requireAdmin(db, request);
    const { userId, block } = read();
    const user = await setUserBlocked({ db, evictions }, auth.user, userId, block);
    request.log.info({ userId, block, by: auth.user.id }, 'user block changed');
    return { user };
  });

  route(app, routes.makeUserAdmin, async ({ request, body: read }) => {
    const auth = await requireAdmin(db, request);
    const body = read();
    const { user, isAdminFor } = await changeAdminRights({ db }, auth.user, body);
    request.log.info(
      { userId: body.userId, makeAdmin: body.makeAdmin, isAdminFor, by: auth.user.id },
      'admin rights changed',
    );
    return { user };
  });
}
