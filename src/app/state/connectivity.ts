import { atom } from 'jotai';
import { onReachability } from '../api/client';
import { store } from './store';

/** False when the browser is offline or the server did not answer the last call. */
export const onlineAtom = atom(true);

const HEALTH_RETRY_MS = 10_000;
let retry: ReturnType<typeof setInterval> | undefined;

function setOnline(online: boolean): void {
  store.set(onlineAtom, online);
  if (online && retry) {
    clearInterval(retry);
    retry = undefined;
  }
  // While offline, look for the server now and then so the notice goes away by itself.
  if (!online && !retry) retry = setInterval(() => void checkServerReachable(), HEALTH_RETRY_MS);
}

/**
 * Asks the server whether it answers: no answer is offline, a healthy one online (a page that
 * calls nothing else still learns it is offline; an offline one learns when it is back).
 */
export function checkServerReachable(): Promise<void> {
  return (
    fetch('/api/health', { cache: 'no-store' })
      // The answer is read to its end: until then the browser counts the request as open and keeps
      // its connection (Lighthouse waited 45 s for the page to go quiet).
      .then(async (r) => ({ ok: r.ok, body: await r.arrayBuffer() }))
      .then(
        ({ ok }) => {
          if (ok) setOnline(true);
        },
        () => setOnline(false),
      )
  );
}

/** Starts watching the browser's network state and the answers of API calls. */
export function watchConnectivity(): () => void {
  const goOnline = () => setOnline(true);
  const goOffline = () => setOnline(false);
  window.addEventListener('online', goOnline);
  window.addEventListener('offline', goOffline);
  if (!navigator.onLine) setOnline(false);
  const stop = onReachability(setOnline);
  return () => {
    window.removeEventListener('online', goOnline);
    window.removeEventListener('offline', goOffline);
    stop();
    if (retry) clearInterval(retry);
    retry = undefined;
  };
}
