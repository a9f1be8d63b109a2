/**
 * Issue 34 item 2: the landing page as the build writes it (landing.html): the real LandingPage
 * rendered to static HTML in each language, with one small script (the language switch). Shown
 * here as the browser would show it: the markup of the page's body, then its script run
 * (showStaticPage).
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { renderLanding } from '../../../src/app/static-pages/renderPages';
import { LANGUAGE_STORAGE_KEY } from '../../../src/app/state/language';
import { expectNoAxeViolations, resetApp } from '../support/render';
import { removeStaticPage, showStaticPage } from './show';

const switchButton = () => page.getByRole('button', { name: /^Change language to|भाषा/ });

const showStaticLanding = async () => showStaticPage(await renderLanding());

beforeEach(resetApp);
afterEach(removeStaticPage);

describe('static landing page', () => {
  test('shows the landing page in English with links into the app, and passes axe', async () => {
    const root = await showStaticLanding();
    await expect
      .element(page.getByRole('heading', { level: 1, name: 'Find assistive solutions that work for you' }))
      .toBeVisible();
    await expect
      .element(page.getByRole('link', { name: 'Log in', exact: true }))
      .toHaveAttribute('href', '/login');
    await expect
      .element(page.getByRole('link', { name: 'Get Started', exact: true }))
      .toHaveAttribute('href', '/register');
    await expectNoAxeViolations(root);
  });

  test('the switch shows Hindi, keeps the choice for the app, keeps focus, and Hindi passes axe', async () => {
    const root = await showStaticLanding();
    await switchButton().click();
    await expect.poll(() => document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
    expect(document.activeElement?.classList.contains('language-switch')).toBe(true);
    await expect.element(page.getByRole('heading', { level: 1 })).not.toHaveTextContent('Find assistive');
    await expect.element(switchButton()).toHaveTextContent('English');
    await expectNoAxeViolations(root);
    // And back, with the keyboard.
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  test('a browser that chose Hindi sees Hindi from the start', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
    await showStaticLanding();
    expect(document.documentElement.lang).toBe('hi');
    await expect.element(switchButton()).toHaveTextContent('English');
  });

  test('"हिन्दी" is drawn with the Devanagari web font, not boxes, on a device without one', async () => {
    await showStaticLanding();
    await expect.element(page.getByText('हिन्दी')).toBeVisible();
    await document.fonts.ready;
    await expect
      .poll(() =>
        [...document.fonts].some(
          (font) => font.family.replace(/["']/g, '') === 'Noto Sans Devanagari' && font.status === 'loaded',
        ),
      )
      .toBe(true);
    const weight = getComputedStyle(page.getByText('हिन्दी').element()).fontWeight;
    expect(document.fonts.check(`${weight} 16px "Noto Sans Devanagari"`, 'हिन्दी')).toBe(true);
  });
});
