import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { chromiumArgs, chromiumPath } from './chromium';
import { startTestServer, type TestServer } from './server';
import type { ServerOverrides } from '../../src/server/compose/app';

const require = createRequire(import.meta.url);
const axePath = require.resolve('axe-core/axe.min.js');

/** What Chromium reported as blocked by the Content-Security-Policy, per page being watched. */
const violations = new WeakMap<Page, string[]>();

/**
 * Records every Content-Security-Policy violation the page reports from now on, so a test can
 * prove the app works under the server's policy; expectNoAxeViolations checks them too.
 */
export function watchCspViolations(page: Page): string[] {
  const seen = violations.get(page) ?? [];
  if (!violations.has(page)) {
    violations.set(page, seen);
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
    });
  }
  return seen;
}

export function expectNoCspViolations(page: Page): void {
  expect(violations.get(page) ?? [], 'Content-Security-Policy violations').toEqual([]);
}

/** A page in a new browser context (a device of its own) on `baseURL`, its CSP violations watched. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...options });
  const page = await context.newPage();
  watchCspViolations(page);
  return page;
}

/** Debian's Chromium driven by Playwright; never a downloaded browser. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [...chromiumArgs, ...extraArgs],
    headless: true,
  });
}

/** The real server serving the built app (dist/app, made by `npm test` before this suite). */
export function startAppServer(
  env: Record<string, string> = {},
  overrides: ServerOverrides = {},
): Promise<TestServer> {
  // A WhatsApp number, as a real install has, so the header offers Chat with us.
  return startTestServer(
    { STATIC_DIR: path.resolve('dist/app'), WHATSAPP_DISPLAY_NUMBER: '15550953877', ...env },
    overrides,
  );
}

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

/**
 * Runs axe-core (WCAG 2.2 A and AA rules and best practices) on the page as it is now, once the
 * app has drawn it: a page's static copy (src/app/static-pages) is inert, there for the eye only
 * until the app replaces it, and is checked on its own (tests/browser/static-pages).
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  await page.waitForFunction(() => document.querySelector('.static-copy') === null, undefined, {
    timeout: 30_000,
  });
  // Colours are measured with motion off, as a user who asks for reduced motion sees them: a toast
  // that starts to fade out while axe runs (its 5 s can end mid-run on a slow machine) would be
  // judged at part opacity. The app and Sonner both drop their transitions then.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // Evaluated over the DevTools protocol: the page's CSP rightly refuses an injected <script>.
  await page.evaluate(readFileSync(axePath, 'utf8'));
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<AxeResult> } }).axe.run(
      document,
      {
        runOnly: {
          type: 'tag',
          values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
        },
      },
    ),
  );
  const summary = result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
  );
  await page.emulateMedia({ reducedMotion: null });
  expect(summary, `axe violations on ${label}`).toEqual([]);
  expectNoCspViolations(page);
}

/** Presses Tab until the element is focused, as a keyboard-only user would reach it. */
export async function tabTo(page: Page, target: Locator, maxTabs = 30): Promise<void> {
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`could not reach ${target.toString()} with ${maxTabs} presses of Tab`);
}
