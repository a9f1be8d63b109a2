import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { restoreLanguage } from './state/language';
import './ui/theme.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The chosen language's words first (Hindi is a chunk of its own), so the first paint is in it.
void restoreLanguage()
  .catch((error: unknown) => console.warn('The chosen language could not be loaded; showing English.', error))
  .finally(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
// Workbox's page side (and Sonner, for its update prompt) load after the page, off its first paint.
if (import.meta.env.PROD) {
  window.addEventListener(
    'load',
    () =>
      void import('./pwa/registerServiceWorker').then(({ registerServiceWorker }) => registerServiceWorker()),
  );
}
