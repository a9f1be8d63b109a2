import { eq } from 'drizzle-orm';
import type { AskerView } from '../../shared/admin/asker';
import type { Db } from '../db/client';
import { questions, users } from '../db/schema';
import { maskEmail, maskTail } from './admin-view';
import { isSuperAdmin } from '../access/policy';
import type { PolicyUser } from './policy';

export const QUESTION_NOT_FOUND = 'That question does not exist.';

/**
 * Who asked a question, as the admin may see them: the question must be one of the admin's
 * projects (`undefined` otherwise, as for a missing one); contacts are masked as SPEC §6 says
 * unless the admin is a super admin; `null` when the question is tied to no account.
 */
export async function questionAsker(
  db: Db,
  admin: PolicyUser,
  questionId: string,
): Promise<AskerView | null | undefined> {
  const [row] = await db
    .select({ project: questions.project, asker: users })
    .from(questions)
    .leftJoin(users, eq(users.id, questions.userId))
    .where(eq(questions.id, questionId))
    .limit(1);
  if (!row || !admin.isAdminFor.includes(row.project)) return undefined;
  const { asker } = row;
  if (!asker) return null;
  const seesAll = isSuperAdmin(admin);
  return {
    name: asker.name,
    email: seesAll ? asker.email : maskEmail(asker.email),
    phone: seesAll ? asker.phone : maskTail(asker.phone, 3),
    whatsappId: seesAll ? asker.whatsappId : maskTail(asker.whatsappId, 3),
  };
}
