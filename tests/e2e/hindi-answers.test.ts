/**
 * Issue 30 in Chromium against the real server, the built app and the default multilingual model:
 * the interface in Hindi, a Hindi question about an English report, and its answer framed in
 * Hindi, saying that the source is in English, with a source that opens. axe finds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { addSource, form, SUPER_ENV, signInSuper } from '../support/admin';
import {
  expectNoAxeViolations,
  expectNoCspViolations,
  launchChromium,
  newSignedInPage,
  startAppServer,
  tabTo,
} from '../support/browser';
import { material } from '../support/shared';
import type { TestServer } from '../support/server';

let browser: Browser;
let t: TestServer;
const CENSUS = 'census-americans-with-disabilities-2010_us-001.pdf';
const HINDI = 'daisy_Hindi_Sample.docx';

beforeAll(async () => {
  t = await startAppServer({ ...SUPER_ENV });
  const admin = await signInSuper(t);
  const source = await addSource(admin, 'Reports in two languages');
  const fields = { queryingApp: 'dish', source, project: 'dish', location: 'India' };
  await admin.post(
    '/admin/add_data',
    form({ ...fields, data_type: 'pdf' }, [{ name: CENSUS, bytes: material('documents/pdf', CENSUS) }]),
  );
  await admin.post(
    '/admin/add_data',
    form({ ...fields, data_type: 'doc' }, [{ name: HINDI, bytes: material('documents/docx', HINDI) }]),
  );
  while ((await t.server.worker.runNow()) > 0) {
    /* until the queue is empty */
  }
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await t?.stop();
});

describe('a Hindi question in the Hindi interface', () => {
  it('is answered in Hindi from an English report, which it names as English, with a source that opens', async () => {
    const page = await newSignedInPage(browser, t.url);
    await page.goto('/chatpage');
    await tabTo(page, page.getByRole('button', { name: 'Change language to हिन्दी' }));
    await page.keyboard.press('Enter');
    const connected = page.getByRole('status').filter({ hasText: 'जुड़ा हुआ' });
    await connected.waitFor();
    const field = page.getByRole('textbox', { name: 'अपना प्रश्न पूछें' });
    await tabTo(page, field);
    await page.keyboard.type('साल 2010 में अमेरिका में लगभग कितने लोगों को कोई विकलांगता थी?');
    await page.keyboard.press('Enter');
    const log = page.getByRole('log', { name: 'बातचीत' });
    await log.getByText('स्रोत अंग्रेज़ी में है; उसमें यह लिखा है:').waitFor({ timeout: 30_000 });
    await log
      .getByText(/56\.7 million/)
      .first()
      .waitFor();
    const link = log.locator(`a[href*="${CENSUS}#page="]`).first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(
      /^\/files\/[0-9a-f-]{36}\/census-americans-with-disabilities-2010_us-001\.pdf#page=\d+$/,
    );
    const file = await page.request.get(href!.split('#')[0]!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toMatch(/^application\/pdf/);
    // What a screen reader hears of the answer, in the page's hidden status line.
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'स्रोत अंग्रेज़ी में है' }).count())
      .toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'a Hindi answer from an English source');
    expectNoCspViolations(page);
    await page.context().close();
  });
});
