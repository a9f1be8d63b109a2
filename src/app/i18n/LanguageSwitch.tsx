import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../shared/i18n/languages';
import { chooseLanguage, languageAtom } from '../state/language';

/** Each language named in itself, as people look for their own. */
const NAMES: Record<UiLanguage, string> = { en: 'English', hi: 'हिन्दी' };

/**
 * The language switch (issue 14 item 7): one button that offers the other language, named in that
 * language (and marked `lang`, so a screen reader speaks it right), after a hidden "Change
 * language to" in the current one. A plain button: Tab reaches it, Enter or Space switches.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const current = useAtomValue(languageAtom);
  const other: UiLanguage = current === 'en' ? 'hi' : 'en';
  return (
    <button
      type="button"
      className={`button button-secondary language-switch ${className}`.trim()}
      onClick={() => void chooseLanguage(other)}
    >
      <span className="visually-hidden">{t('Change language to')} </span>
      <span lang={other}>{NAMES[other]}</span>
    </button>
  );
}
