import { z } from 'zod';
import { answerOutcome } from '../chat/answer-outcome';
import { historyEventView } from '../admin/views';
import { MAX_QUESTION_LENGTH, QUESTION_TOO_LONG_MESSAGE } from '../chat/schemas';

/**
 * The project API (issue 15): an authorized project asks over HTTP with one of its keys, in
 * `Authorization: Bearer <key>` or `x-api-key: <key>`, and is answered from its own knowledge.
 */

export const ASK_PATH = '/api/v1/ask';
export const QUESTION_PATH = '/api/v1/questions/:id';
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

export const apiMessages = {
  noKey: 'This call needs an API key: send it as "Authorization: Bearer <key>" or in the "x-api-key" header.',
  badKey:
    'The API key is not valid: it is unknown or has been revoked. Ask an admin of the project for a key.',
  tooMany: (seconds: number) =>
    `This API key has made too many requests. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
  noQuestion: 'There is no question with this id in this project.',
  emptyQuery: 'Please send the question in "query".',
};

export const askBody = z
  .object({
    query: z
      .string({ error: apiMessages.emptyQuery })
      .trim()
      .min(1, { error: apiMessages.emptyQuery })
      .max(MAX_QUESTION_LENGTH, { error: QUESTION_TOO_LONG_MESSAGE })
      .meta({ description: 'The question, in any language.', example: 'What is braille?' }),
    language: z
      .string()
      .regex(/^[a-z]{2}$/, { error: 'language must be a two-letter ISO 639-1 code such as "en" or "hi".' })
      .optional()
      .meta({
        description: 'The question’s language, used when it cannot be told from the words.',
        example: 'en',
      }),
    conversationId: z
      .string()
      .trim()
      .min(1)
      .max(100, { error: 'conversationId can be 100 characters long at most.' })
      .regex(/^[\w.:-]+$/, { error: 'conversationId may hold letters, digits and . _ : - only.' })
      .optional()
      .meta({
        description: 'Your own id for a conversation: its questions are kept together.',
        example: 'customer-42',
      }),
  })
  .meta({ example: { query: 'What is braille?', language: 'en' } });
export type AskBody = z.infer<typeof askBody>;

export const answerLink = z
  .object({ url: z.string(), title: z.string().optional() })
  .meta({ example: { url: '/files/4b0c…/braille.pdf#page=2', title: 'Braille basics' } });

export const askAnswer = z
  .object({
    answer: z.string().meta({ description: 'The answer in GitHub-flavoured markdown.' }),
    links: z.array(answerLink).meta({ description: 'The sources the answer was taken from.' }),
    found: z.boolean().meta({
      description: 'True when the project’s knowledge answers the question (outcome "answer").',
    }),
    outcome: answerOutcome.meta({
      description:
        'What the project’s knowledge gave: "answer"; "closest", only the closest passage, said as such; or "none".',
    }),
    questionId: z.uuid().meta({ description: 'Read the question and its history again by this id.' }),
    language: z.string().meta({ description: 'The question’s language (ISO 639-1), or "" when unknown.' }),
    reviewed: z.boolean().meta({
      description:
        'True when the answer is one the project’s admins reviewed, served to questions of its meaning.',
    }),
  })
  .meta({
    example: {
      answer: 'Braille is a system of raised dots read by touch.',
      links: [{ url: 'https://example.org/braille', title: 'Braille basics' }],
      found: true,
      outcome: 'answer',
      questionId: '0b7e9a7e-8f0e-4c57-9b43-6b1f3e1d2a10',
      language: 'en',
      reviewed: false,
    },
  });
export type AskAnswer = z.infer<typeof askAnswer>;

/**
 * A history event as the project API shows it: the fields of the admin's `historyEventView` that a
 * project may read, each picked by name (a field added to the admin view stays out of this API
 * until it is picked here), and strict where the admin view is loose: other fields are dropped.
 */
export const historyEventSchema = historyEventView
  .pick({
    type: true,
    timestamp: true,
    text: true,
    query: true,
    answer: true,
    error: true,
    message: true,
    lang_name: true,
  })
  .strip();

export const questionAnswer = z
  .object({
    questionId: z.uuid(),
    query: z.string(),
    status: z.enum(['pending', 'answered', 'failed']),
    language: z.string(),
    conversationId: z.string().nullable(),
    askedAt: z.string(),
    answeredAt: z.string().nullable(),
    history: z.array(historyEventSchema),
  })
  .meta({
    example: {
      questionId: '0b7e9a7e-8f0e-4c57-9b43-6b1f3e1d2a10',
      query: 'What is braille?',
      status: 'answered',
      language: 'en',
      conversationId: 'customer-42',
      askedAt: '2026-11-23T10:00:00.000Z',
      answeredAt: '2026-11-23T10:00:00.400Z',
      history: [
        { type: 'detect-language-query', timestamp: '2026-11-23T10:00:00.100Z', query: 'What is braille?' },
        { type: 'detected-language', timestamp: '2026-11-23T10:00:00.100Z', lang_name: 'English' },
        {
          type: 'query-response',
          timestamp: '2026-11-23T10:00:00.400Z',
          query: 'What is braille?',
          answer: 'Braille is a system of raised dots read by touch.',
        },
      ],
    },
  });
export type QuestionAnswer = z.infer<typeof questionAnswer>;

export const questionParams = z.object({
  id: z.uuid({ error: apiMessages.noQuestion }).meta({ description: 'The questionId an ask answered.' }),
});

export const errorAnswer = z
  .object({ message: z.string().meta({ description: 'A sentence saying what is wrong.' }) })
  .meta({ example: { message: apiMessages.badKey } });

/** `Accept: text/event-stream`: `progress` events while the answer is made, then one `answer` (or `error`). */
export const streamEvents = {
  progress: z.object({ text: z.string() }),
  answer: askAnswer,
  error: errorAnswer,
};
