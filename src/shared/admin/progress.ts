import { z } from 'zod';
import { QUERYING_APPS } from '../constants';

/** POST, an admin: how the ingestion queue stands, for the live progress of the Data tab (issue 14 item 5). */
export const INGESTION_PROGRESS_PATH = '/admin/get_ingestion_progress';

export const ingestionProgressBody = z.object({
  queryingApp: z.enum(QUERYING_APPS, { error: 'queryingApp must name one of the querying apps.' }),
  /** One source's items only. */
  source: z.uuid({ error: 'Source ID is missing.' }).optional(),
});

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
  /** When the next scheduled run starts (ISO 8601); null when this server has no schedule. */
  nextRunAt: z.string().nullable(),
  /** INGEST_INTERVAL: seconds between scheduled runs, 0 when runs are only forced. */
  intervalSeconds: z.number().int(),
});
export type IngestionProgress = z.infer<typeof ingestionProgressAnswer>;
