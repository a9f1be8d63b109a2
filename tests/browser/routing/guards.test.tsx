import { beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { sessionUserAtom } from '../../../src/app/state/auth';
import { store } from '../../../src/app/state/store';
import { currentHref, expectNoAxeViolations, makeUser, renderApp, resetApp, signIn } from '../support/render';

beforeEach(resetApp);

const h1 = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const pathOf = (router: Awaited<ReturnType<typeof renderApp>>['router']) => router.state.location.pathname;

const member = makeUser();
const admin = makeUser({
  id: 'u-2',
  name: 'Ravi Admin',
  isAdmin: true,
  adminType: 'admin',
  isAdminFor: ['dish'],
});
const superAdmin = makeUser({
  id: 'u-3',
  name: 'Sita Super',
  isAdmin: true,
  adminType: 'super',
  isAdminFor: ['dish'],
});

describe('signed out', () => {
  test.each(['/dashboard', '/admindashboard', '/superadminaddproject'])(
    '%s sends the visitor to /login and remembers the path',
    async (path) => {
      const { router } = await renderApp(path);
      await expect.poll(() => pathOf(router)).toBe('/login');
      expect(router.state.location.search).toEqual({ redirect: path });
      expect(currentHref(router)).toBe(`/login?redirect=${encodeURIComponent(path)}`);
      await expect.element(h1('Login')).toBeVisible();
      await expect.element(page.getByText("Let's start the conversation")).not.toBeInTheDocument();
    },
  );

  test('after signing in, the login page goes on to the remembered path', async () => {
    const { router } = await renderApp('/dashboard');
    await expect.poll(() => currentHref(router)).toBe('/login?redirect=%2Fdashboard');
    await expect.element(h1('Login')).toBeVisible();

    signIn(admin);
    // An admin would go to /admindashboard by default; the remembered path wins.
    await expect.poll(() => pathOf(router)).toBe('/dashboard');
    await expect.element(h1("Let's start the conversation")).toBeVisible();
  });

  test('with nothing remembered, an admin signing in lands on /admindashboard', async () => {
    const { router } = await renderApp('/login');
    await expect.element(h1('Login')).toBeVisible();
    signIn(admin);
    await expect.poll(() => pathOf(router)).toBe('/admindashboard');
    await expect.element(h1('Admin Dashboard')).toBeVisible();
  });

  test('a remembered path off this site is not followed', async () => {
    const { router } = await renderApp('/login?redirect=%2F%2Fevil.example%2F');
    await expect.element(h1('Login')).toBeVisible();
    signIn(member);
    await expect.poll(() => pathOf(router)).toBe('/dashboard');
  });
});

describe('signed-in member (not admin)', () => {
  beforeEach(() => signIn(member));

  test('sees the dashboard, which passes axe', async () => {
    const { container, router } = await renderApp('/dashboard');
    await expect.element(h1("Let's start the conversation")).toBeVisible();
    expect(pathOf(router)).toBe('/dashboard');
    await expect.element(page.getByRole('list').filter({ hasText: /cerebral palsy/i })).toBeVisible();
    expect(
      page
        .getByRole('list')
        .filter({ hasText: /cerebral palsy/i })
        .getByRole('listitem')
        .elements(),
    ).toHaveLength(6);
    await expectNoAxeViolations(container);
  });

  test('/admindashboard goes to /dashboard', async () => {
    const { router } = await renderApp('/admindashboard');
    await expect.poll(() => pathOf(router)).toBe('/dashboard');
    await expect.element(h1("Let's start the conversation")).toBeVisible();
    await expect.element(page.getByText('Admin Dashboard')).not.toBeInTheDocument();
  });

  test('/superadminaddproject goes to /dashboard', async () => {
    const { router } = await renderApp('/superadminaddproject');
    await expect.poll(() => pathOf(router)).toBe('/dashboard');
    await expect.element(h1("Let's start the conversation")).toBeVisible();
    await expect.element(page.getByText('Add New Authorized Project')).not.toBeInTheDocument();
  });

  test('the login page sends a signed-in member on to /dashboard', async () => {
    const { router } = await renderApp('/login');
    await expect.poll(() => pathOf(router)).toBe('/dashboard');
    expect(store.get(sessionUserAtom)).toEqual(member);
  });
});

describe('signed-in admin', () => {
  beforeEach(() => signIn(admin));

  test('/superadminaddproject goes to /admindashboard', async () => {
    const { router } = await renderApp('/superadminaddproject');
    await expect.poll(() => pathOf(router)).toBe('/admindashboard');
    await expect.element(h1('Admin Dashboard')).toBeVisible();
    await expect.element(page.getByText('Add New Authorized Project')).not.toBeInTheDocument();
  });

  test('sees the Admin Dashboard without the super-admin link, and it passes axe', async () => {
    const { container } = await renderApp('/admindashboard');
    await expect.element(h1('Admin Dashboard')).toBeVisible();
    await expect.element(page.getByText('Super Admin Dashboard')).not.toBeInTheDocument();
    await expect
      .element(page.getByRole('link', { name: '+ Create Authorized Project' }))
      .not.toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expectNoAxeViolations(container);
  });
});

describe('signed-in super admin', () => {
  beforeEach(() => signIn(superAdmin));

  test("sees 'Super Admin Dashboard' and the create-project link", async () => {
    const { container, router } = await renderApp('/admindashboard');
    await expect.element(h1('Super Admin Dashboard')).toBeVisible();
    const create = page.getByRole('link', { name: '+ Create Authorized Project' });
    await expect.element(create).toBeVisible();
    await expectNoAxeViolations(container);

    await create.click();
    await expect.poll(() => pathOf(router)).toBe('/superadminaddproject');
    await expect.element(h1('Add New Authorized Project')).toBeVisible();
  });

  test('may open /superadminaddproject directly', async () => {
    const { container, router } = await renderApp('/superadminaddproject');
    await expect.element(h1('Add New Authorized Project')).toBeVisible();
    expect(pathOf(router)).toBe('/superadminaddproject');
    await expectNoAxeViolations(container);
  });
});

describe('register page', () => {
  test('sends a signed-in user with an email to /login, which sends them home', async () => {
    signIn(member);
    const { router } = await renderApp('/register');
    await expect.poll(() => pathOf(router)).toBe('/dashboard');
    await expect.element(h1("Let's start the conversation")).toBeVisible();
  });
});
