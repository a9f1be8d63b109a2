import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { englishOnly, i18n } from '../i18n/i18n';
import { Header } from './Header';
import { OfflineNotice } from './OfflineNotice';

/** Routes that show the site header (SPEC §2 table); the rest are full-screen forms or dashboards. */
const HEADER_ROUTES = new Set(['/', '/dashboard', '/chatpage']);
/** The admin screens, in English whatever language is chosen (src/app/features/admin/AdminLayout.tsx). */
const ENGLISH_ONLY_ROUTES = new Set(['/admindashboard', '/adminadddata', '/superadminaddproject']);

/** The page's frame, in the chosen language, or in English around the admin screens. */
export function RootLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <I18nextProvider i18n={ENGLISH_ONLY_ROUTES.has(pathname) ? englishOnly : i18n}>
      <Frame pathname={pathname} />
    </I18nextProvider>
  );
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
