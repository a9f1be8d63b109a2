import type { FastifyRequest } from 'fastify';
import { serverMessages } from '../../shared/messages';
import type { Db } from '../db/client';
import { isSuperAdmin, projectsAdministered } from '../access/policy';
import { requireUser, type Auth } from './current-user';
import { HttpError } from './errors';

/**
 * DECISIONS §3: admin calls need isAdmin; 403 otherwise. In the answer, `user.isAdminFor` is the
 * projects the admin administers now, as the projects policy says: every project for a super
 * admin (created ones too), so every admin route reads one list and no route decides it alone.
 * The stored rights are not changed by this.
 */
export async function requireAdmin(db: Db, request: FastifyRequest): Promise<Auth> {
  const auth = await requireUser(db, request);
  if (!auth.user.isAdmin) throw new HttpError(403, serverMessages.forbidden);
  if (!isSuperAdmin(auth.user)) return auth;
  return { ...auth, user: { ...auth.user, isAdminFor: await projectsAdministered(db, auth.user) } };
}

export async function requireSuperAdmin(db: Db, request: FastifyRequest): Promise<Auth> {
  const auth = await requireAdmin(db, request);
  if (!isSuperAdmin(auth.user)) throw new HttpError(403, serverMessages.forbidden);
  return auth;
}

/** An admin acts only on the projects they administer (the list requireAdmin answered). */
export function assertProjectAllowed(auth: Auth, project: string): void {
  if (!auth.user.isAdminFor.includes(project)) throw new HttpError(403, serverMessages.projectForbidden);
}
