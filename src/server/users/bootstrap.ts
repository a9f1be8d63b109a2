import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { QUERYING_APP } from '../../shared/constants';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../access/passwords';
import { DuplicateContactError, insertUser } from './repository';

/** First start: creates the super admin from SUPERADMIN_EMAIL/PASSWORD when none exists yet. */
export async function ensureSuperAdmin(
  db: Db,
  email: string | undefined,
  password: string | undefined,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!email || !password) return;
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.adminType, 'super'))
    .limit(1);
  if (existing) return;
  try {
    await insertUser(db, {
      name: 'Super Admin',
      email,
      passwordHash: await hashPassword(password),
      registeredVia: QUERYING_APP,
      isAdmin: true,
      adminType: 'super',
      isAdminFor: [QUERYING_APP],
    });
    log.info({ email }, 'super admin created');
  } catch (error) {
    if (!(error instanceof DuplicateContactError)) throw error;
    log.warn({ email }, 'SUPERADMIN_EMAIL belongs to an existing user; promoting that user to super admin');
    await db
      .update(users)
      .set({ isAdmin: true, adminType: 'super', isAdminFor: [QUERYING_APP] })
      .where(eq(users.email, email.trim().toLowerCase()));
  }
}
