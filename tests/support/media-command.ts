import type { BrowserCommand } from 'vitest/node';

/** What a browser test may ask the page to pretend: a colour scheme, forced colours (Windows High Contrast). */
export interface EmulatedMedia {
  colorScheme?: 'light' | 'dark' | 'no-preference' | null;
  forcedColors?: 'active' | 'none' | null;
}

/**
 * A browser command (run by Vitest in Node, on the Playwright page holding the tests' frame):
 * the CSS media features the app's stylesheet answers to. `null` puts a feature back.
 */
export const emulateMedia: BrowserCommand<[EmulatedMedia]> = async (context, media) => {
  if (context.provider.name !== 'playwright') throw new Error('emulateMedia needs the Playwright provider');
  await context.page.emulateMedia(media);
};
