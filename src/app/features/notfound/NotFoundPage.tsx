import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { messages } from '../../../shared/messages';
import { usePageTitle } from '../../ui/usePageTitle';

export function NotFoundPage() {
  usePageTitle(messages.notFoundTitle);
  const { t } = useTranslation();
  return (
    <div className="not-found">
      <h1>{t(messages.notFoundTitle)}</h1>
      <p>{t(messages.notFoundBody)}</p>
      <Link to="/" className="button">
        {t('Go to the home page')}
      </Link>
    </div>
  );
}
