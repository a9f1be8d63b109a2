import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '../../src/shared/messages';
import { SUPER as admin, SUPER_ENV } from '../support/admin';
import { newUser } from '../support/http';
import { codeMailedTo, startSmtpServer } from '../support/smtp';
import { expectNoAxeViolations, startAppServer, tabTo } from '../support/browser';
import { appForTheseTests, forTheseTests } from '../support/e2e';

const smtp = forTheseTests(startSmtpServer);
const app = appForTheseTests(() => startAppServer({ SMTP_URL: smtp().url, ...SUPER_ENV }));
const newPage = () => app.newPage();
/** Makes the account through the API, as a user who registered earlier. */
const register = (user: ReturnType<typeof newUser>) => app.register(user);

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

describe('signing up and in, in Chromium against the real server', () => {
  it('registers, is sent to sign in, signs in, stays signed in across a reload, signs out', async () => {
    const page = await newPage();
    const user = newUser();
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL('**/register');
    await field(page, 'Name').fill(user.name);
    await field(page, 'Email').fill(user.email);
    await field(page, 'Password').fill(user.password);
    await field(page, 'Confirm Password').fill(user.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/login');

    await field(page, 'Email Or Phone').fill(user.email);
    await field(page, 'Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe("Let's start the conversation");

    await page.reload();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('link', { name: /Chat with us/ }).waitFor();
    await page.goto('/dashboard');
    await page.waitForURL('**/login?redirect=*');
    await page.context().close();
  });

  it('signs in with a one-time code received by mail through a real SMTP server', async () => {
    const page = await newPage();
    const user = newUser();
    await register(user);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Login via OTP' }).click();
    await page.waitForURL('**/loginviaOTP');
    await field(page, 'Email Or Phone').fill(user.email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    const code = await codeMailedTo(smtp().mails, user.email);
    await field(page, 'OTP').fill(code);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });

  it('sends the super admin to /admindashboard with the super admin title', async () => {
    const page = await newPage();
    await page.goto('/login');
    await field(page, 'Email Or Phone').fill(admin.email);
    await field(page, 'Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admindashboard');
    await page.getByText('Super Admin Dashboard').first().waitFor();
    await page.context().close();
  });

  it('returns to the remembered page after sign-in, and keeps non-admins out of admin pages', async () => {
    const page = await newPage();
    const user = newUser();
    await register(user);
    await page.goto('/admindashboard');
    await page.waitForURL('**/login?redirect=*');
    await field(page, 'Email Or Phone').fill(user.email);
    await field(page, 'Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    // The remembered page is an admin page, which sends a non-admin on to their dashboard.
    await page.waitForURL('**/dashboard');
    await page.goto('/superadminaddproject');
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });

  it('shows the server message in a red banner for a wrong password, and it goes after 5 s', async () => {
    const page = await newPage();
    await page.goto('/login');
    await field(page, 'Email Or Phone').fill('nobody@example.org');
    await field(page, 'Password').fill('wrong password');
    await page.getByRole('button', { name: 'Login' }).click();
    const banner = page.getByText('The email, phone number or password is incorrect.');
    await banner.waitFor();
    await banner.waitFor({ state: 'detached', timeout: 7000 });
    await page.context().close();
  });

  it('checks fields on blur and on submit, and clears an error on edit', async () => {
    const page = await newPage();
    await page.goto('/register');
    await field(page, 'Name').fill('Al');
    await field(page, 'Email').focus();
    await page.getByText(messages.name).waitFor();
    await field(page, 'Name').fill('Alice');
    await page.getByText(messages.name).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText(messages.password).first().waitFor();
    await page.getByText(messages.emailOrPhoneRequired).waitFor();
    // The first bad field gets focus so a screen reader reads its error.
    expect(await field(page, 'Password').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('a mouse click on submit right after typing a bad value still checks the whole form', async () => {
    const page = await newPage();
    await page.goto('/register');
    await field(page, 'Name').fill('Al');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText(messages.name).waitFor();
    await page.getByText(messages.emailOrPhoneRequired).waitFor();
    expect(await field(page, 'Name').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('signs in with the keyboard alone', async () => {
    const page = await newPage();
    const user = newUser();
    await register(user);
    await page.goto('/login');
    await tabTo(page, field(page, 'Email Or Phone'));
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
    // Focus moved to the new page's heading, where a screen reader starts reading.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await page.context().close();
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await newPage();
    await page.goto('/nowhere');
    await page.getByRole('heading', { name: messages.notFoundTitle }).waitFor();
    await page.getByText(messages.notFoundBody).waitFor();
    await page.context().close();
  });
});

describe('accessibility of every screen (axe-core, zero violations)', () => {
  it('passes on the public screens', async () => {
    const page = await newPage();
    for (const path of ['/', '/login', '/loginviaOTP', '/register', '/nowhere']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expectNoAxeViolations(page, path);
    }
    // The register form with its errors showing.
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText(messages.name).waitFor();
    await expectNoAxeViolations(page, '/register with errors');
    await page.context().close();
  });

  it('passes on the signed-in screens of a user and of a super admin', async () => {
    const page = await app.newUserPage();
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await expectNoAxeViolations(page, '/dashboard');
    await page.context().close();

    const adminPage = await app.signedInPage(admin);
    for (const path of ['/admindashboard', '/superadminaddproject']) {
      await adminPage.goto(path);
      await adminPage.getByRole('heading', { level: 1 }).waitFor();
      await expectNoAxeViolations(adminPage, path);
    }
    await adminPage.context().close();
  });
});
