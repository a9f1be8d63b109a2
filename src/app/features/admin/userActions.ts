import type { UserAdminView } from '../../../shared/admin/schemas';

/**
 * The actions the server would allow on a row (users/policy.ts): nobody blocks or demotes
 * themselves, so an admin's own row (the super admin's included) offers neither, and only a
 * super admin may block or demote a super admin.
 */
export function offeredActions(viewer: { id: string; adminType: string | null } | null, user: UserAdminView) {
  const self = viewer?.id === user._id;
  const outranked = user.adminType === 'super' && viewer?.adminType !== 'super';
  return {
    block: !self && !outranked,
    adminRights: user.isAdmin ? !self && !outranked : true,
  };
}
