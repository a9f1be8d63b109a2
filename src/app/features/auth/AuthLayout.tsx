import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
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
  return (
    <div className="auth-page">
      <div className="auth-card">
        <Link to="/" className="auth-home" aria-label="DISH home">
          <Logo size={40} />
        </Link>
        <h1>{title}</h1>
        <p className="auth-intro">{intro}</p>
        {children}
      </div>
      <ErrorBanner />
    </div>
  );
}
