/** Knowledge base (DECISIONS §5): sources, uploaded files, the ingestion queue, items and passages. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PROCESSING_STATUSES, SOURCE_TYPES } from '../../../shared/admin/schemas';
import { WORK_STAGES } from '../../../shared/admin/progress';
import { bytea, createdAt, partOf, randomId, timestamptz, tsvector, updatedAt } from './columns';
import { projects } from './projects';

/** A named bucket of data inside one project; disabling it hides its data from answers at once. */
export const sources = pgTable(
  'sources',
  {
    id: randomId(),
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
  id: randomId(),
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
    fileId: partOf('file_id', () => uploadedFiles.id),
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
    id: randomId(),
    dataType: text('data_type', { enum: SOURCE_TYPES }).notNull(),
    sourceId: partOf('source_id', () => sources.id),
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
    leaseUntil: timestamptz('lease_until'),
    // Which server process holds the lease, so that a restarted process takes its own items back at once.
    leaseOwner: text('lease_owner'),
    // A crawl's pages found and read so far, written as it goes: the admin's live progress, read
    // by whichever process serves the admin (issue 14 item 5).
    pagesFound: integer('pages_found'),
    pagesFetched: integer('pages_fetched'),
    // What the item's work is doing now (reading, embedding…), how far, and since when: the
    // admin's progress and time left (issue 34 item 5). Kept after a failure: it says where.
    stage: text('stage', { enum: WORK_STAGES }),
    stageDone: integer('stage_done'),
    stageTotal: integer('stage_total'),
    stageStartedAt: timestamptz('stage_started_at'),
    // Which version of the file readers read it: an uploaded file is read again when they change.
    readWith: integer('read_with').notNull().default(0),
    nextRunAt: timestamptz('next_run_at').notNull().defaultNow(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
  nextRunAt: timestamptz('next_run_at').notNull(),
  intervalSeconds: integer('interval_seconds').notNull(),
});

export const RESOURCE_TYPES = ['web', 'video', 'pdf', 'document', 'xml'] as const;

/** What ingestion produced: one document, searchable through its chunks. */
export const ingestedData = pgTable(
  'ingested_data',
  {
    id: randomId(),
    pendingId: uuid('pending_id').references(() => pendingData.id, { onDelete: 'set null' }),
    resourceType: text('resource_type', { enum: RESOURCE_TYPES }).notNull(),
    sourceId: partOf('source_id', () => sources.id),
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
    updatedAt: updatedAt(),
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
    id: randomId(),
    itemId: partOf('item_id', () => ingestedData.id),
    sourceId: partOf('source_id', () => sources.id),
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
