import { useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { authKnownAtom, logout, sessionUserAtom } from '../state/auth';
import { chatWithUsUrlAtom, loadChatWithUsUrl } from '../state/contact';
import { SiteHeader } from './SiteHeader';

/**
 * SPEC §2 header: home, About Us, Partner with us; Chat with us when signed out (when the server
 * has a WhatsApp number), Logout when in.
 */
export function Header() {
  const user = useAtomValue(sessionUserAtom);
  const known = useAtomValue(authKnownAtom);
  const chatUrl = useAtomValue(chatWithUsUrlAtom);
  useEffect(() => void loadChatWithUsUrl(), []);
  const navigate = useNavigate();
  const { t } = useTranslation();

  const onLogout = async () => {
    await logout();
    await navigate({ to: '/' });
  };

  return (
    <SiteHeader>
      <LanguageSwitch />
      <div className="nav-account" aria-live="polite">
        {!known ? (
          <span className="nav-loading">{t('Loading')}</span>
        ) : user ? (
          <button type="button" className="button button-secondary" onClick={onLogout}>
            {t('Logout')}
          </button>
        ) : chatUrl ? (
          <a className="button" href={chatUrl} target="_blank" rel="noopener noreferrer">
            {t('Chat with us')}
            <span className="visually-hidden">{t(' (opens WhatsApp in a new tab)')}</span>
          </a>
        ) : null}
      </div>
    </SiteHeader>
  );
}
