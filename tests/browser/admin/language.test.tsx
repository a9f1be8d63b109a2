/**
 * Issue 14 item 7: the admin screens stay in English whatever language is chosen, and say so
 * (<html lang="en"> while they are open); the chosen language comes back on the user screens.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { LANGUAGE_STORAGE_KEY, restoreLanguage } from '../../../src/app/state/language';
import { expectNoAxeViolations, renderApp } from '../support/render';
import { admin, adminServer, listAnswer, makeUsers, questions, resetAdmin, signIn } from './support';

beforeEach(resetAdmin);

describe('admin screens with Hindi chosen', () => {
  test('are in English, the page says so, and Hindi comes back on the user screens; axe finds nothing', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
    await restoreLanguage();
    signIn({ ...admin, language: 'hi' });
    adminServer({
      '/admin/get_users': () => listAnswer(makeUsers(2)),
      '/admin/get_questions': () => listAnswer(questions),
      '/admin/get_data_bank': () => ({ sources: [] }),
      '/admin/models': () => ({ models: [] }),
      '/auth/language': () => ({ language: 'hi' }),
    });
    const { container, router } = await renderApp('/admindashboard');
    await expect
      .element(page.getByRole('heading', { level: 1, name: 'Admin Dashboard', exact: true }))
      .toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Logout', exact: true })).toBeVisible();
    expect(document.documentElement.lang).toBe('en');
    await expect.element(page.getByRole('table', { name: 'Users' })).toBeVisible();
    // Not a word of Hindi inside the English screens (shared fields and banners included).
    expect(container.textContent).not.toMatch(/\p{Script=Devanagari}/u);
    await expectNoAxeViolations(container);

    await router.navigate({ to: '/dashboard' });
    await expect.element(page.getByRole('heading', { level: 1, name: 'आइए बातचीत शुरू करें' })).toBeVisible();
    expect(document.documentElement.lang).toBe('hi');
  });
});
