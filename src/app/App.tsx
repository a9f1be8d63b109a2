import { RouterProvider, useRouterState } from '@tanstack/react-router';
import { Provider } from 'jotai';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { TOAST_MS } from '../shared/constants';
import { createAppRouter } from './router';
import { checkAtStart } from './state/auth';
// Follows the signed-in user's stored language from the first sign-in check on.
import './state/language';
import { watchConnectivity } from './state/connectivity';
import { store } from './state/store';

/** Toasts come after the first page (Sonner replays those raised before its Toaster mounts). */
const Toaster = lazy(() => import('sonner').then(({ Toaster }) => ({ default: Toaster })));

interface AppProps {
  /** The router; tests pass one opened at any path. */
  router?: ReturnType<typeof createAppRouter>;
  /** Called once the first page has loaded (its chunk included): what can wait starts then. */
  onFirstPage?: () => void;
}

/** The whole app around one router. */
export function App({ router: given, onFirstPage }: AppProps) {
  const [router] = useState(() => given ?? createAppRouter());
  // The first page's own chunk goes first; Sonner and the rest do not compete with it.
  const firstPage = useRouterState({ router, select: (s) => s.resolvedLocation !== undefined });
  const started = useRef(false);
  useEffect(() => {
    if (!firstPage || started.current) return;
    started.current = true;
    onFirstPage?.();
  }, [firstPage, onFirstPage]);
  useEffect(() => watchConnectivity(), []);
  useEffect(() => {
    void checkAtStart();
  }, []);
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
      {firstPage ? (
        <Suspense fallback={null}>
          <Toaster position="bottom-right" duration={TOAST_MS} visibleToasts={20} closeButton richColors />
        </Suspense>
      ) : null}
    </Provider>
  );
}
