import { z } from 'zod';

/**
 * What the knowledge base gave a question: a sentence that answers it; only the closest passage
 * it holds, said as such ("I could not find a direct answer; the closest passage is:"); or
 * nothing, said plainly with no source. The chat, the project API and the admin's prompt check
 * report the same three.
 */
export const answerOutcome = z.enum(['answer', 'closest', 'none']);
export type AnswerOutcome = z.infer<typeof answerOutcome>;
