import { useEffect } from 'react';

/** Each screen names itself, so a screen reader announces where a navigation landed. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | DISH`;
  }, [title]);
}
