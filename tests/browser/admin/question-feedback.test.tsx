/**
 * Issue 14 item 3: the Questions tab shows each asker's "Was this helpful?" with their comment,
 * filters by it on the server (helpful, not helpful, no feedback), and the review names it; the
 * screen passes axe.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { QuestionView } from '../../../src/shared/admin/schemas';
import { expectNoAxeViolations, renderApp } from '../support/render';
import { admin, adminServer, listAnswer, makeUsers, question, resetAdmin, signIn, uuid } from './support';

beforeEach(resetAdmin);

const AT = '2025-03-05T10:06:00.000Z';
const helpful = question({
  _id: uuid(501),
  query: 'What is braille?',
  feedback: { helpful: true, comment: 'Just what I needed', at: AT },
});
const notHelpful = question({
  _id: uuid(502),
  query: 'Where do I buy ramps?',
  feedback: { helpful: false, comment: '', at: AT },
});
const unrated = question({ _id: uuid(503), query: 'What is a hearing loop?', feedback: null });
const ALL = [helpful, notHelpful, unrated];

function serve() {
  return adminServer({
    '/admin/get_users': () => listAnswer(makeUsers(2)),
    '/admin/get_questions': (body) => {
      const filter = body.feedback as string | undefined;
      const pick = (q: QuestionView) =>
        !filter || (filter === 'none' ? !q.feedback : q.feedback?.helpful === (filter === 'helpful'));
      return listAnswer(ALL.filter(pick));
    },
    '/admin/get_data_bank': () => ({ sources: [] }),
    '/admin/models': () => ({ models: [] }),
    '/admin/get_question_asker': () => ({ asker: null }),
    '/api/prompts': () => ({ project: 'dish', prompts: [], custom: false }),
  });
}

const table = () => page.getByRole('table', { name: 'Questions' });
const feedbackCell = (query: string) => {
  const row = table().getByRole('row').filter({ hasText: query }).element() as HTMLTableRowElement;
  const headers = [...(table().element() as HTMLTableElement).querySelectorAll('thead th')].map(
    (h) => h.textContent,
  );
  return row.cells[headers.indexOf('Feedback')]?.textContent;
};
const filter = () => page.getByRole('combobox', { name: 'Feedback' });

describe('feedback in the Questions tab', () => {
  beforeEach(() => signIn(admin));

  test('a Feedback column shows the verdict and the comment, "-" when none; axe finds nothing', async () => {
    serve();
    const { container } = await renderApp('/admindashboard?tab=questions');
    await expect.element(table().getByRole('cell', { name: 'What is braille?', exact: true })).toBeVisible();
    expect(feedbackCell('What is braille?')).toBe('Helpful: Just what I needed');
    expect(feedbackCell('Where do I buy ramps?')).toBe('Not helpful');
    expect(feedbackCell('What is a hearing loop?')).toBe('-');
    await expectNoAxeViolations(container);
  });

  test('the filter asks the server for helpful, not helpful or unrated questions, by keyboard', async () => {
    const server = serve();
    await renderApp('/admindashboard?tab=questions');
    await expect.element(table().getByRole('cell', { name: 'What is braille?', exact: true })).toBeVisible();
    expect(server.last('/admin/get_questions')?.feedback).toBeUndefined();

    filter().element().focus();
    await userEvent.selectOptions(filter(), 'Not helpful');
    await expect.poll(() => server.last('/admin/get_questions')?.feedback).toBe('not_helpful');
    await expect
      .element(table().getByRole('cell', { name: 'What is braille?', exact: true }))
      .not.toBeInTheDocument();
    await expect
      .element(table().getByRole('cell', { name: 'Where do I buy ramps?', exact: true }))
      .toBeVisible();

    await userEvent.selectOptions(filter(), 'No feedback');
    await expect.poll(() => server.last('/admin/get_questions')?.feedback).toBe('none');
    await expect
      .element(table().getByRole('cell', { name: 'What is a hearing loop?', exact: true }))
      .toBeVisible();

    await userEvent.selectOptions(filter(), 'Helpful');
    await expect.poll(() => server.last('/admin/get_questions')?.feedback).toBe('helpful');
    await userEvent.selectOptions(filter(), 'All questions');
    await expect.poll(() => server.last('/admin/get_questions')?.feedback).toBeUndefined();
  });

  test('the review names the feedback', async () => {
    serve();
    await renderApp('/admindashboard?tab=questions');
    const details = page.getByRole('button', { name: 'View Details (What is braille?)' });
    await expect.element(details).toBeVisible();
    await details.click();
    const dialog = page.getByRole('dialog', { name: 'Question Details' });
    await expect.element(dialog.getByText('Helpful: Just what I needed')).toBeVisible();
  });
});
