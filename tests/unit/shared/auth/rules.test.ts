import { describe, expect, it } from 'vitest';
import { messages } from '../../../../src/shared/messages';
import {
  confirmPasswordRule,
  contactRule,
  emailOrPhoneRule,
  isEmailIdentifier,
  nameRule,
  normaliseEmail,
  normalisePhone,
  optionalEmailRule,
  optionalPhoneRule,
  otpRule,
  passwordRule,
  type Rule,
} from '../../../../src/shared/auth/rules';

/** SPEC §5 wording, written out so that a changed message fails here. */
const SPEC = {
  emailOrPhone: 'Please enter a valid email address or phone number',
  password: 'Password must be at least 8 characters long',
  name: 'Please enter a valid name',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  confirmPassword: 'Passwords do not match',
  emailOrPhoneRequired: 'Please enter an email address or phone number',
  otp: 'Please enter a valid OTP',
  otpSendFailed: 'Failed to send OTP. Please try again.',
};

function check(rule: Rule, passing: string[], failing: string[], message: string) {
  for (const value of passing) {
    it(`accepts ${JSON.stringify(value)}`, () => {
      expect(rule(value)).toBeNull();
    });
  }
  for (const value of failing) {
    it(`refuses ${JSON.stringify(value)}`, () => {
      expect(rule(value)).toBe(message);
    });
  }
}

describe('SPEC §5 messages', () => {
  it('are worded exactly as SPEC §5 words them', () => {
    for (const [key, text] of Object.entries(SPEC)) {
      expect(messages[key as keyof typeof SPEC], key).toBe(text);
    }
  });
});

describe('login emailOrPhone: required; contains @ or 10 digits', () => {
  check(
    emailOrPhoneRule,
    [
      'someone@example.org',
      'a@b',
      '  a@b  ',
      '0123456789',
      '+91 (012) 345-6789',
      '012 345 6789',
      '98765432101',
    ],
    ['', '   ', 'someone', 'example.org', '123456789', '12345 6789', 'phone 01234'],
    SPEC.emailOrPhone,
  );
});

describe('password: required; at least 8 characters after trimming', () => {
  check(
    passwordRule,
    ['12345678', 'abcdefgh', 'correct horse battery staple', '  12345678  ', 'pass word'],
    ['', '        ', '1234567', '   1234567   ', 'short'],
    SPEC.password,
  );
});

describe('register name: required; at least 3 characters trimmed', () => {
  check(nameRule, ['Ann', 'Jo Bo', '  Eve  ', 'Ada Lovelace'], ['', '   ', 'Al', '  Al  ', 'A'], SPEC.name);
});

describe('register email: optional; if given must contain @', () => {
  check(
    optionalEmailRule,
    ['', '   ', 'someone@example.org', 'a@b', '  a@b  '],
    ['someone', 'example.org', '@example.org', 'someone@', 'a b@c.org', 'a@b@c'],
    SPEC.email,
  );
});

describe('register phone: optional; if given exactly 10 digits', () => {
  check(
    optionalPhoneRule,
    ['', '   ', '0123456789', ' 0123456789 '],
    ['012345678', '01234567890', '012-345-6789', '+910123456789', 'abcdefghij', '01234 56789'],
    SPEC.phone,
  );
});

describe('one-time code: required; 6 digits', () => {
  check(
    otpRule,
    ['123456', '000000', ' 654321 '],
    ['', '   ', '12345', '1234567', 'abcdef', '12 3456', '12345a'],
    SPEC.otp,
  );
});

describe('register confirmPassword: required; equals password', () => {
  it('accepts the same password', () => {
    expect(confirmPasswordRule('secret-pass')('secret-pass')).toBeNull();
  });
  it('refuses a different one', () => {
    expect(confirmPasswordRule('secret-pass')('secret-pasS')).toBe(SPEC.confirmPassword);
    expect(confirmPasswordRule('secret-pass')('secret-pass ')).toBe(SPEC.confirmPassword);
  });
  it('refuses an empty confirmation, even of an empty password', () => {
    expect(confirmPasswordRule('secret-pass')('')).toBe(SPEC.confirmPassword);
    expect(confirmPasswordRule('')('')).toBe(SPEC.confirmPassword);
  });
});

describe('register form: at least one of email or phone', () => {
  it('accepts an email, a phone, or both', () => {
    expect(contactRule('a@b', '')).toBeNull();
    expect(contactRule('', '0123456789')).toBeNull();
    expect(contactRule('a@b', '0123456789')).toBeNull();
  });
  it('refuses neither, including blanks', () => {
    expect(contactRule('', '')).toBe(SPEC.emailOrPhoneRequired);
    expect(contactRule('   ', ' ')).toBe(SPEC.emailOrPhoneRequired);
  });
});

describe('identifiers', () => {
  it('normalises an email by trimming and lower-casing it', () => {
    expect(normaliseEmail('  Some.One@Example.ORG ')).toBe('some.one@example.org');
  });
  it('normalises a phone to its last 10 digits', () => {
    expect(normalisePhone('012 345 6789')).toBe('0123456789');
    expect(normalisePhone('+91 (012) 345-6789')).toBe('0123456789');
    expect(normalisePhone('12345')).toBe('12345');
  });
  it('tells an email from a phone by the @', () => {
    expect(isEmailIdentifier('a@b')).toBe(true);
    expect(isEmailIdentifier('0123456789')).toBe(false);
  });
});
