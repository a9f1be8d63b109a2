import { useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { logout, sessionUserAtom } from '../../state/auth';
import { Logo } from '../../ui/Logo';

/** The admin screens' own header: the title for the admin's role and a logout icon button. */
export function AdminHeader() {
  const user = useAtomValue(sessionUserAtom);
  const navigate = useNavigate();
  const title = user?.adminType === 'super' ? 'Super Admin Dashboard' : 'Admin Dashboard';
  return (
    <header className="admin-header">
      <Logo />
      <p className="admin-title">{title}</p>
      <button
        type="button"
        className="icon-button"
        aria-label="Logout"
        title="Logout"
        onClick={async () => {
          await logout();
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
