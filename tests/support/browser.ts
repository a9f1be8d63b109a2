import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { chromiumArgs, chromiumPath } from './chromium';
import { newUser } from './http';
import { startTestServer, type TestServer } from './server';
import type { ServerOverrides } from '../../src/server/http/app';

const require = createRequire(import.meta.url);
const axePath = require.resolve('axe-core/axe.min.js');

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
  return startTestServer({ STATIC_DIR: path.resolve('dist/app'), ...env }, overrides);
}

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

/** Runs axe-core (WCAG 2.2 A and AA rules and best practices) on the page as it is now. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  // A toast still fading in has text at part opacity; measure colours once movement has settled.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running'),
    undefined,
    {
      timeout: 5000,
    },
  );
  await page.addScriptTag({ path: axePath });
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
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** Presses Tab until the element is focused, as a keyboard-only user would reach it. */
export async function tabTo(page: Page, target: Locator, maxTabs = 30): Promise<void> {
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`could not reach ${target.toString()} with ${maxTabs} presses of Tab`);
}

/** A new browser context signed in as a freshly registered user, with a page open in it. */
export async function newSignedInPage(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...options });
  const page = await context.newPage();
  const user = newUser();
  await page.request.post('/auth/register', { data: user });
  await page.request.post('/auth/login', { data: { emailOrPhone: user.email, password: user.password } });
  return page;
}
