// Before anything that makes a schema (zod-jitless.ts says why).
import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { restoreLanguage } from './state/language';
import './ui/theme.css';

/** Workbox's page side (and Sonner, for its update prompt): after the first page, off its way. */
const registerWorker = () =>
  void import('./pwa/registerServiceWorker').then(({ registerServiceWorker }) => registerServiceWorker());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The chosen language's words first (Hindi is a chunk of its own), so the first paint is in it.
void restoreLanguage()
  .catch((error: unknown) => console.warn('The chosen language could not be loaded; showing English.', error))
  .finally(() =>
    createRoot(root).render(
      <StrictMode>
        <App onFirstPage={import.meta.env.PROD ? registerWorker : undefined} />
      </StrictMode>,
    ),
  );
