/** SPEC §1, §3: the querying apps sharing one backend; this product is `dish`. */
export const QUERYING_APPS = ['dish', 'blimey', 'opun', 'gsc', 'spelling_tool', 'ei_archives'] as const;
export type QueryingApp = (typeof QUERYING_APPS)[number];
export const QUERYING_APP: QueryingApp = 'dish';

/** SPEC §9 business constants and limits. */
export const AUTH_COOKIE = 'token';
export const AUTH_CHECK_THROTTLE_MS = 1000;
export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MIN_LENGTH = 3;
export const PHONE_DIGITS = 10;
export const OTP_DIGITS = 6;
export const BANNER_MS = 5000;
export const TOAST_MS = 5000;
export const PROJECT_TOAST_MS = 10_000;
export const MAX_AUDIO_DURATION_MS = 30_000;
/** SPEC §4 Microphone: the recording is handed on as an audio/mp3 blob. */
export const MP3_TYPE = 'audio/mp3';
export const MAX_UPLOAD_FILES = 50;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const STATS_PREFIX = '/stats ';

/** DECISIONS §3: one-time codes. */
export const OTP_TTL_MS = 5 * 60_000;
export const OTP_MAX_TRIES = 5;
export const OTP_RESEND_MS = 30_000;

/** Auth request bodies are tiny; anything bigger is refused with 413. */
export const AUTH_BODY_LIMIT_BYTES = 16 * 1024;

/** Admin tables and the knowledge base. */
export const MAX_PAGE_SIZE = 100;
export const WEB_MAX_DEPTH = 5;
/** Largest single uploaded file (PDF, Word, XLSX, CSV). */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
