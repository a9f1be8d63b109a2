import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { randomSecret, sha256 } from './secrets';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export async function createSession(
  db: Db,
  userId: string,
  days: number,
  userAgent: string | undefined,
): Promise<{ token: string; session: SessionRow }> {
  const token = randomSecret();
  const [session] = await db
    .insert(sessions)
    .values({
      tokenHash: sha256(token),
      userId,
      expiresAt: new Date(Date.now() + days * 86_400_000),
      userAgent: userAgent?.slice(0, 300),
    })
    .returning();
  if (!session) throw new Error('session insert returned no row');
  return { token, session };
}

/** The live session a cookie names, with its user; null when revoked, expired or unknown. */
export async function findSession(
  db: Db,
  token: string,
): Promise<{ session: SessionRow; user: UserRow } | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sha256(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user at once (used when an admin blocks them). */
export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
