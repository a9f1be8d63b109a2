/** Questions and answers (SPEC §3 Question record, DECISIONS §4). */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { HistoryEvent } from '../../../shared/admin/schemas';
import { randomId, timestamptz } from './columns';
import { users } from './users';

/** The history event type lives with the admin contract, which reads it. */
export type { HistoryEvent };

/** Every question, written before it is answered and completed after, so none is ever lost. */
export const questions = pgTable(
  'questions',
  {
    id: randomId(),
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
    queryTimestamp: timestamptz('query_timestamp').notNull().defaultNow(),
    answeredAt: timestamptz('answered_at'),
    /** The asker's "Was this helpful?" (issue 14): null until they answer it; they may change it. */
    helpful: boolean('helpful'),
    feedbackComment: text('feedback_comment').notNull().default(''),
    feedbackAt: timestamptz('feedback_at'),
    /**
     * An admin's review (issue 33): the answer approved, a right one written, marked as needing
     * content, or dismissed from the knowledge gaps; null until reviewed.
     */
    review: text('review', { enum: ['approved', 'rewritten', 'needs_content', 'dismissed'] }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamptz('reviewed_at'),
  },
  (t) => [
    index('questions_project_time_idx').on(t.project, t.queryTimestamp),
    index('questions_session_idx').on(t.sessionId),
  ],
);
