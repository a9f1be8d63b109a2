import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

/** SPEC §9 data-fetching defaults: 3 retries with exponential backoff up to 30 s; kept 5 minutes. */
export const RETRY_COUNT = 3;
export const MAX_RETRY_DELAY_MS = 30_000;
export const CACHE_TIME_MS = 5 * 60_000;

export const retryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);

/**
 * Up to 3 retries, except when the server refused the request itself (4xx: a bad search key, a
 * lost session): asking again would get the same answer, only later.
 */
export const retry = (failures: number, error: unknown): boolean => {
  // ApiError's status, read without importing the class (which would split the landing chunk).
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return failures < RETRY_COUNT;
};

export const adminQueryDefaults: DefaultOptions = {
  queries: { retry, retryDelay, gcTime: CACHE_TIME_MS },
};

/** The admin screens' one QueryClient; provided by AdminLayout around the admin routes only. */
export const adminQueryClient = new QueryClient({ defaultOptions: adminQueryDefaults });

/** The lists each change refreshes (query keys are prefixes: every page and search of a list). */
export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  questions: ['admin', 'questions'] as const,
  sources: ['admin', 'sources'] as const,
  activeSources: ['admin', 'activeSources'] as const,
  pending: ['admin', 'pending'] as const,
  ingested: ['admin', 'ingested'] as const,
  models: ['admin', 'models'] as const,
  /** Under pending, so that Process Now and every change of the queue refresh it too. */
  progress: ['admin', 'pending', 'progress'] as const,
  prompts: ['admin', 'prompts'] as const,
  /** The projects the admin administers, with their keys (the Projects tab and every project choice). */
  projects: ['admin', 'projects'] as const,
  /** Every source of the admin's projects, for the data screens' titles (the source list fills it). */
  sourceNames: ['admin', 'sources', 'names'] as const,
  /** Reviewed answers (issue 33). */
  reviewed: ['admin', 'reviewed'] as const,
  /** Knowledge gaps and, under them, the period's figures: every review changes both. */
  gaps: ['admin', 'gaps'] as const,
  figures: ['admin', 'gaps', 'figures'] as const,
  /** The write form's search of a project's items; under ingested, so new data refreshes it. */
  pickItems: ['admin', 'ingested', 'pick'] as const,
};

/** The lists a review changes: the questions' review column, reviewed answers, gaps and figures. */
export const reviewedKeys = [adminKeys.questions, adminKeys.reviewed, adminKeys.gaps] as const;
