/**
 * Issue 14 items 4 and 5 in Chromium against the real server: the Pending Data screen follows a
 * forced run to its end without a reload, the address keeps the screen, and the Prompts tab says
 * which saved prompt finds nothing in what was just ingested.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addData, addSource, SUPER, SUPER_ENV, signInSuper } from '../support/admin';
import { expectNoAxeViolations } from '../support/browser';
import { apgSiteForTheseTests, appForTheseTests } from '../support/e2e';
import { startTestServer } from '../support/server';

const site = apgSiteForTheseTests();
// No scheduled run within the test: only the forced one moves the item.
const app = appForTheseTests(() =>
  startTestServer({
    ...SUPER_ENV,
    CRAWL_ALLOW_PRIVATE: 'true',
    INGEST_INTERVAL: '3600',
    STATIC_DIR: path.resolve('dist/app'),
  }),
);

describe('live progress and suggested prompts', () => {
  it('follows a forced run to its end without a reload; the prompts check reads what was ingested', async () => {
    const root = await signInSuper(app);
    const source = await addSource(root, 'APG guide');
    await addData(root, {
      queryingApp: 'dish',
      data_type: 'web',
      source,
      project: 'dish',
      location: 'India',
      url: `${site().url}/apg-home.html`,
      depth: 0,
    });

    const page = await app.signedInPage(SUPER);
    await page.goto('/admindashboard?tab=data');
    await page.getByRole('button', { name: 'View Pending Data (APG guide)' }).click();
    await expect.poll(() => page.url()).toContain(`screen=pending&source=${source}`);
    const counts = page.getByRole('status').filter({ hasText: 'pending,' });
    await expect.poll(() => counts.textContent()).toBe('1 pending, 0 started, 0 done, 0 failed.');
    await page.getByText(/^Next scheduled run: /).waitFor();
    await expectNoAxeViolations(page, 'pending data with its progress');

    await page.getByRole('button', { name: '(Force) Process Now' }).click();
    await expect
      .poll(() => counts.textContent(), { timeout: 60_000, interval: 500 })
      .toBe('0 pending, 0 started, 1 done, 0 failed.');
    // The table followed: the item left the pending list without a reload.
    await expect.poll(() => page.getByText(`${site().url}/apg-home.html`).count()).toBe(0);

    // A reload keeps the screen; Back returns to the sources.
    await page.reload();
    await page.getByRole('heading', { name: 'Pending Data: APG guide' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Available Sources' }).waitFor();

    await page.goto('/admindashboard?tab=prompts');
    await page
      .getByRole('textbox', { name: 'Prompt 1', exact: true })
      .fill('What are the ARIA Authoring Practices?');
    await page.getByRole('textbox', { name: 'Prompt 2', exact: true }).fill('How do I bake sourdough bread?');
    for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Remove prompt 3' }).click();
    await page.getByRole('button', { name: 'Save prompts' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Suggested prompts saved.' }).waitFor();
    await page.getByRole('button', { name: 'Check the saved prompts' }).click();
    await page
      .getByText(/^Of 2 prompts, \d find an answer, \d only a distant passage, 1 nothing\.$/)
      .waitFor({ timeout: 60_000 });
    await page.getByText('Finds nothing: How do I bake sourdough bread?').waitFor();
    await expectNoAxeViolations(page, 'the Prompts tab');

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'How do I bake sourdough bread?' }).waitFor();
    await page.context().close();
  }, 180_000);
});
