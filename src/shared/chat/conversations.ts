import { z } from 'zod';
import { questionFeedback } from './feedback';

/**
 * A user's conversations, kept on the server (issue 14 item 1): the REST bodies both sides use.
 * The chat shows the current conversation; earlier ones are listed, reopened and deleted by their
 * owner. Questions carry the conversation they belong to (`conversationId` in the socket content).
 */
export const conversationId = z.uuid({ error: 'That conversation does not exist.' });

export const conversationLink = z.object({ url: z.string(), title: z.string().optional() });

export const conversationMessage = z.object({
  id: z.number().int(),
  type: z.enum(['user', 'bot']),
  /** Markdown for the bot, plain text (a recording's transcript) for the user. */
  text: z.string(),
  isAudio: z.boolean(),
  /** A spoken answer's file name under the text-to-speech base address. */
  audioPath: z.string().nullable(),
  links: z.array(conversationLink),
  at: z.string(),
  /** The question record this message belongs to (issue 14 item 3); absent in older copies. */
  questionId: z.string().nullable().optional(),
  /** On an answer: the asker's "Was this helpful?", null until given. */
  feedback: questionFeedback.nullable().optional(),
});
export type ConversationMessage = z.infer<typeof conversationMessage>;

export const conversationSummary = z.object({
  id: z.string(),
  /** The first question, shortened; empty until something is asked. */
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

export const conversationView = conversationSummary.extend({ messages: z.array(conversationMessage) });
export type ConversationView = z.infer<typeof conversationView>;

/** GET /api/conversations: newest first; `currentId` is the one the chat shows. */
export const conversationList = z.object({
  conversations: z.array(conversationSummary),
  currentId: z.string().nullable(),
});
export type ConversationList = z.infer<typeof conversationList>;

/** GET /api/conversations/current. */
export const currentConversation = z.object({ conversation: conversationView.nullable() });

/** Titles are the first question cut to this many characters. */
export const CONVERSATION_TITLE_LENGTH = 80;
/** How many conversations the list shows (newest first). */
export const CONVERSATION_LIST_LIMIT = 50;

export function conversationTitle(question: string): string {
  const words = question.trim().replace(/\s+/g, ' ');
  return words.length <= CONVERSATION_TITLE_LENGTH
    ? words
    : `${words.slice(0, CONVERSATION_TITLE_LENGTH - 1).trimEnd()}…`;
}
