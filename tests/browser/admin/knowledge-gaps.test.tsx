/**
 * Issue 33's Knowledge gaps tab: the period (the last 30 days to begin with) and the project; the
 * period's figures in words; the groups of questions people did not get, biggest first, each with
 * its count, languages and three examples with why each is a gap; "Write an answer" (the write
 * form with the group's questions, which leave the gaps), "Add data" (Add Data for the project)
 * and "Dismiss". Used by keyboard alone; axe finds nothing.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { lastThirtyDays } from '../../../src/app/features/admin/review/reviewText';
import { currentHref, expectNoAxeViolations, renderApp, resetFocus, tabTo } from '../support/render';
import { admin, expectToast, focused, resetAdmin, signIn, superAdmin } from './support';
import { figures, gapGroup, reviewServer, smallGap } from './review-support';

beforeEach(async () => {
  await resetAdmin();
  signIn(admin);
});

const WHILL = 'What does a WHILL wheelchair cost in India?';
const gapsHeading = () =>
  page.getByRole('heading', { name: 'Questions people did not get an answer to', exact: true });
const gap = (question: string) => page.getByRole('article', { name: question, exact: true });
const button = (name: string) => page.getByRole('button', { name, exact: true });
const figure = (label: string) =>
  [...document.querySelectorAll('.figure')]
    .find((f) => f.querySelector('dt')?.textContent === label)
    ?.querySelector('dd')?.textContent;

async function openTab() {
  const screen = await renderApp('/admindashboard?tab=gaps');
  await expect.element(gap(WHILL)).toBeVisible();
  return screen;
}

describe('the Knowledge gaps tab', () => {
  test("asks for the last 30 days, and shows the period's figures in words", async () => {
    const server = reviewServer();
    const { container } = await openTab();
    const period = lastThirtyDays(new Date());
    expect(server.last('/admin/get_knowledge_gaps')).toEqual(period);
    expect(server.last('/admin/review_figures')).toEqual(period);
    await expect.element(page.getByLabelText('From', { exact: true })).toHaveValue(period.from);
    await expect.element(page.getByLabelText('To', { exact: true })).toHaveValue(period.to);
    await expect.poll(() => figure('Questions asked')).toBe('120');
    expect(figure('Answered from reviewed answers')).toBe('14');
    expect(figure('Answered by the composer')).toBe('90');
    expect(figure('Only the closest passage')).toBe('11');
    expect(figure('Refused')).toBe('12');
    expect(figure('Failed')).toBe('4');
    expect(figure('Rated helpful')).toBe('Yes 30 / No 6');
    expect(figure('Reviewed answers approved')).toBe('6 of 9 (67 %)');
    await expectNoAxeViolations(container);
  });

  test('says when no answer was reviewed yet, and when the period has no gaps', async () => {
    reviewServer({
      groups: [],
      figures: figures({ reviews: { approved: 0, rewritten: 0, needsContent: 0 }, approvedShare: null }),
    });
    const { container } = await renderApp('/admindashboard?tab=gaps');
    await expect
      .element(page.getByText(/^No knowledge gaps in this period/))
      .toHaveTextContent(
        'No knowledge gaps in this period: every question got an answer that nobody rated as unhelpful.',
      );
    await expect.poll(() => figure('Reviewed answers approved')).toBe('No answers reviewed yet');
    await expectNoAxeViolations(container);
  });

  test('shows the groups biggest first, with count, languages and examples with their kind in words', async () => {
    reviewServer();
    await openTab();
    const cards = [...document.querySelectorAll('.gap-card h4')].map((h) => h.textContent);
    expect(cards).toEqual([WHILL, 'Is there a braille printer in Pune?']);
    const big = gap(WHILL);
    await expect.element(big.getByText('Asked 3 times · Languages: English, Hindi')).toBeVisible();
    const examples = big.getByRole('list', { name: 'Examples' }).getByRole('listitem');
    expect(examples.elements().map((e) => e.textContent)).toEqual([
      `${WHILL} (Refused)`,
      'भारत में WHILL व्हीलचेयर की कीमत कितनी है? (Only the closest passage)',
      'Price of a WHILL chair? (Rated not helpful: “It did not say the price”)',
    ]);
    // The Hindi example is marked as Hindi for screen readers.
    expect(big.element().querySelector('[lang="hi"]')?.textContent).toMatch(/^भारत/);
    await expect
      .element(gap('Is there a braille printer in Pune?').getByText(/Marked as needing content/))
      .toBeVisible();
    await expect.element(gap('Is there a braille printer in Pune?').getByText(/^Asked once/)).toBeVisible();
    await expect.element(page.getByText('4 gap questions in 2 groups, the biggest first.')).toBeVisible();
  });

  test('says how many were grouped when there were more gap questions than the server groups', async () => {
    reviewServer({ total: 812, considered: 500 });
    await openTab();
    await expect.element(page.getByText('500 of 812 gap questions grouped (the newest).')).toBeVisible();
  });

  test('a new period and project ask again; an end before the start is said, and nothing is asked', async () => {
    signIn(superAdmin);
    const server = reviewServer();
    await openTab();
    await userEvent.fill(page.getByLabelText('From', { exact: true }).element(), '2026-11-01');
    await userEvent.fill(page.getByLabelText('To', { exact: true }).element(), '2026-11-15');
    await userEvent.selectOptions(page.getByLabelText('Project').element(), 'dish');
    await expect
      .poll(() => server.last('/admin/get_knowledge_gaps'))
      .toEqual({ project: 'dish', from: '2026-11-01', to: '2026-11-15' });
    const asked = server.to('/admin/get_knowledge_gaps').length;
    await userEvent.fill(page.getByLabelText('To', { exact: true }).element(), '2026-10-01');
    await expect
      .element(page.getByLabelText('To', { exact: true }))
      .toHaveAccessibleDescription('The start date is after the end date.');
    expect(server.to('/admin/get_knowledge_gaps')).toHaveLength(asked);
  });

  test("Write an answer: the form holds the group's questions; saved, the group leaves the gaps", async () => {
    const server = reviewServer();
    await openTab();
    await button(`Write an answer (${WHILL})`).click();
    const form = page.getByRole('dialog', { name: 'Write an answer' });
    await expect.element(form).toBeVisible();
    await expect.element(form.getByRole('textbox', { name: 'Question', exact: true })).toHaveValue(WHILL);
    await expect
      .element(form.getByRole('textbox', { name: 'Paraphrase 1' }))
      .toHaveValue('भारत में WHILL व्हीलचेयर की कीमत कितनी है?');
    await expect.element(form.getByText(/takes the 3 questions of this gap out/)).toBeVisible();
    expect(focused()).toBe(form.getByRole('textbox', { name: 'Answer in English' }).element());
    await userEvent.keyboard('A WHILL Model C2 costs about ₹3.5 lakh in India.');
    await button('Save the answer').click();
    await expectToast('The reviewed answer is saved.');
    expect(server.last('/admin/reviewed_answers')).toEqual({
      project: 'dish',
      questions: gapGroup().questions,
      answers: { en: 'A WHILL Model C2 costs about ₹3.5 lakh in India.' },
      sources: [],
      closes: gapGroup().questionIds,
    });
    await expect.element(gap(WHILL)).not.toBeInTheDocument();
  });

  test("Add data opens Add Data with the group's project chosen", async () => {
    reviewServer();
    const { router } = await openTab();
    await button(`Add data (${WHILL})`).click();
    await expect.poll(() => currentHref(router)).toBe('/adminadddata?project=dish');
    await expect.element(page.getByRole('heading', { name: 'Add Data', level: 1 })).toBeVisible();
    await expect.element(page.getByLabelText('Project', { exact: true })).toHaveValue('dish');
  });

  test('Dismiss: the group leaves the gaps and the list keeps the focus', async () => {
    const server = reviewServer();
    await openTab();
    await button(`Dismiss (${smallGap.questions[0]})`).click();
    await expectToast('The questions are dismissed from the gaps.');
    expect(server.last('/admin/knowledge_gaps/dismiss')).toEqual({ questionIds: smallGap.questionIds });
    await expect.element(gap('Is there a braille printer in Pune?')).not.toBeInTheDocument();
    await expect.poll(() => focused()).toBe(gapsHeading().element());
  });

  test('keyboard only: Tab reaches a group’s actions; Enter dismisses; Enter writes an answer', async () => {
    const server = reviewServer();
    await openTab();
    resetFocus();
    await tabTo(button(`Dismiss (${WHILL})`), 40);
    await userEvent.keyboard('{Enter}');
    await expectToast('The questions are dismissed from the gaps.');
    expect(server.last('/admin/knowledge_gaps/dismiss')).toEqual({ questionIds: gapGroup().questionIds });
    await expect.poll(() => focused()).toBe(gapsHeading().element());
    await tabTo(button(`Write an answer (${smallGap.questions[0]})`), 5);
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('dialog', { name: 'Write an answer' })).toBeVisible();
  });
});
