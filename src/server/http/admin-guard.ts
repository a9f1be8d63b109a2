import type { FastifyRequest } from 'fastify';
import { serverMessages } from '../../shared/messages';
import type { Db } from '../db/client';
import { requireUser, type Auth } from './current-user';
import { HttpError } from './errors';

/** DECISIONS §3: admin calls need isAdmin; 403 otherwise. */
export async function requireAdmin(db: Db, request: FastifyRequest): Promise<Auth> {
  const auth = await requireUser(db, request);
  if (!auth.user.isAdmin) throw new HttpError(403, serverMessages.forbidden);
  return auth;
}

export async function requireSuperAdmin(db: Db, request: FastifyRequest): Promise<Auth> {
  const auth = await requireAdmin(db, request);
  if (auth.user.adminType !== 'super') throw new HttpError(403, serverMessages.forbidden);
  return auth;
}

/** An admin acts only on the projects in their isAdminFor list. */
export function assertProjectAllowed(auth: Auth, project: string): void {
  if (!auth.user.isAdminFor.includes(project)) throw new HttpError(403, serverMessages.projectForbidden);
}
