import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { translate } from '../../i18n/i18n';

/** SPEC §9 admin toast durations: success 2000 ms; error and plain 4000 ms; loading until replaced. */
export const ADMIN_SUCCESS_MS = 2000;
export const ADMIN_ERROR_MS = 4000;

type Id = string | number;
interface Extra {
  id?: Id;
  description?: ReactNode;
}

export const adminToast = {
  success: (message: string, extra: Extra = {}) =>
    toast.success(message, { duration: ADMIN_SUCCESS_MS, ...extra }),
  error: (message: string, extra: Extra = {}) => toast.error(message, { duration: ADMIN_ERROR_MS, ...extra }),
  message: (message: string, extra: Extra = {}) => toast(message, { duration: ADMIN_ERROR_MS, ...extra }),
  loading: (message: string) => toast.loading(message, { duration: Infinity }),
};

/** The reason of a failed call, fit to show after 'Failed to …: '; the server's own words as it sent them. */
export function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : translate('Unknown error');
}
