/**
 * The interface's words in English and Hindi (issue 14 item 7), with i18next. The English text is
 * the key itself (SPEC's wording, byte for byte), so English needs no resources and can never
 * drift from SPEC; Hindi is a plain object of English → Hindi, loaded only when Hindi is chosen.
 * A sentence with no Hindi yet (a server message, say) shows in English rather than breaking.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { UiLanguage } from '../../shared/i18n/languages';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: false,
  resources: { en: { translation: {} } },
  // Natural-language keys: a '.' or ':' in an English sentence is part of it, not a path.
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders; escaping here too would show '&amp;' to the user.
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  initAsync: false,
  react: { useSuspense: false },
});

/** Loads a language's words (Hindi on first use) and switches every mounted screen to it. */
export async function applyLanguage(language: UiLanguage): Promise<void> {
  if (language === 'hi' && !i18n.hasResourceBundle('hi', 'translation')) {
    const { hi } = await import('./hi');
    i18n.addResourceBundle('hi', 'translation', hi);
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

/** The text in the current language, for code outside React (toasts, announcements). */
export const translate = (text: string, values?: Record<string, string | number>): string =>
  values ? i18n.t(text, values) : i18n.t(text);
