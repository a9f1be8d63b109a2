import { useRouter } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { homeFor, safeRedirect, sessionUserAtom } from '../../state/auth';

/**
 * SPEC §2: once a user with an email or phone exists, the sign-in pages send them on to the
 * remembered path, else to their home (/admindashboard for admins, /dashboard for others).
 */
export function useSignedInRedirect(remembered: string | undefined): void {
  const user = useAtomValue(sessionUserAtom);
  const router = useRouter();
  useEffect(() => {
    if (!user || !(user.email || user.phone)) return;
    router.history.replace(safeRedirect(remembered) ?? homeFor(user));
  }, [user, remembered, router]);
}
