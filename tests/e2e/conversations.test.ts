/**
 * Issue 14 in Chromium against the real server and the built app: the conversation survives a
 * reload and shows on another device, New conversation, reopening and deleting an earlier one by
 * keyboard alone, and offline: the reload opens the cached conversation (not the login form), and
 * a question typed offline is sent after the user confirms, back online.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, expectNoCspViolations, tabTo } from '../support/browser';
import { type Account, appForTheseTests } from '../support/e2e';
import { newUser } from '../support/http';

const app = appForTheseTests();

const register = () => app.register(newUser());

/** A browser context (a device) signed in as `account`, with a page open. */
async function device(account: Account) {
  const page = await app.signedInPage(account);
  return { context: page.context(), page };
}

const field = (page: Page) => page.getByPlaceholder('Ask your question');
const log = (page: Page) => page.getByRole('log', { name: 'Conversation' });

/** Asks on /chatpage and waits for the answer to be shown. */
async function ask(page: Page, question: string): Promise<void> {
  const answers = await log(page).locator('.message-bot').count();
  await field(page).fill(question);
  await field(page).press('Enter');
  await log(page).getByText(question).waitFor();
  await expect.poll(() => log(page).locator('.message-bot').count(), { timeout: 30_000 }).toBe(answers + 1);
}

async function openChat(page: Page): Promise<void> {
  await page.goto('/chatpage');
  await page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor();
}

describe('kept conversations', () => {
  it('shows the current conversation after a reload and on another device', async () => {
    const account = await register();
    const first = await device(account);
    await openChat(first.page);
    await ask(first.page, 'What is a screen reader?');
    await first.page.reload();
    await log(first.page).getByText('What is a screen reader?').waitFor();
    expect(await log(first.page).locator('.message-bot').count()).toBe(1);

    const second = await device(account);
    await openChat(second.page);
    await log(second.page).getByText('What is a screen reader?').waitFor();
    await ask(second.page, 'And a braille display?');
    await first.page.reload();
    await log(first.page).getByText('And a braille display?').waitFor();
    await first.context.close();
    await second.context.close();
  });

  it('starts a new conversation, then reopens and deletes the earlier one by keyboard alone; axe finds nothing', async () => {
    const { context, page } = await device(await register());
    await openChat(page);
    await ask(page, 'How do I caption a video?');
    await page.getByRole('button', { name: 'New conversation' }).click();
    await expect.poll(() => log(page).locator('.message').count()).toBe(0);
    await page.getByText('New conversation started.').waitFor({ state: 'attached' });
    await ask(page, 'Which keyboard suits one hand?');

    await page.reload();
    await log(page).getByText('Which keyboard suits one hand?').waitFor();
    await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor();
    const toggle = page.getByRole('button', { name: 'Earlier conversations' });
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    const earlier = page.getByRole('button', { name: /^How do I caption a video\?/ });
    await earlier.waitFor();
    await expectNoAxeViolations(page, '/chatpage with the conversation list open');
    await tabTo(page, earlier);
    await page.keyboard.press('Enter');
    await log(page).getByText('How do I caption a video?').waitFor();
    expect(await log(page).getByText('Which keyboard suits one hand?').count()).toBe(0);

    const remove = page.getByRole('button', { name: 'Delete conversation: Which keyboard suits one hand?' });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    await remove.waitFor({ state: 'detached' });
    await page.getByText('Conversation deleted.').waitFor({ state: 'attached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Your conversations');
    // Gone on the server too: a reload lists only the one left.
    await page.reload();
    await log(page).getByText('How do I caption a video?').waitFor();
    await page.getByRole('button', { name: 'Earlier conversations' }).click();
    await page.getByRole('button', { name: /^How do I caption a video\?/ }).waitFor();
    expect(await page.locator('.conversation-item').count()).toBe(1);
    expectNoCspViolations(page);
    await context.close();
  });
});

describe('offline, still signed in', () => {
  it('a reload offline opens the cached conversation read-only, and a question typed offline is sent after confirming', async () => {
    const { context, page } = await device(await register());
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await openChat(page);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await ask(page, 'Where can I learn sign language?');

    await context.setOffline(true);
    for (const path of ['/dashboard', '/chatpage']) {
      await page.goto(path);
      await page.getByText('You are offline.', { exact: false }).waitFor();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Email Or Phone' }).count()).toBe(0);
    }
    await log(page).getByText('Where can I learn sign language?').waitFor();
    await page.getByText('You are offline: this is your conversation', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'New conversation' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page, '/chatpage offline');

    await field(page).fill('Is there a talking calculator?');
    await field(page).press('Enter');
    await page.getByText('Your question is waiting in the box.', { exact: false }).waitFor();
    expect(await field(page).inputValue()).toBe('Is there a talking calculator?');
    // It waits across a reload, too.
    await page.reload();
    await page.getByText('Your question is waiting in the box.', { exact: false }).waitFor();
    await expect.poll(() => field(page).inputValue()).toBe('Is there a talking calculator?');

    await context.setOffline(false);
    const send = page.getByRole('button', { name: 'Send it now' });
    await send.waitFor({ timeout: 30_000 });
    // Nothing is sent until the user says so.
    expect(await log(page).getByText('Is there a talking calculator?').count()).toBe(0);
    await send.click();
    await log(page).getByText('Is there a talking calculator?').waitFor();
    await expect.poll(() => log(page).locator('.message-bot').count(), { timeout: 30_000 }).toBe(2);
    expect(await field(page).inputValue()).toBe('');
    await context.close();
  });

  it('back online, a sign-in that ended while away leads to the login form', async () => {
    const { context, page } = await device(await register());
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await openChat(page);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await context.setOffline(true);
    await page.reload();
    await page.getByText('You are offline.', { exact: false }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
    // Signed out elsewhere meanwhile (the request goes around the page's offline network).
    expect((await context.request.post('/auth/logout')).status()).toBe(200);
    await context.setOffline(false);
    await page.getByRole('textbox', { name: 'Email Or Phone' }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/login');
    // Nothing of the conversation stays in this browser.
    expect(await page.evaluate(() => localStorage.getItem('dish:last-user'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('dish:conversation'))).toBeNull();
    await context.close();
  });
});
