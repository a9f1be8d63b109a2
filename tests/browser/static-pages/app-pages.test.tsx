/**
 * Issue 34 item 3: the static copies of the pages people open by address (login.html,
 * dashboard.html, …), as the build writes them: painted while the app loads, inert, in the
 * browser's chosen language; then the app draws the live page over the copy in one go.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { App } from '../../../src/app/App';
import { createAppRouter } from '../../../src/app/router';
import { APP_PAGES, renderAppPage } from '../../../src/app/static-pages/renderPages';
import { LANGUAGE_STORAGE_KEY } from '../../../src/app/state/language';
import { UI_LANGUAGES } from '../../../src/shared/i18n/languages';
import { expectNoAxeViolations, resetApp } from '../support/render';
import { removeStaticPage, showStaticPage } from './show';

const CHUNKS = ['/assets/Page-Ab12.js'];
const loginPage = APP_PAGES.find((p) => p.path === '/login');

beforeEach(resetApp);
afterEach(removeStaticPage);

describe('static copies of the app pages', () => {
  for (const spec of APP_PAGES) {
    test(`${spec.path}: the page's heading and title in every language, inert until the app comes`, async () => {
      const pages = await renderAppPage(spec);
      expect(pages.map((p) => p.language)).toEqual([...UI_LANGUAGES]);
      expect(new Set(pages.map((p) => p.title)).size, 'a title per language').toBe(UI_LANGUAGES.length);
      const root = showStaticPage(pages, CHUNKS);
      expect(document.title).toBe(pages[0]?.title);
      const copy = root.querySelector('.static-copy');
      expect(copy?.hasAttribute('inert')).toBe(true);
      expect(root.querySelector('h1')?.textContent?.trim()).not.toBe('');
      // Nothing in the copy takes focus or typing: it is about to be replaced.
      const control = root.querySelector<HTMLElement>('input, textarea, button, a[href]');
      expect(control).not.toBeNull();
      control?.focus();
      expect(document.activeElement).not.toBe(control);
      // Inert, the copy is hidden from screen readers too (as an empty #root was while the app
      // loaded): the page has no main landmark or heading for them until the app has drawn it.
      // Every other rule holds (contrast, names, languages); the live page passes them all.
      await expectNoAxeViolations(root, ['landmark-one-main', 'page-has-heading-one']);
    });
  }

  test('a browser that chose Hindi gets the Hindi copy from the start', async () => {
    if (!loginPage) throw new Error('no /login among the static pages');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
    const pages = await renderAppPage(loginPage);
    const root = showStaticPage(pages, CHUNKS);
    expect(document.documentElement.lang).toBe('hi');
    expect(document.title).toBe(pages.find((p) => p.language === 'hi')?.title);
    expect(root.querySelector('h1')?.textContent).not.toBe('Login');
    expect(root.querySelector('.static-copy')?.hasAttribute('inert')).toBe(true);
  });

  test('the static script asks for the app once the copy has painted: its chunks, then its entry', async () => {
    if (!loginPage) throw new Error('no /login among the static pages');
    const flag = '__dishStaticAppLoaded';
    const chunk = 'data:text/javascript,export%20const%20chunk%3D1;';
    showStaticPage(await renderAppPage(loginPage), [chunk], `data:text/javascript,window.${flag}=true;`);
    await expect.poll(() => (window as unknown as Record<string, unknown>)[flag]).toBe(true);
    const preload = document.head.querySelector<HTMLLinkElement>('link[rel="modulepreload"]');
    expect(preload?.href).toBe(chunk);
    delete (window as unknown as Record<string, unknown>)[flag];
  });

  test('the app draws the live page over the copy in one go: never empty, never both', async () => {
    if (!loginPage) throw new Error('no /login among the static pages');
    const root = showStaticPage(await renderAppPage(loginPage), CHUNKS);
    const headings: number[] = [];
    const watch = new MutationObserver(() => headings.push(root.querySelectorAll('h1').length));
    watch.observe(root, { childList: true, subtree: true });
    // As main.tsx does: the page is made ready, then drawn.
    const router = createAppRouter(createMemoryHistory({ initialEntries: ['/login'] }));
    await router.load();
    const app = createRoot(root);
    app.render(<App router={router} />);
    try {
      await expect.poll(() => root.querySelector('.static-copy')).toBeNull();
      await expect.element(page.getByRole('textbox', { name: /email or phone/i })).toBeVisible();
      expect(root.querySelectorAll('h1')).toHaveLength(1);
      watch.disconnect();
      expect(headings.length).toBeGreaterThan(0);
      expect(
        headings.every((n) => n === 1),
        `headings seen after each change: ${headings.join(', ')}`,
      ).toBe(true);
    } finally {
      watch.disconnect();
      app.unmount();
    }
  });
});
