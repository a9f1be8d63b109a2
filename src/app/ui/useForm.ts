import { useCallback, useRef, useState } from 'react';

export type FieldRule<F extends string> = (value: string, values: Record<F, string>) => string | null;

/**
 * SPEC §5 form behaviour: a field is checked when it loses focus, every field on submit, and a
 * field's error clears as soon as it is edited. On a failed submit the first bad field gets focus.
 */
export function useForm<F extends string>(
  initial: Record<F, string>,
  rules: Partial<Record<F, FieldRule<F>>>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const refs = useRef<Partial<Record<F, HTMLInputElement | null>>>({});

  const check = useCallback(
    (field: F, all: Record<F, string>) => rules[field]?.(all[field], all) ?? null,
    [rules],
  );

  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name] ?? null,
    inputRef: (el: HTMLInputElement | null) => {
      refs.current[name] = el;
    },
    onChange: (value: string) => {
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
    },
    onBlur: () => {
      // An untouched empty field is not an error yet; it is checked on submit.
      if (!values[name]) return;
      const message = check(name, values);
      setErrors((e) => ({ ...e, [name]: message ?? undefined }));
    },
  });

  /** Checks every field; returns true when all pass. */
  const validate = (): boolean => {
    const found: Partial<Record<F, string>> = {};
    for (const name of Object.keys(values) as F[]) {
      const message = check(name, values);
      if (message) found[name] = message;
    }
    setErrors(found);
    const first = (Object.keys(values) as F[]).find((name) => found[name]);
    if (first) refs.current[first]?.focus();
    return !first;
  };

  const reset = (next: Partial<Record<F, string>> = {}) => {
    setValues({ ...initial, ...next });
    setErrors({});
  };

  return { values, field, validate, reset };
}
