/**
 * What the app keeps in this browser so that a signed-in person who reloads offline still finds
 * their page (issue 14 item 2): the last known user and their current conversation. Both are
 * forgotten when the server says nobody is signed in, and at sign-out. Read back through zod: the
 * storage may hold anything (an older version's shape, another app's key, a hand edit).
 */
import { z } from 'zod';
import { sessionUser, type SessionUser } from '../../shared/auth/schemas';
import { uiLanguage } from '../../shared/i18n/language-schemas';
import { conversationView, type ConversationView } from '../../shared/chat/conversations';
import { CONVERSATION_KEY, HELD_KEY, saveLastUser, USER_KEY, writeOffline as write } from './offline-storage';

const cachedUser = sessionUser.extend({
  // A copy kept before the language was part of the user has none: not chosen.
  language: uiLanguage.nullable().default(null),
}) satisfies z.ZodType<SessionUser>;

const cachedConversation = z.object({ userId: z.string(), conversation: conversationView });
const heldQuestion = z.object({ userId: z.string(), text: z.string() });

function read<T>(key: string, schema: z.ZodType<T>): T | null {
  try {
    const text = localStorage.getItem(key);
    if (!text) return null;
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const offlineCache = {
  user: (): SessionUser | null => read(USER_KEY, cachedUser),
  saveUser: saveLastUser,
  /** The user's current conversation as last seen, or null. */
  conversation(userId: string): ConversationView | null {
    const cached = read(CONVERSATION_KEY, cachedConversation);
    return cached?.userId === userId ? cached.conversation : null;
  },
  saveConversation(userId: string, conversation: ConversationView | null): void {
    write(CONVERSATION_KEY, conversation ? { userId, conversation } : null);
  },
  /** A question typed offline, waiting to be sent: it survives a reload. */
  held(userId: string): string | null {
    const cached = read(HELD_KEY, heldQuestion);
    return cached?.userId === userId ? cached.text : null;
  },
  saveHeld(userId: string, text: string | null): void {
    write(HELD_KEY, text === null ? null : { userId, text });
  },
};
