import { FormField } from './FormField';

export interface TextFieldProps {
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
  return (
    <FormField label={label} error={error} {...(hint ? { hint } : {})} announce>
      {(props) => (
        <input
          {...props}
          ref={inputRef}
          name={name}
          type={type}
          value={value}
          autoComplete={autoComplete}
          inputMode={inputMode}
          required={required}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      )}
    </FormField>
  );
}
