import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailOrPhoneRule, otpRule } from '../../../shared/auth/rules';
import { messages } from '../../../shared/messages';
import { store } from '../../state/store';
import { authErrorAtom, otpSentAtom, requestOtp, verifyOtp } from '../../state/auth';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';
import { useBusy } from '../../ui/useBusy';
import { useForm } from '../../ui/useForm';
import { EmailOrPhoneField } from './AuthFields';
import { AuthLayout, SignInAlternatives } from './AuthLayout';
import { useSignedInRedirect } from './useSignedInRedirect';

const rules = { emailOrPhone: emailOrPhoneRule, otp: otpRule };

/** SPEC §4 one-time-code flow: ask for the identifier, then for the code once one was generated. */
export function OtpLoginPage({ redirect }: { redirect?: string | undefined }) {
  useSignedInRedirect(redirect);
  const form = useForm({ emailOrPhone: '', otp: '' }, rules);
  const [step, setStep] = useState<'identify' | 'verify'>('identify');
  const [busy, whileBusy] = useBusy();
  const sent = useAtomValue(otpSentAtom);
  const { t } = useTranslation();

  const sendCode = async () => {
    const ok = await whileBusy(() => requestOtp(form.values.emailOrPhone.trim()));
    if (ok) setStep('verify');
    else if (!store.get(authErrorAtom)) store.set(authErrorAtom, messages.otpSendFailed);
  };

  const onIdentify = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || emailOrPhoneRule(form.values.emailOrPhone)) {
      form.validate();
      return;
    }
    await sendCode();
  };

  const onVerify = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.validate()) return;
    await whileBusy(() => verifyOtp(form.values.emailOrPhone.trim(), form.values.otp.trim()));
  };

  return (
    <AuthLayout
      title="Login via OTP"
      intro={
        step === 'identify'
          ? t('We will send a one-time code to your email address or phone.')
          : t('Enter the 6-digit code we sent to {{contact}}. It works for 5 minutes.', {
              contact: form.values.emailOrPhone.trim(),
            })
      }
    >
      {step === 'identify' ? (
        <form noValidate onSubmit={onIdentify} aria-busy={busy}>
          <EmailOrPhoneField {...form.field('emailOrPhone')} />
          <SubmitButton busy={busy}>{t(busy ? 'Sending…' : 'Send OTP')}</SubmitButton>
        </form>
      ) : (
        <form noValidate onSubmit={onVerify} aria-busy={busy}>
          <p role="status" className="visually-hidden">
            {sent ? t('A one-time code was sent.') : ''}
          </p>
          <TextField
            {...form.field('otp')}
            label="OTP"
            autoComplete="one-time-code"
            inputMode="numeric"
            hint="6 digits"
            required
          />
          <SubmitButton busy={busy}>{t(busy ? 'Checking…' : 'Verify OTP')}</SubmitButton>
          <div className="auth-secondary-actions">
            <button type="button" className="button-link" disabled={busy} onClick={sendCode}>
              {t('Send a new code')}
            </button>
            <button
              type="button"
              className="button-link"
              onClick={() => {
                form.reset({ emailOrPhone: form.values.emailOrPhone });
                setStep('identify');
              }}
            >
              {t('Use another email or phone')}
            </button>
          </div>
        </form>
      )}
      <SignInAlternatives to="/login" label="Login with password" redirect={redirect} />
    </AuthLayout>
  );
}
