import type { UiLanguage } from '../i18n/languages';

/**
 * The chat's Socket.IO protocol (SPEC §3 Socket question / Socket answer, §7 Real-time chat): the
 * one typed description that the server, the chat SharedWorker and the tests all use.
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

export interface QuestionContent {
  query: string;
  /** 'web' for the chat; 'wa' for the messaging app. */
  sourceMode: 'web' | 'wa';
  project: string;
  /** Empty in the content the chat builds; the socket client fills in the session id before sending. */
  sessionId: string;
  /** question-voice only: the recording as MP3 bytes. */
  audioBuffer?: ArrayBuffer | Uint8Array;
  /**
   * The signed-in user's conversation the question belongs to (issue 14). Absent or null: the
   * current one (a new one when there is none). One that is not the asker's starts a new one.
   */
  conversationId?: string | null;
  /**
   * The asker's interface language (issue 14 item 7): the language of the answer, a refusal and a
   * spoken answer when the question's own words do not decide it (too short to tell, say).
   */
  language?: UiLanguage;
}

export interface QuestionMessage {
  event: QuestionEvent;
  content: QuestionContent;
}

export interface AnswerLink {
  url: string;
  title?: string;
}

export interface AnswerResponse {
  /** GitHub-flavoured markdown. Empty when `error` is set. */
  answer: string;
  error: string | null;
  /** The question as understood (the transcript, for voice). */
  text: string;
  /** A spoken answer's file name under the text-to-speech base address (answer-voice). */
  audioPath: string | null;
  links: AnswerLink[];
}

export interface AnswerMessage {
  event: AnswerEvent;
  content: {
    response: AnswerResponse;
    questionId: string | null;
    /** The conversation that keeps the question and this answer; null when none does. */
    conversationId?: string | null;
  };
}

/** A transient progress note; empty text removes it (SPEC §4 Chat). */
export interface ArticulatingMessage {
  event: 'articulating';
  content: { text: string };
}

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
