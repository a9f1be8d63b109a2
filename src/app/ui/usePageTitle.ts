import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Each screen names itself, so a screen reader announces where a navigation landed. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const shown = t(title);
  useEffect(() => {
    document.title = `${shown} | DISH`;
  }, [shown]);
}
