/**
 * The landing page as static HTML, made at build time (issue 34 item 2; vite.config.ts, the
 * `prerenderLanding` plugin): the same LandingPage the app shows, in each language, inside a
 * header and frame that match the app's. It runs in Node, never in the browser.
 *
 * The static header has no account part: it cannot know who is signed in (the hero's "Log in"
 * takes a signed-in user on to the dashboard).
 */
/* eslint-disable react-refresh/only-export-components -- run once at build time, never hot-reloaded */
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterContextProvider,
} from '@tanstack/react-router';
import { renderToStaticMarkup } from 'react-dom/server';
import { useTranslation } from 'react-i18next';
import { UI_LANGUAGES, type UiLanguage } from '../../../shared/i18n/languages';
import { i18n } from '../../i18n/i18n';
import { hi } from '../../i18n/hi';
import { SiteHeader } from '../../ui/SiteHeader';
import type { StaticLanding } from './landingHtml';
import { LandingPage } from './LandingPage';

/** Each language named in itself (as src/app/i18n/LanguageSwitch.tsx). */
const NAMES: Record<UiLanguage, string> = { en: 'English', hi: 'हिन्दी' };

/** The page's title, as usePageTitle sets it. */
const TITLE = 'Disability Innovation Solutions Hub';

/** The header of src/app/ui/Header.tsx, signed-out and without state. */
function StaticHeader({ language }: { language: UiLanguage }) {
  const { t } = useTranslation();
  const other: UiLanguage = language === 'en' ? 'hi' : 'en';
  return (
    <SiteHeader>
      <button type="button" className="button button-secondary language-switch" data-language={other}>
        <span className="visually-hidden">{t('Change language to')} </span>
        <span lang={other}>{NAMES[other]}</span>
      </button>
      <div className="nav-account" />
    </SiteHeader>
  );
}

/** The frame of src/app/ui/RootLayout.tsx around the landing page. */
function StaticPage({ language }: { language: UiLanguage }) {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('Skip to main content')}
      </a>
      <StaticHeader language={language} />
      <main id="main" tabIndex={-1}>
        <LandingPage />
      </main>
    </>
  );
}

/** The landing page in every language the app offers. */
export async function renderLanding(): Promise<StaticLanding[]> {
  // The router's links need a router; one with no routes is enough to write their addresses.
  const router = createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  if (!i18n.hasResourceBundle('hi', 'translation')) i18n.addResourceBundle('hi', 'translation', hi);
  const pages: StaticLanding[] = [];
  for (const language of UI_LANGUAGES) {
    await i18n.changeLanguage(language);
    const html = renderToStaticMarkup(
      <RouterContextProvider router={router}>
        <StaticPage language={language} />
      </RouterContextProvider>,
    );
    pages.push({ language, title: `${i18n.t(TITLE)} | DISH`, html });
  }
  await i18n.changeLanguage('en');
  return pages;
}
