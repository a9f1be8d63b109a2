import { beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { messages } from '../../../src/shared/messages';
import { authKnownAtom, sessionUserAtom } from '../../../src/app/state/auth';
import { chatWithUsUrlAtom } from '../../../src/app/state/contact';
import { offlineCache } from '../../../src/app/state/offline-cache';
import { store } from '../../../src/app/state/store';
import {
  currentHref,
  expectNoAxeViolations,
  makeUser,
  overrideFetch,
  renderApp,
  resetApp,
  signIn,
  TEST_CHAT_URL,
} from '../support/render';

beforeEach(resetApp);

const header = () => page.getByRole('banner');
const chatWithUs = () => page.getByRole('link', { name: /Chat with us/ });
const logoutButton = () => page.getByRole('button', { name: 'Logout', exact: true });
const loading = () => header().getByText('Loading', { exact: true });

describe('header', () => {
  test("a device that has seen a sign-in shows 'Loading' until the check answers, then 'Chat with us'", async () => {
    store.set(authKnownAtom, false);
    offlineCache.saveUser(makeUser());
    // Hold the current-user call until the test lets it through to the real (absent) server.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls, realFetch } = overrideFetch((path, init) =>
      path === '/auth/getme' ? gate.then(() => realFetch(path, init)) : undefined,
    );

    try {
      await renderApp('/');
      await expect.element(loading()).toBeVisible();
      // The call's module loads on first use, so on a busy machine the call may still be on its way.
      await expect.poll(() => calls.some((c) => c.path === '/auth/getme')).toBe(true);
      await expect.element(loading()).toBeVisible();
      await expect.element(chatWithUs()).not.toBeInTheDocument();
      await expect.element(logoutButton()).not.toBeInTheDocument();
    } finally {
      release();
    }

    await expect.element(chatWithUs()).toBeVisible();
    await expect.element(loading()).not.toBeInTheDocument();
    expect(store.get(authKnownAtom)).toBe(true);
    expect(store.get(sessionUserAtom)).toBeNull();
  });

  test('a first visit asks nobody who is signed in: no request, whose 401 the browser logs as an error', async () => {
    store.set(authKnownAtom, false);
    const { calls } = overrideFetch(() => undefined);
    await renderApp('/');
    await expect.element(chatWithUs()).toBeVisible();
    expect(calls.some((c) => c.path === '/auth/getme')).toBe(false);
  });

  test("signed out: 'Chat with us' opens the messaging app in a new tab, no opener, no referrer", async () => {
    await renderApp('/');
    await expect.element(chatWithUs()).toBeVisible();
    await expect.element(chatWithUs()).toHaveAttribute('href', TEST_CHAT_URL);
    await expect.element(chatWithUs()).toHaveAttribute('target', '_blank');
    const rel = chatWithUs().element().getAttribute('rel')?.split(/\s+/) ?? [];
    expect(rel).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
    await expect.element(logoutButton()).not.toBeInTheDocument();
    await expect.element(loading()).not.toBeInTheDocument();
  });

  test("signed out on a server with no WhatsApp number: no 'Chat with us'", async () => {
    store.set(chatWithUsUrlAtom, null);
    await renderApp('/');
    await expect.element(header().getByRole('link', { name: 'About Us' })).toBeVisible();
    await expect.element(chatWithUs()).not.toBeInTheDocument();
    await expect.element(loading()).not.toBeInTheDocument();
  });

  test("signed in: 'Logout' instead of 'Chat with us'; logging out goes home signed out", async () => {
    signIn(makeUser());
    const { router, container } = await renderApp('/dashboard');
    await expect.element(page.getByRole('heading', { name: "Let's start the conversation" })).toBeVisible();
    await expect.element(header().getByRole('button', { name: 'Logout', exact: true })).toBeVisible();
    await expect.element(chatWithUs()).not.toBeInTheDocument();
    await expectNoAxeViolations(container);

    // The logout call finds no server; the session is cleared here anyway (SPEC §4).
    await logoutButton().click();
    await expect.poll(() => currentHref(router)).toBe('/');
    await expect.element(chatWithUs()).toBeVisible();
    await expect.element(logoutButton()).not.toBeInTheDocument();
    expect(store.get(sessionUserAtom)).toBeNull();
  });

  test('has the home link and the About Us and Partner with us anchors', async () => {
    await renderApp('/');
    await expect.element(header()).toBeVisible();
    await expect.element(header().getByRole('link', { name: 'DISH home' })).toHaveAttribute('href', '/');
    await expect.element(header().getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/#about');
    await expect
      .element(header().getByRole('link', { name: 'Partner with us' }))
      .toHaveAttribute('href', '/#partners');
    // The anchors land on sections of the landing page.
    expect(document.getElementById('about')).not.toBeNull();
    expect(document.getElementById('partners')).not.toBeNull();
  });

  test.each([
    { path: '/login', title: 'Login' },
    { path: '/register', title: 'Create an account' },
    { path: '/loginviaOTP', title: 'Login via OTP' },
  ])('is hidden on $path', async ({ path, title }) => {
    await renderApp(path);
    await expect.element(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await expect.element(header()).not.toBeInTheDocument();
    await expect.element(page.getByRole('link', { name: 'About Us' })).not.toBeInTheDocument();
    await expect.element(chatWithUs()).not.toBeInTheDocument();
  });
});

describe('landing page', () => {
  test('passes axe', async () => {
    const { container } = await renderApp('/');
    await expect.element(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.element(chatWithUs()).toBeVisible();
    await expectNoAxeViolations(container);
  });

  test('Get Started goes to /register', async () => {
    const { router } = await renderApp('/');
    const getStarted = page.getByRole('link', { name: 'Get Started', exact: true });
    await expect.element(getStarted).toHaveAttribute('href', '/register');
    await getStarted.click();
    await expect.poll(() => currentHref(router)).toBe('/register');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  });

  test('claims 98% information accuracy and 60+ accessibility experts', async () => {
    await renderApp('/');
    const claims = page.getByRole('list', { name: 'DISH in numbers' });
    await expect.element(claims.getByText('98%', { exact: true })).toBeVisible();
    await expect.element(claims.getByText('60+', { exact: true })).toBeVisible();
    await expect.element(claims).toHaveTextContent(/98%\s*information accuracy/);
    await expect.element(claims).toHaveTextContent(/60\+\s*accessibility experts/);
  });

  test('has the three how-it-works steps in order', async () => {
    await renderApp('/');
    await expect.element(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
    const steps = page
      .getByRole('list')
      .filter({ has: page.getByRole('heading', { name: 'Open an account' }) })
      .getByRole('heading', { level: 3 });
    expect(steps.elements().map((h) => h.textContent)).toEqual([
      'Open an account',
      'Enter your problem',
      'Get trusted solutions',
    ]);
  });

  test('has the FAQ heading and the footer with 2024', async () => {
    await renderApp('/');
    await expect
      .element(page.getByRole('heading', { level: 2, name: /frequently asked questions/i }))
      .toBeVisible();
    const copyright = page.getByText(/©\s*2024\b/);
    await expect.element(copyright).toBeVisible();
    expect(copyright.element().closest('footer')).not.toBeNull();
    await expect.element(page.getByRole('link', { name: /privacy/i })).toBeVisible();
    await expect.element(page.getByRole('link', { name: /terms/i })).toBeVisible();
  });
});

describe('404 page', () => {
  test("/nowhere shows '404: Not Found' and \"It's gone :(\" and passes axe", async () => {
    const { container, router } = await renderApp('/nowhere');
    await expect
      .element(page.getByRole('heading', { level: 1, name: messages.notFoundTitle, exact: true }))
      .toBeVisible();
    expect(messages.notFoundTitle).toBe('404: Not Found');
    expect(messages.notFoundBody).toBe("It's gone :(");
    await expect.element(page.getByText("It's gone :(", { exact: true })).toBeVisible();
    expect(currentHref(router)).toBe('/nowhere');
    await expectNoAxeViolations(container);
  });

  test('an unknown path under a known one is also not found', async () => {
    await renderApp('/login/extra');
    await expect.element(page.getByRole('heading', { level: 1, name: '404: Not Found' })).toBeVisible();
  });
});
