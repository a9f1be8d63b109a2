import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../ui/usePageTitle';
import { AdminHeader } from './AdminHeader';
import { BulkUploadForm } from './BulkUploadForm';
import { SingleItemForm } from './SingleItemForm';

/** SPEC §2 /adminadddata: the single-item form, or bulk upload of one CSV/XLSX file. */
export function AddDataPage() {
  const { t } = useTranslation();
  usePageTitle('Add Data');
  const [bulk, setBulk] = useState(false);
  const switchId = useId();
  return (
    <div className="admin">
      <AdminHeader />
      <div className="admin-body admin-form-page">
        <Link to="/admindashboard" search={{ tab: 'data' }} className="button button-secondary back-button">
          {t('← Back to dashboard')}
        </Link>
        <h1>{t('Add Data')}</h1>
        <div className="switch-field">
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            className="switch"
            checked={bulk}
            onChange={(e) => setBulk(e.target.checked)}
          />
          <label htmlFor={switchId}>{t('Bulk Upload')}</label>
        </div>
        {/* Switching modes unmounts the other form: bulk off clears the chosen file (SPEC §4). */}
        {bulk ? <BulkUploadForm /> : <SingleItemForm />}
      </div>
    </div>
  );
}
