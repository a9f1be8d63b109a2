import type { z } from 'zod';
import type {
  answerLink,
  answerMessage,
  answerResponse,
  articulatingMessage,
  questionMessage,
} from './schemas';

/**
 * The chat's Socket.IO protocol (SPEC §3 Socket question / Socket answer, §7 Real-time chat): the
 * one typed description that the server, the chat SharedWorker and the tests all use. The
 * payloads are the zod schemas of schemas.ts, inferred: the server parses what it is sent with the
 * same schemas its types come from. (Only types are imported here, so no zod reaches a bundle
 * through this file.)
 */
export const QUESTION_EVENTS = ['question-text', 'question-stats', 'question-voice'] as const;
export type QuestionEvent = (typeof QUESTION_EVENTS)[number];
export const ANSWER_EVENTS = ['answer-text', 'answer-stats', 'answer-voice'] as const;
export type AnswerEvent = (typeof ANSWER_EVENTS)[number];

/** Which answer event answers which question event. */
export const ANSWER_FOR: Record<QuestionEvent, AnswerEvent> = {
  'question-text': 'answer-text',
  'question-stats': 'answer-stats',
  'question-voice': 'answer-voice',
};

export type QuestionMessage = z.infer<typeof questionMessage>;
export type QuestionContent = QuestionMessage['content'];
export type AnswerLink = z.infer<typeof answerLink>;
export type AnswerResponse = z.infer<typeof answerResponse>;
export type AnswerMessage = z.infer<typeof answerMessage>;
export type ArticulatingMessage = z.infer<typeof articulatingMessage>;

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
