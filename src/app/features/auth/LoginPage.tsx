import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailOrPhoneRule, passwordRule } from '../../../shared/auth/rules';
import { login } from '../../state/auth';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';
import { useForm } from '../../ui/useForm';
import { AuthLayout, SignInAlternatives } from './AuthLayout';
import { useSignedInRedirect } from './useSignedInRedirect';

const rules = { emailOrPhone: emailOrPhoneRule, password: passwordRule };

export function LoginPage({ redirect }: { redirect?: string | undefined }) {
  useSignedInRedirect(redirect);
  const form = useForm({ emailOrPhone: '', password: '' }, rules);
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.validate()) return;
    setBusy(true);
    await login(form.values.emailOrPhone.trim(), form.values.password);
    setBusy(false);
  };

  return (
    <AuthLayout title="Login" intro={t('Sign in to ask about assistive solutions.')}>
      <form noValidate onSubmit={onSubmit} aria-busy={busy}>
        <TextField
          {...form.field('emailOrPhone')}
          label="Email Or Phone"
          autoComplete="username"
          inputMode="email"
          required
        />
        <TextField
          {...form.field('password')}
          label="Password"
          type="password"
          autoComplete="current-password"
          required
        />
        <SubmitButton busy={busy}>{t(busy ? 'Signing in…' : 'Login')}</SubmitButton>
      </form>
      <SignInAlternatives to="/loginviaOTP" label="Login via OTP" redirect={redirect} />
    </AuthLayout>
  );
}
