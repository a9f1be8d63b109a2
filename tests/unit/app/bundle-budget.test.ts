/**
 * Issue 34 item 2: each page's JavaScript before its first paint stays within its budget
 * (brotli, as the server sends the build's `.br` copies): landing 60 kB, login, dashboard and
 * chat 150 kB, admin 250 kB. The app is built afresh into a temporary folder, so the figures are
 * today's code's; `npm run bench` prints the same figures.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bundleFigures, formatFigures, sourcesOf, type BundleFigures } from '../../support/bundle-pages';

let outDir = '';
let figures: BundleFigures;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'dish-bundle-'));
  // Vitest sets NODE_ENV=test, which Vite keeps: React's development build would be measured.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.resolve('vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      // Source maps (as the real build has them) tell which modules each page's files hold.
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  figures = await bundleFigures(outDir);
  console.log(formatFigures(figures));
}, 180_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('bundle budgets', () => {
  test.each(['landing', 'login', 'register', 'notfound', 'dashboard', 'chat', 'admin'] as const)(
    '%s is within its budget',
    (name) => {
      const page = figures.pages.find((p) => p.page === name);
      expect(page, `${name} is measured`).toBeDefined();
      expect(page!.brotli, `${name}: ${page!.files.join(', ')}`).toBeLessThanOrEqual(page!.budgetKb * 1024);
    },
  );

  test('the landing page is static: no app code, only its language switch (under 1 kB)', () => {
    const landing = figures.pages.find((p) => p.page === 'landing');
    expect(landing?.files).toEqual([expect.stringMatching(/^assets\/static-page-[\w-]+\.js$/)]);
    expect(landing?.brotli).toBeLessThan(1024);
  });

  test.each(['landing', 'login', 'register', 'notfound'] as const)(
    // Nor zod: building the route table's schemas was a fifth of the script a first visit ran
    // before its first render; they load with the first call to the server (lazy-calls.ts).
    '%s loads no chat, voice, admin or markdown code, nor zod and the schemas',
    async (name) => {
      const files = figures.pages.find((p) => p.page === name)?.files ?? [];
      const sources = await sourcesOf(outDir, files);
      if (name !== 'landing') expect(sources.some((s) => s.includes('src/app/router.tsx'))).toBe(true);
      const foreign = sources.filter((s) =>
        /src\/app\/features\/(chat|voice|admin|dashboard)\/|src\/shared\/(admin\/reviewed|api\/(admin|review|projects|project-api))\.ts|node_modules\/(zod|react-markdown|remark-gfm|micromark|comlink|socket\.io-client|@tanstack\/react-query)\//.test(
          s,
        ),
      );
      expect(foreign).toEqual([]);
    },
  );

  test('markdown and the voice encoder are not in the chat page before its first paint', () => {
    const chat = figures.pages.find((p) => p.page === 'chat');
    const later = figures.later.filter((l) => l.name.startsWith('markdown') || l.name.startsWith('voice'));
    expect(later).toHaveLength(2);
    for (const { files } of later) {
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect(chat?.files).not.toContain(file);
    }
  });
});
