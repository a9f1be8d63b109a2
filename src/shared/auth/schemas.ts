import { z } from 'zod';
import { QUERYING_APPS } from '../constants';
import { messages } from '../messages';
import { uiLanguage } from '../i18n/language-schemas';
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

/** SPEC §3 User as every view of a user shows it: never a password hash or secret. */
export const userProfileFields = {
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  whatsappId: z.string().nullable(),
  isAdmin: z.boolean(),
  adminType: z.enum(['super', 'admin']).nullable(),
  isAdminFor: z.array(z.string()),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
};

/** DECISIONS §3: the signed-in user as the app knows them (login, register, getme, verify). */
export const sessionUser = z.object({
  id: z.string(),
  ...userProfileFields,
  sessionId: z.string(),
  language: uiLanguage.nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const generateOtpResponse = z.object({ sendStatus: z.boolean() });
export type GenerateOtpResponse = z.infer<typeof generateOtpResponse>;

/** The answer of a call that only says it was done. */
export const okAnswer = z.object({ ok: z.boolean() });

export interface ErrorBody {
  message: string;
}
