/**
 * Issue 15: the API docs page in Chromium, from the real server that also serves the built app:
 * it reads with zero axe violations, and neither the app shell nor its service worker answers
 * /api/docs in its place.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/browser';
import { appForTheseTests } from '../support/e2e';
import { startTestServer } from '../support/server';

const app = appForTheseTests(() => startTestServer({ STATIC_DIR: path.resolve('dist/app') }));

describe('/api/docs', () => {
  it('renders every call of the project API with zero axe violations, also once the service worker runs', async () => {
    const page = await app.newPage();
    // The app first, so that its service worker is installed and controls what follows.
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto('/api/docs');
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect.poll(() => page.locator('h1').textContent()).toBe('DISH project API');
    expect(await page.title()).toBe('DISH project API: reference');
    for (const call of ['/api/v1/ask', '/api/v1/questions/{id}', '/admin/projects/{project}/keys']) {
      await expect
        .poll(() => page.getByRole('heading', { name: new RegExp(call.replace(/[{}/]/g, '.')) }).count())
        .toBeGreaterThan(0);
    }
    await expectNoAxeViolations(page, 'API docs');
    // Light and dark alike.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(page, 'API docs, dark');
    // Keyboard: the skip link is the first stop and leads to the reference.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the reference');
    await page.context().close();
  });
});
