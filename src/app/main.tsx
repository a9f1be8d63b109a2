import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerServiceWorker } from './pwa/registerServiceWorker';
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
if (import.meta.env.PROD) registerServiceWorker();
