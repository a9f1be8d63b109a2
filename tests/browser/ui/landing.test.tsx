/** Issue 14 item 9: the landing page's Log in link for returning visitors, beside Get Started. */
import { beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { currentHref, expectNoAxeViolations, renderApp, resetApp } from '../support/render';
import { darkScheme } from '../support/media';

beforeEach(resetApp);

const getStarted = () => page.getByRole('link', { name: 'Get Started', exact: true });
const logIn = () => page.getByRole('link', { name: 'Log in', exact: true });

describe('landing page', () => {
  test('offers Log in beside Get Started, and it opens the login form', async () => {
    const { router } = await renderApp('/');
    await expect.element(logIn()).toHaveAttribute('href', '/login');
    // Beside Get Started: the same group, right after it.
    expect(getStarted().element().nextElementSibling).toBe(logIn().element());
    await logIn().click();
    await expect.poll(() => currentHref(router)).toBe('/login');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Login', exact: true })).toBeVisible();
  });

  test('keeps the claims and the partner sections (SPEC §1), and passes axe in the dark scheme', async () => {
    await darkScheme();
    const { container } = await renderApp('/');
    await expect.element(logIn()).toBeVisible();
    const claims = page.getByRole('list', { name: 'DISH in numbers' });
    await expect.element(claims).toHaveTextContent(/98%\s*information accuracy/);
    await expect.element(claims).toHaveTextContent(/60\+\s*accessibility experts/);
    await expect.element(page.getByRole('heading', { level: 2, name: 'Our partners' })).toBeVisible();
    await expect.element(page.getByRole('heading', { level: 3, name: 'Partner with us' })).toBeVisible();
    await expectNoAxeViolations(container);
  });
});
