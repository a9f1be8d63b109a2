// Zod's line against compiling with `new Function` (zod-jitless.ts): the zod chunk holds it
// (vite.config.ts), so it runs before any chunk makes a schema.
import '../zod-jitless';
import { authRoutes as routes } from '../../shared/api/auth';
import type { GenerateOtpBody, LoginBody, VerifyOtpBody } from '../../shared/auth/schemas';
import { QUERYING_APP } from '../../shared/constants';
import type { UiLanguage } from '../../shared/i18n/languages';
import { call } from './client';

/** The fields of the register form that travel (SPEC §3 registration payload, DECISIONS §3). */
export interface Registration {
  name: string;
  email: string;
  phone: string;
  password: string;
}

export const authApi = {
  getMe: (signal?: AbortSignal) => call(routes.getMe, signal ? { signal } : {}),
  login: (body: LoginBody) => call(routes.login, { body }),
  register: ({ name, email, phone, password }: Registration) =>
    call(routes.register, {
      body: {
        name: name.trim(),
        ...(email.trim() ? { email: email.trim() } : {}),
        ...(phone.trim() ? { phone: phone.trim() } : {}),
        password,
        isActive: true,
        isAdmin: false,
        registeredVia: QUERYING_APP,
      },
    }),
  generateOtp: (body: GenerateOtpBody) => call(routes.generateOtp, { body }),
  verifyOtp: (body: VerifyOtpBody) => call(routes.verifyOtp, { body }),
  logout: () => call(routes.logout),
  /** A signed-in user's interface language, kept on the server so that it follows them. */
  setLanguage: (language: UiLanguage) => call(routes.setLanguage, { body: { language } }),
};
