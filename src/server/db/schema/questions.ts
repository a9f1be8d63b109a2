/** Questions and answers (SPEC §3 Question record, DECISIONS §4). */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { HistoryEvent } from '../../../shared/admin/schemas';
import { users } from './users';

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
