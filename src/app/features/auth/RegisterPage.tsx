import { Link, useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  confirmPasswordRule,
  contactRule,
  nameRule,
  optionalEmailRule,
  optionalPhoneRule,
  passwordRule,
} from '../../../shared/auth/rules';
import { translate } from '../../i18n/i18n';
import { register, sessionUserAtom } from '../../state/auth';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';
import { notify } from '../../ui/toast';
import { useBusy } from '../../ui/useBusy';
import { useForm, type FieldRule } from '../../ui/useForm';
import { PasswordField } from './AuthFields';
import { AuthLayout } from './AuthLayout';

type Field = 'name' | 'email' | 'phone' | 'password' | 'confirmPassword';

const rules: Record<Field, FieldRule<Field>> = {
  name: nameRule,
  email: optionalEmailRule,
  phone: optionalPhoneRule,
  password: passwordRule,
  confirmPassword: (value, values) => confirmPasswordRule(values.password)(value),
};

export const ACCOUNT_CREATED = 'Your account is ready. Please sign in.';

export function RegisterPage() {
  const form = useForm<Field>({ name: '', email: '', phone: '', password: '', confirmPassword: '' }, rules);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, whileBusy] = useBusy();
  const navigate = useNavigate();
  const user = useAtomValue(sessionUserAtom);
  const { t } = useTranslation();

  // SPEC §2: once a user with an email exists, register sends them to /login (which sends them on).
  useEffect(() => {
    if (user?.email) void navigate({ to: '/login', replace: true });
  }, [user, navigate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const contact = contactRule(form.values.email, form.values.phone);
    setFormError(contact);
    if (!form.validate() || contact) return;
    const user = await whileBusy(() => register(form.values));
    if (user) {
      notify('success', translate(ACCOUNT_CREATED));
      await navigate({ to: '/login' });
    }
  };

  const clearFormError = (name: Field) => {
    const field = form.field(name);
    return {
      ...field,
      onChange: (value: string) => {
        setFormError(null);
        field.onChange(value);
      },
    };
  };

  return (
    <AuthLayout title="Create an account" intro={t('Give us an email address, a phone number, or both.')}>
      <form noValidate onSubmit={onSubmit} aria-busy={busy}>
        <TextField {...form.field('name')} label="Name" autoComplete="name" required />
        <TextField
          {...clearFormError('email')}
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <TextField
          {...clearFormError('phone')}
          label="Phone"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          hint="10 digits"
        />
        <PasswordField
          {...form.field('password')}
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters"
        />
        <PasswordField
          {...form.field('confirmPassword')}
          label="Confirm Password"
          autoComplete="new-password"
        />
        <div role="alert" className="form-error-region">
          {formError ? <p className="field-error">{t(formError)}</p> : null}
        </div>
        <SubmitButton busy={busy}>{t(busy ? 'Creating your account…' : 'Register')}</SubmitButton>
      </form>
      <p className="auth-links">
        <span>
          {t('Already have an account?')} <Link to="/login">{t('Login')}</Link>
        </span>
      </p>
    </AuthLayout>
  );
}
