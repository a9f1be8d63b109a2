import type {
  GenerateOtpBody,
  GenerateOtpResponse,
  LoginBody,
  SessionUser,
  VerifyOtpBody,
} from '../../shared/auth/schemas';
import { QUERYING_APP } from '../../shared/constants';
import { apiRequest } from './client';

/** The fields of the register form that travel (SPEC §3 registration payload, DECISIONS §3). */
export interface Registration {
  name: string;
  email: string;
  phone: string;
  password: string;
}

export const authApi = {
  getMe: (signal?: AbortSignal) => apiRequest<SessionUser>('/auth/getme', { signal }),
  login: (body: LoginBody) => apiRequest<SessionUser>('/auth/login', { method: 'POST', data: body }),
  register: ({ name, email, phone, password }: Registration) =>
    apiRequest<SessionUser>('/auth/register', {
      method: 'POST',
      data: {
        name: name.trim(),
        ...(email.trim() ? { email: email.trim() } : {}),
        ...(phone.trim() ? { phone: phone.trim() } : {}),
        password,
        isActive: true,
        isAdmin: false,
        registeredVia: QUERYING_APP,
      },
    }),
  generateOtp: (body: GenerateOtpBody) =>
    apiRequest<GenerateOtpResponse>('/auth/generate-login-otp', { method: 'POST', data: body }),
  verifyOtp: (body: VerifyOtpBody) =>
    apiRequest<SessionUser>('/auth/verify-login-otp', { method: 'POST', data: body }),
  logout: () => apiRequest<{ ok: boolean }>('/auth/logout', { method: 'POST' }),
};
