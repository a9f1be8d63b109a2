/**
 * Issue 33's tabs in both languages and both colour schemes: Reviewed answers and Knowledge gaps
 * show their words in Hindi when Hindi is chosen (the data as it is), <html lang> says so, and axe
 * finds nothing; the gaps with their figures, groups and actions.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { LANGUAGE_STORAGE_KEY, restoreLanguage } from '../../../src/app/state/language';
import { expectNoAxeViolations, renderApp } from '../support/render';
import type { UiLanguage } from '../../../src/shared/i18n/languages';
import { axeMatrix, type AxeScreen } from '../support/axe-matrix';
import { admin, resetAdmin, signIn, uuid } from './support';
import { CENSUS_QUESTION, reviewedAnswer, reviewServer } from './review-support';

beforeEach(resetAdmin);

const heading = (name: string) => page.getByRole('heading', { name, exact: true }).first();

/** Words each screen shows once its data has come, by language. */
const loaded: Record<string, Record<UiLanguage, string[]>> = {
  '/admindashboard?tab=reviewed': {
    en: ['Paraphrases', 'Bring back', 'Retired', 'Needs review', 'Export'],
    hi: ['दूसरे रूप', 'वापस लाएँ', 'बंद', 'फिर से जाँच ज़रूरी', 'निर्यात करें'],
  },
  '/admindashboard?tab=gaps': {
    en: ["The period's figures", 'Questions asked', '6 of 9 (67 %)', 'Dismiss', 'Only the closest passage'],
    hi: ['अवधि के आँकड़े', 'पूछे गए प्रश्न', '9 में से 6 (67 %)', 'ख़ारिज करें', 'केवल सबसे नज़दीकी अंश'],
  },
};

describe('the review tabs pass axe in both languages and both colour schemes', () => {
  const screens: AxeScreen[] = [
    { path: '/admindashboard?tab=reviewed', english: 'Reviewed answers', hindi: 'जाँचे गए उत्तर' },
    { path: '/admindashboard?tab=gaps', english: 'Knowledge gaps', hindi: 'ज्ञान की कमियाँ' },
  ];

  axeMatrix(screens, {
    heading,
    serve: () => {
      const retired = reviewedAnswer({
        _id: uuid(602),
        questions: ['Where does focus go when a modal dialog opens?'],
        status: 'retired',
        needsReview: true,
      });
      reviewServer({ answers: [reviewedAnswer(), retired] });
    },
    signIn: (_screen, language) => signIn({ ...admin, language }),
    check: async (screen, language, container) => {
      await expect.element(page.getByText(/^(Loading|लोड हो रहा है)\.\.\.$/).first()).not.toBeInTheDocument();
      for (const words of loaded[screen.path]![language]) {
        await expect.poll(() => container.textContent, { timeout: 10_000 }).toContain(words);
      }
    },
  });
});

describe('the write form in Hindi', () => {
  test('its labels, hints and preview are in Hindi, and axe finds nothing', async () => {
    reviewServer();
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
    await restoreLanguage();
    signIn({ ...admin, language: 'hi' });
    const { container } = await renderApp('/admindashboard?tab=reviewed');
    const edit = page.getByRole('button', { name: `बदलें (${CENSUS_QUESTION.slice(0, 60)})` });
    await expect.element(edit).toBeVisible();
    await edit.click();
    const form = page.getByRole('dialog', { name: 'जाँचा गया उत्तर बदलें' });
    await expect.element(form).toBeVisible();
    await expect
      .element(form.getByRole('textbox', { name: 'प्रश्न', exact: true }))
      .toHaveValue(CENSUS_QUESTION);
    await expect.element(form.getByRole('textbox', { name: 'दूसरा रूप 1' })).toBeVisible();
    await form.getByRole('button', { name: 'पूर्वावलोकन', exact: true }).click();
    await expect.element(page.getByRole('region', { name: 'पूर्वावलोकन: हिन्दी में उत्तर' })).toBeVisible();
    await expect.element(form.getByRole('button', { name: 'बदलाव सहेजें' })).toBeVisible();
    expect(document.documentElement.lang).toBe('hi');
    await expectNoAxeViolations(container);
  });
});
