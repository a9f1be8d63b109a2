import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from './Logo';

/**
 * SPEC §2 header's frame: home, About Us, Partner with us, then `children` (the language switch
 * and the account part). Shared by the app's Header and the static landing page
 * (static-pages/renderPages.tsx), which has no state.
 */
export function SiteHeader({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <nav aria-label={t('Main')} className="site-nav">
        <Link to="/" className="home-link" aria-label={t('DISH home')}>
          <Logo />
          <span className="home-link-text">DISH</span>
        </Link>
        <ul className="nav-links">
          <li>
            <a href="/#about">{t('About Us')}</a>
          </li>
          <li>
            <a href="/#partners">{t('Partner with us')}</a>
          </li>
        </ul>
        {children}
      </nav>
    </header>
  );
}
