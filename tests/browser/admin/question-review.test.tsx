/**
 * Issue 14 item 6: the question review renders the answer's markdown and names who asked
 * (contacts as the server masks them, SPEC §6); the Users tab offers no Block or Remove Admin on
 * the signed-in admin's own row; the screens pass axe in the dark scheme too.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import type { UserAdminView } from '../../../src/shared/admin/schemas';
import { expectNoAxeViolations, renderApp } from '../support/render';
import { darkScheme } from '../support/media';
import {
  admin,
  adminServer,
  listAnswer,
  makeUsers,
  question,
  resetAdmin,
  signIn,
  superAdmin,
  uuid,
} from './support';

beforeEach(resetAdmin);

const MARKDOWN_ANSWER =
  'Use a ramp with a gentle slope: **[Ramp guide](https://example.org/ramps)**.\n\n' +
  '| Rise | Length |\n| --- | --- |\n| 1 | 12 |\n\n- ~~steep~~ gentle\n';

const reviewed = question({
  _id: uuid(450),
  query: 'Which ramps are best?',
  history: [
    { type: 'detect-language-query', timestamp: '2025-03-05T10:01:00.000Z', query: 'Which ramps are best?' },
    {
      type: 'query-response',
      timestamp: '2025-03-05T10:02:00.000Z',
      query: 'Which ramps are best?',
      answer: MARKDOWN_ANSWER,
    },
  ],
});

/** As the server answers an admin who is not a super admin: contacts masked (SPEC §6). */
const MASKED_ASKER = {
  name: 'Meera Asker',
  email: '******asker@example.org',
  phone: '*******210',
  whatsappId: null,
};

function reviewServer(asker: unknown = { asker: MASKED_ASKER }) {
  return adminServer({
    '/admin/get_users': () => listAnswer(makeUsers(2)),
    '/admin/get_questions': () => listAnswer([reviewed]),
    '/admin/get_data_bank': () => ({ sources: [] }),
    '/admin/models': () => ({ models: [] }),
    '/admin/get_question_asker': () => asker,
  });
}

const dialog = () => page.getByRole('dialog', { name: 'Question Details' });
const answerCell = () =>
  (page.getByRole('table', { name: 'Questions' }).getByRole('row').nth(1).element() as HTMLTableRowElement)
    .cells[2]!;

async function openReview() {
  const screen = await renderApp('/admindashboard?tab=questions');
  const details = page.getByRole('button', { name: 'View Details (Which ramps are best?)' });
  await expect.element(details).toBeVisible();
  await details.click();
  await expect.element(dialog()).toBeVisible();
  return screen;
}

describe('question review', () => {
  beforeEach(() => signIn(admin));

  test("the table's Answer cell shows the answer's words, without markdown marks", async () => {
    reviewServer();
    await renderApp('/admindashboard?tab=questions');
    await expect
      .element(page.getByRole('cell', { name: 'Which ramps are best?', exact: true }))
      .toBeVisible();
    expect(answerCell().textContent).toBe(
      'Use a ramp with a gentle slope: Ramp guide. Rise Length 1 12 steep gentle',
    );
  });

  test('renders the answer as markdown: a bold link, a table, strikethrough; no ** or [...](...)', async () => {
    reviewServer();
    const { container } = await openReview();
    const box = dialog().element();
    const link = dialog().getByRole('link', { name: 'Ramp guide (opens in a new tab)' }).first();
    await expect.element(link).toHaveAttribute('href', 'https://example.org/ramps');
    expect(link.element().closest('strong')).not.toBeNull();
    expect(box.querySelector('.review-answer table')).not.toBeNull();
    expect(box.querySelector('.review-answer del')?.textContent).toBe('steep');
    // (The masked contacts hold asterisks of their own.)
    expect(box.textContent).not.toContain('**[');
    expect(box.textContent).not.toContain('**.');
    expect(box.textContent).not.toContain('](');
    await expectNoAxeViolations(container);
  });

  test('names who asked, with the contacts as the server masked them', async () => {
    const server = reviewServer();
    await openReview();
    const askedBy = dialog().getByText(/^Meera Asker/);
    await expect
      .element(askedBy)
      .toHaveTextContent('Meera Asker (Email: ******asker@example.org, Phone: *******210)');
    expect(server.last('/admin/get_question_asker')).toEqual({ queryingApp: 'dish', questionId: uuid(450) });
    expect(dialog().element().textContent).not.toContain('Whatsapp Id');
  });

  test('says so when the question is tied to no account', async () => {
    reviewServer({ asker: null });
    await openReview();
    await expect.element(dialog().getByText('Not linked to an account', { exact: true })).toBeVisible();
  });

  test('passes axe in the dark scheme', async () => {
    await darkScheme();
    reviewServer();
    const { container } = await openReview();
    await expect.element(dialog().getByText(/^Meera Asker/)).toBeVisible();
    await expectNoAxeViolations(container);
  });
});

describe("the admin's own row", () => {
  const users = (self: { id: string; name: string; adminType: 'super' | 'admin' }): UserAdminView[] => [
    {
      ...makeUsers(1, 90)[0]!,
      _id: self.id,
      name: self.name,
      isAdmin: true,
      adminType: self.adminType,
      isAdminFor: ['dish'],
    },
    ...makeUsers(2),
    { ...makeUsers(1, 91)[0]!, name: 'Other Super', isAdmin: true, adminType: 'super', isAdminFor: ['dish'] },
  ];
  const rowOf = (name: string) =>
    page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: name });
  const buttonsOf = (name: string) =>
    [...rowOf(name).element().querySelectorAll('button')].map((b) => b.textContent);

  test("a super admin's own row offers neither Block User nor Remove Admin; other rows do", async () => {
    signIn(superAdmin);
    adminServer({
      '/admin/get_users': () =>
        listAnswer(users({ id: superAdmin.id, name: superAdmin.name, adminType: 'super' })),
      '/admin/get_data_bank': () => ({ sources: [] }),
      '/admin/models': () => ({ models: [] }),
    });
    const { container } = await renderApp('/admindashboard');
    await expect.element(rowOf('User 1')).toBeVisible();
    expect(buttonsOf(superAdmin.name)).toEqual([]);
    expect(rowOf(superAdmin.name).element().querySelector('td:last-child')?.textContent).toBe('-');
    expect(buttonsOf('User 1')).toEqual(['Block User (User 1)', 'Make Admin (User 1)']);
    // Another super admin may be blocked or demoted by a super admin (the server allows it).
    expect(buttonsOf('Other Super')).toEqual(['Block User (Other Super)', 'Remove Admin (Other Super)']);
    await expectNoAxeViolations(container);
  });

  test("an admin sees no Block or Remove Admin on their own row nor on a super admin's", async () => {
    signIn(admin);
    adminServer({
      '/admin/get_users': () => listAnswer(users({ id: admin.id, name: admin.name, adminType: 'admin' })),
      '/admin/get_data_bank': () => ({ sources: [] }),
      '/admin/models': () => ({ models: [] }),
    });
    await renderApp('/admindashboard');
    await expect.element(rowOf('User 1')).toBeVisible();
    expect(buttonsOf(admin.name)).toEqual([]);
    expect(buttonsOf('Other Super')).toEqual([]);
    expect(buttonsOf('User 2')).toEqual(['Block User (User 2)', 'Make Admin (User 2)']);
  });

  test('the Users tab passes axe in the dark scheme', async () => {
    await darkScheme();
    signIn(superAdmin);
    adminServer({
      '/admin/get_users': () =>
        listAnswer(users({ id: superAdmin.id, name: superAdmin.name, adminType: 'super' })),
      '/admin/get_data_bank': () => ({ sources: [] }),
      '/admin/models': () => ({ models: [] }),
    });
    const { container } = await renderApp('/admindashboard');
    await expect.element(rowOf('User 1')).toBeVisible();
    await expectNoAxeViolations(container);
  });
});
