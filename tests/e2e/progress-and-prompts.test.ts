/**
 * Issue 14 items 4 and 5 in Chromium against the real server: the Pending Data screen follows a
 * forced run to its end without a reload, the address keeps the screen, and the Prompts tab says
 * which saved prompt finds nothing in what was just ingested.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addSource, form, SUPER, SUPER_ENV, signInSuper } from '../support/admin';
import { expectNoAxeViolations, launchChromium } from '../support/browser';
import { sharedPath } from '../support/shared';
import { startTestServer, type TestServer } from '../support/server';
import { serveSite } from '../support/static-site';

let browser: Browser;
let t: TestServer;
let site: Awaited<ReturnType<typeof serveSite>>;

beforeAll(async () => {
  site = await serveSite(sharedPath('material/website/aria-practices/content'));
  t = await startTestServer({
    ...SUPER_ENV,
    CRAWL_ALLOW_PRIVATE: 'true',
    INGEST_INTERVAL: '3600',
    STATIC_DIR: path.resolve('dist/app'),
  });
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.stop();
  await site?.stop();
});

async function superAdminPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: t.url });
  const page = await context.newPage();
  await page.request.post('/auth/login', { data: { emailOrPhone: SUPER.email, password: SUPER.password } });
  return page;
}

describe('live progress and suggested prompts', () => {
  it('follows a forced run to its end without a reload; the prompts check reads what was ingested', async () => {
    const root = await signInSuper(t);
    const source = await addSource(root, 'APG guide');
    const added = await root.post(
      '/admin/add_data',
      form({
        queryingApp: 'dish',
        data_type: 'web',
        source,
        project: 'dish',
        location: 'India',
        url: `${site.url}/apg-home.html`,
        depth: 0,
      }),
    );
    expect(added.status).toBe(201);

    const page = await superAdminPage();
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
    await expect.poll(() => page.getByText(`${site.url}/apg-home.html`).count()).toBe(0);

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
