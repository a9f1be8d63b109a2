/**
 * The set-up the end-to-end files share (tests/e2e): what their tests need running (the real
 * server serving the built app, Chromium, a site to crawl) is started before a file's tests and
 * stopped after them, and pages open signed in the ways the tests need, so that each file keeps
 * only its own steps.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { DishServer } from '../../src/server/compose/app';
import { launchChromium, openPage, startAppServer } from './browser';
import { Client, newUser } from './http';
import type { TestServer } from './server';
import { sharedPath } from './shared';
import { serveSite } from './static-site';

/**
 * Starts something before the file's tests and stops it after them, and gives a getter for it
 * (it exists only once beforeAll has run). vitest runs afterAll hooks in the reverse order of
 * their beforeAll, so what a file starts first (a site the server crawls) is stopped last.
 */
export function forTheseTests<T extends { stop(): Promise<unknown> }>(start: () => Promise<T>): () => T;
export function forTheseTests<T>(start: () => Promise<T>, stop: (it: T) => Promise<unknown>): () => T;
export function forTheseTests<T>(
  start: () => Promise<T>,
  stop: (it: T) => Promise<unknown> = (it) => (it as { stop(): Promise<unknown> }).stop(),
): () => T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  // A start that failed leaves nothing to stop, and its own error is the one to read.
  afterAll(async () => {
    if (started !== undefined) await stop(started);
  });
  return () => {
    if (started === undefined) throw new Error('used before beforeAll started it');
    return started;
  };
}

/** Debian's Chromium for the file's tests (launchChromium), closed after them. */
export const chromiumForTheseTests = (args: string[] = []): (() => Browser) =>
  forTheseTests(
    () => launchChromium(args),
    (browser) => browser.close(),
  );

/** The ARIA Authoring Practices pages of ../shared/material, as a real site to crawl. */
export const apgSiteForTheseTests = () =>
  forTheseTests(() => serveSite(sharedPath('material/website/aria-practices/content')));

/** For a page that copies: the clipboard may be read and written without asking. */
export const CLIPBOARD: BrowserContextOptions = { permissions: ['clipboard-read', 'clipboard-write'] };

export interface Account {
  email: string;
  password: string;
}

/** The real server and Chromium of a file's tests, and the pages they open. */
export interface AppInBrowser {
  readonly url: string;
  readonly server: DishServer;
  readonly browser: Browser;
  /** A page in a new browser context (a device of its own), its CSP violations watched. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** A new page signed in as the account. */
  signedInPage(account: Account, options?: BrowserContextOptions): Promise<Page>;
  /** A new page signed in as a user registered for it. */
  newUserPage(options?: BrowserContextOptions): Promise<Page>;
  /** Registers the account over HTTP, as a user who registered earlier; a refusal throws. */
  register<A extends Account>(account: A): Promise<A>;
}

/**
 * The server (startAppServer unless `start` says otherwise) and Chromium, for the file's tests.
 * `start` runs in beforeAll, after the file's earlier hooks, so it may read what they started.
 */
export function appForTheseTests(
  start: () => Promise<TestServer> = () => startAppServer(),
  chromiumArgs: string[] = [],
): AppInBrowser {
  const server = forTheseTests(start);
  const browser = chromiumForTheseTests(chromiumArgs);
  const app: AppInBrowser = {
    get url() {
      return server().url;
    },
    get server() {
      return server().server;
    },
    get browser() {
      return browser();
    },
    newPage: (options) => openPage(browser(), server().url, options),
    async signedInPage(account, options) {
      const page = await app.newPage(options);
      const res = await page.request.post('/auth/login', {
        data: { emailOrPhone: account.email, password: account.password },
      });
      if (!res.ok()) throw new Error(`sign-in of ${account.email} failed: ${res.status()}`);
      return page;
    },
    async newUserPage(options) {
      return app.signedInPage(await app.register(newUser()), options);
    },
    async register(account) {
      const res = await new Client(server().url).post('/auth/register', account);
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
      return account;
    },
  };
  return app;
}
