/**
 * Issue 5's browser test: Chromium with a fake microphone that hears a real recording
 * (../shared/audio/jfk.wav), the built app, the real server. Transcription goes to a local server
 * speaking the OpenAI API (no Whisper weights exist here; tests/server/voice covers local Whisper).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decodeMp3 } from '../../src/server/voice/codecs';
import { expectNoAxeViolations, expectNoCspViolations, startAppServer, tabTo } from '../support/browser';
import { fakeMicrophoneArgs } from '../support/chromium';
import { appForTheseTests, forTheseTests } from '../support/e2e';
import { summarizeMp3 } from '../support/mp3';
import { fakeTranscriptionServer, TRANSCRIPT } from '../support/stt';

const stt = forTheseTests(fakeTranscriptionServer);
const app = appForTheseTests(
  () => startAppServer({ STT_BASE_URL: stt().url, INGEST_INTERVAL: '0' }),
  fakeMicrophoneArgs(),
);

const signedInPage = () => app.newUserPage();

const mic = (page: Page) => page.getByRole('button', { name: 'microphone button' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The MP3 the transcription endpoint received for the latest question, decoded. */
async function receivedRecording(count: number) {
  await expect.poll(() => stt().received.length, { timeout: 20_000 }).toBe(count);
  const bytes = stt().received.at(-1)!.file!.bytes;
  const decoded = await decodeMp3(bytes, { maxBytes: Infinity, maxMs: Infinity });
  return { frames: summarizeMp3(bytes), seconds: decoded.channelData[0]!.length / decoded.sampleRate };
}

/** Waits until the spoken answer is actually playing (time advancing) or has played. */
async function spokenAnswerPlays(page: Page): Promise<void> {
  const player = page.getByRole('log').getByLabel('Spoken answer').last();
  await player.waitFor({ timeout: 30_000 });
  expect(await player.getAttribute('src')).toMatch(new RegExp('^' + app.url + '/tts/[0-9a-f]+\\.mp3$'));
  await page.waitForFunction(
    (el) => el instanceof HTMLAudioElement && (el.ended || (!el.paused && el.currentTime > 0.2)),
    await player.elementHandle(),
    { timeout: 20_000 },
  );
}

describe('asking aloud in Chromium against the real server', () => {
  it('keyboard only: hold Space on the microphone, release; the MP3 is mono 128 kbps of that length; the answer is shown and spoken', async () => {
    const page = await signedInPage();
    await page.goto('/chatpage');
    await page.getByText('Connected').waitFor();
    await tabTo(page, mic(page));

    await page.keyboard.down('Space');
    await expect.poll(() => mic(page).getAttribute('aria-pressed')).toBe('true');
    const started = Date.now();
    await page.getByRole('status').getByText('Recording. Release the button to send.').waitFor();
    await expectNoAxeViolations(page, '/chatpage while recording');
    await sleep(4000);
    await page.keyboard.up('Space');
    const held = (Date.now() - started) / 1000;

    const { frames, seconds } = await receivedRecording(1);
    expect(frames.bitrates).toEqual([128]);
    expect(frames.channels).toEqual([1]);
    expect(seconds).toBeGreaterThan(held - 0.8);
    expect(seconds).toBeLessThan(held + 0.8);

    const log = page.getByRole('log');
    // The user's own recording has a player; the transcript comes with the answer.
    await log.getByLabel('Your recorded question').waitFor();
    await log.getByText(TRANSCRIPT).waitFor({ timeout: 30_000 });
    await log.locator('.message-bot').first().waitFor();
    expect((await log.locator('.message-bot').first().innerText()).length).toBeGreaterThan(20);
    await spokenAnswerPlays(page);
    await expectNoAxeViolations(page, '/chatpage with a spoken answer');
    await page.context().close();
  });

  it('mouse: press and hold on the dashboard, release; the recording is asked on /chatpage', async () => {
    const page = await signedInPage();
    await page.goto('/dashboard');
    // The suggested prompts arrive after the page and move the box down: press where it stays.
    await page.locator('.prompt-list:not([aria-busy])').waitFor();
    await mic(page).hover();
    await page.mouse.down();
    await expect.poll(() => mic(page).getAttribute('aria-pressed')).toBe('true');
    expect(await mic(page).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(179, 38, 30)');
    await sleep(2500);
    await page.mouse.up();
    await page.waitForURL('**/chatpage');
    const { frames, seconds } = await receivedRecording(2);
    expect(frames.channels).toEqual([1]);
    expect(seconds).toBeGreaterThan(1.5);
    await page.getByRole('log').getByText(TRANSCRIPT).waitFor({ timeout: 30_000 });
    await spokenAnswerPlays(page);
    // The encoder worker, the recording's blob: audio and /tts play under the Content-Security-Policy.
    expectNoCspViolations(page);
    await page.context().close();
  });

  it('touch: a finger held on the microphone records until lifted', async () => {
    const page = await app.newUserPage({ hasTouch: true, isMobile: true });
    const context = page.context();
    await page.goto('/chatpage');
    await page.getByText('Connected').waitFor();
    const box = (await mic(page).boundingBox())!;
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    // Playwright's touchscreen only taps: hold the finger down through the DevTools protocol.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await expect.poll(() => mic(page).getAttribute('aria-pressed')).toBe('true');
    await sleep(2500);
    expect(await mic(page).getAttribute('aria-pressed')).toBe('true');
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const { seconds } = await receivedRecording(3);
    expect(seconds).toBeGreaterThan(1.8);
    await page.getByRole('log').getByText(TRANSCRIPT).waitFor({ timeout: 30_000 });
    expect(await mic(page).getAttribute('aria-pressed')).toBe('false');
    expectNoCspViolations(page);
    await context.close();
  });
});
