import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { logout, sessionUserAtom } from '../../state/auth';
import { Logo } from '../../ui/Logo';
import { adminKeys } from './queryClient';
import { adminToast, reasonOf } from './toasts';

export const FORCE_STARTED = 'Processing of pending data has started.';

/**
 * SPEC §2 admin header: the title for the admin's role and a logout icon button; super admins
 * also get '+ Create Authorized Project' and '(Force) Process Now'. On the dashboard the title is
 * the page's h1; other admin pages have their own. The language switch sits before logout, as in
 * the site header.
 */
export function AdminHeader({ titleIsHeading = false }: { titleIsHeading?: boolean }) {
  const { t } = useTranslation();
  const user = useAtomValue(sessionUserAtom);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isSuper = user?.adminType === 'super';
  const title = isSuper ? t('Super Admin Dashboard') : t('Admin Dashboard');

  const force = useMutation({
    mutationFn: adminApi.forceIngest,
    onSuccess: async () => {
      adminToast.success(t(FORCE_STARTED));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.pending }),
        queryClient.invalidateQueries({ queryKey: adminKeys.ingested }),
      ]);
    },
    onError: (error) =>
      adminToast.error(t('Failed to start processing: {{reason}}', { reason: reasonOf(error) })),
  });

  return (
    <header className="admin-header">
      <Logo />
      {titleIsHeading ? <h1 className="admin-title">{title}</h1> : <p className="admin-title">{title}</p>}
      {isSuper ? (
        <nav className="admin-header-actions" aria-label={t('Super admin')}>
          <Link to="/superadminaddproject" className="button button-on-brand">
            {t('+ Create Authorized Project')}
          </Link>
          <button
            type="button"
            className="button button-on-brand"
            disabled={force.isPending}
            onClick={() => force.mutate()}
          >
            {t('(Force) Process Now')}
          </button>
        </nav>
      ) : null}
      <LanguageSwitch />
      <button
        type="button"
        className="icon-button"
        aria-label={t('Logout')}
        title={t('Logout')}
        onClick={async () => {
          await logout();
          // The next person to sign in on this browser must not see this admin's lists.
          queryClient.clear();
          await navigate({ to: '/login' });
        }}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            d="M10 4H5v16h5M15 8l4 4-4 4M19 12H9"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </header>
  );
}
