import { z } from 'zod';
import {
  generateOtpBody,
  generateOtpResponse,
  loginBody,
  okAnswer,
  registerBody,
  sessionUser,
  verifyOtpBody,
} from '../auth/schemas';
import { LANGUAGE_PATH, languageAnswer, languageBody } from '../i18n/language-schemas';
import { json } from './contract';

/** Signing up, in and out (SPEC §7 Auth), and the signed-in user's interface language. */
export const authRoutes = {
  register: json({
    method: 'POST',
    path: '/auth/register',
    body: registerBody,
    response: sessionUser,
    status: 201,
  }),
  login: json({ method: 'POST', path: '/auth/login', body: loginBody, response: sessionUser }),
  getMe: json({ method: 'GET', path: '/auth/getme', response: sessionUser }),
  logout: json({ method: 'POST', path: '/auth/logout', response: okAnswer }),
  generateOtp: json({
    method: 'POST',
    path: '/auth/generate-login-otp',
    body: generateOtpBody,
    response: generateOtpResponse,
  }),
  verifyOtp: json({
    method: 'POST',
    path: '/auth/verify-login-otp',
    body: verifyOtpBody,
    response: sessionUser,
  }),
  setLanguage: json({ method: 'PUT', path: LANGUAGE_PATH, body: languageBody, response: languageAnswer }),
} as const;

/** An empty object: what a call that takes nothing accepts. */
export const emptyBody = z.object({}).strict();
