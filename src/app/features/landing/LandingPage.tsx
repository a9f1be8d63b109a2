import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../ui/usePageTitle';
import { claims, faqs, partners, steps } from './content';

export function LandingPage() {
  usePageTitle('Disability Innovation Solutions Hub');
  const { t } = useTranslation();
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{t('Find assistive solutions that work for you')}</h1>
        <p className="hero-lead">
          {t(
            'DISH is a nonprofit hub that gathers assistive solutions for people with disabilities, creates them with the community and shares them. Ask a question in plain language and get an answer reviewed by experts.',
          )}
        </p>
        <div className="hero-actions">
          <Link to="/register" className="button button-large">
            {t('Get Started')}
          </Link>
          <Link to="/login" className="button button-secondary button-large">
            {t('Log in')}
          </Link>
        </div>
        <ul className="claims" aria-label={t('DISH in numbers')}>
          {claims.map((c) => (
            <li key={c.label}>
              <strong>{c.figure}</strong> {t(c.label)}
            </li>
          ))}
        </ul>
      </section>

      <TextSection id="about" className="section" title={t('About Us')}>
        {t(
          'The Disability Innovation Solutions Hub brings together people with disabilities, their families and the experts around them. Answers are expert-reviewed and free of invented content: every answer is drawn from a curated knowledge base of web pages, videos, PDFs and documents, and links back to its sources.',
        )}
      </TextSection>

      <section className="section" aria-labelledby="how-title">
        <h2 id="how-title">{t('How it works')}</h2>
        <ol className="steps">
          {steps.map((step, i) => (
            <li key={step.title}>
              <span className="step-number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{t(step.title)}</h3>
              <p>{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section id="partners" className="section" aria-labelledby="partners-title">
        <h2 id="partners-title">{t('Our partners')}</h2>
        <ul className="partner-logos">
          {partners.map((name) => (
            <li key={name}>{t(name)}</li>
          ))}
        </ul>
        <div className="partner-invite">
          <h3>{t('Partner with us')}</h3>
          <p>
            {t(
              'Do you build, teach or research assistive solutions? Share your knowledge with the people who need it. Write to us at',
            )}{' '}
            <a href="mailto:partners@dish.org.in">partners@dish.org.in</a>.
          </p>
        </div>
      </section>

      <section id="faq" className="section" aria-labelledby="faq-title">
        <h2 id="faq-title">{t('Frequently asked questions')}</h2>
        {faqs.map((faq) => (
          <details key={faq.question} className="faq">
            <summary>{t(faq.question)}</summary>
            <p>{t(faq.answer)}</p>
          </details>
        ))}
      </section>

      <footer className="site-footer">
        <TextSection id="privacy" title={t('Privacy')}>
          {t(
            'We keep your name, contact details and the questions you ask, to answer them and to improve the knowledge base. Experts of the hub review questions and answers. We never sell your data.',
          )}
        </TextSection>
        <TextSection id="terms" title={t('Terms')}>
          {t(
            'Answers are information, not medical or legal advice. Use DISH respectfully; accounts that abuse it may be blocked.',
          )}
        </TextSection>
        <nav aria-label={t('Legal')}>
          <a href="#privacy">{t('Privacy Policy')}</a> <a href="#terms">{t('Terms of Use')}</a>
        </nav>
        <p>{t('© 2024 Disability Innovation Solutions Hub. All rights reserved.')}</p>
      </footer>
    </div>
  );
}

/** A section of prose under its heading, which names it for screen readers. */
function TextSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className={className} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p>{children}</p>
    </section>
  );
}
