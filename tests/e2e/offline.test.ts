import { describe, expect, it } from 'vitest';
import { expectNoCspViolations, openPage, startAppServer } from '../support/browser';
import { chromiumForTheseTests } from '../support/e2e';

// Each test starts a server of its own: the second one stops it while the page stays open.
const browser = chromiumForTheseTests();

describe('the installable shell', () => {
  it('serves a web manifest with name, icons and theme colour', async () => {
    const t = await startAppServer();
    try {
      const res = await fetch(`${t.url}/manifest.webmanifest`);
      expect(res.status).toBe(200);
      const manifest = (await res.json()) as { name: string; theme_color: string; icons: { src: string }[] };
      expect(manifest.name).toContain('DISH');
      expect(manifest.theme_color).toMatch(/^#/);
      expect(manifest.icons.length).toBeGreaterThanOrEqual(2);
      for (const icon of manifest.icons) {
        const image = await fetch(t.url + icon.src);
        expect(image.status, icon.src).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/png');
      }
    } finally {
      await t.stop();
    }
  });

  it('opens from the service worker with the server stopped, and says it is offline', async () => {
    const t = await startAppServer();
    const page = await openPage(browser(), t.url);
    try {
      await page.goto('/');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    } finally {
      await t.stop();
    }
    for (const path of ['/', '/login']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByText('You are offline.', { exact: false }).waitFor();
    }
    // The shell, its worker and its cache work under the server's Content-Security-Policy.
    expectNoCspViolations(page);
    await page.context().close();
  });
});
