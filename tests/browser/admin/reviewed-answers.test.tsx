/**
 * Issue 33's Reviewed answers tab: a project's answers with their paraphrases, languages,
 * sources, status and hits; filtered by status; edited in the write form (paraphrases added and
 * removed, sources picked from the project's data or typed, the preview rendered as the chat
 * renders it); retired and brought back; exported to a JSON file and imported from one. Used by
 * keyboard alone; axe finds nothing.
 */
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { expectNoAxeViolations, renderApp, resetFocus, tabTo } from '../support/render';
import { darkScheme } from '../support/media';
import { admin, chooseFiles, expectToast, focused, resetAdmin, signIn, uuid } from './support';
import { CENSUS_QUESTION, reviewedAnswer, reviewServer } from './review-support';
import { reviewedMessages } from '../../../src/shared/admin/reviewed';
import { importMessages } from '../../../src/app/features/admin/review/importFile';

beforeEach(async () => {
  await resetAdmin();
  signIn(admin);
});

const table = () => page.getByRole('table', { name: 'Reviewed answers' });
const headers = () =>
  [...(table().element() as HTMLTableElement).querySelectorAll('thead th')].map((h) => h.textContent);
const rowOf = (text: string) => table().getByRole('row').filter({ hasText: text }).first();
const cellOf = (text: string, header: string) =>
  (rowOf(text).element() as HTMLTableRowElement).cells[headers().indexOf(header)]?.textContent;
const button = (name: string) => page.getByRole('button', { name, exact: true });
const form = (name = 'Write an answer') => page.getByRole('dialog', { name });
const textbox = (name: string) => page.getByRole('textbox', { name, exact: true });

const retired = reviewedAnswer({
  _id: uuid(602),
  questions: ['Where does focus go when a modal dialog opens?'],
  answers: { en: 'To an element inside the dialog.' },
  sources: [],
  status: 'retired',
  needsReview: true,
  hits: 0,
  lastHitAt: null,
});

async function openTab() {
  const screen = await renderApp('/admindashboard?tab=reviewed');
  await expect.element(rowOf(CENSUS_QUESTION)).toBeVisible();
  return screen;
}

describe('the Reviewed answers tab', () => {
  test('lists each answer: the question first, then its paraphrases, excerpt, languages, sources, status, hits', async () => {
    const server = reviewServer({ answers: [reviewedAnswer(), retired] });
    const { container } = await openTab();
    expect(headers()).toEqual([
      'Question',
      'Paraphrases',
      'Answer',
      'Languages',
      'Sources',
      'Status',
      'Hits',
      'Last hit',
      'Reviewed by',
      'Reviewed at',
      'Actions',
    ]);
    expect(cellOf(CENSUS_QUESTION, 'Paraphrases')).toBe('1');
    expect(cellOf(CENSUS_QUESTION, 'Answer')).toBe('About 56.7 million people, the census report says.');
    expect(cellOf(CENSUS_QUESTION, 'Languages')).toBe('English, Hindi');
    expect(cellOf(CENSUS_QUESTION, 'Sources')).toBe('Census report');
    expect(cellOf(CENSUS_QUESTION, 'Status')).toBe('Active');
    expect(cellOf(CENSUS_QUESTION, 'Hits')).toBe('4');
    expect(cellOf(CENSUS_QUESTION, 'Reviewed by')).toBe('Ravi Admin');
    expect(cellOf('modal dialog', 'Status')).toBe('RetiredNeeds review');
    expect(cellOf('modal dialog', 'Last hit')).toBe('-');
    expect(server.last('/admin/get_reviewed_answers')).toMatchObject({ project: 'dish', status: 'all' });
    await expectNoAxeViolations(container);
  });

  test('the status filter and the search words go to the server', async () => {
    const server = reviewServer({ answers: [reviewedAnswer(), retired] });
    await openTab();
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Status' }).element(), 'retired');
    await expect.element(rowOf(CENSUS_QUESTION)).not.toBeInTheDocument();
    await expect.element(rowOf('modal dialog')).toBeVisible();
    await userEvent.fill(page.getByRole('searchbox', { name: 'Search Reviewed answers' }).element(), 'focus');
    await expect.poll(() => server.last('/admin/get_reviewed_answers')?.search).toBe('focus');
    expect(server.last('/admin/get_reviewed_answers')).toMatchObject({ status: 'retired', project: 'dish' });
  });

  test('Retire and Bring back change the status, the button saying which', async () => {
    const server = reviewServer();
    await openTab();
    await button(`Retire (${CENSUS_QUESTION.slice(0, 60)})`).click();
    await expectToast('The answer is retired: it is no longer given.');
    await expect.poll(() => cellOf(CENSUS_QUESTION, 'Status')).toBe('Retired');
    expect(server.last(`/admin/reviewed_answers/${uuid(601)}`)).toEqual({ status: 'retired' });
    await button(`Bring back (${CENSUS_QUESTION.slice(0, 60)})`).click();
    await expectToast('The answer is given again.');
    expect(server.last(`/admin/reviewed_answers/${uuid(601)}`)).toEqual({ status: 'active' });
  });

  test('Edit: the form holds the answer; a paraphrase added, another removed, a version changed', async () => {
    const server = reviewServer();
    await openTab();
    await button(`Edit (${CENSUS_QUESTION.slice(0, 60)})`).click();
    const dialog = form('Edit the reviewed answer');
    await expect.element(dialog).toBeVisible();
    expect(focused()).toBe(textbox('Question').element());
    await expect
      .element(textbox('Paraphrase 1'))
      .toHaveValue('In 2010, about how many Americans were living with a disability?');
    await expect.element(textbox('Answer in Hindi')).toHaveValue('लगभग 5.67 करोड़ लोग।');
    await expect
      .element(dialog.getByRole('list', { name: 'Chosen sources' }).getByText('Census report'))
      .toBeVisible();
    await button('Add a paraphrase').click();
    await expect.poll(() => focused()).toBe(textbox('Paraphrase 2').element());
    await userEvent.keyboard('What number of people in the US had disabilities in 2010?');
    await button('Remove paraphrase 1').click();
    // The next row takes the removed one's place, and the focus.
    await expect.poll(() => focused()).toBe(textbox('Paraphrase 1').element());
    await userEvent.fill(textbox('Answer in Hindi').element(), '');
    await button('Save the changes').click();
    await expectToast('The reviewed answer is changed.');
    expect(server.last(`/admin/reviewed_answers/${uuid(601)}`)).toEqual({
      questions: [CENSUS_QUESTION, 'What number of people in the US had disabilities in 2010?'],
      answers: { en: reviewedAnswer().answers.en },
      sources: reviewedAnswer().sources,
    });
    await expect.element(dialog).not.toBeInTheDocument();
  });

  test('Write an answer: each missing part is said under its field and the first gets focus; nothing is sent', async () => {
    const server = reviewServer();
    await openTab();
    await button('Write an answer').click();
    await expect.element(form()).toBeVisible();
    await button('Save the answer').click();
    await expect
      .element(form().getByRole('alert'))
      .toHaveTextContent('Please correct the fields marked below.');
    await expect.element(textbox('Question')).toHaveAccessibleDescription(reviewedMessages.questionEmpty);
    await expect.element(textbox('Answer in English')).toHaveAccessibleDescription(reviewedMessages.noAnswer);
    await expect.element(textbox('Answer in Hindi')).toHaveAccessibleDescription(reviewedMessages.noAnswer);
    expect(focused()).toBe(textbox('Question').element());
    expect(server.to('/admin/reviewed_answers')).toHaveLength(0);
  });

  test('Write an answer: sources picked from the data and typed, the preview as the chat renders it', async () => {
    const server = reviewServer();
    const { container } = await openTab();
    await button('Write an answer').click();
    await userEvent.fill(textbox('Question').element(), 'What does a screen reader do?');
    await userEvent.fill(
      textbox('Answer in English').element(),
      'It **speaks** the text on the screen. See [the guide](https://example.org/screen-readers).',
    );
    await button('Preview').click();
    await expect.element(button('Preview')).toHaveAttribute('aria-pressed', 'true');
    const preview = page.getByRole('region', { name: 'Preview: Answer in English' });
    await expect
      .element(preview.getByRole('link', { name: /the guide/ }))
      .toHaveAttribute('href', 'https://example.org/screen-readers');
    expect(preview.element().querySelector('strong')?.textContent).toBe('speaks');
    expect(preview.element().textContent).not.toContain('**');

    await userEvent.fill(
      page.getByRole('searchbox', { name: "Find an item of the project's data" }).element(),
      'screen',
    );
    await expect
      .element(page.getByRole('status').filter({ hasText: 'items found' }))
      .toHaveTextContent('1 items found.');
    expect(server.last('/admin/get_data_bank')).toMatchObject({ search: 'project: dish, title: screen' });
    await button('Add (Screen readers)').click();
    await expect
      .element(page.getByRole('list', { name: 'Chosen sources' }).getByText('Screen readers'))
      .toBeVisible();

    await button('Add the link').click();
    await expect.element(textbox('Or a link (URL)')).toHaveAccessibleDescription('Please enter the URL.');
    await userEvent.fill(textbox('Or a link (URL)').element(), 'https://www.w3.org/WAI/');
    await userEvent.fill(textbox('Title of the link (optional)').element(), 'W3C WAI');
    await button('Add the link').click();
    await expect
      .element(page.getByRole('list', { name: 'Chosen sources' }).getByText('W3C WAI'))
      .toBeVisible();
    await expectNoAxeViolations(container);

    await button('Save the answer').click();
    await expectToast('The reviewed answer is saved.');
    expect(server.last('/admin/reviewed_answers')).toEqual({
      project: 'dish',
      questions: ['What does a screen reader do?'],
      answers: {
        en: 'It **speaks** the text on the screen. See [the guide](https://example.org/screen-readers).',
      },
      sources: [
        { itemId: uuid(301), url: 'https://example.org/screen-readers', title: 'Screen readers' },
        { url: 'https://www.w3.org/WAI/', title: 'W3C WAI' },
      ],
    });
  });

  test('Export saves the project’s answers as dish-reviewed-answers-<project>-<date>.json', async () => {
    reviewServer();
    const saved: { name: string; blob: Blob | null }[] = [];
    let lastBlob: Blob | null = null;
    const createUrl = URL.createObjectURL.bind(URL);
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      lastBlob = blob as Blob;
      return createUrl(blob);
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: lastBlob });
    });
    await openTab();
    await button('Export').click();
    await expectToast('Exported 1 reviewed answers to');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toMatch(/^dish-reviewed-answers-dish-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await saved[0]!.blob!.text()) as { format: string; answers: unknown[] };
    expect(exported.format).toBe('dish-reviewed-answers');
    expect(exported.answers).toHaveLength(1);
  });

  test('Import reads the file first: a wrong one is named under the field; a right one is sent', async () => {
    const server = reviewServer();
    await openTab();
    const input = page.getByLabelText('Import reviewed answers (a JSON file)').element() as HTMLInputElement;
    chooseFiles(input, [new File(['not json'], 'answers.json', { type: 'application/json' })]);
    await expect
      .element(page.getByLabelText('Import reviewed answers (a JSON file)'))
      .toHaveAccessibleDescription(new RegExp(importMessages.notJson.replace(/[.]/g, '\\.')));
    expect(server.to('/admin/reviewed_answers/import')).toHaveLength(0);

    const data = {
      format: 'dish-reviewed-answers',
      version: 1,
      answers: [
        { questions: ['What is a ramp?'], answers: { en: 'A slope.' }, sources: [] },
        { questions: ['What is braille?'], answers: { hi: 'उभरे बिंदुओं की लिपि।' } },
      ],
    };
    chooseFiles(input, [new File([JSON.stringify(data)], 'answers.json', { type: 'application/json' })]);
    await expectToast('2 reviewed answers added to dish.');
    expect(server.last('/admin/reviewed_answers/import')).toMatchObject({
      project: 'dish',
      data: { format: 'dish-reviewed-answers' },
    });
  });

  test('keyboard only: Tab to Write an answer, Enter, write, Tab to Save, Enter; Space retires', async () => {
    const server = reviewServer();
    await openTab();
    resetFocus();
    await tabTo(button('Write an answer'), 40);
    await userEvent.keyboard('{Enter}');
    await expect.element(form()).toBeVisible();
    expect(focused()).toBe(textbox('Question').element());
    await userEvent.keyboard('Which key closes a dialog?');
    await tabTo(textbox('Answer in English'), 5);
    await userEvent.keyboard('Escape closes it.');
    await tabTo(button('Save the answer'), 15);
    await userEvent.keyboard('{Enter}');
    await expectToast('The reviewed answer is saved.');
    expect(server.last('/admin/reviewed_answers')).toMatchObject({
      questions: ['Which key closes a dialog?'],
      answers: { en: 'Escape closes it.' },
    });
    await expect.element(form()).not.toBeInTheDocument();
    // Back on Write an answer; on to the first row's Retire.
    await tabTo(button(`Retire (${CENSUS_QUESTION.slice(0, 60)})`), 30);
    await userEvent.keyboard(' ');
    await expectToast('The answer is retired: it is no longer given.');
  });

  test('passes axe in the dark scheme with the write form open', async () => {
    await darkScheme();
    reviewServer({ answers: [reviewedAnswer(), retired] });
    const { container } = await openTab();
    await button(`Edit (${CENSUS_QUESTION.slice(0, 60)})`).click();
    await button('Preview').click();
    await expect.element(page.getByRole('region', { name: 'Preview: Answer in Hindi' })).toBeVisible();
    await expectNoAxeViolations(container);
  });
});
