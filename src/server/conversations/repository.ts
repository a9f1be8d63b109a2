import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AnswerResponse } from '../../shared/chat/protocol';
import {
  CONVERSATION_LIST_LIMIT,
  conversationTitle,
  type ConversationMessage,
  type ConversationSummary,
  type ConversationView,
} from '../../shared/chat/conversations';
import type { Db } from '../db/client';
import { conversationMessages, conversations, questions } from '../db/schema';
import { presentFeedback } from '../feedback/repository';

/** The title of a conversation whose first question was a recording nobody could hear. */
export const VOICE_TITLE = 'Voice question';

type ConversationRow = typeof conversations.$inferSelect;
type MessageRow = typeof conversationMessages.$inferSelect;

export const presentSummary = (c: ConversationRow): ConversationSummary => ({
  id: c.id,
  title: c.title,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

type FeedbackColumns = Pick<typeof questions.$inferSelect, 'helpful' | 'feedbackComment' | 'feedbackAt'>;

/** A kept message, with its question record and, on an answer, the asker's feedback (issue 14). */
const presentMessage = (m: MessageRow, q: FeedbackColumns | null): ConversationMessage => ({
  id: m.id,
  type: m.type,
  text: m.text,
  isAudio: m.isAudio,
  audioPath: m.audioPath,
  links: m.links,
  at: m.createdAt.toISOString(),
  questionId: m.questionId,
  feedback: m.type === 'bot' && q ? presentFeedback(q) : null,
});

export async function findConversation(db: Db, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
}

export async function conversationWithMessages(db: Db, row: ConversationRow): Promise<ConversationView> {
  const messages = await db
    .select({
      m: conversationMessages,
      helpful: questions.helpful,
      feedbackComment: questions.feedbackComment,
      feedbackAt: questions.feedbackAt,
    })
    .from(conversationMessages)
    .leftJoin(questions, eq(questions.id, conversationMessages.questionId))
    .where(eq(conversationMessages.conversationId, row.id))
    .orderBy(asc(conversationMessages.id));
  return {
    ...presentSummary(row),
    messages: messages.map(({ m, helpful, feedbackComment, feedbackAt }) =>
      presentMessage(m, feedbackComment === null ? null : { helpful, feedbackComment, feedbackAt }),
    ),
  };
}

/** The user's conversations, most recently active first; the first is the current one. */
export async function listConversations(db: Db, userId: string): Promise<ConversationRow[]> {
  return db
    .select()
    .from(conversations)
    .where(eq(conversations.userId, userId))
    .orderBy(desc(conversations.updatedAt), desc(conversations.createdAt))
    .limit(CONVERSATION_LIST_LIMIT);
}

export async function currentConversation(db: Db, userId: string): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(eq(conversations.userId, userId))
    .orderBy(desc(conversations.updatedAt), desc(conversations.createdAt))
    .limit(1);
  return row;
}

/** Makes a conversation the current one. */
export async function touchConversation(db: Db, id: string): Promise<ConversationRow> {
  const [row] = await db
    .update(conversations)
    .set({ updatedAt: sql`clock_timestamp()` })
    .where(eq(conversations.id, id))
    .returning();
  if (!row) throw new Error('conversation vanished');
  return row;
}

/**
 * "New conversation": a fresh, empty one becomes current. A current conversation that is still
 * empty is that fresh start already, so pressing twice makes one, not two.
 */
export async function startConversation(db: Db, userId: string): Promise<ConversationRow> {
  const current = await currentConversation(db, userId);
  if (current && !(await hasMessages(db, current.id))) return current;
  const [row] = await db
    .insert(conversations)
    .values({ userId, createdAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
    .returning();
  if (!row) throw new Error('conversation insert returned no row');
  return row;
}

async function hasMessages(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: conversationMessages.id })
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, id))
    .limit(1);
  return Boolean(row);
}

export async function deleteConversation(db: Db, id: string): Promise<void> {
  await db.delete(conversations).where(eq(conversations.id, id));
}

/**
 * The conversation a question goes into: the one the chat named, if it is still the asker's;
 * else the current one; else a new one. Returns its id.
 */
export async function conversationForQuestion(
  db: Db,
  userId: string,
  named: string | null | undefined,
): Promise<string> {
  if (named) {
    const [row] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.id, named), eq(conversations.userId, userId)));
    if (row) return row.id;
  }
  return (await currentConversation(db, userId))?.id ?? (await startConversation(db, userId)).id;
}

/** Stores the user's question; the first question names the conversation. Returns the message id. */
export async function addQuestion(
  db: Db,
  conversationId: string,
  text: string,
  isAudio: boolean,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .insert(conversationMessages)
      .values({ conversationId, type: 'user', text, isAudio })
      .returning({ id: conversationMessages.id });
    await tx
      .update(conversations)
      .set({
        updatedAt: sql`clock_timestamp()`,
        title: sql`case when ${conversations.title} = '' then ${conversationTitle(text)} else ${conversations.title} end`,
      })
      .where(eq(conversations.id, conversationId));
    if (!message) throw new Error('message insert returned no row');
    return message.id;
  });
}

/** Stores the answer as the chat shows it, and a recording's transcript on its question. */
export async function addAnswer(
  db: Db,
  conversationId: string,
  questionMessageId: number,
  response: AnswerResponse,
  questionId: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(conversationMessages)
      .set({ questionId })
      .where(eq(conversationMessages.id, questionMessageId));
    // A recording is named by its transcript once the answer brings it.
    const heard = response.text.trim();
    if (heard) {
      await tx
        .update(conversationMessages)
        .set({ text: heard })
        .where(and(eq(conversationMessages.id, questionMessageId), eq(conversationMessages.text, '')));
    }
    await tx
      .update(conversations)
      .set({ title: conversationTitle(heard || VOICE_TITLE) })
      .where(and(eq(conversations.id, conversationId), eq(conversations.title, '')));
    await tx.insert(conversationMessages).values({
      conversationId,
      type: 'bot',
      text: response.error ?? response.answer,
      isAudio: Boolean(response.audioPath),
      audioPath: response.audioPath,
      links: response.links,
      questionId,
    });
    await tx
      .update(conversations)
      .set({ updatedAt: sql`clock_timestamp()` })
      .where(eq(conversations.id, conversationId));
  });
}
