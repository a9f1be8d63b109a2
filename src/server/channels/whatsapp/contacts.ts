import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { findUnstorableText } from '../../http/stored-text';
import type { UserRow } from '../../users/repository';

const MAX_NAME = 100;

/**
 * The user a WhatsApp sender is (users.whatsappId): made on their first message, active and not
 * an admin, named from their WhatsApp profile, registered via the channel's project so that its
 * admins see them in the Users tab. Two processes meeting a new sender at once make one row: the
 * insert yields to the unique index and both read the row that won.
 */
export async function userForWhatsApp(
  db: Db,
  waId: string,
  profileName: string | null,
  project: string,
): Promise<UserRow> {
  await db
    .insert(users)
    .values({ name: displayName(profileName, waId), whatsappId: waId, registeredVia: project })
    .onConflictDoNothing({ target: users.whatsappId });
  const [user] = await db.select().from(users).where(eq(users.whatsappId, waId)).limit(1);
  if (!user) throw new Error(`no user row for WhatsApp sender after insert`);
  return user;
}

/** The profile name as the sender set it, or a name from the last digits of their number. */
function displayName(profileName: string | null, waId: string): string {
  // Cut by code points, so the limit never splits an emoji.
  const name = Array.from(profileName?.replace(/\s+/g, ' ').trim() ?? '')
    .slice(0, MAX_NAME)
    .join('');
  if (name && findUnstorableText(name) === null) return name;
  return `WhatsApp user …${waId.slice(-3)}`;
}
