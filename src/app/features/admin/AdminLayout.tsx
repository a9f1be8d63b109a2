import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { englishOnly, holdEnglish } from '../../i18n/i18n';
import { authErrorAtom, sessionUserAtom } from '../../state/auth';
import { store } from '../../state/store';
import { adminQueryClient } from './queryClient';
import './admin.css';

/** ApiError's status, read without importing the class (which would split the landing chunk). */
const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

/**
 * The admin routes' frame: their data cache, loaded with them and never with the landing page.
 * The admin screens are in English whatever the chosen language (issue 14 item 7 translates the
 * user screens): the shared parts (fields, banners) show English here, and the page says so.
 */
export function AdminLayout() {
  const router = useRouter();
  useEffect(() => holdEnglish(), []);

  // A session that ends mid-visit (expired, revoked, blocked) sends the admin to sign in again and
  // back here afterwards, with the server's sentence in the banner, instead of a table's error.
  useEffect(() => {
    const signedOut = (error: unknown) => {
      if (statusOf(error) !== 401 || !store.get(sessionUserAtom)) return;
      store.set(authErrorAtom, error instanceof Error ? error.message : null);
      store.set(sessionUserAtom, null);
      adminQueryClient.clear();
      void router.navigate({ to: '/login', search: { redirect: router.state.location.href } });
    };
    const queries = adminQueryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') signedOut(event.action.error);
    });
    const mutations = adminQueryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') signedOut(event.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [router]);

  return (
    <I18nextProvider i18n={englishOnly}>
      <QueryClientProvider client={adminQueryClient}>
        <Outlet />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
