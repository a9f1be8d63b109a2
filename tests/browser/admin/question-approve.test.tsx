/**
 * Issue 33 in the Questions tab: the Review column after SPEC's columns and Feedback; in View
 * Details, the question's review, "Approve this answer" (the server's sentence when it refuses),
 * "Write the right answer" (the write form, the question first) and "Needs content" as a toggle;
 * reached and used by keyboard alone; axe finds nothing, in English and in Hindi.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { LANGUAGE_STORAGE_KEY, restoreLanguage } from '../../../src/app/state/language';
import { expectNoAxeViolations, renderApp, resetFocus, tabTo } from '../support/render';
import { admin, expectToast, focused, question, resetAdmin, signIn, uuid } from './support';
import {
  answeredQuestion,
  CENSUS_QUESTION,
  NOTHING_TO_APPROVE,
  refusedQuestion,
  reviewServer,
} from './review-support';

beforeEach(async () => {
  await resetAdmin();
  signIn(admin);
});

const table = () => page.getByRole('table', { name: 'Questions' });
const headers = () =>
  [...(table().element() as HTMLTableElement).querySelectorAll('thead th')].map((h) => h.textContent);
const cellOf = (query: string, header: string) => {
  const row = table().getByRole('row').filter({ hasText: query }).first().element() as HTMLTableRowElement;
  return row.cells[headers().indexOf(header)]?.textContent;
};
const details = () => page.getByRole('dialog', { name: 'Question Details' });
const button = (name: string) => page.getByRole('button', { name, exact: true });

async function openDetails(query: string) {
  const screen = await renderApp('/admindashboard?tab=questions');
  const open = page.getByRole('button', { name: `View Details (${query.slice(0, 60)})` });
  await expect.element(open).toBeVisible();
  await open.click();
  await expect.element(details()).toBeVisible();
  return screen;
}

describe('the review of a question', () => {
  test("the Review column comes after SPEC's columns and Feedback, and says how each was reviewed", async () => {
    reviewServer({
      questions: [
        { ...answeredQuestion, review: { state: 'approved', reviewedAt: '2026-11-22T09:00:00.000Z' } },
        { ...refusedQuestion, review: { state: 'needs_content', reviewedAt: '2026-11-22T09:00:00.000Z' } },
        question({ _id: uuid(503), query: 'What is a hearing loop?' }),
      ],
    });
    await renderApp('/admindashboard?tab=questions');
    await expect.element(table().getByRole('cell', { name: CENSUS_QUESTION }).first()).toBeVisible();
    expect(headers()).toEqual([
      'Mode',
      'Question',
      'Answer',
      'Project',
      'Asked Via',
      'Language',
      'Asked At',
      'Answered At',
      'Status',
      'Feedback',
      'Review',
      'Actions',
    ]);
    expect(cellOf(CENSUS_QUESTION, 'Review')).toBe('Approved on 22 November 2026');
    expect(cellOf('WHILL', 'Review')).toBe('Marked as needing content');
    expect(cellOf('hearing loop', 'Review')).toBe('-');
  });

  test('Approve this answer: a toast, the review line takes focus and says so, the list follows', async () => {
    const server = reviewServer();
    const { container } = await openDetails(CENSUS_QUESTION);
    await expect.element(details().getByText('Not reviewed')).toBeVisible();
    await expectNoAxeViolations(container);
    await button('Approve this answer').click();
    await expectToast('The answer is approved.');
    expect(server.to(`/admin/questions/${answeredQuestion._id}/approve`)).toHaveLength(1);
    const line = details().getByText(/^Approved on \d{1,2} \w+ \d{4}$/);
    await expect.element(line).toBeVisible();
    expect(focused()).toBe(line.element());
    // Approving twice would give two answers to one question.
    expect(button('Approve this answer').elements()).toHaveLength(0);
    // (The toast covers the Close button; Escape closes the dialog from the focused line.)
    await userEvent.keyboard('{Escape}');
    await expect.element(details()).not.toBeInTheDocument();
    await expect.poll(() => cellOf(CENSUS_QUESTION, 'Review')).toMatch(/^Approved on /);
  });

  test('a refused question is offered no Approve; Write the right answer is', async () => {
    reviewServer();
    await openDetails(refusedQuestion.query);
    await expect
      .element(details().getByText('This question got no answer to approve; write the right answer instead.'))
      .toBeVisible();
    expect(button('Approve this answer').elements()).toHaveLength(0);
    await expect.element(button('Write the right answer')).toBeVisible();
  });

  test('when the server refuses to approve, its sentence is shown', async () => {
    // An older record: an answer without an outcome, which the server reads as a refusal.
    const older = question({
      _id: refusedQuestion._id,
      query: refusedQuestion.query,
      history: [{ type: 'query-response', timestamp: '2026-11-21T10:00:00.000Z', answer: 'Sorry.' }],
    });
    reviewServer({ questions: [older] });
    await openDetails(older.query);
    await button('Approve this answer').click();
    await expectToast(`Failed to approve: ${NOTHING_TO_APPROVE}`);
    await expect.element(details().getByText('Not reviewed')).toBeVisible();
  });

  test('Write the right answer: the form with the question first, sent with the question it answers', async () => {
    const server = reviewServer();
    await openDetails(CENSUS_QUESTION);
    await button('Write the right answer').click();
    const form = page.getByRole('dialog', { name: 'Write the right answer' });
    await expect.element(form).toBeVisible();
    expect(details().elements()).toHaveLength(0);
    await expect
      .element(form.getByRole('textbox', { name: 'Question', exact: true }))
      .toHaveValue(CENSUS_QUESTION);
    await expect.element(form.getByText('Project: dish')).toBeVisible();
    // The answer is what is left to write: it has the focus.
    const english = form.getByRole('textbox', { name: 'Answer in English' });
    expect(focused()).toBe(english.element());
    await userEvent.fill(english.element(), 'About 56.7 million people (18.7 %).');
    await button('Save the answer').click();
    await expectToast('The reviewed answer is saved.');
    expect(server.last('/admin/reviewed_answers')).toEqual({
      project: 'dish',
      questions: [CENSUS_QUESTION],
      answers: { en: 'About 56.7 million people (18.7 %).' },
      sources: [],
      fromQuestion: answeredQuestion._id,
    });
    // Closed, focus is back on the row's View Details.
    await expect
      .poll(() => focused())
      .toBe(page.getByRole('button', { name: `View Details (${CENSUS_QUESTION.slice(0, 60)})` }).element());
    await expect.poll(() => cellOf(CENSUS_QUESTION, 'Review')).toMatch(/^Right answer written on /);
  });

  test('Needs content is a toggle: pressed, then taken back', async () => {
    const server = reviewServer();
    await openDetails(refusedQuestion.query);
    const toggle = button('Needs content');
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'true');
    await expectToast('The question is marked as needing content.');
    await expect.element(details().getByText('Marked as needing content')).toBeVisible();
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect.element(details().getByText('Not reviewed')).toBeVisible();
    expect(server.to(`/admin/questions/${refusedQuestion._id}/needs_content`).map((c) => c.body)).toEqual([
      { needsContent: true },
      { needsContent: false },
    ]);
  });

  test('keyboard only: Tab to View Details, Enter; Tab to Approve this answer, Enter', async () => {
    const server = reviewServer();
    await renderApp('/admindashboard?tab=questions');
    const open = page.getByRole('button', { name: `View Details (${CENSUS_QUESTION.slice(0, 60)})` });
    await expect.element(open).toBeVisible();
    resetFocus();
    await tabTo(open, 40);
    await userEvent.keyboard('{Enter}');
    await expect.element(details()).toBeVisible();
    await tabTo(button('Approve this answer'), 20);
    await userEvent.keyboard('{Enter}');
    await expectToast('The answer is approved.');
    expect(server.to(`/admin/questions/${answeredQuestion._id}/approve`)).toHaveLength(1);
    await tabTo(button('Needs content'), 10);
    await userEvent.keyboard(' ');
    await expect.element(button('Needs content')).toHaveAttribute('aria-pressed', 'true');
  });

  test('in Hindi: the review and its actions, and axe finds nothing', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
    await restoreLanguage();
    signIn({ ...admin, language: 'hi' });
    reviewServer();
    const screen = await renderApp('/admindashboard?tab=questions');
    const open = page.getByRole('button', { name: new RegExp(`\\(${CENSUS_QUESTION.slice(0, 30)}`) });
    await expect.element(open).toBeVisible();
    await open.click();
    await expect.element(page.getByRole('heading', { name: 'समीक्षा', exact: true })).toBeVisible();
    await expect.element(button('यह उत्तर स्वीकृत करें')).toBeVisible();
    await expect.element(button('सही उत्तर लिखें')).toBeVisible();
    await expect.element(button('सामग्री चाहिए')).toBeVisible();
    await expect.element(page.getByText('समीक्षा नहीं हुई')).toBeVisible();
    expect(document.documentElement.lang).toBe('hi');
    await expectNoAxeViolations(screen.container);
  });
});
