/**
 * Issue 30 in Chromium against the real server, the built app and the default multilingual model:
 * the interface in Hindi, a Hindi question about an English report, and its answer framed in
 * Hindi, saying that the source is in English, with a source that opens. axe finds nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addData, addSource, SUPER_ENV, signInSuper } from '../support/admin';
import { expectNoAxeViolations, expectNoCspViolations, startAppServer, tabTo } from '../support/browser';
import { appForTheseTests } from '../support/e2e';
import { CENSUS_PDF as CENSUS, materialFile } from '../support/shared';

const HINDI = 'daisy_Hindi_Sample.docx';
const app = appForTheseTests(() => startAppServer(SUPER_ENV));

// An English report and a Hindi document, ingested once with the default multilingual model.
beforeAll(async () => {
  const admin = await signInSuper(app);
  const source = await addSource(admin, 'Reports in two languages');
  const fields = { queryingApp: 'dish', source, project: 'dish', location: 'India' };
  await addData(admin, { ...fields, data_type: 'pdf' }, [materialFile('documents/pdf', CENSUS)]);
  await addData(admin, { ...fields, data_type: 'doc' }, [materialFile('documents/docx', HINDI)]);
  while ((await app.server.worker.runNow()) > 0) {
    /* until the queue is empty */
  }
}, 180_000);

describe('a Hindi question in the Hindi interface', () => {
  it('is answered in Hindi from an English report, which it names as English, with a source that opens', async () => {
    const page = await app.newUserPage();
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
