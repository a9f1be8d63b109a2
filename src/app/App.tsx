import { RouterProvider } from '@tanstack/react-router';
import { Provider } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { TOAST_MS } from '../shared/constants';
import { createAppRouter } from './router';
import { checkCurrentUser } from './state/auth';
// Follows the signed-in user's stored language from the first sign-in check on.
import './state/language';
import { watchConnectivity } from './state/connectivity';
import { store } from './state/store';

/** Toasts come after the first paint (Sonner replays those raised before its Toaster mounts). */
const Toaster = lazy(() => import('sonner').then(({ Toaster }) => ({ default: Toaster })));

/** The whole app around one router; `router` is injectable so tests can start at any path. */
export function App({ router: given }: { router?: ReturnType<typeof createAppRouter> }) {
  const [router] = useState(() => given ?? createAppRouter());
  useEffect(() => watchConnectivity(), []);
  useEffect(() => {
    void checkCurrentUser();
  }, []);
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <Toaster position="bottom-right" duration={TOAST_MS} visibleToasts={20} closeButton richColors />
      </Suspense>
    </Provider>
  );
}
