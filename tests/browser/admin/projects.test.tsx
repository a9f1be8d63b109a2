/** Issue 15: the Projects tab (projects and their keys; create, revoke, rotate; a secret shown once). */
import { beforeEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { ProjectKeyView, ProjectView } from '../../../src/shared/admin/projects';
import { expectNoAxeViolations, renderApp, resetFocus, tabTo } from '../support/render';
import { emulateMedia } from '../support/media';
import { adminServer, expectToast, focused, resetAdmin, signIn, superAdmin } from './support';

beforeEach(async () => {
  await resetAdmin();
  signIn(superAdmin);
});

const key = (fields: Partial<ProjectKeyView>): ProjectKeyView => ({
  id: '5d0b0c1e-0a43-4a8e-9d1b-2f3c4d5e6f70',
  project: 'harbour',
  name: 'Website chat',
  prefix: 'dish_Xa4kP2',
  createdAt: '2026-11-20T09:30:00.000Z',
  lastUsedAt: '2026-11-23T10:00:00.000Z',
  useCount: 412,
  revokedAt: null,
  ...fields,
});

/** A server holding dish (no keys) and a created project with one key; keys change as asked. */
function projectsServer() {
  let keys: ProjectKeyView[] = [key({})];
  let made = 0;
  const projects = (): { projects: ProjectView[] } => ({
    projects: [
      {
        id: 'dish',
        name: 'dish',
        description: 'The dish querying app',
        createdAt: '2026-01-01T00:00:00.000Z',
        builtIn: true,
        keys: [],
      },
      {
        id: 'harbour',
        name: 'Harbour Partner',
        description: 'Answers visitors of the harbour',
        createdAt: '2026-11-20T09:00:00.000Z',
        builtIn: false,
        keys,
      },
    ],
  });
  const newKey = (name: string) => {
    made += 1;
    const created = key({
      id: `00000000-0000-4000-8000-00000000000${made}`,
      name,
      prefix: `dish_New${made}`,
      lastUsedAt: null,
      useCount: 0,
      createdAt: '2026-11-23T12:00:00.000Z',
    });
    keys = [created, ...keys];
    return created;
  };
  const revoke = (id: string) => {
    keys = keys.map((k) => (k.id === id ? { ...k, revokedAt: '2026-11-23T12:30:00.000Z' } : k));
    return keys.find((k) => k.id === id)!;
  };
  return adminServer({
    '/admin/projects': () => projects(),
    '/admin/projects/harbour/keys': (body) => {
      const created = newKey(String(body.name));
      return new Response(JSON.stringify({ key: created, secret: `${created.prefix}SECRET-${made}` }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    },
    '/admin/projects/harbour/keys/5d0b0c1e-0a43-4a8e-9d1b-2f3c4d5e6f70/revoke': () => ({
      key: revoke('5d0b0c1e-0a43-4a8e-9d1b-2f3c4d5e6f70'),
    }),
    '/admin/projects/harbour/keys/5d0b0c1e-0a43-4a8e-9d1b-2f3c4d5e6f70/rotate': () => {
      const revoked = revoke('5d0b0c1e-0a43-4a8e-9d1b-2f3c4d5e6f70');
      const created = newKey('Website chat');
      return { key: created, secret: `${created.prefix}ROTATED`, revoked };
    },
  });
}

const keysOf = (project: string) => page.getByRole('table', { name: `API keys of ${project}` });
const button = (name: string) => page.getByRole('button', { name, exact: true });

async function openProjects() {
  const screen = await renderApp('/admindashboard?tab=projects');
  await expect.element(keysOf('Harbour Partner')).toBeVisible();
  return screen;
}

describe('the Projects tab', () => {
  test('lists every project with its keys: name, first characters, created, last used, uses', async () => {
    projectsServer();
    await openProjects();
    await expect.element(keysOf('dish')).toHaveTextContent('No keys yet.');
    const row = keysOf('Harbour Partner').getByRole('row', { name: /Website chat/ });
    await expect.element(row).toHaveTextContent('dish_Xa4kP2…');
    await expect.element(row).toHaveTextContent('20 Nov 2026');
    await expect.element(row).toHaveTextContent('23 Nov 2026');
    await expect.element(row).toHaveTextContent('412');
    await expect.element(row).toHaveTextContent('Active');
  });

  test('creates a key and shows its secret once, focused; an empty name is refused', async () => {
    const server = projectsServer();
    await openProjects();
    const name = page.getByRole('textbox', { name: 'Name of a new key' }).nth(1);
    await page.getByRole('form', { name: 'New key of Harbour Partner' }).getByRole('button').click();
    await expect.element(page.getByText('Please enter a name for the key.')).toBeVisible();
    await expect.poll(() => focused()).toBe(name.element());
    expect(server.to('/admin/projects/harbour/keys')).toHaveLength(0);

    await userEvent.fill(name.element(), 'Kiosk');
    await userEvent.keyboard('{Enter}');
    const heading = page.getByRole('heading', { name: 'New key “Kiosk” of harbour' });
    await expect.element(heading).toBeVisible();
    await expect.poll(() => focused()).toBe(heading.element());
    await expect.element(page.getByText('dish_New1SECRET-1')).toBeVisible();
    expect(server.last('/admin/projects/harbour/keys')).toEqual({ name: 'Kiosk' });
    await expect.element(keysOf('Harbour Partner').getByRole('row', { name: /Kiosk/ })).toBeVisible();
    await button('I have copied the key').click();
    await expect.element(page.getByText('dish_New1SECRET-1')).not.toBeInTheDocument();
  });

  test('keyboard only: revoke after confirming; the key shows as revoked and loses its actions', async () => {
    projectsServer();
    await openProjects();
    resetFocus();
    await tabTo(button('Revoke Website chat'), 40);
    await userEvent.keyboard('{Enter}');
    const dialog = page.getByRole('dialog', { name: 'Revoke Key' });
    await expect.element(dialog).toBeVisible();
    await tabTo(dialog.getByRole('button', { name: 'Revoke', exact: true }));
    await userEvent.keyboard('{Enter}');
    await expectToast('The key “Website chat” is revoked.');
    const row = keysOf('Harbour Partner').getByRole('row', { name: /Website chat/ });
    await expect.element(row).toHaveTextContent(/Revoked 23 Nov 2026/);
    await expect.element(button('Revoke Website chat')).not.toBeInTheDocument();
  });

  test('rotate: the new secret is shown once, the old key listed as revoked', async () => {
    const server = projectsServer();
    await openProjects();
    await button('Rotate Website chat').click();
    await page
      .getByRole('dialog', { name: 'Rotate Key' })
      .getByRole('button', { name: 'Rotate', exact: true })
      .click();
    await expect.element(page.getByText('dish_New1ROTATED')).toBeVisible();
    expect(
      server.to('/admin/projects/harbour/keys/5d0b0c1e-0a43-4a8e-9d1b-2f3c4d5e6f70/rotate'),
    ).toHaveLength(1);
    await expect.element(keysOf('Harbour Partner')).toHaveTextContent(/Revoked/);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`passes axe with a new secret shown (${colorScheme})`, async () => {
      await emulateMedia({ colorScheme });
      projectsServer();
      const { container } = await openProjects();
      await userEvent.fill(
        page.getByRole('textbox', { name: 'Name of a new key' }).nth(1).element(),
        'Kiosk',
      );
      await userEvent.keyboard('{Enter}');
      await expect.element(page.getByText('dish_New1SECRET-1')).toBeVisible();
      await expectNoAxeViolations(container);
    });
  }
});
