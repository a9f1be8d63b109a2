import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Header } from './Header';
import { OfflineNotice } from './OfflineNotice';

/** Routes that show the site header (SPEC §2 table); the rest are full-screen forms or dashboards. */
const HEADER_ROUTES = new Set(['/', '/dashboard', '/chatpage']);
/** The page's frame, in the chosen language (the admin screens' too). */
export function RootLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return <Frame pathname={pathname} />;
}

function Frame({ pathname }: { pathname: string }) {
  // The resolved path changes only once the new page has rendered, so its heading exists by then.
  const resolved = useRouterState({ select: (s) => s.resolvedLocation?.pathname });
  const main = useRef<HTMLElement>(null);
  const { t } = useTranslation();
  const first = useRef(true);

  // After a client-side navigation, move focus to the new page so screen readers start there.
  useEffect(() => {
    if (!resolved) return;
    if (first.current) {
      first.current = false;
      return;
    }
    const heading = main.current?.querySelector<HTMLElement>('h1');
    heading?.setAttribute('tabindex', '-1');
    (heading ?? main.current)?.focus();
  }, [resolved]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t('Skip to main content')}
      </a>
      {HEADER_ROUTES.has(pathname) ? <Header /> : null}
      <OfflineNotice />
      <main id="main" ref={main} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
