import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BANNER_MS } from '../../shared/constants';
import { authErrorAtom } from '../state/auth';

/** The red banner at the bottom of the auth pages; it goes after 5 seconds (SPEC §2). */
export function ErrorBanner() {
  const [message, setMessage] = useAtom(authErrorAtom);
  const { t } = useTranslation();
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [message, setMessage]);
  return (
    <div className="error-banner-region" role="alert" aria-atomic="true">
      {message ? <p className="error-banner">{t(message)}</p> : null}
    </div>
  );
}
