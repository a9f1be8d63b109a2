import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../ui/usePageTitle';
import { AdminHeader } from './AdminHeader';

/** Super admins only (SPEC §6); the project form comes with the admin capability. */
export function AddProjectPage() {
  usePageTitle('Add New Authorized Project');
  return (
    <div className="admin">
      <AdminHeader />
      <div className="admin-body">
        <h1>Add New Authorized Project</h1>
        <Link to="/admindashboard" className="button button-secondary">
          Back to the dashboard
        </Link>
      </div>
    </div>
  );
}
