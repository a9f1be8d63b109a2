import { z } from 'zod';
import { QUERYING_APPS } from '../constants';
import { messages } from '../messages';
import type { UiLanguage } from '../i18n/languages';
import {
  type Rule,
  emailOrPhoneRule,
  nameRule,
  optionalEmailRule,
  optionalPhoneRule,
  otpRule,
  passwordRule,
  contactRule,
} from './rules';

/** A string field checked by one SPEC §5 rule, so the server answers the form's own message. */
function ruled(rule: Rule, fallback: string) {
  return z
    .string({ error: fallback })
    .max(1000, { error: fallback })
    .superRefine((value, ctx) => {
      // PostgreSQL text cannot hold NUL; such input is malformed, never a real value.
      const message = value.includes('\u0000') ? fallback : rule(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}

const emailOrPhone = ruled(emailOrPhoneRule, messages.emailOrPhone);
const password = ruled(passwordRule, messages.password);

export const loginBody = z.object({ emailOrPhone, password });
export type LoginBody = z.infer<typeof loginBody>;

export const generateOtpBody = z.object({ emailOrPhone });
export type GenerateOtpBody = z.infer<typeof generateOtpBody>;

export const verifyOtpBody = z.object({ emailOrPhone, otp: ruled(otpRule, messages.otp) });
export type VerifyOtpBody = z.infer<typeof verifyOtpBody>;

export const registerBody = z
  .object({
    name: ruled(nameRule, messages.name),
    email: ruled(optionalEmailRule, messages.email).optional(),
    phone: ruled(optionalPhoneRule, messages.phone).optional(),
    password,
    // Sent by the app (SPEC §3); the server ignores both and always makes an active non-admin.
    isActive: z.boolean().optional(),
    isAdmin: z.boolean().optional(),
    registeredVia: z.enum(QUERYING_APPS).optional(),
  })
  .superRefine((body, ctx) => {
    const message = contactRule(body.email ?? '', body.phone ?? '');
    if (message) ctx.addIssue({ code: 'custom', message, path: ['email'] });
  });
export type RegisterBody = z.infer<typeof registerBody>;

/** DECISIONS §3: the session user; never a password hash or secret. */
export interface SessionUser {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  whatsappId: string | null;
  isAdmin: boolean;
  adminType: 'super' | 'admin' | null;
  isAdminFor: string[];
  emailVerified: boolean;
  phoneVerified: boolean;
  sessionId: string;
  /** The interface language the user chose (issue 14 item 7); null until they choose one. */
  language: UiLanguage | null;
}

export interface GenerateOtpResponse {
  sendStatus: boolean;
}

/** Every non-2xx response body (DECISIONS §3). */
export interface ErrorBody {
  message: string;
}
