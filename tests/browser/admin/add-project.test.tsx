/** /superadminaddproject (SPEC §2, §5, §6, §8). */
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { expectNoAxeViolations, jsonResponse, makeUser, renderApp } from '../support/render';
import {
  admin,
  adminServer,
  expectToast,
  focused,
  resetAdmin,
  signIn,
  spyToasts,
  superAdmin,
  toastWith,
} from './support';

beforeEach(resetAdmin);

const h1 = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const name = () => page.getByRole('textbox', { name: 'Name', exact: true });
const description = () => page.getByRole('textbox', { name: 'Description', exact: true });
const create = () => page.getByRole('button', { name: 'Create Project', exact: true });

describe('super admin', () => {
  beforeEach(() => signIn(superAdmin));

  test('name and description are required; nothing is sent without them', async () => {
    const server = adminServer({});
    const { container } = await renderApp('/superadminaddproject');
    await expect.element(h1('Add New Authorized Project')).toBeVisible();
    await expectNoAxeViolations(container);
    await create().click();
    await expect.element(name()).toHaveAccessibleDescription('Please enter a project name.');
    await expect.element(description()).toHaveAccessibleDescription('Please enter a project description.');
    expect(focused()).toBe(name().element());
    expect(server.to('/project_auth/create_project')).toHaveLength(0);
    await expectNoAxeViolations(container);
    await name().fill('Partner app');
    await expect.element(name()).not.toHaveAttribute('aria-invalid');
  });

  test('success: a 10 s toast lists the project ID and API key, each with a copy button', async () => {
    const toasts = spyToasts();
    const copied: string[] = [];
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation((text: string) => {
      copied.push(text);
      return Promise.resolve();
    });
    const server = adminServer({
      '/project_auth/create_project': () =>
        jsonResponse({ projectId: 'partner_app', apiKey: 'dish_secret123' }, 201),
    });
    const { container } = await renderApp('/superadminaddproject');
    await name().fill('Partner app');
    await description().fill('The partner app asks questions over HTTP.');
    await create().click();

    const toast = toastWith('Project created successfully.');
    await expect.element(toast).toBeVisible();
    await expect.element(toast).toHaveTextContent(/partner_app/);
    await expect.element(toast).toHaveTextContent(/dish_secret123/);
    expect(server.last('/project_auth/create_project')).toEqual({
      name: 'Partner app',
      description: 'The partner app asks questions over HTTP.',
    });
    expect(toasts.success).toHaveBeenCalledWith(
      'Project created successfully.',
      expect.objectContaining({ duration: 10_000 }),
    );
    // The form resets; the result stays on the page (the key is shown only this once).
    await expect.element(name()).toHaveValue('');
    const result = page.getByRole('region', { name: 'Project created' });
    await expect.element(result).toHaveTextContent(/dish_secret123/);
    await expectNoAxeViolations(container);

    // The copy buttons on the page work by keyboard.
    (result.getByRole('button', { name: 'Copy API Key' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expectToast('API Key copied to clipboard');
    expect(copied).toEqual(['dish_secret123']);

    await toast.getByRole('button', { name: 'Copy Project ID' }).click();
    await expectToast('Project ID copied to clipboard');
    await toast.getByRole('button', { name: 'Copy API Key' }).click();
    expect(copied).toEqual(['dish_secret123', 'partner_app', 'dish_secret123']);
    expect(toasts.success).toHaveBeenCalledWith(
      'Project ID copied to clipboard',
      expect.objectContaining({ duration: 2000 }),
    );
  });

  test("an answer without projectId or apiKey: 'Failed to create project. Please try again later.'", async () => {
    adminServer({ '/project_auth/create_project': () => jsonResponse({ projectId: 'x' }, 201) });
    await renderApp('/superadminaddproject');
    await name().fill('Partner app');
    await description().fill('Something');
    await create().click();
    await expectToast('Failed to create project. Please try again later.');
    await expect.element(page.getByRole('region', { name: 'Project created' })).not.toBeInTheDocument();
  });

  test('a refused call shows the same failure with the reason', async () => {
    adminServer({
      '/project_auth/create_project': () =>
        jsonResponse(
          { message: 'A project with this name already exists. Please choose another name.' },
          409,
        ),
    });
    await renderApp('/superadminaddproject');
    await name().fill('dish');
    await description().fill('Again');
    await create().click();
    await expectToast('Failed to create project. Please try again later.');
    await expect.element(toastWith('Failed to create project.')).toHaveTextContent(/already exists/);
  });

  test('Back to dashboard goes to /admindashboard', async () => {
    adminServer({ '/admin/get_users': () => ({ data: [], total: 0 }) });
    const { router } = await renderApp('/superadminaddproject');
    await page.getByRole('link', { name: '← Back to dashboard' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/admindashboard');
  });
});

test('SPEC §6: an admin who is not super is sent to /admindashboard', async () => {
  signIn(admin);
  adminServer({ '/admin/get_users': () => ({ data: [], total: 0 }) });
  const { router } = await renderApp('/superadminaddproject');
  await expect.poll(() => router.state.location.pathname).toBe('/admindashboard');
  await expect.element(h1('Admin Dashboard')).toBeVisible();
});

describe('admin routes keep others out', () => {
  test.each(['/superadminaddproject', '/adminadddata', '/admindashboard'])(
    'a signed-in member opening %s goes to /dashboard, with no admin call made',
    async (path) => {
      signIn(makeUser());
      const server = adminServer({});
      const { router } = await renderApp(path);
      await expect.poll(() => router.state.location.pathname).toBe('/dashboard');
      await expect.element(h1("Let's start the conversation")).toBeVisible();
      expect(server.calls.filter((c) => c.path.startsWith('/admin/'))).toHaveLength(0);
    },
  );

  test('signed out, /adminadddata goes to /login and remembers the path', async () => {
    const { router } = await renderApp('/adminadddata');
    await expect.poll(() => router.state.location.href).toBe('/login?redirect=%2Fadminadddata');
  });
});
