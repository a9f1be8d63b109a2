/**
 * Issue 33 in Chromium against the real server, the built app and the default multilingual
 * model, on the census report: an admin opens a question's details in the Questions tab and
 * approves its answer; a user then asks the same thing in other words in the chat and gets it,
 * marked "Reviewed by the DISH team". A refused question shows in the Knowledge gaps tab, in
 * English and in Hindi. axe finds nothing on any of these screens.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addData, addSource, SUPER, SUPER_ENV, signInSuper } from '../support/admin';
import { askOnce, openChatSocket, signedInChatUser } from '../support/chat';
import { expectNoAxeViolations, expectNoCspViolations, startAppServer, tabTo } from '../support/browser';
import { appForTheseTests } from '../support/e2e';
import { CENSUS_PDF, materialFile } from '../support/shared';

const app = appForTheseTests(() => startAppServer(SUPER_ENV));

const QUESTION = 'How many people in the United States had a disability in 2010?';
const IN_OTHER_WORDS = 'In 2010, about how many Americans were living with a disability?';
const GAP = 'What does a WHILL electric wheelchair cost in India?';

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

// The census report, ingested once; the question asked once, as a user of the chat would.
beforeAll(async () => {
  const admin = await signInSuper(app);
  const source = await addSource(admin, 'Census reports');
  const fields = { queryingApp: 'dish', source, project: 'dish', location: 'United States' };
  await addData(admin, { ...fields, data_type: 'pdf' }, [materialFile('documents/pdf', CENSUS_PDF)]);
  while ((await app.server.worker.runNow()) > 0) {
    /* until the queue is empty */
  }
  const socket = await openChatSocket(app, await signedInChatUser(app));
  try {
    const first = await askOnce(socket, QUESTION);
    expect(first.content.response.answer).toContain('56.7 million');
    const refused = await askOnce(socket, GAP);
    expect(refused.content.response.links).toEqual([]);
  } finally {
    socket.close();
  }
}, 240_000);

describe('reviewed answers in the browser', () => {
  it('an admin approves an answer in the Questions tab; the same question in other words gets it, marked as reviewed', async () => {
    const admin = await app.signedInPage(SUPER);
    await admin.goto('/admindashboard?tab=questions');
    const table = admin.getByRole('table', { name: 'Questions' });
    await table.getByRole('cell', { name: QUESTION, exact: true }).first().waitFor();
    await admin.getByRole('button', { name: /^View Details \(How many people in the United States/ }).click();
    const details = admin.getByRole('dialog', { name: 'Question Details' });
    await details.getByText('Not reviewed', { exact: true }).waitFor();
    await expectNoAxeViolations(admin, 'the question details with its review');
    // Keyboard: from the dialog's Close button, on to Approve this answer.
    await tabTo(admin, details.getByRole('button', { name: 'Approve this answer' }));
    await admin.keyboard.press('Enter');
    await toast(admin, 'The answer is approved.').waitFor();
    await details.getByText(/^Approved on \d{1,2} \w+ \d{4}$/).waitFor();
    await admin.keyboard.press('Escape');
    await table
      .getByRole('row')
      .filter({ hasText: QUESTION })
      .getByRole('cell', { name: /^Approved on / })
      .first()
      .waitFor();

    await admin.goto('/admindashboard?tab=reviewed');
    const reviewed = admin.getByRole('table', { name: 'Reviewed answers' });
    await reviewed.getByRole('cell', { name: QUESTION, exact: true }).waitFor();
    await expect.poll(() => reviewed.getByRole('row').count()).toBe(2);
    await expectNoAxeViolations(admin, 'the Reviewed answers tab');
    expectNoCspViolations(admin);
    await admin.context().close();

    const user = await app.newUserPage();
    await user.goto('/chatpage');
    await user.getByRole('status').filter({ hasText: 'Connected' }).waitFor();
    const field = user.getByPlaceholder('Ask your question');
    await field.fill(IN_OTHER_WORDS);
    await field.press('Enter');
    const log = user.getByRole('log');
    await log.getByText(/Reviewed by the DISH team on \d{1,2} \w+ \d{4}/).waitFor({ timeout: 60_000 });
    await log
      .getByText(/56\.7 million/)
      .first()
      .waitFor();
    await expectNoAxeViolations(user, 'a reviewed answer in the chat');
    expectNoCspViolations(user);
    await user.context().close();
  }, 180_000);

  it('a refused question is a knowledge gap, shown in English and in Hindi', async () => {
    const admin = await app.signedInPage(SUPER);
    await admin.goto('/admindashboard?tab=gaps');
    const gap = admin.getByRole('article', { name: GAP, exact: true });
    await gap.waitFor({ timeout: 60_000 });
    await gap.getByText(`${GAP} (Refused)`).waitFor();
    await admin.locator('.figure').filter({ hasText: 'Questions asked' }).waitFor();
    await expectNoAxeViolations(admin, 'the Knowledge gaps tab');

    await tabTo(admin, admin.getByRole('button', { name: 'Change language to हिन्दी' }));
    await admin.keyboard.press('Enter');
    await admin.getByRole('heading', { name: 'ज्ञान की कमियाँ', exact: true }).waitFor();
    await gap.getByText(`${GAP} (मना किया गया)`).waitFor();
    await admin.getByText('अवधि के आँकड़े').waitFor();
    expect(await admin.evaluate(() => document.documentElement.lang)).toBe('hi');
    await expectNoAxeViolations(admin, 'the Knowledge gaps tab in Hindi');
    expectNoCspViolations(admin);
    await admin.context().close();
  }, 120_000);
});
