import type { SessionUser } from '../../shared/auth/schemas';
import type { UserRow } from './repository';

/** The user as the browser sees it: never a hash or a secret (DECISIONS §3). */
export function presentSessionUser(user: UserRow, chatSessionId: string): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    whatsappId: user.whatsappId,
    isAdmin: user.isAdmin,
    adminType: user.adminType,
    isAdminFor: user.isAdminFor,
    emailVerified: user.emailVerified,
    phoneVerified: user.phoneVerified,
    sessionId: chatSessionId,
    language: user.language,
  };
}
