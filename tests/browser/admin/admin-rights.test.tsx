/** Issue 15: Make Admin for an admin of several projects (a super admin) chooses the projects, created ones too. */
import { beforeEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { expectNoAxeViolations, renderApp } from '../support/render';
import {
  adminServer,
  expectToast,
  focused,
  listAnswer,
  makeUsers,
  resetAdmin,
  signIn,
  superAdmin,
} from './support';

beforeEach(async () => {
  await resetAdmin();
  signIn(superAdmin);
});

const project = (id: string) => ({
  id,
  name: id,
  description: '',
  createdAt: '2026-11-20T09:00:00.000Z',
  builtIn: id !== 'harbour',
  keys: [],
});

function rightsServer(isAdmin = false) {
  return adminServer({
    '/admin/get_users': () =>
      listAnswer(
        makeUsers(1).map((u) => ({ ...u, isAdmin, adminType: isAdmin ? ('admin' as const) : null })),
      ),
    '/admin/models': () => ({ models: [] }),
    '/admin/projects': () => ({ projects: [project('dish'), project('blimey'), project('harbour')] }),
    '/admin/make_user_admin': () => ({ user: makeUsers(1)[0] }),
  });
}

describe('Make Admin with several projects', () => {
  test('offers every project, the created one too; dish chosen first; none chosen is refused', async () => {
    const server = rightsServer();
    const { container } = await renderApp('/admindashboard');
    await page.getByRole('button', { name: 'Make Admin (User 1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make Admin' });
    await expect.element(dialog.getByRole('group', { name: 'Make User 1 admin of' })).toBeVisible();
    await expect.element(dialog.getByRole('checkbox', { name: 'dish' })).toBeChecked();
    await expect.element(dialog.getByRole('checkbox', { name: 'harbour' })).not.toBeChecked();
    await expectNoAxeViolations(container);

    // Keyboard: dish off, then Make Admin with nothing chosen.
    expect(focused()).toBe(dialog.getByRole('checkbox', { name: 'dish' }).element());
    await userEvent.keyboard(' ');
    await dialog.getByRole('button', { name: 'Make Admin', exact: true }).click();
    await expect.element(dialog.getByText('Please choose at least one project.')).toBeVisible();
    expect(server.to('/admin/make_user_admin')).toHaveLength(0);

    await dialog.getByRole('checkbox', { name: 'harbour' }).click();
    await dialog.getByRole('button', { name: 'Make Admin', exact: true }).click();
    await expectToast('User made admin successfully.');
    expect(server.last('/admin/make_user_admin')).toMatchObject({ makeAdmin: true, adminFor: ['harbour'] });
    await expect.element(dialog).not.toBeInTheDocument();
  });

  test('Remove Admin takes away every project of the super admin’s', async () => {
    const server = rightsServer(true);
    await renderApp('/admindashboard');
    await expect.poll(() => server.to('/admin/projects').length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Remove Admin (User 1)' }).click();
    await expectToast('Admin rights removed successfully.');
    expect(server.last('/admin/make_user_admin')).toMatchObject({
      makeAdmin: false,
      adminFor: ['dish', 'blimey', 'harbour'],
    });
  });
});
