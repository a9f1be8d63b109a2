import type { z } from 'zod';
import type { QuestionEvent } from './events';
import type {
  answerLink,
  answerMessage,
  answerResponse,
  articulatingMessage,
  handshakeAuth,
  handshakeRefusal,
  questionMessage,
} from './schemas';

/**
 * The chat's Socket.IO protocol (SPEC §3 Socket question / Socket answer, §7 Real-time chat): the
 * one typed description that the server, the chat SharedWorker and the tests all use. The
 * payloads are the zod schemas of schemas.ts, inferred: the server parses what it is sent with the
 * same schemas its types come from. (Only types are imported here, so no zod reaches a bundle
 * through this file.) The event names are events.ts's, which the schemas are made from too.
 */
export { ANSWER_EVENTS, ANSWER_FOR, QUESTION_EVENTS, type AnswerEvent, type QuestionEvent } from './events';

export type QuestionMessage = z.infer<typeof questionMessage>;
export type QuestionContent = QuestionMessage['content'];
export type AnswerLink = z.infer<typeof answerLink>;
export type AnswerResponse = z.infer<typeof answerResponse>;
export type AnswerMessage = z.infer<typeof answerMessage>;
export type ArticulatingMessage = z.infer<typeof articulatingMessage>;
export type HandshakeAuth = z.infer<typeof handshakeAuth>;
export type HandshakeRefusal = z.infer<typeof handshakeRefusal>;

/**
 * The version of this protocol, sent in the handshake's `auth` as `protocolVersion`. Raised with
 * any change an older client would misread. The server refuses a client of another version with a
 * connect_error whose data (a HandshakeRefusal) says which side is behind: an older tab asks its
 * user to reload ('reload'); a newer one has met a process not yet updated in a rolling deploy,
 * and waits and tries again ('retry'), since the next process it reaches may be new.
 */
export const PROTOCOL_VERSION = 1;
/**
 * The version spoken by a tab built before the handshake carried one: those tabs send none. They
 * speak version 1's events, so they are let in until PROTOCOL_VERSION is raised.
 */
export const UNVERSIONED_PROTOCOL = 1;
/** The connect_error's message when the client is older than the server. */
export const RELOAD_REASON = 'reload';
/** What the chat shows then, with a Reload button (docs/chat.md). */
export const RELOAD_MESSAGE = 'DISH has been updated. Please reload the page to keep chatting.';
/** The connect_error's message when the server is older than the client (a deploy under way). */
export const RETRY_REASON = 'retry';
/** Said to a program that reads the refusal; a tab shows "Reconnecting" meanwhile. */
export const RETRY_MESSAGE = 'DISH is being updated. Connecting again in a moment.';

export interface ServerToClientEvents {
  'answer-text': (message: AnswerMessage) => void;
  'answer-stats': (message: AnswerMessage) => void;
  'answer-voice': (message: AnswerMessage) => void;
  articulating: (message: ArticulatingMessage) => void;
  /** The generic channel: every answer and progress note is also sent here. */
  message: (message: AnswerMessage | ArticulatingMessage) => void;
}

export interface ClientToServerEvents {
  'question-text': (message: QuestionMessage) => void;
  'question-stats': (message: QuestionMessage) => void;
  'question-voice': (message: QuestionMessage) => void;
  /** The generic channel: a QuestionMessage whose `event` says which question it is. */
  'client-message': (message: QuestionMessage) => void;
}

/** SPEC §4: a question that is exactly the stats prefix is not sent. */
export function isBlankStatsQuery(query: string): boolean {
  return query === '/stats ';
}

/** SPEC §4: a question beginning with /stats uses the stats event. */
export function questionEventFor(query: string): QuestionEvent {
  return query.startsWith('/stats') ? 'question-stats' : 'question-text';
}
