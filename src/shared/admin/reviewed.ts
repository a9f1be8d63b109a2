import { z } from 'zod';

/**
 * Reviewed answers (issue 33): an answer an admin approved or wrote for a question, served first
 * to every later question of the same meaning, in any language the model reads.
 */

/** A source of a reviewed answer: an ingested item of the project, or a link typed by the admin. */
export const reviewedSource = z.object({
  /** The ingested item, when picked from the project's; a typed link has none. */
  itemId: z.uuid().optional(),
  url: z.string().trim().min(1).max(2000),
  title: z.string().trim().max(500).default(''),
});
export type ReviewedSource = z.infer<typeof reviewedSource>;

/** At most this many questions (the first as asked, then paraphrases) per reviewed answer. */
export const MAX_REVIEWED_QUESTIONS = 50;
export const MAX_REVIEWED_SOURCES = 20;
const MAX_ANSWER_LENGTH = 20_000;

/** What the checks below say: the server's 400s, and the write form's messages (and their Hindi's keys). */
export const reviewedMessages = {
  questionEmpty: 'A question is empty.',
  questionTooLong: 'A question is too long (2,000 characters at most).',
  languageCode: 'A language is a two-letter code, such as en or hi.',
  answerTooLong: 'The answer is too long (20,000 characters at most).',
  noAnswer: 'Please write the answer.',
  noProject: 'Please choose a project.',
  noQuestion: 'Please give the question it answers.',
  tooManyQuestions: `At most ${MAX_REVIEWED_QUESTIONS} questions per answer.`,
  tooManySources: `At most ${MAX_REVIEWED_SOURCES} sources per answer.`,
};

const questionText = z
  .string()
  .trim()
  .min(1, { error: reviewedMessages.questionEmpty })
  .max(2000, { error: reviewedMessages.questionTooLong });

const answerVersions = z
  .record(
    z.string().regex(/^[a-z]{2}$/, { error: reviewedMessages.languageCode }),
    z.string().trim().max(MAX_ANSWER_LENGTH, { error: reviewedMessages.answerTooLong }),
  )
  .transform((versions) => Object.fromEntries(Object.entries(versions).filter(([, text]) => text)))
  .refine((versions) => Object.keys(versions).length > 0, { error: reviewedMessages.noAnswer });

/** What an admin writes: the questions it answers, the answer in one language or more, its sources. */
const sourceList = z
  .array(reviewedSource)
  .max(MAX_REVIEWED_SOURCES, { error: reviewedMessages.tooManySources });

export const reviewedAnswerInput = z.object({
  project: z.string().trim().min(1, { error: reviewedMessages.noProject }),
  questions: z
    .array(questionText)
    .min(1, { error: reviewedMessages.noQuestion })
    .max(MAX_REVIEWED_QUESTIONS, { error: reviewedMessages.tooManyQuestions }),
  answers: answerVersions,
  sources: sourceList.default([]),
  /** The question record it answers (the Questions tab's "Write the right answer"). */
  fromQuestion: z.uuid().optional(),
  /** The knowledge gap's questions it answers ("Write an answer" on a group): they leave the gaps. */
  closes: z.array(z.uuid()).max(1000).optional(),
});
export type ReviewedAnswerInput = z.input<typeof reviewedAnswerInput>;

/** A change to a reviewed answer: any of its parts; retiring stops it being served. */
export const reviewedAnswerChange = reviewedAnswerInput
  .pick({ questions: true, answers: true })
  .partial()
  // Sources without the input's default: a change that leaves them out keeps them.
  .extend({ sources: sourceList.optional(), status: z.enum(['active', 'retired']).optional() });

export const reviewedAnswerView = z.object({
  _id: z.string(),
  project: z.string(),
  questions: z.array(z.string()),
  answers: z.record(z.string(), z.string()),
  sources: z.array(reviewedSource),
  status: z.enum(['active', 'retired']),
  /** True when every source it had is deleted or disabled: it is not served until reviewed again. */
  needsReview: z.boolean(),
  fromQuestion: z.string().nullable(),
  reviewedBy: z.string(),
  reviewedAt: z.string(),
  hits: z.number(),
  lastHitAt: z.string().nullable(),
});
export type ReviewedAnswerView = z.infer<typeof reviewedAnswerView>;

/** The export a hub moves between servers: what an admin wrote, without counts or ids. */
export const reviewedExport = z.object({
  format: z.literal('dish-reviewed-answers'),
  version: z.literal(1),
  answers: z.array(
    reviewedAnswerInput.omit({ project: true, fromQuestion: true, closes: true }).extend({
      status: z.enum(['active', 'retired']).default('active'),
      reviewedBy: z.string().default(''),
      reviewedAt: z.string().optional(),
    }),
  ),
});
export type ReviewedExport = z.input<typeof reviewedExport>;

export const reviewedAnswerParams = z.object({
  id: z.uuid({ error: 'No such reviewed answer.' }),
});
export const reviewQuestionParams = z.object({
  id: z.uuid({ error: 'No such question.' }),
});

/** "Needs content": on, or taken back. */
export const needsContentBody = z.object({ needsContent: z.boolean().default(true) });

export const reviewedListBody = z.object({
  /** One project of the admin's; left out: all of them. */
  project: z.string().max(100).optional(),
  /** Words found in a question or an answer. */
  search: z.string().max(500).optional(),
  status: z.enum(['active', 'retired', 'all']).default('all'),
  queryOptions: z
    .object({
      limit: z.coerce.number().int().min(1).max(100).default(10),
      skip: z.coerce.number().int().min(0).max(10_000_000).default(0),
    })
    .default({ limit: 10, skip: 0 }),
});
export type ReviewedListBody = z.input<typeof reviewedListBody>;

export const reviewedExportQuery = z.object({
  project: z.string().trim().min(1, { error: reviewedMessages.noProject }),
});
export const reviewedImportBody = z.object({
  project: z.string().trim().min(1, { error: reviewedMessages.noProject }),
  data: reviewedExport,
});

/** A period of the admin's choosing (ISO dates or instants); left out: from the start, or until now. */
export const periodBody = z.object({
  project: z.string().max(100).optional(),
  from: z.iso.date().or(z.iso.datetime()).optional(),
  to: z.iso.date().or(z.iso.datetime()).optional(),
});

/** Why a question is a knowledge gap. */
export const GAP_KINDS = ['refused', 'closest', 'unhelpful', 'needs_content'] as const;
export type GapKind = (typeof GAP_KINDS)[number];

export const gapQuestion = z.object({
  _id: z.string(),
  query: z.string(),
  language: z.string(),
  project: z.string(),
  kind: z.enum(GAP_KINDS),
  /** The asker's comment with a "No". */
  comment: z.string(),
  queryTimestamp: z.string(),
});
export type GapQuestion = z.infer<typeof gapQuestion>;

/** Questions that mean the same thing, in any language: one gap. */
export const gapGroup = z.object({
  count: z.number(),
  languages: z.array(z.string()),
  project: z.string(),
  /** Three of its questions, the newest first. */
  examples: z.array(gapQuestion),
  /** Every question of the group, for "Write an answer" (its paraphrases) and "Dismiss". */
  questionIds: z.array(z.string()),
  questions: z.array(z.string()),
});
export type GapGroup = z.infer<typeof gapGroup>;

export const gapsAnswer = z.object({
  groups: z.array(gapGroup),
  /** Gap questions in the period; only the newest `considered` are grouped. */
  total: z.number(),
  considered: z.number(),
});

export const dismissGapBody = z.object({ questionIds: z.array(z.uuid()).min(1).max(1000) });

/** The admin dashboard's honest figures for a period (issue 33 item 5). */
export const reviewFigures = z.object({
  asked: z.number(),
  /** Answered from reviewed answers. */
  reviewed: z.number(),
  /** Answered by the composer from the knowledge base (the closest passage included). */
  composed: z.number(),
  closest: z.number(),
  refused: z.number(),
  failed: z.number(),
  helpful: z.object({ yes: z.number(), no: z.number() }),
  /** Answers admins reviewed: approved as given, rewritten, or marked as needing content. */
  reviews: z.object({ approved: z.number(), rewritten: z.number(), needsContent: z.number() }),
  /** approved / (approved + rewritten + needsContent), or null when none was reviewed. */
  approvedShare: z.number().nullable(),
});
export type ReviewFigures = z.infer<typeof reviewFigures>;
