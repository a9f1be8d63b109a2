/** Conversations (issue 14 item 1). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, partOf, randomId, updatedAt } from './columns';
import { questions } from './questions';
import { users } from './users';

/**
 * A signed-in user's chat conversation. The current one is the most recently active
 * (`updatedAt`: a question, a reopening or a fresh start moves it).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: randomId(),
    userId: partOf('user_id', () => users.id),
    title: text('title').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('conversations_user_updated_idx').on(t.userId, t.updatedAt)],
);

/** A question or an answer as the chat shows it; the question record itself stays in `questions`. */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: partOf('conversation_id', () => conversations.id),
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
