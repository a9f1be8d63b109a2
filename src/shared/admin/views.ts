import { z } from 'zod';
import { answerOutcome } from '../chat/answer-outcome';
import { userProfileFields } from '../auth/schemas';
import { questionFeedback } from '../chat/feedback';

/**
 * What the admin calls answer (SPEC §3), as zod, so that the route table can say it and the app
 * parses every answer instead of casting it.
 */

export const SOURCE_TYPES = ['web', 'yt_video', 'yt_channel', 'xml_db', 'pdf', 'doc'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
export const PROCESSING_STATUSES = ['pending', 'started', 'completed', 'failed'] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

/** Every admin list: one page of rows and how many there are in all. */
export const listAnswer = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), total: z.number() });
export interface ListAnswer<T> {
  data: T[];
  total: number;
}

/** A source as the admin screens show it (SPEC §3 Source). */
export const sourceView = z.object({
  _id: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  project: z.string(),
});
export type SourceView = z.infer<typeof sourceView>;

export const sourceAnswer = z.object({ source: sourceView });
export const sourcesAnswer = z.object({ sources: z.array(sourceView) });

/** SPEC §3 Pending data item. */
export const pendingItemView = z.object({
  _id: z.string(),
  data_type: z.enum(SOURCE_TYPES),
  source: z.string(),
  source_id: z.string(),
  description: z.string(),
  title: z.string(),
  url: z.string().nullable(),
  depth: z.number(),
  status: z.enum(PROCESSING_STATUSES),
  error: z.string().nullable(),
});
export type PendingItemView = z.infer<typeof pendingItemView>;

/** SPEC §3 Ingested data item. */
export const ingestedItemView = z.object({
  _id: z.string(),
  resource_type: z.string(),
  source: z.string(),
  source_id: z.string(),
  project: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string().nullable(),
  country: z.string(),
  isConsumed: z.boolean(),
});
export type IngestedItemView = z.infer<typeof ingestedItemView>;

/** SPEC §3 User (admin view). Contact details are masked for admins who are not super admins. */
export const userAdminView = z.object({
  _id: z.string(),
  ...userProfileFields,
  /** The querying app the person registered through: the project they chat in (issue 31). */
  registeredVia: z.string(),
  isBlocked: z.boolean(),
  isActive: z.boolean(),
});
export type UserAdminView = z.infer<typeof userAdminView>;

export const userAnswer = z.object({ user: userAdminView });

/**
 * SPEC §3 History event, as the admin screens read it: loose, since records written elsewhere
 * (the messaging app) may carry other types and fields.
 */
export const historyEventView = z.looseObject({
  type: z.string(),
  timestamp: z.string(),
  text: z.string().optional(),
  query: z.string().optional(),
  answer: z.string().optional(),
  error: z.string().optional(),
  message: z.string().optional(),
  lang_name: z.string().optional(),
  /** query-response of a voice question: the spoken answer's file under the TTS base address. */
  audioPath: z.string().optional(),
  /** query-response: how well the chosen sentence matched the question (the composer's score). */
  confidence: z.number().optional(),
  /** query-response: an answer, only the closest passage, or nothing (answer-outcome.ts). */
  outcome: answerOutcome.optional(),
  /** query-response: the reviewed answer served (issue 33), by id. */
  reviewedAnswer: z.string().optional(),
});
export type HistoryEventView = z.infer<typeof historyEventView>;

/** SPEC §3 Question record, with what the Questions table shows. */
export const questionView = z.object({
  _id: z.string(),
  query: z.string(),
  history: z.array(historyEventView),
  queryTimestamp: z.string(),
  answeredAt: z.string().nullable(),
  sourceMode: z.enum(['web', 'wa', 'api']),
  project: z.string(),
  askedVia: z.string(),
  language: z.string(),
  status: z.enum(['pending', 'answered', 'failed']),
  /** The asker's "Was this helpful?" (issue 14 item 3); null when they gave none. */
  feedback: questionFeedback.nullable().optional(),
  /** An admin's review (issue 33): approved, a right answer written, needs content, or dismissed as a gap. */
  review: z
    .object({
      state: z.enum(['approved', 'rewritten', 'needs_content', 'dismissed']),
      reviewedAt: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type QuestionView = z.infer<typeof questionView>;

/** add_data: how many items were queued. */
export const recordsAnswer = z.object({ records: z.number() });
/** bulk_upload_file: the rows queued, and each row refused with the reason. */
export const bulkUploadAnswer = recordsAnswer.extend({
  refused: z.array(z.object({ row: z.number(), reason: z.string() })).optional(),
});
export type BulkUploadAnswer = z.infer<typeof bulkUploadAnswer>;
