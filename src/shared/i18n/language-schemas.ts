import { z } from 'zod';
import { UI_LANGUAGES } from './languages';

export const uiLanguage = z.enum(UI_LANGUAGES, { error: 'The language must be en (English) or hi (Hindi).' });

/** PUT /auth/language: the signed-in user's interface language. */
export const LANGUAGE_PATH = '/auth/language';
export const languageBody = z.object({ language: uiLanguage }).strict();
export type LanguageBody = z.infer<typeof languageBody>;
export const languageAnswer = z.object({ language: uiLanguage });
