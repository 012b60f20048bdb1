// The website's small things, on a phone (390 px) in both languages: the language choice survives a reload, the
// focus and the keys behave in the auth dialog, the phone menu and the skip link, the dialog's messages fit the
// form, and an unknown address is a real 404 page.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalog } from '../src/shared/i18n/index.js';
import { copy as featuresCopy } from '../src/site/pages/features/copy.js';
import { copy as securityCopy } from '../src/site/pages/security/copy.js';
import { actionText } from '../src/site/pages/action-copy.js';
import { unsubscribeText } from '../src/site/pages/unsubscribe-copy.js';
import { createAccount } from './support/accounts.js';
import { browserSuite } from './support/suite.js';
import { AuthDialogModel, type Lang } from './pages/site.js';

const suite = browserSuite();

/** This file's journeys run in Korean: the files alternate, and e2e/bilingual.test.ts shows every screen in both. */
const lang: Lang = 'ko';
const PHONE = { width: 390, height: 844 };
const other = (lang: Lang): Lang => (lang === 'ko' ? 'en' : 'ko');

/** What the person reads, written out here so that a changed catalog cannot make a wrong text pass. */
const SEEN = {
  ko: {
    loginFailed: '이메일 또는 비밀번호가 올바르지 않습니다. 다시 확인해 주세요.',
    tooMany: '시도 횟수가 너무 많습니다. 15분 뒤에 다시 시도해 주세요.',
    alreadyRegistered: '이미 가입된 이메일입니다. 기존 계정의 비밀번호를 바꾸려면 마스터 키를 입력해 주세요.',
    register: '가입하기',
    change: '비밀번호 변경',
    notFound: '페이지를 찾을 수 없습니다',
    home: '홈으로 가기',
  },
  en: {
    loginFailed: 'The e-mail or password is incorrect. Please check both and try again.',
    tooMany: 'Too many attempts. Please try again in 15 minutes.',
    alreadyRegistered:
      'Email is already registered. To change the password of an existing account, please enter your master key.',
    register: 'Register',
    change: 'Change password',
    notFound: 'Page not found',
    home: 'Go to home',
  },
} as const;

let counter = 0;
function freshEmail(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}.${Date.now()}@example.com`;
}

async function phonePage(lang: Lang): Promise<Page> {
  const context = await suite.newContext({ viewport: PHONE, locale: lang === 'ko' ? 'ko-KR' : 'en-US' });
  return context.newPage();
}

/** Opens a page in `lang` and waits for it to be hydrated (the header's controls answer). */
async function open(page: Page, path: string, lang: Lang): Promise<void> {
  await page.goto(`${suite.server.url}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
}

async function openDialog(page: Page, lang: Lang, which: 'login' | 'register'): Promise<AuthDialogModel> {
  const label = which === 'login' ? catalog[lang].nav.login : catalog[lang].nav.register;
  await page.getByRole('banner').getByRole('button', { name: label, exact: true }).click();
  const dialog = new AuthDialogModel(page, lang);
  await dialog.root.waitFor();
  return dialog;
}

/** Where the focus is: inside the open dialog, on its error message, on <main>, or elsewhere (its tag). */
function focusIs(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    if (active.classList.contains('form__error')) return 'dialog error';
    if (document.querySelector('dialog[open]')?.contains(active)) return 'dialog';
    if (active.id === 'main') return 'main';
    return active.getAttribute('aria-label') ?? active.tagName.toLowerCase();
  });
}

function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${suite.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: suite.server.url },
    body: JSON.stringify(body),
  });
}

describe(`on a phone in ${lang}`, () => {
  const t = catalog[lang];
  const seen = SEEN[lang];

  it('keeps the language chosen with the switch over a reload, writing it into ?lang of the address', async () => {
    const page = await phonePage(lang);
    await open(page, '/features', other(lang));
    expect(await page.locator('h1').first().innerText()).toBe(featuresCopy[other(lang)].hero.title);
    await page.getByRole('button', { name: lang === 'ko' ? 'Kor' : 'Eng' }).click();
    await expect.poll(() => page.locator('h1').first().innerText()).toBe(featuresCopy[lang].hero.title);
    expect(new URL(page.url()).searchParams.get('lang')).toBe(lang);
    expect(new URL(page.url()).pathname).toBe('/features');

    // The router goes on from the rewritten address: to another page and back.
    await page.getByRole('button', { name: t.nav.menu, exact: true }).click();
    await page
      .getByRole('navigation', { name: t.nav.mainNavigation })
      .getByRole('link', { name: t.nav.security, exact: true })
      .click();
    await expect.poll(() => page.locator('h1').first().innerText()).toBe(securityCopy[lang].hero.title);
    await page.goBack();
    await expect.poll(() => page.locator('h1').first().innerText()).toBe(featuresCopy[lang].hero.title);
    expect(new URL(page.url()).searchParams.get('lang')).toBe(lang);

    await page.reload();
    await page.locator('h1').first().waitFor();
    expect(await page.locator('h1').first().innerText()).toBe(featuresCopy[lang].hero.title);
    expect(await page.locator('html').getAttribute('lang')).toBe(lang);

    // Without ?lang in the address, the switch adds none, and the choice still holds.
    await page.getByRole('button', { name: lang === 'ko' ? 'Eng' : 'Kor' }).click();
    await page.goto(`${suite.server.url}/security`);
    await page.getByRole('button', { name: lang === 'ko' ? 'Kor' : 'Eng' }).click();
    await expect.poll(() => page.locator('h1').first().innerText()).toBe(securityCopy[lang].hero.title);
    expect(new URL(page.url()).search).toBe('');
    await page.reload();
    await page.locator('h1').first().waitFor();
    expect(await page.locator('h1').first().innerText()).toBe(securityCopy[lang].hero.title);
  });

  it('keeps the focus in the dialog while it works, moves it to the e-mail-or-password message, and Esc closes it', async () => {
    const email = freshEmail(`focus-${lang}-`);
    await createAccount(suite.server, email, 'the right password');
    const page = await phonePage(lang);
    await open(page, '/', lang);
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    const dialog = await openDialog(page, lang, 'login');
    await dialog.login(email, 'not the password');
    await expect.poll(() => dialog.submit().innerText()).toBe(t.common.processing);
    expect(await focusIs(page)).toBe('dialog');
    answer();
    await dialog.error().waitFor();
    expect(await dialog.error().innerText()).toBe(seen.loginFailed);
    expect(await dialog.error().getAttribute('role')).toBe('alert');
    await expect.poll(() => focusIs(page)).toBe('dialog error');

    // An address without an account gets the very same message.
    await page.unroute('**/api/auth/login');
    await dialog.email().fill(freshEmail(`nobody-${lang}-`));
    await dialog.submit().click();
    await dialog.error().waitFor();
    expect(await dialog.error().innerText()).toBe(seen.loginFailed);
    await expect.poll(() => focusIs(page)).toBe('dialog error');

    await page.keyboard.press('Escape');
    await dialog.root.waitFor({ state: 'hidden' });
  });

  it('closes the phone menu with Esc and gives the focus back to its button', async () => {
    const page = await phonePage(lang);
    await open(page, '/', lang);
    const nav = page.getByRole('navigation', { name: t.nav.mainNavigation });
    await page.getByRole('button', { name: t.nav.menu, exact: true }).click();
    await nav.getByRole('link', { name: t.nav.features, exact: true }).waitFor();
    await nav.getByRole('link', { name: t.nav.features, exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => nav.isVisible()).toBe(false);
    expect(await focusIs(page)).toBe(t.nav.menu);
    expect(
      await page.getByRole('button', { name: t.nav.menu, exact: true }).getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('puts the focus on the main content with the skip link, also after moving to another page', async () => {
    const page = await phonePage(lang);
    await open(page, '/', lang);
    const skip = page.getByRole('link', { name: t.nav.skipToContent });
    await skip.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusIs(page)).toBe('main');

    await page.getByRole('button', { name: t.nav.menu, exact: true }).click();
    await page
      .getByRole('navigation', { name: t.nav.mainNavigation })
      .getByRole('link', { name: t.nav.features, exact: true })
      .click();
    await expect.poll(() => page.locator('h1').first().innerText()).toBe(featuresCopy[lang].hero.title);
    for (let time = 0; time < 2; time++) {
      await skip.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => focusIs(page)).toBe('main');
    }
    // The next Tab goes on from the content, not from the top of the page.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.querySelector('header')?.contains(document.activeElement)),
    ).toBe(false);
  });

  it('labels the register mode’s button "change password" for a signed-in member', async () => {
    const page = await phonePage(lang);
    await open(page, '/', lang);
    // Signed out, the button says register or change by the master key (AuthDialog.component.test.tsx).
    const email = freshEmail(`label-${lang}-`);
    await createAccount(suite.server, email, 'old password 1');
    const login = await openDialog(page, lang, 'login');
    await login.login(email, 'old password 1');
    await page.getByRole('alertdialog').getByRole('button', { name: t.common.ok }).click();
    await login.root.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: t.auth.changeTitle, exact: true }).first().click();
    await login.root.waitFor();
    expect(await login.root.getByRole('heading').innerText()).toBe(t.auth.changeTitle);
    expect(await login.submit().innerText()).toBe(seen.change);
  });

  it('says how long to wait after too many wrong passwords', async () => {
    const email = freshEmail(`limit-${lang}-`);
    await createAccount(suite.server, email, 'the right password');
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/auth/login', { email, password: `wrong ${i}` })).status).toBe(401);
    }
    const page = await phonePage(lang);
    await open(page, '/', lang);
    const dialog = await openDialog(page, lang, 'login');
    await dialog.login(email, 'the right password');
    await dialog.error().waitFor();
    expect(await dialog.error().innerText()).toBe(seen.tooMany);
    await expect.poll(() => focusIs(page)).toBe('dialog error');
  });

  it("answers that an address is already registered when that address's mails of the hour are used up", async () => {
    const email = freshEmail(`taken-${lang}-`);
    await createAccount(suite.server, email, 'the right password');
    // The verification mail and two reset mails: the limit of 3 an hour is reached.
    for (let i = 0; i < 2; i++) expect((await post('/api/auth/password-reset', { email })).status).toBe(202);
    expect((await post('/api/auth/password-reset', { email })).status).toBe(429);
    const page = await phonePage(lang);
    await open(page, '/', lang);
    const dialog = await openDialog(page, lang, 'register');
    await dialog.register(email, 'another password 1');
    await dialog.error().waitFor();
    expect(await dialog.error().innerText()).toBe(seen.alreadyRegistered);
  });

  it('says in the language when an unsubscribe link is incomplete or unknown, and links home', async () => {
    const page = await phonePage(lang);
    const words = unsubscribeText[lang];
    await page.goto(`${suite.server.url}/unsubscribe?lang=${lang}`);
    await page.getByRole('heading', { name: words.title }).waitFor();
    expect(await page.getByRole('alert').innerText()).toBe(words.missing);
    await page.goto(`${suite.server.url}/unsubscribe?token=${'x'.repeat(43)}&lang=${lang}`);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').innerText()).toBe(t.errors['auth/invalid-action-code']);
    await page.getByRole('main').getByRole('link', { name: actionText[lang].home }).click();
    await expect.poll(() => page.locator('h1').first().innerText()).toBe(t.home.heroTitle);
  });

  it('answers an unknown address with 404 and a not-found page in the language, linking home', async () => {
    const page = await phonePage(lang);
    const response = await page.goto(`${suite.server.url}/no/such/page?lang=${lang}`);
    expect(response?.status()).toBe(404);
    await page.locator('h1').first().waitFor();
    expect(await page.locator('h1').first().innerText()).toBe(seen.notFound);
    expect(await page.locator('html').getAttribute('lang')).toBe(lang);
    await expect.poll(() => page.title()).toBe(t.meta.notFound.title);
    const home = page.getByRole('main').getByRole('link', { name: seen.home });
    expect(await home.getAttribute('href')).toBe('/');
    await home.click();
    await expect.poll(() => page.locator('h1').first().innerText()).toBe(t.home.heroTitle);

    // The language the visitor chose before (its cookie), with no ?lang in the address.
    const later = await page.goto(`${suite.server.url}/features/nothing-here`);
    expect(later?.status()).toBe(404);
    await page.locator('h1').first().waitFor();
    expect(await page.locator('h1').first().innerText()).toBe(seen.notFound);

    // The site's other pages still answer 200.
    for (const path of ['/admin', '/support', '/fortune', '/auth/action', '/unsubscribe', '/app/']) {
      const known = await fetch(`${suite.server.url}${path}?lang=${lang}`);
      expect(known.status, path).toBe(200);
    }
  });
});
