/** The generic admin table (SPEC §2 generic table behaviour), seen through the Users tab. */
import { beforeEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { SEARCH_PLACEHOLDER } from '../../../src/app/features/admin/table/DataTable';
import { truncate } from '../../../src/app/features/admin/table/format';
import {
  adminQueryDefaults,
  CACHE_TIME_MS,
  retry,
  retryDelay,
} from '../../../src/app/features/admin/queryClient';
import { ApiError } from '../../../src/app/api/client';
import { expectNoAxeViolations, jsonResponse, renderApp, tabTo, resetFocus } from '../support/render';
import { admin, adminServer, deferred, focused, listAnswer, makeUsers, resetAdmin, signIn } from './support';

beforeEach(async () => {
  await resetAdmin();
  signIn(admin);
});

const usersTable = () => page.getByRole('table', { name: 'Users' });
const searchBox = () => page.getByRole('searchbox', { name: 'Search Users' });
const button = (name: string) => page.getByRole('button', { name, exact: true });
const pageStatus = () => page.getByText(/^Page \d+ of \d+$/);

type Body = { queryOptions: { limit: number; skip: number }; search?: string; queryingApp: string };

/** Answers get_users with `total` users, paging them as the server would. */
function usersServer(total: number, users = makeUsers(total)) {
  return adminServer({
    '/admin/get_users': (body) => {
      const { limit, skip } = (body as unknown as Body).queryOptions;
      return listAnswer(users.slice(skip, skip + limit), total);
    },
  });
}

const bodies = (server: ReturnType<typeof usersServer>) =>
  server.to('/admin/get_users').map((c) => c.body as Body);

describe('data fetching defaults (SPEC §9)', () => {
  test('retry 3 times (not after a 4xx refusal) with backoff up to 30 s, cache for 5 minutes', () => {
    expect(adminQueryDefaults.queries?.retry).toBe(retry);
    const serverDown = new ApiError('Something went wrong on our side. Please try again.', 500);
    const offline = new ApiError('DISH cannot be reached right now.', 0);
    expect([0, 1, 2, 3].map((n) => retry(n, serverDown))).toEqual([true, true, true, false]);
    expect([0, 1, 2, 3].map((n) => retry(n, offline))).toEqual([true, true, true, false]);
    // A refusal (bad search key, lost session) is not asked again.
    expect(retry(0, new ApiError('Unknown search key.', 400))).toBe(false);
    expect(adminQueryDefaults.queries?.gcTime).toBe(5 * 60_000);
    expect(CACHE_TIME_MS).toBe(300_000);
    expect([0, 1, 2, 3, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 30_000, 30_000]);
  });
});

describe('loading, rows and cells', () => {
  test("shows 'Loading...' until the answer, then the rows; the first request asks for page 1 of 10", async () => {
    const answer = deferred();
    const server = adminServer({ '/admin/get_users': () => answer.promise });
    const { container } = await renderApp('/admindashboard');
    await expect.element(usersTable()).toBeVisible();
    await expect.element(usersTable().getByRole('cell', { name: 'Loading...' })).toBeVisible();
    expect(server.last('/admin/get_users')).toEqual({
      queryingApp: 'dish',
      query: {},
      queryOptions: { limit: 10, skip: 0 },
    });
    answer.resolve(jsonResponse(listAnswer(makeUsers(3), 3)));
    await expect.element(usersTable().getByRole('cell', { name: 'User 1', exact: true })).toBeVisible();
    await expect.element(page.getByText('Loading...')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  test('a real table: caption, column headers with scope=col, every SPEC column and an Actions column', async () => {
    usersServer(2);
    await renderApp('/admindashboard');
    await expect.element(usersTable().getByRole('cell', { name: 'User 1', exact: true })).toBeVisible();
    const table = usersTable().element() as HTMLTableElement;
    expect(table.caption?.textContent).toBe('Users');
    const headers = [...table.querySelectorAll('thead th')];
    expect(headers.map((h) => h.textContent)).toEqual([
      'Name',
      'Email',
      'Phone',
      'Whatsapp Id',
      'Is Admin',
      'Admin Type',
      'Email Verified',
      'Phone Verified',
      'Is Blocked',
      'Is Active',
      'App',
      'Actions',
    ]);
    expect(headers.every((h) => h.getAttribute('scope') === 'col')).toBe(true);
  });

  test("booleans are a tick or a cross with 'Yes'/'No' for screen readers; empty values are '-'", async () => {
    usersServer(1);
    await renderApp('/admindashboard');
    const row = usersTable().getByRole('row').filter({ hasText: 'User 1' });
    await expect.element(row).toBeVisible();
    const cells = [...(row.element() as HTMLTableRowElement).cells].map((c) => c.textContent);
    // Name, Email, Phone, Whatsapp Id, Is Admin, Admin Type, Email Verified, Phone Verified, Is Blocked, Is Active, App
    expect(cells.slice(0, 11)).toEqual([
      'User 1',
      'user1@example.org',
      '-',
      '-',
      '✗No',
      '-',
      '✓Yes',
      '✗No',
      '✗No',
      '✓Yes',
      'dish',
    ]);
    const tick = (row.element() as HTMLTableRowElement).cells[6]!;
    expect(tick.querySelector('[aria-hidden="true"]')?.textContent).toBe('✓');
    expect(tick.querySelector('.visually-hidden')?.textContent).toBe('Yes');
    expect(getComputedStyle(tick.querySelector('.bool')!).color).toBe('rgb(0, 107, 36)');
    const cross = (row.element() as HTMLTableRowElement).cells[4]!;
    expect(getComputedStyle(cross.querySelector('.bool')!).color).toBe('rgb(179, 38, 30)');
  });

  test("text longer than 150 characters is cut with 'Read More', which opens the whole text in the modal", async () => {
    const long = `${'Very long name '.repeat(12)}end`;
    expect(long.length).toBeGreaterThan(150);
    usersServer(1, [{ ...makeUsers(1)[0]!, name: long }]);
    const { container } = await renderApp('/admindashboard');
    const more = page.getByRole('button', { name: 'Read More (Name)' });
    await expect.element(more).toBeVisible();
    const cell = (more.element() as HTMLElement).closest('td')!;
    expect(cell.textContent).toContain(truncate(long, 150).shown);
    expect(cell.textContent).not.toContain('end');

    await more.click();
    const dialog = page.getByRole('dialog', { name: 'Name' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog).toHaveAttribute('aria-modal', 'true');
    await expect.element(dialog.getByText(long)).toBeVisible();
    expect(focused()).toBe(dialog.getByRole('button', { name: 'Close' }).element());
    await expectNoAxeViolations(container);

    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    expect(focused()).toBe(more.element());

    await more.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    expect(focused()).toBe(more.element());
  });

  test('a list is cut at 200 characters rather than 150', () => {
    expect(truncate('x'.repeat(180), 200).cut).toBe(false);
    expect(truncate('x'.repeat(180), 150).cut).toBe(true);
  });

  test('a failed call shows its message in an error row', async () => {
    adminServer({
      '/admin/get_users': () => jsonResponse({ message: 'You are not allowed to do this.' }, 403),
    });
    const { container } = await renderApp('/admindashboard');
    await expect
      .element(usersTable().getByRole('alert'))
      .toHaveTextContent('You are not allowed to do this.');
    await expect.element(page.getByText('Loading...')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  test("no rows reads 'No records found.'", async () => {
    usersServer(0);
    await renderApp('/admindashboard');
    await expect.element(usersTable().getByRole('cell', { name: 'No records found.' })).toBeVisible();
    await expect.element(pageStatus()).toHaveTextContent('Page 1 of 1');
  });
});

describe('paging', () => {
  test("'Page X of Y' with Previous and Next; skip is (page - 1) × size", async () => {
    const server = usersServer(25);
    await renderApp('/admindashboard');
    await expect.element(pageStatus()).toHaveTextContent('Page 1 of 3');
    await expect.element(button('Previous')).toHaveAttribute('aria-disabled', 'true');
    await expect.element(button('Next')).toHaveAttribute('aria-disabled', 'false');

    await button('Next').click();
    await expect.element(pageStatus()).toHaveTextContent('Page 2 of 3');
    await expect.element(usersTable().getByRole('cell', { name: 'User 11', exact: true })).toBeVisible();
    expect(bodies(server).at(-1)?.queryOptions).toEqual({ limit: 10, skip: 10 });

    await button('Next').click();
    await expect.element(pageStatus()).toHaveTextContent('Page 3 of 3');
    expect(bodies(server).at(-1)?.queryOptions).toEqual({ limit: 10, skip: 20 });
    await expect.element(button('Next')).toHaveAttribute('aria-disabled', 'true');
    await expect.element(usersTable().getByRole('cell', { name: 'User 25', exact: true })).toBeVisible();

    // Next on the last page does nothing (and keeps focus where it was).
    const asked = bodies(server).length;
    (button('Next').element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    expect(bodies(server).length).toBe(asked);
    expect(focused()).toBe(button('Next').element());

    await button('Previous').click();
    await expect.element(pageStatus()).toHaveTextContent('Page 2 of 3');
  });

  test('rows per page offers 10, 20, 50 and 100 (default 10) and goes back to page 1', async () => {
    const server = usersServer(45);
    const { container } = await renderApp('/admindashboard');
    const size = page.getByRole('combobox', { name: 'Rows per page' });
    await expect.element(size).toHaveValue('10');
    expect([...(size.element() as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      '10',
      '20',
      '50',
      '100',
    ]);
    await button('Next').click();
    await expect.element(pageStatus()).toHaveTextContent('Page 2 of 5');

    await size.selectOptions('20');
    await expect.element(pageStatus()).toHaveTextContent('Page 1 of 3');
    expect(bodies(server).at(-1)?.queryOptions).toEqual({ limit: 20, skip: 0 });
    await expect.element(usersTable().getByRole('cell', { name: 'User 20', exact: true })).toBeVisible();

    await size.selectOptions('100');
    await expect.element(pageStatus()).toHaveTextContent('Page 1 of 1');
    expect(bodies(server).at(-1)?.queryOptions).toEqual({ limit: 100, skip: 0 });
    await expectNoAxeViolations(container);
  });
});

describe('key: value search', () => {
  test('has the SPEC placeholder and a label', async () => {
    usersServer(1);
    await renderApp('/admindashboard');
    await expect.element(searchBox()).toHaveAttribute('placeholder', SEARCH_PLACEHOLDER);
    expect(SEARCH_PLACEHOLDER).toBe(
      "Search by typing `key: value`. E.g. `title: example`. Case doesn't matter.",
    );
  });

  test('the text goes to the server as typed, once typing pauses, from page 1', async () => {
    const server = usersServer(25);
    await renderApp('/admindashboard');
    await button('Next').click();
    await expect.element(pageStatus()).toHaveTextContent('Page 2 of 3');

    await userEvent.type(searchBox(), 'Name: User 1');
    await expect.poll(() => bodies(server).at(-1)?.search).toBe('Name: User 1');
    expect(bodies(server).at(-1)?.queryOptions).toEqual({ limit: 10, skip: 0 });
    // Debounced: no request went out for the half-typed text.
    expect(
      bodies(server)
        .filter((b) => b.search !== undefined)
        .map((b) => b.search),
    ).toEqual(['Name: User 1']);
    await expect.element(pageStatus()).toHaveTextContent(/^Page 1 of/);
  });

  test('Escape empties the search box and asks again without a search', async () => {
    const server = usersServer(5);
    await renderApp('/admindashboard');
    await userEvent.type(searchBox(), 'email: user2');
    await expect.poll(() => bodies(server).at(-1)?.search).toBe('email: user2');
    await expect.element(button('Clear search')).toBeVisible();

    await userEvent.keyboard('{Escape}');
    await expect.element(searchBox()).toHaveValue('');
    await expect.poll(() => bodies(server).at(-1)?.search).toBeUndefined();
    expect(focused()).toBe(searchBox().element());
    await expect.element(button('Clear search')).not.toBeInTheDocument();
  });

  test('the Clear search button empties it too and gives focus back to the box', async () => {
    const server = usersServer(5);
    const { container } = await renderApp('/admindashboard');
    await userEvent.type(searchBox(), 'is_admin: true');
    await expect.poll(() => bodies(server).at(-1)?.search).toBe('is_admin: true');
    await expectNoAxeViolations(container);
    await button('Clear search').click();
    await expect.element(searchBox()).toHaveValue('');
    await expect.poll(() => bodies(server).at(-1)?.search).toBeUndefined();
    expect(focused()).toBe(searchBox().element());
  });

  test('keyboard only: reach the search box, type, clear with Escape, page with Enter', async () => {
    const server = usersServer(15);
    await renderApp('/admindashboard');
    await expect.element(pageStatus()).toHaveTextContent('Page 1 of 2');
    resetFocus();
    await tabTo(searchBox(), 30);
    await userEvent.keyboard('name: user');
    await expect.poll(() => bodies(server).at(-1)?.search).toBe('name: user');
    await userEvent.keyboard('{Escape}');
    await expect.element(searchBox()).toHaveValue('');
    await tabTo(button('Next'), 80);
    await userEvent.keyboard('{Enter}');
    await expect.element(pageStatus()).toHaveTextContent('Page 2 of 2');
  });
});
