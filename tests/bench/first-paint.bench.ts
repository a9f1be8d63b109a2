/**
 * What a slow phone shows, in a real browser (issue 34 item 3):
 * `npm run build && npx tsx tests/bench/first-paint.bench.ts [path ...]`.
 *
 * Lighthouse (lighthouse.bench.ts) simulates a slow network and CPU from a fast load; this opens
 * each page in Debian's Chromium with the same conditions applied for real (150 ms round trips,
 * 1.6 Mbit/s down, the CPU 4x slower), in a fresh profile each time, and prints the medians over
 * RUNS loads (default 5) of: the first contentful paint, the largest one (and what it was), and when
 * the app is ready, i.e. when the live page is drawn (a page's static copy replaced by it, or on a
 * page without a copy, its first heading). Serves dist/app (or STATIC_DIR) from a real server on a
 * fresh PGlite, signed in for the pages behind the sign-in. Asserts nothing; the figures are in
 * docs/performance.md.
 */
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { signInUser } from '../support/admin';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { startTestServer } from '../support/server';

const PAGES = ['/login', '/dashboard', '/chatpage'];
const PUBLIC = new Set(['/', '/login', '/loginviaOTP', '/register']);
const runs = Math.max(1, Number(process.env.RUNS ?? 5));
const pages = process.argv.slice(2).length ? process.argv.slice(2) : PAGES;

interface Load {
  fcp: number;
  lcp: number;
  lcpElement: string;
  ready: number;
}

declare global {
  interface Window {
    benchLcp?: { time: number; element: string };
    benchReady?: number;
  }
}

/** Runs in the page before its own scripts: notes the LCP candidates and when the app has drawn. */
function watchPage() {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
      const element = entry.element;
      window.benchLcp = {
        time: entry.startTime,
        element: element ? `${element.tagName.toLowerCase()}.${element.className}` : '?',
      };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new MutationObserver(() => {
    const root = document.getElementById('root');
    if (window.benchReady === undefined && root?.querySelector('h1') && !root.querySelector('.static-copy')) {
      window.benchReady = performance.now();
    }
  }).observe(document, { childList: true, subtree: true });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const ms = (value: number) => `${Math.round(value)} ms`;

const t = await startTestServer({
  STATIC_DIR: path.resolve(process.env.STATIC_DIR ?? 'dist/app'),
  LOG_LEVEL: 'warn',
});
const browser = await puppeteer.launch({
  executablePath: chromiumPath(),
  headless: true,
  args: chromiumArgs,
});
try {
  const user = await signInUser(t);
  const [cookieName = '', cookieValue = ''] = (user.cookieHeader.split(';')[0] ?? '').split('=');
  console.log(`${runs} load(s) per page, 150 ms RTT, 1.6 Mbit/s, CPU 4x slower, ${new Date().toISOString()}`);
  console.log('| page | FCP | LCP | LCP element | app ready |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const pagePath of pages) {
    const loads: Load[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
      const cdp = await page.createCDPSession();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.emulateNetworkConditions({ download: 1.6e6 / 8, upload: 750e3 / 8, latency: 150 });
      if (!PUBLIC.has(pagePath)) await page.setCookie({ name: cookieName, value: cookieValue, url: t.url });
      await page.evaluateOnNewDocument(watchPage);
      await page.goto(t.url + pagePath, { waitUntil: 'load' });
      await page.waitForFunction(() => window.benchReady !== undefined, { timeout: 30_000 });
      // The LCP entry is final once the page has settled.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      loads.push(
        await page.evaluate(() => ({
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
          lcp: window.benchLcp?.time ?? NaN,
          lcpElement: window.benchLcp?.element ?? '?',
          ready: window.benchReady ?? NaN,
        })),
      );
      await context.close();
    }
    const elements = [...new Set(loads.map((l) => l.lcpElement))].join(', ');
    const row = [
      pagePath,
      ms(median(loads.map((l) => l.fcp))),
      ms(median(loads.map((l) => l.lcp))),
      elements,
      ms(median(loads.map((l) => l.ready))),
    ];
    console.log(`| ${row.join(' | ')} |`);
  }
} finally {
  await browser.close();
  await t.stop();
}
