/** Reviewed answers (issue 33): answers an admin approved or wrote, served first to questions of the same meaning. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { ReviewedSource } from '../../../shared/admin/reviewed';
import { bytea, createdAt, randomId, timestamptz, updatedAt } from './columns';
import { projects } from './projects';
import { questions } from './questions';
import { users } from './users';

export const reviewedAnswers = pgTable(
  'reviewed_answers',
  {
    id: randomId(),
    project: text('project')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The question as first asked, then its paraphrases: each is matched. */
    questions: jsonb('questions').$type<string[]>().notNull(),
    /** The answer (markdown) in each language it is written in, by ISO 639-1 code; English first when there is one. */
    answers: jsonb('answers').$type<Record<string, string>>().notNull(),
    sources: jsonb('sources')
      .$type<ReviewedSource[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status', { enum: ['active', 'retired'] })
      .notNull()
      .default('active'),
    /** The question record it was made from, when it was made from one. */
    fromQuestion: uuid('from_question').references(() => questions.id, { onDelete: 'set null' }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedByName: text('reviewed_by_name').notNull().default(''),
    reviewedAt: timestamptz('reviewed_at').notNull().defaultNow(),
    hits: integer('hits').notNull().default(0),
    lastHitAt: timestamptz('last_hit_at'),
    /** One vector per question, each read together with the answer (review/matching.ts); int8. */
    vectors: bytea('vectors'),
    /** The model that made `vectors`: those of another are made again. */
    embeddedWith: text('embedded_with'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('reviewed_answers_project_idx').on(t.project, t.status)],
);
