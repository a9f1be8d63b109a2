import { z } from 'zod';

/**
 * The languages of the interface (issue 14 item 7): English, as SPEC words it, and Hindi. The
 * chosen one is remembered per user and goes with each question as the answer's language hint.
 */
export const UI_LANGUAGES = ['en', 'hi'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: UiLanguage = 'en';

export const uiLanguage = z.enum(UI_LANGUAGES, { error: 'The language must be en (English) or hi (Hindi).' });

export const isUiLanguage = (value: unknown): value is UiLanguage => uiLanguage.safeParse(value).success;

/** PUT /auth/language: the signed-in user's interface language. */
export const LANGUAGE_PATH = '/auth/language';
export const languageBody = z.object({ language: uiLanguage }).strict();
export type LanguageBody = z.infer<typeof languageBody>;
export const languageAnswer = z.object({ language: uiLanguage });
