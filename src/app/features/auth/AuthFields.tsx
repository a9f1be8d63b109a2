import { TextField, type TextFieldProps } from '../../ui/TextField';

/** What useForm's `field(name)` gives: the value, error and handlers of one field. */
type BoundField = Pick<TextFieldProps, 'name' | 'value' | 'error' | 'onChange' | 'onBlur' | 'inputRef'>;

/** The sign-in identifier of both sign-in pages, which a password manager fills in as the username. */
export function EmailOrPhoneField(field: BoundField) {
  return <TextField {...field} label="Email Or Phone" autoComplete="username" inputMode="email" required />;
}

/**
 * A password: `autoComplete` tells a password manager whether to fill in the saved one
 * (current-password) or to offer a new one (new-password).
 */
export function PasswordField(
  props: BoundField & { label: string; autoComplete: 'current-password' | 'new-password'; hint?: string },
) {
  return <TextField {...props} type="password" required />;
}
