/**
 * The app's first pages as static HTML, made at build time (issue 34; scripts/prerender-pages.ts
 * writes them). It runs in Node, never in the browser's app.
 *
 * - The landing page, whole: a page of its own with no app code (landing.html). Its header has no
 *   account part: it cannot know who is signed in (the hero's "Log in" takes a signed-in user on
 *   to the dashboard).
 * - The pages people open by address (sign-in, registration, the dashboard, the chat): each one as
 *   it looks before anything is known, drawn by the same components. The browser paints it while
 *   the app loads, then the app draws the live page over it in one go (main.tsx).
 *
 * Each in every language the app offers, with the title the page gives itself.
 */
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterContextProvider,
} from '@tanstack/react-router';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { UI_LANGUAGES } from '../../shared/i18n/languages';
import { LoginPage } from '../features/auth/LoginPage';
import { OtpLoginPage } from '../features/auth/OtpLoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { ChatPage } from '../features/chat/ChatPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { LandingPage } from '../features/landing/LandingPage';
import { i18n } from '../i18n/i18n';
import { hi } from '../i18n/hi';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { socketStatusAtom } from '../state/chat';
import { languageAtom } from '../state/language';
import { Header } from '../ui/Header';
import { PageFrame } from '../ui/RootLayout';
import { hasSiteHeader } from '../ui/siteHeader';
import { SiteHeader } from '../ui/SiteHeader';
import { StaticTitleContext } from '../ui/usePageTitle';
import type { StaticPage } from './pageHtml';

/** A page drawn at build time, and where it is. */
export interface StaticPageSpec {
  /** Its address, and its file's name (`/login` is login.html). */
  path: string;
  /** The route's own module, whose chunk the static page preloads (src/app/router.tsx). */
  module: string;
  page: () => ReactNode;
  /** What the page's state is while the app loads, where the defaults would say otherwise. */
  loading?: (store: Store) => void;
}

type Store = ReturnType<typeof createStore>;

/** The pages people open by address, behind the landing page (src/app/router.tsx). */
export const APP_PAGES: StaticPageSpec[] = [
  { path: '/login', module: 'src/app/features/auth/LoginPage.tsx', page: () => <LoginPage /> },
  { path: '/loginviaOTP', module: 'src/app/features/auth/OtpLoginPage.tsx', page: () => <OtpLoginPage /> },
  { path: '/register', module: 'src/app/features/auth/RegisterPage.tsx', page: () => <RegisterPage /> },
  {
    path: '/dashboard',
    module: 'src/app/features/dashboard/DashboardPage.tsx',
    page: () => <DashboardPage />,
  },
  {
    path: '/chatpage',
    module: 'src/app/features/chat/ChatPage.tsx',
    page: () => <ChatPage />,
    // The chat connects as soon as it opens (before that, its status says offline).
    loading: (store) => store.set(socketStatusAtom, 'connecting'),
  },
];

/** `node` in every language, each with the title its page gave itself. */
async function inEveryLanguage(
  path: string,
  node: () => ReactNode,
  loading?: (store: Store) => void,
): Promise<StaticPage[]> {
  // The router's links need a router; one with no routes is enough to write their addresses.
  const router = createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  if (!i18n.hasResourceBundle('hi', 'translation')) i18n.addResourceBundle('hi', 'translation', hi);
  const pages: StaticPage[] = [];
  try {
    for (const language of UI_LANGUAGES) {
      await i18n.changeLanguage(language);
      // A store of its own: the app's (if any, as in a test) is left as it is.
      const store = createStore();
      store.set(languageAtom, language);
      loading?.(store);
      let title: string | undefined;
      const named = (shown: string) => {
        title = shown;
      };
      const html = renderToStaticMarkup(
        <RouterContextProvider router={router}>
          <Provider store={store}>
            <StaticTitleContext.Provider value={named}>{node()}</StaticTitleContext.Provider>
          </Provider>
        </RouterContextProvider>,
      );
      if (!title) throw new Error(`The page at ${path} gives itself no title (usePageTitle)`);
      pages.push({ language, title, html });
    }
  } finally {
    await i18n.changeLanguage('en');
  }
  return pages;
}

/** The landing page in every language. */
export function renderLanding(): Promise<StaticPage[]> {
  const header = (
    <SiteHeader>
      <LanguageSwitch />
      <div className="nav-account" />
    </SiteHeader>
  );
  return inEveryLanguage('/', () => (
    <PageFrame header={header}>
      <LandingPage />
    </PageFrame>
  ));
}

/** One app page in every language, in the frame the app draws around it. */
export function renderAppPage({ path, page, loading }: StaticPageSpec): Promise<StaticPage[]> {
  return inEveryLanguage(
    path,
    () => <PageFrame header={hasSiteHeader(path) ? <Header /> : null}>{page()}</PageFrame>,
    loading,
  );
}
