// The member journeys of the foundation, in a real Chromium against the real server.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../src/shared/constants.js';
import { mailText } from '../src/server/mail/text.js';
import { actionText } from '../src/site/pages/action-copy.js';
import { copy as downloadCopy } from '../src/site/pages/download/copy.js';
import { createMasterKeyVerifier } from '../src/shared/master-key.js';
import { createAccount } from './support/accounts.js';
import { browserSuite } from './support/suite.js';
import { HomePageModel, type Lang } from './pages/site.js';
import { fill } from '../src/client/text.js';
import { toastShown } from './support/toasts.js';

const suite = browserSuite();

/** This file's journeys run in Korean: the files alternate, and e2e/bilingual.test.ts shows every screen in both. */
const lang: Lang = 'ko';

let counter = 0;
function freshEmail(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}.${Date.now()}@example.com`;
}

async function newPage(lang: Lang, viewport = { width: 1280, height: 900 }): Promise<HomePageModel> {
  const context = await suite.newContext({ viewport, locale: lang === 'ko' ? 'ko-KR' : 'en-US' });
  const page = await context.newPage();
  return new HomePageModel(page, lang, suite.server.url);
}

function account(email: string, password: string, verified = true): Promise<void> {
  return createAccount(suite.server, email, password, verified);
}

async function text(page: Page, selector: string): Promise<string> {
  const locator = page.locator(selector).first();
  await locator.waitFor();
  return (await locator.innerText()).trim();
}

describe(`the member journey in ${lang}`, () => {
  it('signs up, opens the verification link from the outbox, logs in, sees the welcome line and logs out', async () => {
    const home = await newPage(lang);
    const t = home.text;
    const email = freshEmail(`journey-${lang}-`);
    await home.open();

    await home.openRegister();
    await home.dialog.register(email, 'journey password 1');
    await home.popup.root.waitFor();
    expect(await home.popup.message().innerText()).toContain(email);
    expect(await home.popup.message().innerText()).toContain(t.auth.success.registered.split('\n')[0]!);
    await home.popup.confirm();
    await home.dialog.root.waitFor({ state: 'hidden' });

    const mail = await suite.server.mailTo(email);
    expect(mail.subject).toBe(mailText[lang].verify.subject);
    await home.page.goto(
      mail.link
        .replace('http://localhost:3000', suite.server.url)
        .replace(/^https?:\/\/[^/]+/, suite.server.url),
    );
    // Opening the link changed nothing: the page asks for the password chosen at sign-up.
    await home.page.getByText(actionText[lang].verifyLead.replace('{{email}}', email)).waitFor();
    const before = await fetch(`${suite.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: suite.server.url },
      body: JSON.stringify({ email, password: 'journey password 1' }),
    });
    expect(((await before.json()) as { error: { code: string } }).error.code).toBe('auth/email-not-verified');
    await home.page.getByLabel(t.auth.password, { exact: true }).fill('journey password 1');
    await home.page.getByRole('button', { name: actionText[lang].verifySubmit }).click();
    expect(await text(home.page, '.action-page__result')).toBe(actionText[lang].verifiedSignedIn);

    await home.open();
    const localPart = email.split('@')[0]!;
    expect(await home.welcome().innerText()).toBe(t.home.welcome.replace('{{name}}', localPart));

    await home.logout();
    await home.openLogin();
    await home.dialog.login(email, 'journey password 1');
    await home.popup.root.waitFor();
    expect(await home.popup.message().innerText()).toBe(t.auth.success.login);
    await home.popup.confirm();
    await home.logout();
    const session = await home.page.evaluate(() => fetch('/api/session').then((response) => response.json()));
    expect(session).toEqual({ user: null });
  });

  it('shows the wrong-password message', async () => {
    const email = freshEmail(`wrong-${lang}-`);
    await account(email, 'right password 1');
    const home = await newPage(lang);
    await home.open();
    await home.openLogin();
    await home.dialog.login(email, 'not the password');
    expect(await home.dialog.error().innerText()).toBe(home.text.errors['auth/invalid-login-credentials']);
    expect(await home.dialog.submit().innerText()).toBe(home.text.auth.submitLogin);
  });

  it('says which address to open when the site is opened at another (127.0.0.1 for localhost)', async () => {
    const email = freshEmail(`address-${lang}-`);
    await account(email, 'right password 1');
    const expected = new URL(suite.server.url);
    const other = new URL(suite.server.url);
    other.hostname = expected.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const context = await suite.newContext({ locale: lang === 'ko' ? 'ko-KR' : 'en-US' });
    const home = new HomePageModel(await context.newPage(), lang, other.origin);
    await home.open();
    await home.openLogin();
    await home.dialog.login(email, 'right password 1');
    expect(await home.dialog.error().innerText()).toBe(
      fill(home.text.auth.openAt, { origin: expected.origin }),
    );
  });

  it('keeps an unverified account signed out and offers to resend the mail', async () => {
    const email = freshEmail(`unverified-${lang}-`);
    await account(email, 'some password 1', false);
    const home = await newPage(lang);
    await home.open();
    await home.openLogin();
    await home.dialog.login(email, 'some password 1');
    expect(await home.dialog.error().innerText()).toBe(home.text.errors['auth/email-not-verified']);
    await home.popup.root.waitFor();
    expect(await home.popup.message().innerText()).toBe(home.text.auth.resendQuestion);
    await home.popup.root.getByRole('button', { name: home.text.auth.resendButton }).click();
    await expect
      .poll(() => home.popup.message().innerText())
      .toBe(home.text.auth.success.verificationResent.replace('{{email}}', email));
    const resent = await suite.server.mailTo(email, 1);
    expect(resent.subject).toBe(mailText[lang].verify.subject);
    await home.popup.confirm();
    const session = await home.page.evaluate(() => fetch('/api/session').then((response) => response.json()));
    expect(session).toEqual({ user: null });
  });

  it('shows the short-password and mismatch messages inline and sends nothing', async () => {
    const home = await newPage(lang);
    await home.open();
    await home.openRegister();
    const email = freshEmail(`short-${lang}-`);
    await home.dialog.email().fill(email);
    await home.dialog.password(true).fill('short');
    const problems = home.dialog.root.locator('.field__problem');
    await expect.poll(() => problems.allInnerTexts()).toEqual([home.text.auth.validation.passwordShort]);
    await home.dialog.confirm().fill('shorter');
    await expect
      .poll(() => problems.allInnerTexts())
      .toEqual([home.text.auth.validation.passwordShort, home.text.auth.validation.passwordMismatch]);
    await home.dialog.submit().click();
    await expect(home.dialog.root.isVisible()).resolves.toBe(true);
    // No account was made: the same e-mail can still sign up.
    const signup = await fetch(`${suite.server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: suite.server.url },
      body: JSON.stringify({ email, password: 'long enough 1' }),
    });
    expect(signup.status).toBe(201);
  });
});

describe('the auth dialog', () => {
  it('validates the e-mail inline and on submit, and clears fields when switching modes', async () => {
    const home = await newPage('en');
    await home.open();
    await home.openLogin();
    await home.dialog.submit().click();
    const problems = home.dialog.root.locator('.field__problem');
    await expect
      .poll(() => problems.allInnerTexts())
      .toEqual(['Please enter your email address', 'Please enter your password']);
    await home.dialog.email().fill('jane@');
    await expect.poll(() => problems.first().innerText()).toBe('Please enter a valid email address.');
    await home.dialog.email().fill('<script>@x.com');
    await expect.poll(() => problems.first().innerText()).toBe('Invalid input detected.');
    await home.dialog.root
      .getByRole('button', { name: 'No account yet? Register / Change password' })
      .click();
    expect(await home.dialog.email().inputValue()).toBe('');
    expect(await home.dialog.root.getByRole('heading').innerText()).toBe('Register / Change password');
    await home.dialog.masterKey().waitFor();
    await home.dialog.password(true).fill('visible secret');
    const toggle = home.dialog.root.getByRole('button', { name: 'Show password' }).first();
    await toggle.click();
    expect(await home.dialog.password(true).getAttribute('type')).toBe('text');
  });

  it('says the master key is not set on a device without the app, and is incorrect when wrong', async () => {
    const email = freshEmail('master-');
    await account(email, 'old password 1');
    const home = await newPage('ko');
    await home.open();
    await home.openRegister();
    await home.dialog.masterKey().fill('my master key');
    await home.dialog.register(email, 'new password 1');
    expect(await home.dialog.error().innerText()).toBe(
      '마스터 키가 설정되어 있지 않습니다. 먼저 MyGenie 앱에서 마스터 키를 설정해 주세요.',
    );

    const verifier = JSON.stringify(await createMasterKeyVerifier('the real master key'));
    await home.page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [STORAGE_KEYS.masterKeyVerifier, verifier],
    );
    await home.dialog.submit().click();
    await expect
      .poll(() => home.dialog.error().innerText())
      .toBe('마스터 키가 올바르지 않습니다. 올바른 마스터 키를 입력해 주세요.');
  });

  it('changes a password signed out with the right master key, through the mailed link', async () => {
    const email = freshEmail('reset-');
    await account(email, 'old password 1');
    const home = await newPage('en');
    const verifier = JSON.stringify(await createMasterKeyVerifier('the real master key'));
    await home.page.addInitScript(
      ([key, value]) => localStorage.setItem(key!, value!),
      [STORAGE_KEYS.masterKeyVerifier, verifier],
    );
    await home.open();
    await home.openRegister();
    await home.dialog.masterKey().fill('the real master key');
    await home.dialog.register(email, 'new password 1');
    await home.popup.root.waitFor();
    expect(await home.popup.message().innerText()).toContain(
      `A confirmation e-mail has been sent to ${email}.`,
    );
    await home.popup.confirm();

    const mail = await suite.server.mailTo(email, 1);
    expect(mail.subject).toBe('[MyGenie] Please confirm your password change');
    await home.page.goto(mail.link.replace(/^https?:\/\/[^/]+/, suite.server.url));
    // Opening the link applies nothing: the new password is typed once more.
    await home.page.getByLabel('The new password you chose', { exact: true }).fill('new password 9');
    await home.page.getByRole('button', { name: 'Apply the new password' }).click();
    await home.page
      .getByText('This is not the new password you chose. Type it again, or set a different password below.')
      .waitFor();
    await home.page.getByLabel('The new password you chose', { exact: true }).fill('new password 1');
    await home.page.getByRole('button', { name: 'Apply the new password' }).click();
    expect(await text(home.page, '.action-page__result')).toContain('Your new password is now active.');
    await home.page.getByRole('button', { name: 'Log in', exact: true }).click();
    await home.dialog.login(email, 'new password 1');
    await home.popup.root.waitFor();
    expect(await home.popup.message().innerText()).toBe('Successfully logged in');
  });

  it(`resets a forgotten password from the login dialog through the mailed link (${lang})`, async () => {
    const email = freshEmail(`forgot-${lang}-`);
    await account(email, 'old password 1');
    const home = await newPage(lang);
    const t = home.text;
    await home.open();
    await home.openLogin();
    await home.dialog.root.getByRole('button', { name: t.auth.forgotLink }).click();
    expect(await home.dialog.root.getByRole('heading').innerText()).toBe(t.auth.forgotTitle);
    await home.dialog.email().fill(email);
    await home.dialog.submit().click();
    await home.popup.root.waitFor();
    expect(await home.popup.message().innerText()).toContain(
      t.auth.success.forgotMailSent.split('\n')[0]!.replace('{{email}}', email),
    );
    await home.popup.confirm();

    const mail = await suite.server.mailTo(email, 1);
    expect(mail.subject).toBe(mailText[lang].forgot.subject);
    await home.page.goto(mail.link.replace(/^https?:\/\/[^/]+/, suite.server.url));
    await home.page.getByText(actionText[lang].freshLead.replace('{{email}}', email)).waitFor();
    await home.page.getByLabel(t.auth.newPassword, { exact: true }).fill('brand new words');
    await home.page.getByLabel(t.auth.confirmPassword, { exact: true }).fill('brand new words');
    await home.page.getByRole('button', { name: actionText[lang].freshSubmit }).click();
    expect(await text(home.page, '.action-page__result')).toContain(
      actionText[lang].passwordChanged.split('\n')[0]!,
    );
    await home.page.getByRole('button', { name: actionText[lang].login, exact: true }).click();
    await home.dialog.login(email, 'brand new words');
    await home.popup.root.waitFor();
    expect(await home.popup.message().innerText()).toBe(t.auth.success.login);
  });

  it('changes the password of the signed-in member with a read-only e-mail', async () => {
    const email = freshEmail('change-');
    await account(email, 'old password 1');
    const home = await newPage('en');
    await home.open();
    await home.openLogin();
    await home.dialog.login(email, 'old password 1');
    await home.popup.confirm();
    await home.hero().getByRole('button', { name: 'Change password', exact: true }).click();
    expect(await home.dialog.email().inputValue()).toBe(email);
    expect(await home.dialog.email().getAttribute('readonly')).not.toBeNull();
    expect(await home.dialog.root.getByLabel('Master key').count()).toBe(0);
    await home.dialog.currentPassword().fill('old password 1');
    await home.dialog.password(true).fill('new password 2');
    await home.dialog.confirm().fill('new password 2');
    await home.dialog.submit().click();
    await home.popup.root.waitFor();
    expect(await home.popup.message().innerText()).toContain('Your password has been changed.');
  });

  it('shows the network-error message when the server cannot be reached', async () => {
    const home = await newPage('ko');
    await home.open();
    await home.page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
    await home.openLogin();
    await home.dialog.login('someone@example.com', 'whatever 1');
    expect(await home.dialog.error().innerText()).toBe('네트워크 오류가 발생했습니다. 다시 시도해 주세요.');
  });
});

describe('the home page', () => {
  it('asks a signed-out visitor to log in before opening the app', async () => {
    const home = await newPage('en');
    await home.open();
    await home.page.locator('.tile').first().click();
    await toastShown(home.page, 'Please login first to use MyGenie.');
  });

  it('switches language, keeps the choice, and saves ?lang as the choice', async () => {
    const home = await newPage('ko');
    await home.page.goto(`${suite.server.url}/`);
    await home.page.locator('.hero').waitFor();
    expect(await home.page.locator('h1').innerText()).toBe('내 일정과 일기, 내 기기 안에서만 안전하게');
    await home.page.getByRole('button', { name: 'Eng' }).click();
    await expect
      .poll(() => home.page.locator('h1').innerText())
      .toBe('Your schedule and diary, safe on your own device');
    expect(await home.page.locator('html').getAttribute('lang')).toBe('en');
    await home.page.reload();
    await home.page.locator('.hero').waitFor();
    expect(await home.page.locator('h1').innerText()).toBe(
      'Your schedule and diary, safe on your own device',
    );
    await home.page.goto(`${suite.server.url}/features?lang=ko`);
    await home.page.goto(`${suite.server.url}/`);
    await home.page.locator('.hero').waitFor();
    expect(await home.page.locator('h1').innerText()).toBe('내 일정과 일기, 내 기기 안에서만 안전하게');
  });

  it('has a menu button on a phone that opens every route', async () => {
    const home = await newPage('en', { width: 390, height: 844 });
    await home.open();
    const menu = home.page.getByRole('button', { name: 'Menu' });
    await menu.click();
    const nav = home.page.getByRole('navigation', { name: 'Main navigation' });
    for (const label of ['Home', 'How to use', 'Features', 'Security', 'Notice', 'Fortune']) {
      expect(await nav.getByRole('link', { name: label, exact: true }).isVisible()).toBe(true);
    }
    await nav.getByRole('link', { name: 'Notice', exact: true }).click();
    await expect.poll(() => home.page.locator('h1').innerText()).toBe(downloadCopy.en.hero.title);
    // Each page is a document of its own: its header shows the account's controls once it has read the session.
    await home.page.getByRole('button', { name: 'Open app' }).waitFor();
  });

  it('shows a not-found page for unknown routes in both languages', async () => {
    const home = await newPage('ko');
    await home.page.goto(`${suite.server.url}/no/such/page?lang=ko`);
    expect(await text(home.page, 'h1')).toBe('페이지를 찾을 수 없습니다');
  });
});
