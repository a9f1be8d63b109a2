/**
 * Issue 14 item 7's axe matrix, shared by the user and the admin screens' language tests: every
 * screen in both languages and both colour schemes, opened as a page load finds it, is checked by axe.
 */
import { expect, test } from 'vitest';
import type { Locator } from 'vitest/browser';
import { LANGUAGE_STORAGE_KEY, restoreLanguage } from '../../../src/app/state/language';
import type { UiLanguage } from '../../../src/shared/i18n/languages';
import { darkScheme } from './media';
import { expectNoAxeViolations, renderApp } from './render';

/** A screen by its path and its heading's words in each language. */
export interface AxeScreen {
  path: string;
  english: string;
  hindi: string;
}

export interface AxeMatrixOptions<S extends AxeScreen> {
  /** The screen's heading by its words. */
  heading: (name: string) => Locator;
  /** Answers the calls the screens make; run first, before the language is restored. */
  serve: () => void;
  /** Signs in whoever the screen is for, in the case's language (after the language is restored). */
  signIn: (screen: S, language: UiLanguage) => void;
  /** Checks more once the heading shows in the right language, before axe runs. */
  check?: (screen: S, language: UiLanguage, container: HTMLElement) => Promise<void>;
}

/**
 * Registers one test per screen, language (English, Hindi) and colour scheme (light, dark), named
 * `<path> in <English|Hindi>, <scheme>`: the screen shows its heading in that language, <html lang>
 * says it, and axe finds nothing.
 */
export function axeMatrix<S extends AxeScreen>(screens: S[], options: AxeMatrixOptions<S>): void {
  const cases = screens.flatMap((screen) =>
    (['en', 'hi'] as const).flatMap((language) =>
      (['light', 'dark'] as const).map((scheme) => ({ screen, language, scheme })),
    ),
  );
  for (const { screen, language, scheme } of cases) {
    test(`${screen.path} in ${language === 'en' ? 'English' : 'Hindi'}, ${scheme}`, async () => {
      if (scheme === 'dark') await darkScheme();
      options.serve();
      if (language === 'hi') {
        localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
        await restoreLanguage();
      }
      options.signIn(screen, language);
      const { container } = await renderApp(screen.path);
      await expect.element(options.heading(language === 'en' ? screen.english : screen.hindi)).toBeVisible();
      expect(document.documentElement.lang).toBe(language);
      await options.check?.(screen, language, container);
      await expectNoAxeViolations(container);
    });
  }
}
