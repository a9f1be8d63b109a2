import { z } from 'zod';
import { MAX_PAGE_SIZE, QUERYING_APPS } from '../constants';
import {
  DEPTH_MAX,
  DEPTH_MESSAGE,
  DEPTH_MIN,
  needsUrl,
  URL_FORMAT_MESSAGE,
  webAddress,
} from './add-data-rules';
import { messages } from '../messages';
import { feedbackFilter } from '../chat/feedback';

import { PROCESSING_STATUSES, SOURCE_TYPES, type HistoryEventView } from './views';

export {
  PROCESSING_STATUSES,
  SOURCE_TYPES,
  type HistoryEventView,
  type IngestedItemView,
  type ListAnswer,
  type PendingItemView,
  type ProcessingStatus,
  type QuestionView,
  type SourceType,
  type SourceView,
  type UserAdminView,
} from './views';

const queryingApp = z.enum(QUERYING_APPS, { error: 'queryingApp must name one of the querying apps.' });
const sourceId = z.uuid({ error: messages.sourceIdMissing });

export const queryOptions = z
  .object({
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
    skip: z.coerce.number().int().min(0).max(10_000_000).default(0),
  })
  .default({ limit: 10, skip: 0 });

/** Every admin list call: paging plus the `key: value` search of the table. */
const listFields = {
  queryingApp,
  queryOptions,
  search: z.string().max(500).optional(),
};

export const getDataBankBody = z.object({
  ...listFields,
  query: z.object({ source: z.string().max(100).optional() }).default({}),
  onlySources: z.boolean().optional(),
  onlyActiveSources: z.boolean().optional(),
});
export type GetDataBankBody = z.infer<typeof getDataBankBody>;

export const getPendingDataBody = z.object({
  ...listFields,
  query: z
    .object({
      source: z.string().max(100).optional(),
      status: z.object({ $ne: z.enum(PROCESSING_STATUSES) }).optional(),
    })
    .default({}),
});
export type GetPendingDataBody = z.infer<typeof getPendingDataBody>;

export const addSourceBody = z.object({
  queryingApp,
  name: z
    .string({ error: messages.addSourceInvalid })
    .trim()
    .min(1, { error: messages.addSourceInvalid })
    .max(200, { error: 'The source name is too long (200 characters at most).' }),
  project: z.string({ error: messages.addSourceInvalid }).min(1, { error: messages.addSourceInvalid }),
  is_active: z.boolean().default(true),
});

export const sourceIdBody = z.object({ queryingApp, sourceId });

export const editSourceBody = z.object({
  queryingApp,
  sourceId,
  sourceData: z.object({ is_active: z.boolean({ error: 'sourceData.is_active must be true or false.' }) }),
});

/** The single-item Add Data form's fields (multipart text fields). */
export const addDataFields = z
  .object({
    data_type: z.enum(SOURCE_TYPES, { error: messages.addDataIncomplete }),
    source: z.string({ error: messages.selectSource }).trim().min(1, { error: messages.selectSource }),
    project: z
      .string({ error: messages.addDataIncomplete })
      .trim()
      .min(1, { error: messages.addDataIncomplete }),
    location: z
      .string({ error: messages.addDataIncomplete })
      .trim()
      .min(1, { error: messages.addDataIncomplete })
      .max(100, { error: 'The location is too long (100 characters at most).' }),
    url: z.string().trim().max(2000, { error: 'The URL is too long (2,000 characters at most).' }).optional(),
    depth: z.coerce
      .number({ error: DEPTH_MESSAGE })
      .int({ error: DEPTH_MESSAGE })
      .min(DEPTH_MIN, { error: DEPTH_MESSAGE })
      .max(DEPTH_MAX, { error: DEPTH_MESSAGE })
      .default(0),
  })
  .superRefine((fields, ctx) => {
    const withUrl = needsUrl(fields.data_type);
    if (withUrl && !fields.url) ctx.addIssue({ code: 'custom', message: messages.addDataIncomplete });
    if (withUrl && fields.url && !webAddress(fields.url)) {
      ctx.addIssue({ code: 'custom', message: URL_FORMAT_MESSAGE });
    }
  });
export type AddDataFields = z.infer<typeof addDataFields>;

// ---------------------------------------------------------------------------------------------
// Users, questions and projects (SPEC §3, §7 Admin)

export const listBody = z.object({ ...listFields, query: z.object({}).passthrough().default({}) });
export type ListBody = z.infer<typeof listBody>;

/** get_questions: a list body, optionally narrowed by the asker's feedback (issue 14 item 3). */
export const questionListBody = listBody.extend({ feedback: feedbackFilter.optional() });
export type QuestionListBody = z.input<typeof questionListBody>;

const userId = z.uuid({ error: 'The user is missing or not valid.' });

export const blockUserBody = z.object({
  queryingApp,
  userId,
  block: z.boolean({ error: 'block must be true or false.' }),
});

export const makeUserAdminBody = z.object({
  queryingApp,
  userId,
  makeAdmin: z.boolean({ error: 'makeAdmin must be true or false.' }),
  // Any project, built-in or created: whether the admin may grant it is the projects policy's to say.
  adminFor: z
    .array(z.string().trim().min(1, { error: 'adminFor must name projects.' }).max(100))
    .max(100)
    .default([]),
});

export const createProjectBody = z.object({
  name: z
    .string({ error: 'Please enter a project name.' })
    .trim()
    .min(1, { error: 'Please enter a project name.' })
    .max(100, { error: 'The project name is too long (100 characters at most).' }),
  description: z
    .string({ error: 'Please enter a project description.' })
    .trim()
    .min(1, { error: 'Please enter a project description.' })
    .max(1000, { error: 'The description is too long (1,000 characters at most).' }),
});

/** One event of a question's history as this server writes it, in order (SPEC §3). */
export interface HistoryEvent extends HistoryEventView {
  type:
    | 'voice-query'
    | 'detect-language-query'
    | 'detected-language'
    | 'translation'
    | 'query-response'
    | 'error';
}

export interface CreateProjectAnswer {
  projectId: string;
  apiKey: string;
  /** The id of the key made with the project (it is listed, revoked and rotated by this id). */
  keyId?: string;
}
