import { z } from 'zod';
import { conversationId } from './conversations';
import { QUESTION_EVENTS } from './protocol';
import { uiLanguage } from '../i18n/languages';

/** Longest question accepted; anything longer is refused with a sentence, not truncated. */
export const MAX_QUESTION_LENGTH = 2000;

export const questionMessage = z.object({
  event: z.enum(QUESTION_EVENTS, { error: 'The question has no known event.' }),
  content: z.object({
    query: z.string({ error: 'The question is empty.' }).max(MAX_QUESTION_LENGTH, {
      error: `Questions can be ${MAX_QUESTION_LENGTH} characters long at most.`,
    }),
    sourceMode: z.enum(['web', 'wa']).default('web'),
    project: z.string().max(100).default('dish'),
    sessionId: z.string().max(100).default(''),
    audioBuffer: z.instanceof(Uint8Array).or(z.instanceof(ArrayBuffer)).optional(),
    conversationId: conversationId.nullable().optional(),
    language: uiLanguage.optional(),
  }),
});
export type ParsedQuestion = z.infer<typeof questionMessage>;
