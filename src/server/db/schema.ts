import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A querying app (dish, blimey, …) or an authorized project created by a super admin. */
export const projects = pgTable('projects', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  // Only a hash: the key itself is shown once, at creation (DECISIONS §3).
  apiKeyHash: text('api_key_hash'),
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    // Stored lower-cased so that uniqueness and look-ups ignore case.
    email: text('email'),
    // Ten digits, no punctuation.
    phone: text('phone'),
    whatsappId: text('whatsapp_id'),
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    adminType: text('admin_type', { enum: ['super', 'admin'] }),
    isAdminFor: jsonb('is_admin_for')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    emailVerified: boolean('email_verified').notNull().default(false),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    isBlocked: boolean('is_blocked').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    registeredVia: text('registered_via').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_phone_unique').on(t.phone),
    uniqueIndex('users_whatsapp_unique').on(t.whatsappId),
  ],
);

/** A signed-in browser. The cookie holds a random secret; only its hash is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The chat's session id (SPEC §3 sessionId), distinct from the cookie secret.
    chatSessionId: uuid('chat_session_id').notNull().defaultRandom(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    tries: integer('tries').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('otp_codes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Failure counters for sign-in and code checks, keyed by identifier or by address.
 * Kept in the database so that several server processes share them.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});
