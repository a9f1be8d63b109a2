/**
 * A question asked on WhatsApp, as the admin reviews it in Chromium: the delivery signed as Meta
 * signs it, answered through the local Graph API, then found in the Questions tab with its mode
 * and its history.
 */
import { describe, expect, it } from 'vitest';
import { whatsAppChannelOf } from '../../src/server/channels/whatsapp/routes';
import { signatureFor } from '../../src/server/channels/whatsapp/signature';
import { SUPER, SUPER_ENV } from '../support/admin';
import { expectNoAxeViolations, startAppServer } from '../support/browser';
import { appForTheseTests, forTheseTests } from '../support/e2e';
import { startGraphApi } from '../support/graph-api';
import { newSender, PHONE_NUMBER_ID, SECRET, textFrom, whatsAppEnv } from '../support/whatsapp';

const graph = forTheseTests(() => startGraphApi(PHONE_NUMBER_ID));
const app = appForTheseTests(() => startAppServer({ ...SUPER_ENV, ...whatsAppEnv(graph().graphUrl) }));

describe('a WhatsApp question in the admin screens', () => {
  it('is listed in the Questions tab, as text, with the answer sent back in its history', async () => {
    const from = newSender();
    const question = 'Which screen reader works with a braille display?';
    const body = JSON.stringify(textFrom(from, question));
    const delivered = await fetch(`${app.url}/channels/whatsapp/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureFor(body, SECRET) },
      body,
    });
    expect(delivered.status).toBe(200);
    await whatsAppChannelOf(app.server.app)!.idle();
    const [sent] = graph()
      .sentTo(from)
      .filter((m) => m.type === 'text');
    expect(sent?.text?.body).toBeTruthy();

    const page = await app.signedInPage(SUPER);
    await page.goto('/admindashboard?tab=questions');
    const row = page.getByRole('row').filter({ hasText: question });
    await row.waitFor();
    await row.getByRole('cell', { name: 'Text', exact: true }).waitFor();
    await expectNoAxeViolations(page, 'questions tab with a WhatsApp question');
    await row.getByRole('button', { name: /View Details/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('query-response').first().waitFor();
    await dialog.getByText(question).first().waitFor();
    await expectNoAxeViolations(page, 'history of a WhatsApp question');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
