import { defineConfig, mergeConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import viteConfig from './vite.config';
import { chromiumPath, chromiumArgs, fakeMicrophoneArgs } from './tests/support/chromium';
import { emulateMedia } from './tests/support/media-command';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Some unit tests read a real PDF or start a thread; with the server and browser projects
          // sharing two cores, one ran past vitest's default 5 s. Speed is measured in tests/bench.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/support/pglite-template.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      mergeConfig(viteConfig, {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.tsx'],
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: {
                executablePath: chromiumPath(),
                args: [...chromiumArgs, ...fakeMicrophoneArgs()],
              },
            }),
            instances: [{ browser: 'chromium' }],
            commands: { emulateMedia },
          },
        },
      }),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/pglite-template.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
