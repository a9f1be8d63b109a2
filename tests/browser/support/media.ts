/** Emulated CSS media for a browser test (the emulateMedia command), put back when the test ends. */
import { onTestFinished } from 'vitest';
import { commands } from 'vitest/browser';
import type { EmulatedMedia } from '../../support/media-command';

declare module 'vitest/browser' {
  interface BrowserCommands {
    emulateMedia: (media: EmulatedMedia) => Promise<void>;
  }
}

export async function emulateMedia(media: EmulatedMedia): Promise<void> {
  await commands.emulateMedia(media);
  onTestFinished(() => commands.emulateMedia({ colorScheme: null, forcedColors: null }));
}

export const darkScheme = () => emulateMedia({ colorScheme: 'dark' });
export const forcedColors = () => emulateMedia({ forcedColors: 'active' });
