import { sql } from 'drizzle-orm';
import { PROCESSING_STATUSES, SOURCE_TYPES, type HistoryEvent } from '../../shared/admin/schemas';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
});

/**
 * The API keys of a project (issue 15): several per project, each stored only as a hash (the
 * secret is shown once, at creation or rotation). A revoked key stays listed with its use.
 */
export const projectKeys = pgTable(
  'project_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    project: text('project')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The secret's first characters, shown so that a person can tell their keys apart. */
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    useCount: integer('use_count').notNull().default(0),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('project_keys_hash_idx').on(t.hash), index('project_keys_project_idx').on(t.project)],
);

/** A project's own suggested prompts (issue 14); a project without a row shows SPEC's six. */
export const projectPrompts = pgTable('project_prompts', {
  project: text('project')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  prompts: jsonb('prompts').$type<string[]>().notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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

/**
 * One-time codes, by the identifier they were asked for. A code asked for an identifier with no
 * usable account is stored too, with no user and never sent, so that checking a code answers
 * alike whether the account exists or not (issue 12: no enumeration).
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['device', 'address'] }).notNull(),
    value: text('value').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
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
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Knowledge base (DECISIONS §5)

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A named bucket of data inside one project; disabling it hides its data from answers at once. */
export const sources = pgTable(
  'sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    project: text('project')
      .notNull()
      .references(() => projects.id),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sources_project_name_unique').on(t.project, sql`lower(${t.name})`)],
);

/**
 * An uploaded file (PDF, Word, …), kept and served at /files/<id>/<name> for as long as a pending
 * item refers to it; deleting the item's source deletes it (knowledge/sources.ts).
 */
export const uploadedFiles = pgTable('uploaded_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  /** The Content-Type it is served with: judged at upload (older files: the first time served). */
  mediaType: text('media_type'),
  createdAt: createdAt(),
});

/**
 * An uploaded file's bytes, in consecutive parts (files/file-store.ts): written, served and read
 * one part at a time, so that no file is ever whole in the server's memory or in a statement.
 */
export const uploadedFileParts = pgTable(
  'uploaded_file_parts',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => uploadedFiles.id, { onDelete: 'cascade' }),
    /** Where the part starts in the file; parts follow each other without a gap. */
    firstByte: integer('first_byte').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.firstByte] })],
);

/** A pending data item is a job: pending → started → completed | failed (DECISIONS §5). */
export const pendingData = pgTable(
  'pending_data',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dataType: text('data_type', { enum: SOURCE_TYPES }).notNull(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    project: text('project').notNull(),
    description: text('description').notNull().default(''),
    title: text('title').notNull().default(''),
    url: text('url'),
    depth: integer('depth').notNull().default(0),
    location: text('location').notNull().default(''),
    fileId: uuid('file_id').references(() => uploadedFiles.id, { onDelete: 'set null' }),
    status: text('status', { enum: PROCESSING_STATUSES }).notNull().default('pending'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    // A started item whose lease ran out belonged to a worker that died; another takes it again.
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    // Which server process holds the lease, so that a restarted process takes its own items back at once.
    leaseOwner: text('lease_owner'),
    // A crawl's pages found and read so far, written as it goes: the admin's live progress, read
    // by whichever process serves the admin (issue 14 item 5).
    pagesFound: integer('pages_found'),
    pagesFetched: integer('pages_fetched'),
    // Which version of the file readers read it: an uploaded file is read again when they change.
    readWith: integer('read_with').notNull().default(0),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pending_data_queue_idx').on(t.status, t.nextRunAt),
    index('pending_data_source_idx').on(t.sourceId),
    index('pending_data_file_idx').on(t.fileId),
  ],
);

/**
 * When each process working the queue on a schedule starts its next run: the Data tab says when
 * the next run is, whichever process serves it (a web process has no schedule of its own).
 */
export const ingestionSchedule = pgTable('ingestion_schedule', {
  owner: text('owner').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  intervalSeconds: integer('interval_seconds').notNull(),
});

export const RESOURCE_TYPES = ['web', 'video', 'pdf', 'document', 'xml'] as const;

/** What ingestion produced: one document, searchable through its chunks. */
export const ingestedData = pgTable(
  'ingested_data',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pendingId: uuid('pending_id').references(() => pendingData.id, { onDelete: 'set null' }),
    resourceType: text('resource_type', { enum: RESOURCE_TYPES }).notNull(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    project: text('project').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url'),
    country: text('country').notNull().default(''),
    isConsumed: boolean('is_consumed').notNull().default(false),
    // The same URL or file again updates this row instead of adding a copy.
    dedupeKey: text('dedupe_key').notNull(),
    contentHash: text('content_hash').notNull(),
    language: text('language').notNull().default('simple'),
    etag: text('etag'),
    lastModified: text('last_modified'),
    // A web page's same-site links, so that a re-crawl can go on below a page that did not change.
    links: jsonb('links').$type<string[]>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ingested_data_dedupe_unique').on(t.sourceId, t.dedupeKey),
    index('ingested_data_project_idx').on(t.project),
  ],
);

/** A passage of an ingested item, indexed for full-text (and, when available, vector) search. */
export const chunks = pgTable(
  'chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => ingestedData.id, { onDelete: 'cascade' }),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    project: text('project').notNull(),
    url: text('url'),
    position: integer('position').notNull(),
    /** The page of a paged document (PDF) the passage starts on, for links that open there. */
    page: integer('page'),
    text: text('text').notNull(),
    tsv: tsvector('tsv').notNull(),
  },
  (t) => [
    // No pending list: PGlite has no autovacuum to merge one, and every search read all of it
    // (a word no passage holds took 4.3 ms instead of 0.06 ms; docs/performance.md).
    index('chunks_tsv_idx').using('gin', t.tsv).with({ fastupdate: false }),
    index('chunks_item_idx').on(t.itemId),
    index('chunks_project_idx').on(t.project, t.sourceId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Questions and answers (SPEC §3 Question record, DECISIONS §4)

/** The history event type lives with the admin contract, which reads it. */
export type { HistoryEvent };

/** Every question, written before it is answered and completed after, so none is ever lost. */
export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    sessionId: text('session_id').notNull(),
    project: text('project').notNull(),
    sourceMode: text('source_mode', { enum: ['web', 'wa', 'api'] }).notNull(),
    /** The querying app or authorized project the question came through. */
    askedVia: text('asked_via').notNull(),
    event: text('event').notNull(),
    query: text('query').notNull(),
    language: text('language').notNull().default(''),
    status: text('status', { enum: ['pending', 'answered', 'failed'] })
      .notNull()
      .default('pending'),
    history: jsonb('history')
      .$type<HistoryEvent[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    queryTimestamp: timestamp('query_timestamp', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The asker's "Was this helpful?" (issue 14): null until they answer it; they may change it. */
    helpful: boolean('helpful'),
    feedbackComment: text('feedback_comment').notNull().default(''),
    feedbackAt: timestamp('feedback_at', { withTimezone: true }),
  },
  (t) => [
    index('questions_project_time_idx').on(t.project, t.queryTimestamp),
    index('questions_session_idx').on(t.sessionId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Channels (DECISIONS §4 Channels)

/**
 * Every WhatsApp message id taken in. Meta delivers a message again when an answer to its webhook
 * is late or lost, and several server processes may each receive a copy: the one whose insert
 * takes the id answers it, every other copy is dropped (channels/whatsapp/dedupe.ts).
 */
export const whatsappMessages = pgTable('whatsapp_messages', {
  messageId: text('message_id').primaryKey(),
  waId: text('wa_id').notNull(),
  questionId: uuid('question_id').references(() => questions.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------
// Conversations (issue 14 item 1)

/**
 * A signed-in user's chat conversation. The current one is the most recently active
 * (`updatedAt`: a question, a reopening or a fresh start moves it).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversations_user_updated_idx').on(t.userId, t.updatedAt)],
);

/** A question or an answer as the chat shows it; the question record itself stays in `questions`. */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['user', 'bot'] }).notNull(),
    text: text('text').notNull(),
    isAudio: boolean('is_audio').notNull().default(false),
    audioPath: text('audio_path'),
    links: jsonb('links')
      .$type<{ url: string; title?: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('conversation_messages_conversation_idx').on(t.conversationId, t.id)],
);

// ---------------------------------------------------------------------------------------------
// Spoken answers (issue 16): every web process can serve /tts/<name>

/**
 * A spoken answer's MP3, kept so that a process other than the one that made it can serve
 * /tts/<name>: each process keeps its own files under DATA_DIR/tts and fetches the ones it lacks
 * from here. Kept under TTS_CACHE_MB, the least recently used going first.
 */
export const spokenAnswers = pgTable(
  'spoken_answers',
  {
    /** `<sha256>.mp3`, the name the chat plays it by. */
    name: text('name').primaryKey(),
    mp3: bytea('mp3').notNull(),
    bytes: integer('bytes').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('spoken_answers_used_at_idx').on(t.usedAt)],
);
