import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailOrPhoneRule, passwordRule } from '../../../shared/auth/rules';
import { login } from '../../state/auth';
import { SubmitButton } from '../../ui/SubmitButton';
import { useBusy } from '../../ui/useBusy';
import { useForm } from '../../ui/useForm';
import { EmailOrPhoneField, PasswordField } from './AuthFields';
import { AuthLayout, SignInAlternatives } from './AuthLayout';
import { useSignedInRedirect } from './useSignedInRedirect';

const rules = { emailOrPhone: emailOrPhoneRule, password: passwordRule };

export function LoginPage({ redirect }: { redirect?: string | undefined }) {
  useSignedInRedirect(redirect);
  const form = useForm({ emailOrPhone: '', password: '' }, rules);
  const [busy, whileBusy] = useBusy();
  const { t } = useTranslation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.validate()) return;
    await whileBusy(() => login(form.values.emailOrPhone.trim(), form.values.password));
  };

  return (
    <AuthLayout title="Login" intro={t('Sign in to ask about assistive solutions.')}>
      <form noValidate onSubmit={onSubmit} aria-busy={busy}>
        <EmailOrPhoneField {...form.field('emailOrPhone')} />
        <PasswordField {...form.field('password')} label="Password" autoComplete="current-password" />
        <SubmitButton busy={busy}>{t(busy ? 'Signing in…' : 'Login')}</SubmitButton>
      </form>
      <SignInAlternatives to="/loginviaOTP" label="Login via OTP" redirect={redirect} />
    </AuthLayout>
  );
}
