/**
 * Issue 15 end to end: the Projects tab of the built app against the real server. A super admin
 * makes a key of a created project with the keyboard alone, the secret shown once answers over
 * the project API, and revoking it in the tab shuts it out at once.
 */
import { describe, expect, it } from 'vitest';
import { SUPER, SUPER_ENV, signInSuper } from '../support/admin';
import { expectNoAxeViolations, expectNoCspViolations, startAppServer } from '../support/browser';
import { appForTheseTests } from '../support/e2e';
import { Client } from '../support/http';

const app = appForTheseTests(() => startAppServer(SUPER_ENV));

const ask = (secret: string) =>
  new Client(app.url).post(
    '/api/v1/ask',
    { query: 'Hello there, what can you do?' },
    { 'x-api-key': secret },
  );

describe('the Projects tab against the real server', () => {
  it('creates a key by keyboard, shows it once, and revokes it', async () => {
    const root = await signInSuper(app);
    const created = await root.post('/project_auth/create_project', {
      name: 'Museum Guide',
      description: 'Answers museum visitors',
    });
    expect(created.status).toBe(201);

    const page = await app.signedInPage(SUPER);
    await page.goto('/admindashboard?tab=projects');
    const keys = page.getByRole('table', { name: 'API keys of Museum Guide' });
    await keys.waitFor();
    // The key the project was created with is listed, never its secret.
    await expect.poll(() => keys.getByRole('row', { name: /First key/ }).count()).toBe(1);
    await expectNoAxeViolations(page, 'Projects tab');

    // Keyboard only: into the name field of the new project's form, type, Enter.
    const name = page.getByRole('form', { name: 'New key of Museum Guide' }).getByLabel('Name of a new key');
    for (
      let presses = 0;
      presses < 80 && !(await name.evaluate((el) => el === document.activeElement));
      presses++
    ) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.type('Kiosk');
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { name: 'New key “Kiosk” of museum_guide' });
    await heading.waitFor();
    expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
    const secret = (await page.locator('.project-result code').textContent()) ?? '';
    expect(secret).toMatch(/^dish_/);
    await expectNoAxeViolations(page, 'Projects tab with a new secret');

    expect((await ask(secret)).status).toBe(200);
    await page.reload();
    await keys.waitFor();
    const row = keys.getByRole('row', { name: /Kiosk/ });
    await expect.poll(() => row.textContent()).toMatch(/Active/);
    expect(await page.getByText(secret).count()).toBe(0);

    await page.getByRole('button', { name: 'Revoke Kiosk' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke Key' })
      .getByRole('button', { name: 'Revoke', exact: true })
      .click();
    await expect.poll(() => row.textContent()).toMatch(/Revoked/);
    expect((await ask(secret)).status).toBe(401);
    expectNoCspViolations(page);
    await page.context().close();
  });
});
