/**
 * The names of the chat's socket events, which answer event answers which question event: what
 * both the schemas (schemas.ts) and the protocol's types (protocol.ts) are made from, so that
 * neither imports the other.
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
