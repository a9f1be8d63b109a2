import { projects } from '../db/schema';
import type { Db } from '../db/client';

/**
 * Who may do what, with which project (issue 15): the HTTP guards, the socket handshake and the
 * project API all ask here. A project is a querying app (dish, blimey, …) or one a super admin
 * created; both are administered, hold knowledge and keys alike.
 */

/**
 * Who asks: a signed-in user, or an authorized project by one of its API keys (DECISIONS §3). The
 * socket handshake and the HTTP guards both identify askers as this.
 */
export interface Asker {
  /** The signed-in user; null for an API key. */
  userId: string | null;
  /** The project an API key belongs to; null for a signed-in user. */
  keyProject: string | null;
  /** The projects the asker may use (`projectsUsableBy`); an API key's own only. */
  projects: readonly string[] | 'all';
}

/**
 * What the policy reads of an admin: their type and the projects named in their rights. Whether
 * an admin administers a project is whether it is in projectsAdministered, which requireAdmin
 * (http/admin-guard.ts) puts in the request's `isAdminFor` for every admin route to read.
 */
export interface AdminUser {
  isAdmin: boolean;
  adminType: 'super' | 'admin' | null;
  isAdminFor: string[];
}

/** What the rule reads of a person: the app they registered through and their admin rights. */
export interface ProjectMember extends AdminUser {
  registeredVia: string;
}

/**
 * The one rule for who may use a project (issue 31): ask in it, read its prompts, open the files
 * its answers cite. A person uses the project of the app they registered through and the
 * projects they administer; a super admin every project; an API key its own project only.
 */
export function projectsUsableBy(user: ProjectMember): readonly string[] | 'all' {
  if (user.isAdmin && isSuperAdmin(user)) return 'all';
  return [...new Set([user.registeredVia, ...(user.isAdmin ? user.isAdminFor : [])])];
}

export const userAsker = (user: ProjectMember & { id: string }): Asker => ({
  userId: user.id,
  keyProject: null,
  projects: projectsUsableBy(user),
});

export const keyAsker = (project: string): Asker => ({
  userId: null,
  keyProject: project,
  projects: [project],
});

export function mayUseProject(asker: Asker, project: string): boolean {
  return asker.projects === 'all' || asker.projects.includes(project);
}

/** The project a question is answered from: an API key's own, else the one the asker named. */
export function projectAskedIn(asker: Asker, requested: string): string {
  return asker.keyProject ?? requested;
}

/** Whether a signed-in user may still be served at all: not blocked, not deactivated. */
export function userMayEnter(user: { isBlocked: boolean; isActive: boolean }): boolean {
  return !user.isBlocked && user.isActive;
}

/** A super admin administers every project there is, built-in and created. */
export const isSuperAdmin = (user: Pick<AdminUser, 'adminType'>): boolean => user.adminType === 'super';

/**
 * The projects an admin administers now: every project for a super admin (so a project created
 * after they became super admin is theirs too), the ones in their rights for any other admin.
 */
export async function projectsAdministered(db: Db, user: AdminUser): Promise<string[]> {
  if (!user.isAdmin) return [];
  if (!isSuperAdmin(user)) return user.isAdminFor;
  const rows = await db.select({ id: projects.id }).from(projects).orderBy(projects.createdAt, projects.id);
  return rows.map((r) => r.id);
}
