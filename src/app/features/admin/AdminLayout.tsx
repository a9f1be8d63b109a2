import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { authErrorAtom, sessionUserAtom } from '../../state/auth';
import { store } from '../../state/store';
import { adminQueryClient } from './queryClient';
import './admin.css';

/** ApiError's status, read without importing the class (which would split the landing chunk). */
const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

/**
 * The admin routes' frame: their data cache, loaded with them and never with the landing page.
 * They are in the chosen language like the user screens (issue 14 item 7), so nothing is held here.
 */
export function AdminLayout() {
  const router = useRouter();

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
    <QueryClientProvider client={adminQueryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
