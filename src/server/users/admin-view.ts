import type { UserAdminView } from '../../shared/admin/schemas';
import type { UserRow } from './repository';

/** SPEC §6 masking: phone and Whatsapp Id show their last 3 characters, email the last 5 before the domain. */
export function maskTail(value: string | null, keep: number): string | null {
  if (!value) return value;
  return value.length <= keep ? value : `${'*'.repeat(value.length - keep)}${value.slice(-keep)}`;
}

export function maskEmail(email: string | null): string | null {
  if (!email) return email;
  const at = email.lastIndexOf('@');
  if (at < 0) return maskTail(email, 5);
  return `${maskTail(email.slice(0, at), 5)}${email.slice(at)}`;
}

/** The user as the admin tables show it; contacts masked unless the viewer is a super admin. */
export function presentUserForAdmin(user: UserRow, viewerIsSuper: boolean): UserAdminView {
  return {
    _id: user.id,
    name: user.name,
    email: viewerIsSuper ? user.email : maskEmail(user.email),
    phone: viewerIsSuper ? user.phone : maskTail(user.phone, 3),
    whatsappId: viewerIsSuper ? user.whatsappId : maskTail(user.whatsappId, 3),
    isAdmin: user.isAdmin,
    adminType: user.adminType,
    isAdminFor: user.isAdminFor,
    registeredVia: user.registeredVia,
    emailVerified: user.emailVerified,
    phoneVerified: user.phoneVerified,
    isBlocked: user.isBlocked,
    isActive: user.isActive,
  };
}
