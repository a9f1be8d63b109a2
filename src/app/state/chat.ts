import { atom } from 'jotai';
import type { QuestionFeedback } from '../../shared/chat/feedback';
import type { AnswerLink } from '../../shared/chat/protocol';

/** SPEC §3 Chat message. Articulation is a transient progress note, at most one in the list. */
export interface ChatMessage {
  id: string;
  type: 'user' | 'bot' | 'articulation';
  /** Markdown for bot messages, plain text otherwise; an error answer's message for a failed answer. */
  text: string;
  isAudio: boolean;
  /** The user's recording. */
  audioBlob?: Blob;
  /** Where the recording or the spoken answer is played from. */
  audioURI?: string;
  /** A spoken answer's file name under the text-to-speech base address (kept with the conversation). */
  audioPath?: string;
  /** Play the spoken answer as it arrives: this tab asked by voice. */
  autoplay?: boolean;
  links?: AnswerLink[];
  /** A bot message: the question record it answers, for feedback and Listen (issue 14 item 3). */
  questionId?: string;
  /** A bot message: the asker's "Was this helpful?", null until given. */
  feedback?: QuestionFeedback | null;
  /** A bot message that carries an error instead of an answer. */
  failed?: boolean;
}

/**
 * The chat socket as the user sees it (SPEC §4 Socket; 'connecting' before the first connect;
 * 'outdated': the server was updated and this page must be reloaded to chat).
 */
export type SocketStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline' | 'outdated';

/** SPEC §3 Initial question state: handed from the dashboard to the chat page. */
export interface InitialQuestion {
  text: string;
  audio: Blob | null;
}

export const chatMessagesAtom = atom<ChatMessage[]>([]);
/** A question is out and unanswered: sending is disabled (SPEC §4 Chat, §5 Chat). */
export const waitingAtom = atom(false);
export const socketStatusAtom = atom<SocketStatus>('offline');
export const initialQuestionAtom = atom<InitialQuestion | null>(null);
/** The kept conversation the chat shows and adds to; null until one exists (issue 14). */
export const conversationIdAtom = atom<string | null>(null);
/** A question typed while nothing could be sent: it waits in the box until the user sends it. */
export const heldQuestionAtom = atom<string | null>(null);
/** The conversation shown is this browser's copy: the server could not be asked. */
export const conversationFromCacheAtom = atom(false);

/** SPEC §4: the message list's operations. */
export const chatMessages = {
  add(list: ChatMessage[], message: ChatMessage): ChatMessage[] {
    return [...list, message];
  },
  /** Replaces any existing articulation; the new one goes last. */
  addArticulation(list: ChatMessage[], message: ChatMessage): ChatMessage[] {
    return [...list.filter((m) => m.type !== 'articulation'), message];
  },
  removeArticulation(list: ChatMessage[]): ChatMessage[] {
    return list.some((m) => m.type === 'articulation') ? list.filter((m) => m.type !== 'articulation') : list;
  },
  clear(): ChatMessage[] {
    return [];
  },
};
