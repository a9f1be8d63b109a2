import { NAME_MIN_LENGTH, OTP_DIGITS, PASSWORD_MIN_LENGTH, PHONE_DIGITS } from '../constants';
import { messages } from '../messages';

/**
 * SPEC §5 field rules. Each returns the message to show, or null when the value passes.
 * The forms run them on blur and on submit; the server runs the same ones through zod.
 */
export type Rule = (value: string) => string | null;

const hasTenDigits = new RegExp(`\\d{${PHONE_DIGITS}}`);
const exactlyTenDigits = new RegExp(`^\\d{${PHONE_DIGITS}}$`);
const hasOtpDigits = new RegExp(`^\\d{${OTP_DIGITS}}$`);

export const emailOrPhoneRule: Rule = (v) => {
  const value = v.trim();
  if (!value) return messages.emailOrPhone;
  return value.includes('@') || hasTenDigits.test(value.replace(/[\s()+-]/g, ''))
    ? null
    : messages.emailOrPhone;
};

export const passwordRule: Rule = (v) => (v.trim().length >= PASSWORD_MIN_LENGTH ? null : messages.password);

export const nameRule: Rule = (v) => (v.trim().length >= NAME_MIN_LENGTH ? null : messages.name);

export const optionalEmailRule: Rule = (v) => {
  const value = v.trim();
  return !value || /^[^\s@]+@[^\s@]+$/.test(value) ? null : messages.email;
};

export const optionalPhoneRule: Rule = (v) => {
  const value = v.trim();
  return !value || exactlyTenDigits.test(value) ? null : messages.phone;
};

export const otpRule: Rule = (v) => (hasOtpDigits.test(v.trim()) ? null : messages.otp);

export function confirmPasswordRule(password: string): Rule {
  return (v) => (v && v === password ? null : messages.confirmPassword);
}

/** Form-level rule of the register form: one way to reach the user is needed. */
export function contactRule(email: string, phone: string): string | null {
  return email.trim() || phone.trim() ? null : messages.emailOrPhoneRequired;
}

/** Normalised identifiers the server looks users up by. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function normalisePhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  // A number typed with a country code still names the same 10-digit phone.
  return digits.slice(-PHONE_DIGITS);
}

export function isEmailIdentifier(emailOrPhone: string): boolean {
  return emailOrPhone.includes('@');
}
