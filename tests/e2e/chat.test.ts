import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addData, addSource, SUPER_ENV, signInSuper } from '../support/admin';
import { expectNoAxeViolations, expectNoCspViolations, startAppServer, tabTo } from '../support/browser';
import { apgSiteForTheseTests, appForTheseTests, forTheseTests } from '../support/e2e';
import { CENSUS_PDF as CENSUS, materialFile } from '../support/shared';
import { startYouTubeReplay } from '../support/youtube-replay';

const replay = forTheseTests(startYouTubeReplay);
const site = apgSiteForTheseTests();
const app = appForTheseTests(() =>
  startAppServer({ ...SUPER_ENV, CRAWL_ALLOW_PRIVATE: 'true' }, { fetch: replay().fetch }),
);

// What the questions are answered from: a crawled guide, a video and a PDF, ingested once.
beforeAll(async () => {
  const admin = await signInSuper(app);
  const source = await addSource(admin, 'Guides and videos');
  const fields = { queryingApp: 'dish', source, project: 'dish', location: 'Worldwide' };
  await addData(admin, { ...fields, data_type: 'web', url: `${site().url}/apg-home.html`, depth: 1 });
  await addData(admin, { ...fields, data_type: 'yt_video', url: 'https://youtu.be/eF8Qqp7rjDg' });
  await addData(admin, { ...fields, data_type: 'pdf' }, [materialFile('documents/pdf', CENSUS)]);
  await app.server.worker.runNow();
}, 120_000);

const signedInPage = () => app.newUserPage();

const field = (page: Page) => page.getByPlaceholder('Ask your question');

describe('asking in Chromium against the real server', () => {
  it('asks from the dashboard by keyboard alone and reads the answer with its link on /chatpage', async () => {
    const page = await signedInPage();
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: "Let's start the conversation" }).waitFor();
    await tabTo(page, field(page));
    await page.keyboard.type('How do landmark regions help screen reader users?');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/chatpage');
    const log = page.getByRole('log');
    await log.getByText('How do landmark regions help screen reader users?').waitFor();
    await log
      .getByText(/^Source:/)
      .first()
      .waitFor({ timeout: 20_000 });
    const link = log.locator(`a[href^="${site().url}"]`).first();
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await expectNoAxeViolations(page, '/chatpage with an answer');
    await page.context().close();
  });

  it('answers a fact from an uploaded PDF first, with a link that opens the PDF at its page', async () => {
    const page = await signedInPage();
    await page.goto('/chatpage');
    await field(page).fill('About how many Americans had some kind of disability in 2010?');
    await page.keyboard.press('Enter');
    const log = page.getByRole('log');
    const answer = log.locator('p', { hasText: /56\.7 million/ }).first();
    await answer.waitFor({ timeout: 20_000 });
    // The fact is the answer's first paragraph, before its source and any supporting quote.
    const paragraphs = await answer.locator('xpath=..').locator('p').allInnerTexts();
    expect(paragraphs[0]).toMatch(/56\.7 million/);
    const link = log.locator(`a[href*="${CENSUS}"]`).first();
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(new RegExp(`^/files/[0-9a-f-]{36}/${CENSUS.replace(/\./g, '\\.')}#page=\\d+$`));
    // The report's excerpt has no title of its own: it is named by its file.
    expect(await link.innerText()).toMatch(/^census-americans-with-disabilities-2010_us-001/);
    const file = await page.request.get(href.split('#')[0]!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toMatch(/^application\/pdf/);
    await expectNoAxeViolations(page, '/chatpage with a PDF answer');
    await page.context().close();
  });

  it('shows a video source as a YouTube thumbnail', async () => {
    const page = await signedInPage();
    await page.goto('/chatpage');
    await field(page).fill('citizens of the world infrastructure update');
    await page.getByRole('button', { name: 'send message button' }).click();
    const caption = page.getByRole('log').getByText('Watch on YouTube').first();
    await caption.waitFor({ timeout: 20_000 });
    const image = page.getByRole('log').locator('a.youtube-link img').first();
    expect(await image.getAttribute('src')).toBe('https://img.youtube.com/vi/eF8Qqp7rjDg/default.jpg');
    // The Content-Security-Policy lets the thumbnail load.
    expectNoCspViolations(page);
    await page.context().close();
  });

  it('keeps one server connection for two tabs, and both tabs show the answer', async () => {
    const first = await signedInPage();
    const second = await first.context().newPage();
    await first.goto('/chatpage');
    await second.goto('/chatpage');
    await first.getByText('Connected', { exact: false }).first().waitFor({ timeout: 20_000 });
    await second.getByText('Connected', { exact: false }).first().waitFor({ timeout: 20_000 });
    const me = await first.request.get('/auth/getme');
    const { id } = (await me.json()) as { id: string };
    const connections = async () =>
      (await app.server.io.fetchSockets()).filter((s) => s.data.userId === id).length;
    await expect.poll(connections).toBe(1);

    await field(first).fill('What is a landmark region?');
    await first.keyboard.press('Enter');
    for (const page of [first, second]) {
      await page
        .getByRole('log')
        .getByText(/^Source:/)
        .first()
        .waitFor({ timeout: 20_000 });
    }
    // The SharedWorker and its socket work under the Content-Security-Policy.
    expectNoCspViolations(first);
    await first.context().close();
  });
});
