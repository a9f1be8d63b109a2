import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

interface FormFieldProps {
  label: string;
  error?: string | null | undefined;
  hint?: string;
  /** Announce the error as it appears (when no form-level summary does). */
  announce?: boolean;
  /** Renders the control with the id and descriptions it must carry. */
  children: (props: ControlProps) => ReactNode;
}

/** A labelled control with its hint and error tied to it (text inputs, selects, files, numbers). */
export function FormField({ label, error, hint, announce, children }: FormFieldProps) {
  const id = useId();
  const { t } = useTranslation();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{t(label)}</label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {t(hint)}
        </p>
      ) : null}
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {error ? (
        <p id={errorId} className="field-error" role={announce ? 'alert' : undefined}>
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
