import { z } from 'zod';
import { QUERYING_APPS } from '../constants';

/** POST, an admin: how the ingestion queue stands, for the live progress of the Data tab (issue 14 item 5). */
export const INGESTION_PROGRESS_PATH = '/admin/get_ingestion_progress';

export const ingestionProgressBody = z.object({
  queryingApp: z.enum(QUERYING_APPS, { error: 'queryingApp must name one of the querying apps.' }),
  /** One source's items only. */
  source: z.uuid({ error: 'Source ID is missing.' }).optional(),
});

/**
 * What an item's work is doing (issue 34 item 5): reading its file (pages read of N), fetching
 * it (a video, an export), crawling a site (pages found and fetched), embedding its passages (M
 * passages), saving them. A failed item keeps the stage it failed in.
 */
export const WORK_STAGES = ['reading', 'fetching', 'crawling', 'embedding', 'saving'] as const;
export type WorkStage = (typeof WORK_STAGES)[number];

export const workView = z.object({
  id: z.string(),
  source: z.string(),
  /** The item's title, else its file name or address. */
  name: z.string(),
  stage: z.enum(WORK_STAGES),
  /** Units of the stage done (pages read, passages embedded) of `total`; total null when unknown yet. */
  done: z.number().int(),
  total: z.number().int().nullable(),
  /** Seconds the stage still needs at its pace so far; null until it can be told. */
  secondsLeft: z.number().int().nullable(),
});
export type WorkView = z.infer<typeof workView>;

export const ingestionProgressAnswer = z.object({
  counts: z.object({
    pending: z.number().int(),
    started: z.number().int(),
    completed: z.number().int(),
    failed: z.number().int(),
  }),
  /** The web items being crawled now: same-site pages found to read, and read so far. */
  crawls: z.array(
    z.object({ id: z.string(), url: z.string(), source: z.string(), found: z.number(), fetched: z.number() }),
  ),
  /** The items in work other than crawls, with their stage and how far it is. */
  working: z.array(workView),
  /** When the next scheduled run starts (ISO 8601); null when this server has no schedule. */
  nextRunAt: z.string().nullable(),
  /** INGEST_INTERVAL: seconds between scheduled runs, 0 when runs are only forced. */
  intervalSeconds: z.number().int(),
});
export type IngestionProgress = z.infer<typeof ingestionProgressAnswer>;
