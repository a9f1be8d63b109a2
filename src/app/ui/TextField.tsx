import { useId } from 'react';

interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef?: (el: HTMLInputElement | null) => void;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  required?: boolean;
  hint?: string;
}

/** A labelled input whose error is tied to it and announced when it appears. */
export function TextField({
  label,
  name,
  value,
  error,
  onChange,
  onBlur,
  inputRef,
  type = 'text',
  autoComplete,
  inputMode,
  required,
  hint,
}: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        ref={inputRef}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
