import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BotMarkdown } from '../../chat/BotMarkdown';
import { answerLanguages, languageName } from './reviewText';

interface AnswerVersionsProps {
  answers: Record<string, string>;
  onChange: (answers: Record<string, string>) => void;
  /** Per language, and `all` when none is written (shown once the form was sent). */
  errors: Record<string, string | null>;
  textareas: React.RefObject<Record<string, HTMLTextAreaElement | null>>;
}

/** English and Hindi always, and any other language an approved answer came in. */
const versionsOf = (answers: Record<string, string>) => answerLanguages({ en: '', hi: '', ...answers });

/**
 * The answer in English, in Hindi, or both (markdown, as the chat renders it), with a Preview
 * toggle that shows each version rendered by the chat's own BotMarkdown under its field.
 */
export function AnswerVersions({ answers, onChange, errors, textareas }: AnswerVersionsProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [preview, setPreview] = useState(false);
  const allError = errors.all ?? null;

  return (
    <fieldset className="review-fieldset" aria-describedby={`${id}-hint`}>
      <legend>{t('Answer')}</legend>
      <p id={`${id}-hint`} className="field-hint">
        {t(
          'Write it in English, in Hindi, or in both; an asker in another language gets it with a line saying which language it is in. Markdown works as in the chat: **bold**, lists, links and tables.',
        )}
      </p>
      {allError ? (
        <p id={`${id}-error`} className="field-error">
          {t(allError)}
        </p>
      ) : null}
      {versionsOf(answers).map((lang) => {
        const fieldId = `${id}-${lang}`;
        const error = errors[lang] ?? null;
        const label =
          lang === 'en'
            ? t('Answer in English')
            : lang === 'hi'
              ? t('Answer in Hindi')
              : t('Answer in {{language}}', { language: languageName(lang, i18n.language) });
        const describedBy = [error ? `${fieldId}-error` : '', allError ? `${id}-error` : '']
          .filter(Boolean)
          .join(' ');
        const text = answers[lang] ?? '';
        return (
          <div key={lang} className="field">
            <label htmlFor={fieldId}>{label}</label>
            <textarea
              ref={(el) => {
                textareas.current[lang] = el;
              }}
              id={fieldId}
              lang={lang}
              rows={6}
              className="review-answer-input"
              value={text}
              aria-invalid={error || allError ? true : undefined}
              aria-describedby={describedBy || undefined}
              onChange={(e) => onChange({ ...answers, [lang]: e.target.value })}
            />
            {error ? (
              <p id={`${fieldId}-error`} className="field-error">
                {t(error)}
              </p>
            ) : null}
            {preview ? (
              <section
                className="review-preview review-answer"
                aria-label={t('Preview: {{label}}', { label })}
                lang={lang}
              >
                {text.trim() ? (
                  <BotMarkdown id={`preview-${fieldId}`} text={text} />
                ) : (
                  <p className="field-hint">{t('Nothing written yet.')}</p>
                )}
              </section>
            ) : null}
          </div>
        );
      })}
      <button
        type="button"
        className="button button-secondary"
        aria-pressed={preview}
        onClick={() => setPreview((on) => !on)}
      >
        {t('Preview')}
      </button>
    </fieldset>
  );
}
