import { atom } from 'jotai';
import { contactCalls } from './lazy-calls';
import { store } from './store';

/**
 * The header's Chat with us link: wa.me and the server's WhatsApp number (WHATSAPP_DISPLAY_NUMBER).
 * Null until the server has said, and when it has no number: the button is hidden then, since a
 * link that opens WhatsApp with nobody to write to helps no one.
 */
export const chatWithUsUrlAtom = atom<string | null>(null);

let asking: Promise<void> | null = null;

/** Asks the server once per page; a failure (offline, say) leaves the link hidden and asks again next time. */
export function loadChatWithUsUrl(): Promise<void> {
  asking ??= contactCalls()
    .then((contact) => contact.get())
    .then(
      ({ chatUrl }) => store.set(chatWithUsUrlAtom, chatUrl),
      (error: unknown) => {
        asking = null;
        console.info('No Chat with us link:', error instanceof Error ? error.message : error);
      },
    );
  return asking;
}
