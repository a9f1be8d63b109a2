import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_REVIEWED_QUESTIONS } from '../../../../shared/admin/reviewed';

interface QuestionRowsProps {
  questions: string[];
  onChange: (questions: string[]) => void;
  /** One message per row (shown once the form was sent), and one for the list. */
  errors: (string | null)[];
  listError: string | null;
  /** The inputs, by row, for the form to focus the first wrong one. */
  inputs: React.RefObject<(HTMLInputElement | null)[]>;
}

/**
 * The questions a reviewed answer answers: the first as it was asked, then other ways of asking
 * it (in any language). Rows are added and removed; at least one stays. Focus goes to a new row,
 * and after a removal to the row taking its place.
 */
export function QuestionRows({ questions, onChange, errors, listError, inputs }: QuestionRowsProps) {
  const { t } = useTranslation();
  const id = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<number | null>(null);

  useEffect(() => {
    if (focusNext.current === null) return;
    (inputs.current[focusNext.current] ?? addButton.current)?.focus();
    focusNext.current = null;
  });

  const full = questions.length >= MAX_REVIEWED_QUESTIONS;
  const add = () => {
    if (full) return;
    onChange([...questions, '']);
    focusNext.current = questions.length;
  };
  const remove = (index: number) => {
    onChange(questions.filter((_, i) => i !== index));
    focusNext.current = Math.min(index, questions.length - 2);
  };

  return (
    <fieldset className="review-fieldset" aria-describedby={`${id}-hint`}>
      <legend>{t('Questions it answers')}</legend>
      <p id={`${id}-hint`} className="field-hint">
        {t(
          'The first is the question as it was asked. Add other ways of asking it, in any language, so that they get this answer too.',
        )}
      </p>
      {listError ? (
        <p id={`${id}-list-error`} className="field-error">
          {t(listError)}
        </p>
      ) : null}
      <ol className="prompt-fields">
        {questions.map((question, index) => {
          const fieldId = `${id}-q${index}`;
          const error = errors[index];
          const label = index === 0 ? t('Question') : t('Paraphrase {{n}}', { n: index });
          return (
            <li key={index} className="field prompt-field">
              <label htmlFor={fieldId}>{label}</label>
              <div className="prompt-row">
                <input
                  ref={(el) => {
                    inputs.current[index] = el;
                  }}
                  id={fieldId}
                  value={question}
                  autoComplete="off"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${fieldId}-error` : undefined}
                  onChange={(e) => onChange(questions.map((q, i) => (i === index ? e.target.value : q)))}
                />
                {questions.length > 1 ? (
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={
                      index === 0 ? t('Remove the question') : t('Remove paraphrase {{n}}', { n: index })
                    }
                    onClick={() => remove(index)}
                  >
                    {t('Remove')}
                  </button>
                ) : null}
              </div>
              {error ? (
                <p id={`${fieldId}-error`} className="field-error">
                  {t(error)}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <button
        ref={addButton}
        type="button"
        className="button button-secondary"
        aria-disabled={full || undefined}
        onClick={add}
      >
        {t('Add a paraphrase')}
      </button>
    </fieldset>
  );
}
