import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { Logo } from '../../ui/Logo';
import { usePageTitle } from '../../ui/usePageTitle';

/** The frame of the sign-in pages: no site header, a way home, the form, and the red banner. */
export function AuthLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <div className="auth-card">
        <div className="auth-top">
          <Link to="/" className="auth-home" aria-label={t('DISH home')}>
            <Logo size={40} />
          </Link>
          <LanguageSwitch />
        </div>
        <h1>{t(title)}</h1>
        <p className="auth-intro">{intro}</p>
        {children}
      </div>
      <ErrorBanner />
    </div>
  );
}

/** The sign-in pages' footer: the other way to sign in (keeping the remembered path) and Register. */
export function SignInAlternatives({
  to,
  label,
  redirect,
}: {
  to: '/login' | '/loginviaOTP';
  label: string;
  redirect?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <p className="auth-links">
      <Link to={to} search={redirect ? { redirect } : {}}>
        {t(label)}
      </Link>
      <span>
        {t('No account yet?')} <Link to="/register">{t('Register')}</Link>
      </span>
    </p>
  );
}
