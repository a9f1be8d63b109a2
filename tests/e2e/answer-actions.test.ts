/**
 * Issue 14 item 3 in Chromium against the real server and the built app: a user asks, copies the
 * answer, listens to it, says it helped with a comment; the admin sees that in the Questions tab
 * and finds it with the Helpful filter.
 */
import { describe, expect, it } from 'vitest';
import { SUPER, SUPER_ENV } from '../support/admin';
import { expectNoAxeViolations, expectNoCspViolations, startAppServer } from '../support/browser';
import { type Account, appForTheseTests, CLIPBOARD } from '../support/e2e';
import { newUser } from '../support/http';

const app = appForTheseTests(() => startAppServer(SUPER_ENV));

const signedInPage = (account: Account) => app.signedInPage(account, CLIPBOARD);

const QUESTION = 'What is a screen reader?';
const COMMENT = 'Short and clear, thank you';

describe('answer actions', () => {
  it('asks, copies, listens, marks the answer helpful with a comment; the admin sees it', async () => {
    const page = await signedInPage(await app.register(newUser()));
    await page.goto('/chatpage');
    await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor();
    const field = page.getByPlaceholder('Ask your question');
    await field.fill(QUESTION);
    await field.press('Enter');
    const copy = page.getByRole('button', { name: 'Copy answer', exact: true });
    await copy.waitFor({ timeout: 30_000 });

    await copy.click();
    await page.getByRole('status').filter({ hasText: 'The answer was copied.' }).waitFor();
    // The answer as kept: its markdown, which is what the clipboard holds.
    const kept = (await (await page.request.get('/api/conversations/current')).json()) as {
      conversation: { messages: { type: string; text: string }[] };
    };
    const answer = kept.conversation.messages.findLast((m) => m.type === 'bot')?.text;
    expect(answer).toBeTruthy();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(answer);

    await page.getByRole('button', { name: 'Listen to the answer', exact: true }).click();
    const player = page.getByLabel('Spoken answer');
    await player.waitFor({ timeout: 30_000 });
    const src = await player.getAttribute('src');
    const mp3 = await page.request.get(src ?? '');
    expect(mp3.status()).toBe(200);
    expect(mp3.headers()['content-type']).toBe('audio/mpeg');

    const yes = page.getByRole('button', { name: 'Yes, this was helpful', exact: true });
    await yes.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => yes.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('textbox', { name: 'Comment (optional)' }).fill(COMMENT);
    await page.getByRole('button', { name: 'Send comment' }).click();
    await page.getByRole('status').filter({ hasText: 'Thank you, your comment was saved.' }).waitFor();
    await expectNoAxeViolations(page, '/chatpage with answer actions');
    expectNoCspViolations(page);
    await page.context().close();

    const admin = await signedInPage(SUPER);
    await admin.goto('/admindashboard?tab=questions');
    const table = admin.getByRole('table', { name: 'Questions' });
    await table.getByRole('cell', { name: QUESTION, exact: true }).first().waitFor();
    await admin.getByRole('combobox', { name: 'Feedback' }).selectOption('helpful');
    await table.getByRole('cell', { name: `Helpful: ${COMMENT}` }).waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await expectNoAxeViolations(admin, '/admindashboard Questions filtered by feedback');
    expectNoCspViolations(admin);
    await admin.context().close();
  }, 120_000);
});
