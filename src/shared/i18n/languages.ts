/**
 * The languages of the interface (issue 14 item 7): English, as SPEC words it, and Hindi. The
 * chosen one is remembered per user and goes with each question as the answer's language hint.
 * No zod here: the app's first page reads these before the route table's schemas are loaded
 * (src/app/state/lazy-calls.ts); the schemas are in language-schemas.ts.
 */
export const UI_LANGUAGES = ['en', 'hi'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: UiLanguage = 'en';

export const isUiLanguage = (value: unknown): value is UiLanguage =>
  (UI_LANGUAGES as readonly unknown[]).includes(value);
