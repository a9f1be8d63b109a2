import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectNoCspViolations, openPage, startAppServer } from '../support/browser';
import { chromiumForTheseTests, forTheseTests } from '../support/e2e';

const browser = chromiumForTheseTests();
// A copy of the build, so that publishing a "new version" here leaves dist/app alone.
const appDir = forTheseTests(
  async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'dish-app-'));
    await cp(path.resolve('dist/app'), dir, { recursive: true });
    return dir;
  },
  (dir) => rm(dir, { recursive: true, force: true }),
);

describe('a new version of the app', () => {
  it('waits for the user, then takes over and reloads when they choose Reload', async () => {
    const t = await startAppServer({ STATIC_DIR: appDir() });
    const page = await openPage(browser(), t.url);
    try {
      await page.goto('/');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      // Only a page the current worker controls makes a new worker wait.
      await page.reload();
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

      // Publish a new service worker, then let the page look for updates as a browser does.
      await appendFile(path.join(appDir(), 'sw.js'), '\n// new version\n');
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));

      const prompt = page.getByText('A new version of DISH is ready.');
      await prompt.waitFor({ timeout: 20_000 });
      // Until the user agrees, the old worker stays in charge.
      expect(
        await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting))),
      ).toBe(true);
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await expect
        .poll(() =>
          page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting))),
        )
        .toBe(false);
      expectNoCspViolations(page);
    } finally {
      await page.context().close();
      await t.stop();
    }
  });
});
