/** Accounts and signing in (issue 12): users, sessions, one-time codes, known places, throttles. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, partOf, randomId, timestamptz } from './columns';

export const users = pgTable(
  'users',
  {
    id: randomId(),
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
    // The interface language chosen (issue 14 item 7); null until the user picks one.
    language: text('language', { enum: ['en', 'hi'] }),
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
    id: randomId(),
    tokenHash: text('token_hash').notNull(),
    userId: partOf('user_id', () => users.id),
    // The chat's session id (SPEC §3 sessionId), distinct from the cookie secret.
    chatSessionId: uuid('chat_session_id').notNull().defaultRandom(),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * One-time codes, by the identifier they were asked for. A code asked for an identifier with no
 * usable account is stored too, with no user and never sent, so that checking a code answers
 * alike whether the account exists or not (issue 12: no enumeration).
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: randomId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    // The normalised e-mail address or phone number the code was asked for.
    identifier: text('identifier').notNull(),
    // The address that asked: wrong guesses from there (or from the owner's known places) use up
    // the code, guesses from elsewhere only count against the throttle.
    requestedFrom: text('requested_from').notNull(),
    codeHash: text('code_hash').notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    tries: integer('tries').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [
    index('otp_codes_user_idx').on(t.userId, t.createdAt),
    index('otp_codes_identifier_idx').on(t.identifier, t.createdAt),
  ],
);

/**
 * Where a user signed in before: a browser (the hash of its `device` cookie) or an address.
 * From these places a locked account can still be signed into (issue 12: limits that cannot be
 * turned against the owner).
 */
export const knownPlaces = pgTable(
  'known_places',
  {
    userId: partOf('user_id', () => users.id),
    kind: text('kind', { enum: ['device', 'address'] }).notNull(),
    value: text('value').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('known_places_unique').on(t.userId, t.kind, t.value)],
);

/**
 * Attempt counters (sign-in, code checks and requests, registrations) by key: a place and an
 * identifier, an address, an identifier. Counted in one statement before the attempt is checked,
 * in the database so that several server processes share them.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamptz('window_started_at').notNull().defaultNow(),
});
