import { beforeEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { messages, serverMessages } from '../../../src/shared/messages';
import { NETWORK_ERROR_MESSAGE } from '../../../src/app/api/client';
import { ACCOUNT_CREATED } from '../../../src/app/features/auth/RegisterPage';
import { otpSentAtom } from '../../../src/app/state/auth';
import { store } from '../../../src/app/state/store';
import {
  currentHref,
  expectNoAxeViolations,
  jsonResponse,
  makeUser,
  overrideFetch,
  renderApp,
  resetApp,
  resetFocus,
  tabTo,
} from '../support/render';

beforeEach(resetApp);

const field = (label: string) => page.getByLabelText(label, { exact: true });
const button = (name: string) => page.getByRole('button', { name, exact: true });
const text = (message: string) => page.getByText(message, { exact: true });
const heading = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** Types `value` into the field (it keeps focus), then leaves it with Tab. */
async function fillAndLeave(label: string, value: string): Promise<void> {
  await userEvent.fill(field(label), value);
  await userEvent.keyboard('{Tab}');
}

/** Matches text that contains `message` literally. */
const containing = (message: string) => new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** The error shown for a field is tied to it: aria-invalid and named in its description. */
async function expectFieldError(label: string, message: string): Promise<void> {
  await expect.element(text(message)).toBeVisible();
  await expect.element(field(label)).toHaveAttribute('aria-invalid', 'true');
  await expect.element(field(label)).toHaveAccessibleDescription(containing(message));
}

async function expectNoFieldError(label: string, message: string): Promise<void> {
  await expect.element(text(message)).not.toBeInTheDocument();
  await expect.element(field(label)).not.toHaveAttribute('aria-invalid');
}

/**
 * SPEC §5 blur rule for one field: no error while typing, the error once the non-empty invalid
 * field is left, cleared by the next edit (even one still invalid), and back on the next blur.
 */
async function checkBlurRule(label: string, invalid: string, stillInvalid: string, message: string) {
  await userEvent.fill(field(label), invalid);
  await expect.element(field(label)).toHaveFocus();
  await expectNoFieldError(label, message);

  await userEvent.keyboard('{Tab}');
  await expectFieldError(label, message);

  await userEvent.fill(field(label), stillInvalid);
  await expectNoFieldError(label, message);

  await userEvent.keyboard('{Tab}');
  await expectFieldError(label, message);
}

describe('/login', () => {
  test('passes axe initially and with errors showing', async () => {
    const { container } = await renderApp('/login');
    await expect.element(heading('Login')).toBeVisible();
    await expectNoAxeViolations(container);

    await button('Login').click();
    await expectFieldError('Email Or Phone', messages.emailOrPhone);
    await expectFieldError('Password', messages.password);
    await expectNoAxeViolations(container);
  });

  test('Email Or Phone is checked on blur only once it was left non-empty and invalid', async () => {
    await renderApp('/login');
    await expect.element(heading('Login')).toBeVisible();

    // Entering and leaving the empty field is not an error yet.
    await field('Email Or Phone').click();
    await userEvent.keyboard('{Tab}');
    await expect.element(field('Password')).toHaveFocus();
    await expectNoFieldError('Email Or Phone', messages.emailOrPhone);

    await checkBlurRule('Email Or Phone', 'asha', 'asha.rao', messages.emailOrPhone);

    // An email (contains @) or a phone (10 digits) passes.
    await fillAndLeave('Email Or Phone', 'asha@example.org');
    await expectNoFieldError('Email Or Phone', messages.emailOrPhone);
    await fillAndLeave('Email Or Phone', '98765 43210');
    await expectNoFieldError('Email Or Phone', messages.emailOrPhone);
    await fillAndLeave('Email Or Phone', '98765');
    await expectFieldError('Email Or Phone', messages.emailOrPhone);
  });

  test('Password needs 8 characters after trimming, checked on blur', async () => {
    await renderApp('/login');
    await expect.element(heading('Login')).toBeVisible();

    await checkBlurRule('Password', 'short', 'shorter', messages.password);
    await fillAndLeave('Password', '   seven   ');
    await expectFieldError('Password', messages.password);
    await fillAndLeave('Password', 'eight888');
    await expectNoFieldError('Password', messages.password);
  });

  test('submitting empty shows every error and focuses the first invalid field', async () => {
    await renderApp('/login');
    await expect.element(heading('Login')).toBeVisible();

    await button('Login').click();
    await expectFieldError('Email Or Phone', messages.emailOrPhone);
    await expectFieldError('Password', messages.password);
    await expect.element(field('Email Or Phone')).toHaveFocus();
  });

  test('submitting with only the password wrong focuses the password', async () => {
    const { calls } = overrideFetch(() => undefined);
    await renderApp('/login');
    await expect.element(heading('Login')).toBeVisible();

    // Password first: leaving it invalid would show its error on blur, moving the button
    // under the pointer between press and release (see the report).
    await userEvent.fill(field('Password'), 'short');
    await userEvent.fill(field('Email Or Phone'), 'asha@example.org');
    await button('Login').click();
    await expectFieldError('Password', messages.password);
    await expect.element(field('Password')).toHaveFocus();
    await expectNoFieldError('Email Or Phone', messages.emailOrPhone);
    expect(calls.filter((c) => c.path === '/auth/login')).toEqual([]);
  });

  test('keyboard only: Tab reaches each field in order, Enter signs in', async () => {
    const user = makeUser();
    const { calls } = overrideFetch((path) => (path === '/auth/login' ? jsonResponse(user) : undefined));
    const { router } = await renderApp('/login');
    await expect.element(heading('Login')).toBeVisible();
    resetFocus();

    const toEmail = await tabTo(field('Email Or Phone'));
    await userEvent.keyboard('asha@example.org');
    expect(await tabTo(field('Password'), 1)).toBe(1);
    await userEvent.keyboard('correct horse');
    expect(await tabTo(button('Login'), 1)).toBe(1);
    expect(toEmail).toBeLessThanOrEqual(5);

    // Back to the password field and submit from there with Enter.
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    await expect.element(field('Password')).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    await expect
      .poll(() => calls.filter((c) => c.path === '/auth/login'))
      .toEqual([
        {
          path: '/auth/login',
          method: 'POST',
          body: { emailOrPhone: 'asha@example.org', password: 'correct horse' },
        },
      ]);
    // Signed in: the login page sends the user home (SPEC §2 redirect rules).
    await expect.poll(() => currentHref(router)).toBe('/dashboard');
    await expect.element(page.getByRole('heading', { name: "Let's start the conversation" })).toBeVisible();
  });

  test("a failed sign-in shows the server's message in the red banner", async () => {
    overrideFetch((path) =>
      path === '/auth/login' ? jsonResponse({ message: serverMessages.wrongCredentials }, 401) : undefined,
    );
    const { container, router } = await renderApp('/login');
    await expect.element(heading('Login')).toBeVisible();

    await userEvent.fill(field('Email Or Phone'), 'asha@example.org');
    await userEvent.fill(field('Password'), 'wrong password');
    await userEvent.keyboard('{Enter}');

    const banner = page.getByRole('alert').filter({ hasText: serverMessages.wrongCredentials });
    await expect.element(banner).toBeVisible();
    expect(currentHref(router)).toBe('/login');
    await expectNoAxeViolations(container);
  });

  test('with no server, a sign-in attempt says DISH cannot be reached', async () => {
    await renderApp('/login');
    await expect.element(heading('Login')).toBeVisible();

    await userEvent.fill(field('Email Or Phone'), '9876543210');
    await userEvent.fill(field('Password'), 'long enough');
    await button('Login').click();
    await expect.element(text(NETWORK_ERROR_MESSAGE)).toBeVisible();
  });
});

describe('/register', () => {
  test('passes axe initially and with errors showing', async () => {
    const { container } = await renderApp('/register');
    await expect.element(heading('Create an account')).toBeVisible();
    await expectNoAxeViolations(container);

    await button('Register').click();
    await expect.element(text(messages.emailOrPhoneRequired)).toBeVisible();
    await expectFieldError('Name', messages.name);
    await expectNoAxeViolations(container);
  });

  test.each([
    { label: 'Name', invalid: 'Al', stillInvalid: ' Al ', valid: 'Ali', message: messages.name },
    {
      label: 'Email',
      invalid: 'asha',
      stillInvalid: 'asha.example.org',
      valid: 'asha@example.org',
      message: messages.email,
    },
    {
      label: 'Phone',
      invalid: '98765',
      stillInvalid: '987654321',
      valid: '9876543210',
      message: messages.phone,
    },
    {
      label: 'Password',
      invalid: 'short',
      stillInvalid: '  short7  ',
      valid: 'long enough',
      message: messages.password,
    },
  ])(
    '$label is checked on blur and cleared on edit',
    async ({ label, invalid, stillInvalid, valid, message }) => {
      await renderApp('/register');
      await expect.element(heading('Create an account')).toBeVisible();

      // Leaving the field empty is not an error yet.
      await field(label).click();
      await userEvent.keyboard('{Tab}');
      await expectNoFieldError(label, message);

      await checkBlurRule(label, invalid, stillInvalid, message);

      await fillAndLeave(label, valid);
      await expectNoFieldError(label, message);
    },
  );

  test('Phone needs exactly 10 digits', async () => {
    await renderApp('/register');
    await expect.element(heading('Create an account')).toBeVisible();

    await fillAndLeave('Phone', '98765432101');
    await expectFieldError('Phone', messages.phone);
    await fillAndLeave('Phone', '98765abcde');
    await expectFieldError('Phone', messages.phone);
  });

  test("confirm password must match: 'Passwords do not match'", async () => {
    await renderApp('/register');
    await expect.element(heading('Create an account')).toBeVisible();

    await userEvent.fill(field('Password'), 'long enough');
    await fillAndLeave('Confirm Password', 'long enougH');
    await expectFieldError('Confirm Password', messages.confirmPassword);

    await userEvent.fill(field('Confirm Password'), 'long enough');
    await expectNoFieldError('Confirm Password', messages.confirmPassword);
    await userEvent.keyboard('{Tab}');
    await expectNoFieldError('Confirm Password', messages.confirmPassword);
  });

  test('submitting empty shows the errors, the form-level contact error, and focuses Name', async () => {
    await renderApp('/register');
    await expect.element(heading('Create an account')).toBeVisible();

    await button('Register').click();
    await expectFieldError('Name', messages.name);
    await expectFieldError('Password', messages.password);
    await expectFieldError('Confirm Password', messages.confirmPassword);
    await expect.element(text(messages.emailOrPhoneRequired)).toBeVisible();
    // Email and phone are optional on their own.
    await expect.element(field('Email')).not.toHaveAttribute('aria-invalid');
    await expect.element(field('Phone')).not.toHaveAttribute('aria-invalid');
    await expect.element(field('Name')).toHaveFocus();
  });

  test('the contact error alone blocks sending, and editing email or phone clears it', async () => {
    const { calls } = overrideFetch(() => undefined);
    await renderApp('/register');
    await expect.element(heading('Create an account')).toBeVisible();

    await userEvent.fill(field('Name'), 'Asha Rao');
    await userEvent.fill(field('Password'), 'long enough');
    await userEvent.fill(field('Confirm Password'), 'long enough');
    await button('Register').click();

    const contactError = page.getByRole('alert').filter({ hasText: messages.emailOrPhoneRequired });
    await expect.element(contactError).toBeVisible();
    expect(calls.filter((c) => c.path === '/auth/register')).toEqual([]);

    await userEvent.fill(field('Phone'), '9');
    await expect.element(text(messages.emailOrPhoneRequired)).not.toBeInTheDocument();

    await userEvent.fill(field('Phone'), '');
    await button('Register').click();
    await expect.element(contactError).toBeVisible();
    await userEvent.fill(field('Email'), 'a');
    await expect.element(text(messages.emailOrPhoneRequired)).not.toBeInTheDocument();
  });

  test('keyboard only: Tab reaches each field in order, Enter registers and goes to /login', async () => {
    const { calls } = overrideFetch((path) =>
      path === '/auth/register' ? jsonResponse(makeUser({ phone: '9876543210' }), 201) : undefined,
    );
    const { router, container } = await renderApp('/register');
    await expect.element(heading('Create an account')).toBeVisible();
    resetFocus();

    expect(await tabTo(field('Name'))).toBeLessThanOrEqual(5);
    await userEvent.keyboard(' Asha Rao ');
    for (const [label, value] of [
      ['Email', 'asha@example.org'],
      ['Phone', '9876543210'],
      ['Password', 'long enough'],
      ['Confirm Password', 'long enough'],
    ] as const) {
      expect(await tabTo(field(label), 1), `${label} is the next Tab stop`).toBe(1);
      await userEvent.keyboard(value);
    }
    expect(await tabTo(button('Register'), 1)).toBe(1);
    await userEvent.keyboard('{Enter}');

    await expect
      .poll(() => calls.filter((c) => c.path === '/auth/register'))
      .toEqual([
        {
          path: '/auth/register',
          method: 'POST',
          body: {
            name: 'Asha Rao',
            email: 'asha@example.org',
            phone: '9876543210',
            password: 'long enough',
            isActive: true,
            isAdmin: false,
            registeredVia: 'dish',
          },
        },
      ]);
    await expect.poll(() => currentHref(router)).toBe('/login');
    await expect.element(heading('Login')).toBeVisible();
    await expect.element(text(ACCOUNT_CREATED)).toBeVisible();
    await expectNoAxeViolations(container);
  });
});

describe('/loginviaOTP', () => {
  const sendAnswer = (answer: Response) =>
    overrideFetch((path) => (path === '/auth/generate-login-otp' ? answer : undefined));

  test('passes axe initially and with errors showing, in both steps', async () => {
    sendAnswer(jsonResponse({ sendStatus: true }));
    const { container } = await renderApp('/loginviaOTP');
    await expect.element(heading('Login via OTP')).toBeVisible();
    await expectNoAxeViolations(container);

    await button('Send OTP').click();
    await expectFieldError('Email Or Phone', messages.emailOrPhone);
    await expectNoAxeViolations(container);

    await userEvent.fill(field('Email Or Phone'), 'asha@example.org');
    await button('Send OTP').click();
    await expect.element(field('OTP')).toBeVisible();
    await expectNoAxeViolations(container);

    await button('Verify OTP').click();
    await expectFieldError('OTP', messages.otp);
    await expectNoAxeViolations(container);
  });

  test('Email Or Phone is checked on blur, and an invalid one sends nothing', async () => {
    const { calls } = sendAnswer(jsonResponse({ sendStatus: true }));
    await renderApp('/loginviaOTP');
    await expect.element(heading('Login via OTP')).toBeVisible();

    await field('Email Or Phone').click();
    await userEvent.keyboard('{Tab}');
    await expectNoFieldError('Email Or Phone', messages.emailOrPhone);

    await checkBlurRule('Email Or Phone', '12345', '123456789', messages.emailOrPhone);

    await button('Send OTP').click();
    await expect.element(field('Email Or Phone')).toHaveFocus();
    await expectFieldError('Email Or Phone', messages.emailOrPhone);
    expect(calls.filter((c) => c.path === '/auth/generate-login-otp')).toEqual([]);
    await expect.element(field('OTP')).not.toBeInTheDocument();
  });

  test('submitting empty shows the error and focuses the field', async () => {
    await renderApp('/loginviaOTP');
    await expect.element(heading('Login via OTP')).toBeVisible();

    await button('Send OTP').click();
    await expectFieldError('Email Or Phone', messages.emailOrPhone);
    await expect.element(field('Email Or Phone')).toHaveFocus();
  });

  test('the code step appears only after a code was sent (sendStatus true)', async () => {
    const { calls } = sendAnswer(jsonResponse({ sendStatus: true }));
    await renderApp('/loginviaOTP');
    await expect.element(heading('Login via OTP')).toBeVisible();
    await expect.element(field('OTP')).not.toBeInTheDocument();
    expect(store.get(otpSentAtom)).toBeNull();

    await userEvent.fill(field('Email Or Phone'), ' asha@example.org ');
    await button('Send OTP').click();

    await expect.element(field('OTP')).toBeVisible();
    await expect.element(button('Verify OTP')).toBeVisible();
    await expect.element(field('Email Or Phone')).not.toBeInTheDocument();
    await expect.element(page.getByText(/Enter the 6-digit code we sent to asha@example\.org/)).toBeVisible();
    expect(store.get(otpSentAtom)).toBe(true);
    expect(calls.filter((c) => c.path === '/auth/generate-login-otp')).toEqual([
      { path: '/auth/generate-login-otp', method: 'POST', body: { emailOrPhone: 'asha@example.org' } },
    ]);
  });

  test('the code is checked on blur and on submit', async () => {
    const { calls } = sendAnswer(jsonResponse({ sendStatus: true }));
    await renderApp('/loginviaOTP');
    await expect.element(heading('Login via OTP')).toBeVisible();
    await userEvent.fill(field('Email Or Phone'), '9876543210');
    await button('Send OTP').click();
    await expect.element(field('OTP')).toBeVisible();

    await button('Verify OTP').click();
    await expectFieldError('OTP', messages.otp);
    await expect.element(field('OTP')).toHaveFocus();

    await userEvent.fill(field('OTP'), '12345');
    await expectNoFieldError('OTP', messages.otp);
    await userEvent.keyboard('{Tab}');
    await expectFieldError('OTP', messages.otp);

    await fillAndLeave('OTP', '12a456');
    await expectFieldError('OTP', messages.otp);
    await fillAndLeave('OTP', '123456');
    await expectNoFieldError('OTP', messages.otp);
    expect(calls.filter((c) => c.path === '/auth/verify-login-otp')).toEqual([]);
  });

  test("sendStatus false: 'Failed to send OTP. Please try again.' in the banner, which goes after 5 s", async () => {
    sendAnswer(jsonResponse({ sendStatus: false }));
    const { container } = await renderApp('/loginviaOTP');
    await expect.element(heading('Login via OTP')).toBeVisible();

    await userEvent.fill(field('Email Or Phone'), 'asha@example.org');
    await button('Send OTP').click();

    const banner = page.getByRole('alert').filter({ hasText: messages.otpSendFailed });
    await expect.element(banner).toBeVisible();
    const shownAt = performance.now();
    expect(store.get(otpSentAtom)).toBe(false);
    // Still on the first step: no code was sent.
    await expect.element(field('OTP')).not.toBeInTheDocument();
    await expect.element(field('Email Or Phone')).toBeVisible();
    await expectNoAxeViolations(container);

    await expect.poll(() => banner.query(), { timeout: 20_000, interval: 100 }).toBeNull();
    // Gone after its 5 seconds, not straight away (a generous lower bound for a busy machine).
    expect(performance.now() - shownAt).toBeGreaterThan(3_000);
    await expect.element(text(messages.otpSendFailed)).not.toBeInTheDocument();
  }, 60_000);

  test("a refused request shows the server's own message rather than the generic one", async () => {
    sendAnswer(jsonResponse({ message: serverMessages.otpResendTooSoon }, 429));
    await renderApp('/loginviaOTP');
    await expect.element(heading('Login via OTP')).toBeVisible();

    await userEvent.fill(field('Email Or Phone'), 'asha@example.org');
    await button('Send OTP').click();

    await expect.element(text(serverMessages.otpResendTooSoon)).toBeVisible();
    await expect.element(text(messages.otpSendFailed)).not.toBeInTheDocument();
    await expect.element(field('OTP')).not.toBeInTheDocument();
  });

  test('keyboard only: send the code with Enter, Tab to the code, verify with Enter', async () => {
    const user = makeUser();
    const { calls } = overrideFetch((path) => {
      if (path === '/auth/generate-login-otp') return jsonResponse({ sendStatus: true });
      if (path === '/auth/verify-login-otp') return jsonResponse(user);
      return undefined;
    });
    const { router } = await renderApp('/loginviaOTP?redirect=%2Fdashboard');
    await expect.element(heading('Login via OTP')).toBeVisible();
    resetFocus();

    expect(await tabTo(field('Email Or Phone'))).toBeLessThanOrEqual(5);
    await userEvent.keyboard('asha@example.org');
    expect(await tabTo(button('Send OTP'), 1)).toBe(1);
    await userEvent.keyboard('{Enter}');

    await expect.element(field('OTP')).toBeVisible();
    await tabTo(field('OTP'));
    await userEvent.keyboard('123456');
    expect(await tabTo(button('Verify OTP'), 1)).toBe(1);
    await userEvent.keyboard('{Enter}');

    await expect
      .poll(() => calls.filter((c) => c.path === '/auth/verify-login-otp').map((c) => c.body))
      .toEqual([{ emailOrPhone: 'asha@example.org', otp: '123456' }]);
    await expect.poll(() => currentHref(router)).toBe('/dashboard');
    // Verifying a code clears the sent flag (SPEC §4).
    expect(store.get(otpSentAtom)).toBeNull();
  });
});
