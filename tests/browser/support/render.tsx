import { createMemoryHistory } from '@tanstack/react-router';
import axe from 'axe-core';
import { expect, onTestFinished, vi } from 'vitest';
import { userEvent, type Locator } from 'vitest/browser';
import { toast } from 'sonner';
import { cleanup, render } from 'vitest-browser-react';
import type { SessionUser } from '../../../src/shared/auth/schemas';
import { App } from '../../../src/app/App';
import { createAppRouter } from '../../../src/app/router';
import {
  authErrorAtom,
  authKnownAtom,
  checkCurrentUser,
  otpSentAtom,
  sessionUserAtom,
  userUnconfirmedAtom,
} from '../../../src/app/state/auth';
import { offlineCache } from '../../../src/app/state/offline-cache';
import { onlineAtom } from '../../../src/app/state/connectivity';
import { chatWithUsUrlAtom } from '../../../src/app/state/contact';
import { voiceAvailableAtom } from '../../../src/app/state/voice';
import { store } from '../../../src/app/state/store';
import { LANGUAGE_STORAGE_KEY, restoreLanguage } from '../../../src/app/state/language';
// The real stylesheet, so axe judges contrast and visibility as users see them.
import '../../../src/app/ui/theme.css';

// Patient defaults: the machine is shared and has two cores. A failing check still fails, later.
vi.setConfig({
  testTimeout: 30_000,
  hookTimeout: 30_000,
  expect: { poll: { timeout: 10_000, interval: 50 } },
});

export type AppRouter = ReturnType<typeof createAppRouter>;

/** Renders the whole app with a memory history opened at `path`. */
export async function renderApp(path: string) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  const screen = await render(<App router={router} />);
  return { ...screen, router };
}

/** The router's current path plus search, e.g. `/login?redirect=%2Fdashboard`. */
export function currentHref(router: AppRouter): string {
  return router.state.location.href;
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Runs axe-core on the whole document (page-level rules such as landmarks and headings need
 * it) and asserts there are no violations. `container` is the rendered app: it must be in the
 * document and hold content, so an empty render cannot pass vacuously.
 */
export async function expectNoAxeViolations(
  container: HTMLElement,
  /** Rules left out, for a state that cannot meet them by design (say why where it is used). */
  exceptRules: string[] = [],
): Promise<void> {
  expect(document.body.contains(container), 'the rendered app is in the document').toBe(true);
  expect(container.textContent?.trim(), 'the rendered app has content').not.toBe('');
  await animationsSettled();
  const result = await axe.run(document, {
    runOnly: { type: 'tag', values: AXE_TAGS },
    rules: Object.fromEntries(exceptRules.map((id) => [id, { enabled: false }])),
  });
  const summary = result.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
  );
  expect(summary, `axe found ${summary.length} violation(s):\n${summary.join('\n')}\n`).toEqual([]);
}

/**
 * Waits for toasts to finish sliding in and for finite CSS transitions and animations to end,
 * so axe judges colours at full opacity rather than halfway through a fade.
 */
async function animationsSettled(): Promise<void> {
  await expect
    .poll(() => document.querySelectorAll('[data-sonner-toast][data-mounted="false"]').length, {
      timeout: 10_000,
    })
    .toBe(0);
  const finite = document
    .getAnimations()
    .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)));
  await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
}

/** A signed-in user as the server would return it (DECISIONS §3 session user). */
export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'u-1',
    name: 'Asha Rao',
    email: 'asha@example.org',
    phone: null,
    whatsappId: null,
    isAdmin: false,
    adminType: null,
    isAdminFor: [],
    emailVerified: true,
    phoneVerified: false,
    sessionId: 'session-1',
    language: null,
    ...overrides,
  };
}

/**
 * Unmounts the previous render and puts the store back to "nobody signed in, known". A current-user
 * check still running from the previous test is awaited first, so its late answer cannot clear
 * a user the next test sets.
 */
export async function resetApp(): Promise<void> {
  await cleanup();
  // Sonner keeps toasts in a module-level list and replays the undismissed ones to every new
  // Toaster; without this a toast from one test would appear in the next.
  toast.dismiss();
  store.set(sessionUserAtom, null);
  await checkCurrentUser();
  store.set(sessionUserAtom, null);
  store.set(authKnownAtom, true);
  store.set(authErrorAtom, null);
  store.set(otpSentAtom, null);
  // Nobody stands in from this browser's offline copy (issue 14), and no copy is left for the next test.
  store.set(userUnconfirmedAtom, false);
  offlineCache.saveUser(null);
  store.set(onlineAtom, true);
  // As a server with a WhatsApp number answers (the header's Chat with us); tests of its absence set null.
  store.set(chatWithUsUrlAtom, TEST_CHAT_URL);
  store.set(voiceAvailableAtom, null);
  // Every test starts in English, with no language chosen in this browser (issue 14 item 7).
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  await restoreLanguage();
  document.title = '';
}

/** The Chat with us link every test starts with (a server whose WhatsApp number is this). */
export const TEST_CHAT_URL = 'https://wa.me/15550953877';

/** Signs a user in the way the app holds one: through the store. */
export function signIn(user: SessionUser): void {
  store.set(sessionUserAtom, user);
  store.set(authKnownAtom, true);
}

export interface FetchCall {
  path: string;
  method: string;
  body: unknown;
}

type FetchHandler = (path: string, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

/**
 * Replaces window.fetch for the current test only (restored when the test finishes, pass or
 * fail). `handler` answers the calls it recognises; every other call goes to the real fetch.
 * The app's own client (apiRequest, ApiError, the banner) still handles whatever comes back.
 * Every call is recorded with its path, method and parsed JSON body.
 */
export function overrideFetch(handler: FetchHandler): { calls: FetchCall[]; realFetch: typeof fetch } {
  const original = Object.getOwnPropertyDescriptor(window, 'fetch');
  if (!original) throw new Error('window.fetch is missing');
  const realFetch = (original.value as typeof fetch).bind(window);
  const calls: FetchCall[] = [];
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, window.location.href).pathname;
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // not JSON: keep the text
      }
    }
    calls.push({ path, method: init?.method ?? 'GET', body });
    const answer = handler(path, init);
    return answer ? Promise.resolve(answer) : realFetch(input, init);
  };
  onTestFinished(() => {
    Object.defineProperty(window, 'fetch', original);
  });
  return { calls, realFetch };
}

/** A JSON answer, as the server sends both successes and errors (DECISIONS §3). */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Presses Tab until `target` has focus, as a keyboard-only user would; fails after `maxTabs`. */
export async function tabTo(target: Locator, maxTabs = 20): Promise<number> {
  const element = target.element();
  for (let presses = 1; presses <= maxTabs; presses++) {
    await userEvent.keyboard('{Tab}');
    if (document.activeElement === element) return presses;
  }
  throw new Error(`Tab did not reach ${target.selector} within ${maxTabs} presses`);
}

/** Starts keyboard navigation from the top of the document, as after a page load. */
export function resetFocus(): void {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
}
