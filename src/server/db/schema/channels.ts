/** Channels (DECISIONS §4 Channels). */
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { questions } from './questions';

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
