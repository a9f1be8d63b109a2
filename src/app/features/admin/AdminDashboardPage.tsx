import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { sessionUserAtom } from '../../state/auth';
import { usePageTitle } from '../../ui/usePageTitle';
import { AdminHeader } from './AdminHeader';

/** The admin dashboard's frame; its Users, Questions and Data tabs come with the admin capability. */
export function AdminDashboardPage() {
  const user = useAtomValue(sessionUserAtom);
  const isSuper = user?.adminType === 'super';
  usePageTitle(isSuper ? 'Super Admin Dashboard' : 'Admin Dashboard');
  return (
    <div className="admin">
      <AdminHeader />
      <div className="admin-body">
        <h1>{isSuper ? 'Super Admin Dashboard' : 'Admin Dashboard'}</h1>
        <p>Signed in as {user?.name}.</p>
        {isSuper ? (
          <Link to="/superadminaddproject" className="button">
            + Create Authorized Project
          </Link>
        ) : null}
      </div>
    </div>
  );
}
