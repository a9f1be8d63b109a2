/**
 * A toast from the public screens: Sonner is not in their first paint's code, so it is imported
 * on the first toast (the app's Toaster loads it after the first paint anyway, and shows the toasts
 * raised before it mounted). The admin screens, loaded later, use Sonner directly.
 */
export function notify(kind: 'success' | 'error', message: string): void {
  void import('sonner').then(({ toast }) => toast[kind](message));
}
