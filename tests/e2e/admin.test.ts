import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newUser } from '../support/http';
import { SUPER, SUPER_ENV } from '../support/admin';
import { askOnce, openChatSocket, signedInChatUser } from '../support/chat';
import { expectNoAxeViolations, startAppServer } from '../support/browser';
import { apgSiteForTheseTests, appForTheseTests, CLIPBOARD } from '../support/e2e';
import { sharedPath } from '../support/shared';

const site = apgSiteForTheseTests();
const app = appForTheseTests(() => startAppServer({ ...SUPER_ENV, CRAWL_ALLOW_PRIVATE: 'true' }));

const superAdminPage = () => app.signedInPage(SUPER, CLIPBOARD);

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

describe('the admin screens in Chromium against the real server', () => {
  it('creates an authorized project and copies its key', async () => {
    const page = await superAdminPage();
    await page.goto('/superadminaddproject');
    await page.getByLabel('Name', { exact: true }).fill('Partner App');
    await page.getByLabel('Description', { exact: true }).fill('A partner asking through the API');
    await expectNoAxeViolations(page, '/superadminaddproject');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await page.getByText('partner_app').first().waitFor();
    await page.getByRole('button', { name: 'Copy API Key' }).first().click();
    await toast(page, 'API Key copied to clipboard').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^dish_/);
    await page.context().close();
  });

  it('adds a source and a web item, forces processing, and finds it ingested', async () => {
    const page = await superAdminPage();
    await page.goto('/admindashboard?tab=data');
    await page.getByRole('button', { name: '+ Add New Source' }).click();
    await page.getByLabel('Source Name').fill('APG guide');
    await page.getByLabel('Select Project').selectOption('dish');
    await expectNoAxeViolations(page, 'add-source modal');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await toast(page, 'Source added successfully.').waitFor();

    await page.goto('/adminadddata');
    await page.getByLabel('Data Type').selectOption('web');
    await page.getByLabel('Source', { exact: true }).selectOption({ label: 'APG guide' });
    await page.getByLabel('Project', { exact: true }).selectOption('dish');
    await page.getByLabel('Location (country)').fill('India');
    await page.getByLabel('URL').fill(`${site().url}/apg-home.html`);
    await expectNoAxeViolations(page, '/adminadddata');
    await page.getByRole('button', { name: 'Add Data' }).click();
    await toast(page, 'Data added successfully for ingestion during the next DB update.').waitFor();

    await page.reload();
    await page.getByLabel('Data Type').selectOption('pdf');
    await page.getByLabel('Source', { exact: true }).selectOption({ label: 'APG guide' });
    await page.getByLabel('Project', { exact: true }).selectOption('dish');
    await page.getByLabel('Location (country)').fill('United States');
    await page
      .getByLabel('Files')
      .setInputFiles(sharedPath('material/documents/pdf/census-americans-with-disabilities-2010_us-001.pdf'));
    await page.getByRole('button', { name: 'Add Data' }).click();
    await toast(page, 'Data added successfully for ingestion during the next DB update.').last().waitFor();

    await page.goto('/admindashboard?tab=data');
    await page.getByRole('button', { name: 'View All Pending Data' }).click();
    await page.getByText(`${site().url}/apg-home.html`).first().waitFor();
    await page.getByRole('button', { name: '(Force) Process Now' }).click();
    await toast(page, 'Processing of pending data has started.').waitFor();
    // The crawl runs after the answer; the ingested list shows the page once it is done.
    await expect
      .poll(
        async () => {
          await page.goto('/admindashboard?tab=data');
          await page.getByRole('button', { name: 'View All Ingested Data' }).click();
          await page.getByText('Loading...').first().waitFor({ state: 'detached' });
          const web = await page.getByText('ARIA Authoring Practices Guide').count();
          // The census excerpt has no title of its own (metadata "Untitled", no cover): its file's name.
          const pdf = await page.getByText('census-americans-with-disabilities-2010_us-001').count();
          return Math.min(web, pdf);
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    await page
      .getByText('census-americans-with-disabilities-2010_us-001')
      .first()
      .waitFor({ timeout: 20_000 });
    await expectNoAxeViolations(page, 'ingested data');

    // Disable, then delete the source after confirming.
    await page.goto('/admindashboard?tab=data');
    const source = page.getByRole('row').filter({ hasText: 'APG guide' });
    await source.getByRole('button', { name: /Disable/ }).click();
    await toast(page, 'Source disabled successfully.').waitFor();
    await source.getByRole('button', { name: /Delete/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Source' });
    await confirm.getByText('cannot be undone', { exact: false }).waitFor();
    await expectNoAxeViolations(page, 'delete confirmation');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Source deleted successfully.').waitFor();
    await page.getByRole('row').filter({ hasText: 'APG guide' }).waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('blocks and unblocks a user, and opens a question history', async () => {
    const account = newUser({ name: 'Blockable Person' });
    await app.register(account);
    const asker = await signedInChatUser(app);
    const socket = await openChatSocket(app, asker);
    await askOnce(socket, 'What is a landmark region?');
    socket.close();

    const page = await superAdminPage();
    await page.goto('/admindashboard');
    const row = page.getByRole('row').filter({ hasText: 'Blockable Person' });
    await row.getByRole('button', { name: /Block User/ }).click();
    await toast(page, 'User blocked successfully.').waitFor();
    await row.getByRole('button', { name: /Unblock User/ }).click();
    await toast(page, 'User unblocked successfully.').waitFor();
    await row.getByRole('button', { name: /Make Admin/ }).click();
    // The super admin administers every project, so the projects are chosen in a dialog (the querying app checked).
    const rights = page.getByRole('dialog', { name: 'Make Admin' });
    await rights.waitFor();
    await expectNoAxeViolations(page, 'make admin dialog');
    await rights.getByRole('button', { name: 'Make Admin', exact: true }).click();
    await toast(page, 'User made admin successfully.').waitFor();
    await row.getByRole('button', { name: /Remove Admin/ }).waitFor();
    await expectNoAxeViolations(page, 'users tab');

    await page.getByRole('tab', { name: 'Questions' }).click();
    const question = page.getByRole('row').filter({ hasText: 'What is a landmark region?' });
    await question.getByRole('button', { name: /View Details/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('detected-language').first().waitFor();
    await expectNoAxeViolations(page, 'question history modal');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
