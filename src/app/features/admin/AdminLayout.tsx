import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { adminQueryClient } from './queryClient';
import './admin.css';

/** The admin routes' frame: their data cache, loaded with them and never with the landing page. */
export function AdminLayout() {
  return (
    <QueryClientProvider client={adminQueryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
