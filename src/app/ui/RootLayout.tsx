import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Header } from './Header';
import { OfflineNotice } from './OfflineNotice';
import { hasSiteHeader } from './siteHeader';

/** The page's frame, in the chosen language (the admin screens' too). */
export function RootLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return <Frame pathname={pathname} />;
}

function Frame({ pathname }: { pathname: string }) {
  // The resolved path changes only once the new page has rendered, so its heading exists by then.
  const resolved = useRouterState({ select: (s) => s.resolvedLocation?.pathname });
  const main = useRef<HTMLElement>(null);
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
    <PageFrame header={hasSiteHeader(pathname) ? <Header /> : null} mainRef={main}>
      <Outlet />
    </PageFrame>
  );
}

/**
 * The skip link, the header when the page has one, the offline notice and the page. Also drawn
 * at build time around a page's static copy (static-pages/renderPages.tsx), so both look alike.
 */
export function PageFrame({
  header,
  mainRef,
  children,
}: {
  header: ReactNode;
  mainRef?: Ref<HTMLElement>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('Skip to main content')}
      </a>
      {header}
      <OfflineNotice />
      <main id="main" ref={mainRef} tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
