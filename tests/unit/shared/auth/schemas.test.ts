import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { generateOtpBody, loginBody, registerBody, verifyOtpBody } from '../../../../src/shared/auth/schemas';
import { messages } from '../../../../src/shared/messages';

/** The issues of a failed parse as `path: message`, or [] when it passes. */
function problems(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

const validRegister = { name: 'Ann Example', email: 'ann@example.org', password: 'password1' };

describe('loginBody', () => {
  it('accepts an email or a phone with a password', () => {
    expect(loginBody.parse({ emailOrPhone: 'ann@example.org', password: 'password1' })).toEqual({
      emailOrPhone: 'ann@example.org',
      password: 'password1',
    });
    expect(problems(loginBody, { emailOrPhone: '0123456789', password: 'password1' })).toEqual([]);
  });

  it('answers each field with its SPEC §5 message', () => {
    expect(problems(loginBody, { emailOrPhone: 'ann', password: 'short' })).toEqual([
      `emailOrPhone: ${messages.emailOrPhone}`,
      `password: ${messages.password}`,
    ]);
  });

  it('answers missing and non-string fields with the same messages', () => {
    expect(problems(loginBody, {})).toEqual([
      `emailOrPhone: ${messages.emailOrPhone}`,
      `password: ${messages.password}`,
    ]);
    expect(problems(loginBody, { emailOrPhone: 42, password: ['password1'] })).toEqual([
      `emailOrPhone: ${messages.emailOrPhone}`,
      `password: ${messages.password}`,
    ]);
  });

  it('refuses values over 1000 characters and values holding NUL', () => {
    expect(problems(loginBody, { emailOrPhone: `${'a'.repeat(1000)}@b`, password: 'password1' })).toEqual([
      `emailOrPhone: ${messages.emailOrPhone}`,
    ]);
    expect(problems(loginBody, { emailOrPhone: 'ann@example.org', password: 'password\u00001' })).toEqual([
      `password: ${messages.password}`,
    ]);
  });

  it('refuses a body that is not an object', () => {
    expect(loginBody.safeParse(null).success).toBe(false);
    expect(loginBody.safeParse('ann@example.org').success).toBe(false);
  });
});

describe('generateOtpBody', () => {
  it('needs only a valid emailOrPhone', () => {
    expect(problems(generateOtpBody, { emailOrPhone: '0123456789' })).toEqual([]);
    expect(problems(generateOtpBody, { emailOrPhone: '' })).toEqual([
      `emailOrPhone: ${messages.emailOrPhone}`,
    ]);
  });
});

describe('verifyOtpBody', () => {
  it('accepts a 6-digit code', () => {
    expect(problems(verifyOtpBody, { emailOrPhone: 'ann@example.org', otp: '123456' })).toEqual([]);
  });

  it('refuses any other code with the OTP message', () => {
    for (const otp of ['', '12345', '1234567', 'abcdef', 123456, '12345\u0000']) {
      expect(problems(verifyOtpBody, { emailOrPhone: 'ann@example.org', otp }), String(otp)).toEqual([
        `otp: ${messages.otp}`,
      ]);
    }
  });
});

describe('registerBody', () => {
  it('accepts a name, a password and an email or a phone', () => {
    expect(problems(registerBody, validRegister)).toEqual([]);
    expect(problems(registerBody, { name: 'Ann', phone: '0123456789', password: 'password1' })).toEqual([]);
  });

  it('keeps the flags the app sends and drops unknown fields', () => {
    const body = registerBody.parse({
      ...validRegister,
      isActive: true,
      isAdmin: false,
      registeredVia: 'dish',
      adminType: 'super',
    });
    expect(body).toEqual({ ...validRegister, isActive: true, isAdmin: false, registeredVia: 'dish' });
    expect(body).not.toHaveProperty('adminType');
  });

  it('answers each bad field with its SPEC §5 message', () => {
    expect(problems(registerBody, { ...validRegister, name: 'Al' })).toEqual([`name: ${messages.name}`]);
    expect(problems(registerBody, { ...validRegister, email: 'ann.example.org' })).toEqual([
      `email: ${messages.email}`,
    ]);
    expect(problems(registerBody, { ...validRegister, phone: '12345' })).toEqual([
      `phone: ${messages.phone}`,
    ]);
    expect(problems(registerBody, { ...validRegister, password: '1234567' })).toEqual([
      `password: ${messages.password}`,
    ]);
  });

  it('needs an email or a phone', () => {
    const { email: _email, ...withoutEmail } = validRegister;
    expect(problems(registerBody, withoutEmail)).toEqual([`email: ${messages.emailOrPhoneRequired}`]);
    expect(problems(registerBody, { ...withoutEmail, email: '  ', phone: '' })).toEqual([
      `email: ${messages.emailOrPhoneRequired}`,
    ]);
  });

  it('accepts only the known querying apps as registeredVia', () => {
    expect(problems(registerBody, { ...validRegister, registeredVia: 'blimey' })).toEqual([]);
    expect(problems(registerBody, { ...validRegister, registeredVia: 'elsewhere' })).toHaveLength(1);
    expect(problems(registerBody, { ...validRegister, isAdmin: 'yes' })).toHaveLength(1);
  });
});
