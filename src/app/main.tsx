import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createAppRouter } from './router';
import { restoreLanguage } from './state/language';
import './ui/theme.css';

/** Workbox's page side (and Sonner, for its update prompt): after the first page, off its way. */
const registerWorker = () =>
  void import('./pwa/registerServiceWorker').then(({ registerServiceWorker }) => registerServiceWorker());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const router = createAppRouter();
// The first render waits for the chosen language's words (Hindi is a chunk of its own) and for the
// page itself (its chunk, and who is signed in where that matters): then it is drawn whole, in one
// go, over the static copy the server may have sent (src/app/static-pages), never a half page.
void Promise.all([
  restoreLanguage().catch((error: unknown) =>
    console.warn('The chosen language could not be loaded; showing English.', error),
  ),
  router.load().catch((error: unknown) => console.warn('The first page could not be loaded ahead.', error)),
]).finally(() => {
  const app = createRoot(root);
  // As a transition, React draws the page in short slices and yields between them, so a slow
  // phone can still paint and scroll while it does (long tasks are what Lighthouse's TBT counts).
  startTransition(() =>
    app.render(
      <StrictMode>
        <App router={router} onFirstPage={import.meta.env.PROD ? registerWorker : undefined} />
      </StrictMode>,
    ),
  );
});
