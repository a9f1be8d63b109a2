import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { QueryingApp } from '../../shared/constants';
import { isEmailIdentifier, normaliseEmail, normalisePhone } from '../../shared/auth/rules';
import type { Db } from '../db/client';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

/** Finds the account an "Email Or Phone" value names. */
export async function findUserByIdentifier(db: Db, emailOrPhone: string): Promise<UserRow | null> {
  const condition = isEmailIdentifier(emailOrPhone)
    ? eq(users.email, normaliseEmail(emailOrPhone))
    : eq(users.phone, normalisePhone(emailOrPhone));
  const [user] = await db.select().from(users).where(condition).limit(1);
  return user ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

export interface NewUser {
  name: string;
  email?: string | undefined;
  phone?: string | undefined;
  passwordHash: string;
  registeredVia: QueryingApp;
  isAdmin?: boolean;
  adminType?: 'super' | 'admin' | null;
  isAdminFor?: string[];
}

export class DuplicateContactError extends Error {
  constructor(readonly field: 'email' | 'phone') {
    super(`duplicate ${field}`);
  }
}

/** The columns a new user is stored with, contacts normalised. */
const newUserValues = (input: NewUser) => ({
  name: input.name.trim(),
  email: input.email ? normaliseEmail(input.email) : null,
  phone: input.phone ? normalisePhone(input.phone) : null,
  passwordHash: input.passwordHash,
  registeredVia: input.registeredVia,
  isAdmin: input.isAdmin ?? false,
  adminType: input.adminType ?? null,
  isAdminFor: input.isAdminFor ?? [],
});

/**
 * The row a registration would have stored, with a new id, for an answer that must look like a
 * real one (a registration with a taken contact): nothing is stored.
 */
export function unsavedUser(input: NewUser): UserRow {
  return {
    ...newUserValues(input),
    id: randomUUID(),
    whatsappId: null,
    emailVerified: false,
    phoneVerified: false,
    isBlocked: false,
    isActive: true,
    language: null,
    createdAt: new Date(),
  };
}

/** Inserts a user; a taken email or phone (even in a race) becomes a DuplicateContactError. */
export async function insertUser(db: Db, input: NewUser): Promise<UserRow> {
  try {
    const [user] = await db.insert(users).values(newUserValues(input)).returning();
    if (!user) throw new Error('user insert returned no row');
    return user;
  } catch (error) {
    const text = String((error as { cause?: unknown }).cause ?? error) + String(error);
    if (text.includes('users_email_unique')) throw new DuplicateContactError('email');
    if (text.includes('users_phone_unique')) throw new DuplicateContactError('phone');
    throw error;
  }
}
