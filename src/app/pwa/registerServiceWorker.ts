import { Workbox } from 'workbox-window';
import { toast } from 'sonner';
import { translate } from '../i18n/i18n';

export const UPDATE_READY = 'A new version of DISH is ready.';

/**
 * Registers the service worker that keeps the app shell for offline use. A new version waits
 * until the user agrees to reload (a recording may be in progress), then takes over.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    toast(translate(UPDATE_READY), {
      duration: Infinity,
      action: {
        label: translate('Reload'),
        onClick: () => {
          wb.addEventListener('controlling', () => window.location.reload());
          wb.messageSkipWaiting();
        },
      },
    });
  });
  wb.register().catch((error: unknown) => console.warn('Service worker registration failed', error));
}
