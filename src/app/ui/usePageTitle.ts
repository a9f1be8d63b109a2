import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** A screen's title as the browser shows it. */
export const pageTitle = (shown: string): string => `${shown} | DISH`;

/**
 * Where a screen drawn at build time (static-pages/renderPages.tsx) leaves its title: there is no
 * document then, and no effect runs.
 */
export const StaticTitleContext = createContext<((title: string) => void) | null>(null);

/** Each screen names itself, so a screen reader announces where a navigation landed. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const shown = t(title);
  useContext(StaticTitleContext)?.(pageTitle(shown));
  useEffect(() => {
    document.title = pageTitle(shown);
  }, [shown]);
}
