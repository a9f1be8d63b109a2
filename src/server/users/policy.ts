import { isSuperAdmin, type AdminUser, type ProjectMember } from '../access/policy';
import { serverMessages } from '../../shared/messages';

/**
 * Who may act on whom (issue 12 item 6). An admin's authority is the projects in their isAdminFor
 * list (DECISIONS §3); the routes ask this module and only apply what it allows, so a refusal
 * changes nothing. Pure functions over the two rows: the rules are tested without a database.
 */
export interface PolicyUser extends ProjectMember {
  id: string;
  name: string;
}

/** Why an action is refused: the status to answer and a sentence for the admin. */
export interface Refusal {
  status: 400 | 403 | 404;
  message: string;
}

/** The admin rights a change leaves a user with. */
export type AdminRights = AdminUser;

const list = (projects: string[]) => projects.join(', ');

/** The admin sees (lists, blocks, changes) users who came through, or administer, one of their projects. */
export function canSeeUser(actor: PolicyUser, target: PolicyUser): boolean {
  const mine = new Set(actor.isAdminFor);
  return mine.has(target.registeredVia) || target.isAdminFor.some((p) => mine.has(p));
}

/**
 * Blocking shuts a person out of every project at once, so it needs authority over every project
 * they administer: an admin of blimey alone cannot block an admin of dish and blimey. A super
 * admin may block anyone they see; only a super admin may block a super admin.
 */
export function blockRefusal(actor: PolicyUser, target: PolicyUser): Refusal | null {
  if (actor.id === target.id) return { status: 400, message: serverMessages.cannotBlockSelf };
  if (!canSeeUser(actor, target)) return { status: 404, message: serverMessages.userNotFound };
  if (isSuperAdmin(actor)) return null;
  if (isSuperAdmin(target)) return { status: 403, message: policyMessages.superOnlyBySuper };
  const outside = target.isAdminFor.filter((p) => !actor.isAdminFor.includes(p));
  if (outside.length > 0) return { status: 403, message: policyMessages.blockOutside(outside) };
  return null;
}

/**
 * Granting adds projects the actor administers; removing takes away only the actor's projects
 * (those named, or all of the actor's when none are), so an admin of blimey can end someone's
 * blimey rights but never their dish rights. Demoting a super admin ends all their rights and is
 * for super admins only, never leaving the platform without one (`otherSuperAdmins`).
 */
export function adminRightsChange(
  actor: PolicyUser,
  target: PolicyUser,
  change: { makeAdmin: boolean; projects: string[]; otherSuperAdmins: number },
): Refusal | AdminRights {
  if (actor.id === target.id && !change.makeAdmin)
    return { status: 400, message: serverMessages.cannotDemoteSelf };
  if (!canSeeUser(actor, target)) return { status: 404, message: serverMessages.userNotFound };
  const notMine = change.projects.filter((p) => !actor.isAdminFor.includes(p));
  if (notMine.length > 0) return { status: 403, message: policyMessages.notYourProjects(notMine) };

  if (change.makeAdmin) {
    if (change.projects.length === 0) return { status: 403, message: serverMessages.projectForbidden };
    return {
      isAdmin: true,
      adminType: target.adminType ?? 'admin',
      isAdminFor: [...new Set([...target.isAdminFor, ...change.projects])],
    };
  }

  if (isSuperAdmin(target)) {
    if (!isSuperAdmin(actor)) return { status: 403, message: policyMessages.superOnlyBySuper };
    if (change.otherSuperAdmins === 0) return { status: 400, message: serverMessages.lastSuperAdmin };
    return { isAdmin: false, adminType: null, isAdminFor: [] };
  }
  const removable = change.projects.length > 0 ? change.projects : actor.isAdminFor;
  const removed = target.isAdminFor.filter((p) => removable.includes(p));
  // Someone with rights, none of them the actor's to take: refused, so nothing looks done that was not.
  if (removed.length === 0 && target.isAdminFor.length > 0)
    return { status: 403, message: policyMessages.noRightsOfYours(target.isAdminFor) };
  const remaining = target.isAdminFor.filter((p) => !removed.includes(p));
  return remaining.length > 0
    ? { isAdmin: true, adminType: target.adminType ?? 'admin', isAdminFor: remaining }
    : { isAdmin: false, adminType: null, isAdminFor: [] };
}

export const isRefusal = (value: Refusal | AdminRights): value is Refusal => 'status' in value;

/** The refusals' sentences; they name the projects, so the admin knows what stands in the way. */
export const policyMessages = {
  superOnlyBySuper: 'Only a super admin can block a super admin or remove their admin rights.',
  blockOutside: (projects: string[]) =>
    `You cannot block this user: they are also an admin of ${list(projects)}, which you do not administer.`,
  notYourProjects: (projects: string[]) =>
    `You are not an admin of ${list(projects)}, so you cannot change admin rights there.`,
  noRightsOfYours: (projects: string[]) =>
    `This user's admin rights are for ${list(projects)}, which you do not administer, so you cannot remove them.`,
};
