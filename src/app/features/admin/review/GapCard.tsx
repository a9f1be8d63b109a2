import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { GapGroup, GapQuestion } from '../../../../shared/admin/reviewed';
import { GAP_KIND_LABELS, languageName } from './reviewText';

interface GapCardProps {
  group: GapGroup;
  /** Several projects are shown: name the group's. */
  showProject: boolean;
  busy: boolean;
  onWrite: () => void;
  onAddData: () => void;
  onDismiss: () => void;
}

/** One knowledge gap: how often it was asked, in which languages, three examples, and what to do about it. */
export function GapCard({ group, showProject, busy, onWrite, onAddData, onDismiss }: GapCardProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const subject = (group.examples[0]?.query ?? group.questions[0] ?? '').slice(0, 60);
  const languages = group.languages.map((code) => languageName(code, i18n.language)).join(', ');
  return (
    <li className="gap-card">
      <article aria-labelledby={headingId}>
        <h4 id={headingId}>{group.examples[0]?.query ?? group.questions[0]}</h4>
        <p className="gap-facts">
          {group.count === 1 ? t('Asked once') : t('Asked {{n}} times', { n: group.count })}
          {languages ? ` · ${t('Languages: {{languages}}', { languages })}` : ''}
          {showProject ? ` · ${t('Project: {{project}}', { project: group.project })}` : ''}
        </p>
        <ul className="gap-examples" aria-label={t('Examples')}>
          {group.examples.map((example) => (
            <li key={example._id}>
              <span lang={example.language || undefined}>{example.query}</span>{' '}
              <span className="gap-kind">({kindText(example, t)})</span>
            </li>
          ))}
        </ul>
        <div className="toolbar">
          <button type="button" className="button" onClick={onWrite}>
            {t('Write an answer')}
            <span className="visually-hidden"> ({subject})</span>
          </button>
          <button type="button" className="button button-secondary" onClick={onAddData}>
            {t('Add data')}
            <span className="visually-hidden"> ({subject})</span>
          </button>
          <button
            type="button"
            className="button button-secondary"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onDismiss();
            }}
          >
            {t('Dismiss')}
            <span className="visually-hidden"> ({subject})</span>
          </button>
        </div>
      </article>
    </li>
  );
}

/** Why the example is a gap; a "No" with its comment. */
function kindText(example: GapQuestion, t: TFunction): string {
  if (example.kind === 'unhelpful' && example.comment)
    return t('Rated not helpful: “{{comment}}”', { comment: example.comment });
  return t(GAP_KIND_LABELS[example.kind]);
}
