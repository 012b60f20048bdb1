// Fingerprint / face login with Chromium's virtual authenticator (CDP WebAuthn, ctap2, internal transport):
// register on the home page, log in with the passkey alone, and every refusal the description names shown in
// the member's language — user verification failing, a bogus signature, a deleted credential, an unsupported
// browser, no platform authenticator, a hidden page. And the signed-in devices list: sign out another device.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalog } from '../src/shared/i18n/index.js';
import { HomePageModel, type Lang } from './pages/site.js';
import { createAccount, signInContext } from './support/accounts.js';
import { browserSuite } from './support/suite.js';
import { virtualAuthenticator } from './pages/authenticator.js';
import { toastShown } from './support/toasts.js';

const suite = browserSuite();

/** This file's journeys run in Korean: the files alternate, and e2e/bilingual.test.ts shows every screen in both. */
const lang: Lang = 'ko';
const PASSWORD = 'member-password-1';
let counter = 0;

async function member(lang: Lang): Promise<string> {
  counter += 1;
  const email = `passkey-${lang}-${counter}.${Date.now()}@example.com`;
  await createAccount(suite.server, email, PASSWORD);
  return email;
}

interface Device {
  home: HomePageModel;
  page: Page;
  context: BrowserContext;
  cdp: CDPSession | null;
  authenticatorId: string | null;
}

/** A browser with (or without) a platform authenticator that verifies its user. */
async function device(
  lang: Lang,
  options: { authenticator?: boolean; script?: string; email?: string } = {},
): Promise<Device> {
  const context = await suite.newContext({ locale: lang === 'ko' ? 'ko-KR' : 'en-US' });
  if (options.script) await context.addInitScript(options.script);
  if (options.email) await signInContext(suite.server, context, options.email, PASSWORD);
  const page = await context.newPage();
  let cdp: CDPSession | null = null;
  let authenticatorId: string | null = null;
  if (options.authenticator !== false) ({ cdp, id: authenticatorId } = await virtualAuthenticator(page));
  const home = new HomePageModel(page, lang, suite.server.url);
  await home.open();
  return { home, page, context, cdp, authenticatorId };
}

async function fingerprintLogin(home: HomePageModel) {
  await home.openLogin();
  await home.dialog.root.getByRole('button', { name: home.text.biometric.loginButton }).click();
}

describe(`passkeys in ${lang}`, () => {
  const text = catalog[lang];

  it('registers a fingerprint on the home page and logs in with it alone', async () => {
    const email = await member(lang);
    const { home, page } = await device(lang, { email });
    await home.welcome().waitFor();
    await page.getByRole('button', { name: text.biometric.register }).click();
    await toastShown(page, text.biometric.registered);
    const list = page.getByRole('list', { name: text.biometric.listLabel });
    await list.getByText(text.biometric.never).waitFor();

    await home.logout();
    await fingerprintLogin(home);
    await home.popup.root.getByText(text.auth.success.login).waitFor();
    await home.popup.confirm();
    await home.welcome().waitFor();
    expect(await home.welcome().textContent()).toContain(email.split('@')[0]);
    await page.reload();
    await list.getByText(text.biometric.used.split('{{date}}')[0]!.trim()).waitFor();
  });
});

describe('fingerprint button with the e-mail and password typed in', () => {
  it('logs in and registers the fingerprint in one go; next time the fingerprint alone signs in (en)', async () => {
    const text = catalog.en;
    const email = await member('en');
    const { home } = await device('en');
    await home.openLogin();
    await home.dialog.email().fill(email);
    await home.dialog.password().fill(PASSWORD);
    await home.dialog.root.getByRole('button', { name: text.biometric.loginButton }).click();
    await home.popup.root.getByText(text.biometric.registered).waitFor();
    await home.popup.confirm();
    await home.welcome().waitFor();
    await home.logout();
    await fingerprintLogin(home);
    await home.popup.root.getByText(text.auth.success.login).waitFor();
    await home.popup.confirm();
    await home.welcome().waitFor();
  });
});

describe('passkey refusals', () => {
  const text = catalog.en;

  it('says so when user verification fails, the signature is bogus, or the passkey was deleted', async () => {
    const email = await member('en');
    const { home, page, cdp, authenticatorId } = await device('en', { email });
    await page.getByRole('button', { name: text.biometric.register }).click();
    await toastShown(page, text.biometric.registered);
    await home.logout();

    await cdp!.send('WebAuthn.setUserVerified', { authenticatorId: authenticatorId!, isUserVerified: false });
    await fingerprintLogin(home);
    await home.dialog.error().getByText(text.biometric.loginDenied).waitFor();
    await cdp!.send('WebAuthn.setUserVerified', { authenticatorId: authenticatorId!, isUserVerified: true });

    await cdp!.send('WebAuthn.setResponseOverrideBits', {
      authenticatorId: authenticatorId!,
      isBogusSignature: true,
    });
    await home.dialog.root.getByRole('button', { name: text.biometric.loginButton }).click();
    await home.dialog.error().getByText(text.errors['passkey/verification-failed']).waitFor();
    await cdp!.send('WebAuthn.setResponseOverrideBits', {
      authenticatorId: authenticatorId!,
      isBogusSignature: false,
    });

    // Deleted on the server (from the list), still on the device: the server no longer knows it.
    await home.dialog.login(email, PASSWORD);
    await home.popup.confirm();
    await page.getByRole('button', { name: text.biometric.delete }).click();
    await home.popup.confirm();
    await page.getByText(text.biometric.none).waitFor();
    await home.logout();
    await fingerprintLogin(home);
    await home.dialog.error().getByText(text.errors['passkey/not-found']).waitFor();
  });

  it('explains an unsupported browser, a missing platform authenticator and a hidden page', async () => {
    const email = await member('en');
    const unsupported = await device('en', {
      email,
      authenticator: false,
      script: 'delete window.PublicKeyCredential;',
    });
    await unsupported.page.getByRole('button', { name: text.biometric.register }).click();
    await unsupported.page.getByText(text.biometric.unsupported).waitFor();

    const noPlatform = await device('en', { email, authenticator: false });
    await noPlatform.page.getByRole('button', { name: text.biometric.register }).click();
    await noPlatform.page.getByText(text.biometric.noPlatform).waitFor();
    // Where no fingerprint can be used, the login dialog offers none.
    await noPlatform.home.logout();
    await noPlatform.home.openLogin();
    expect(
      await noPlatform.home.dialog.root.getByRole('button', { name: text.biometric.loginButton }).count(),
    ).toBe(0);

    const hidden = await device('en', {
      email,
      script: "Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });",
    });
    await hidden.page.getByRole('button', { name: text.biometric.register }).click();
    await hidden.page.getByText(text.biometric.hidden).waitFor();
  });
});

describe('signed-in devices', () => {
  it('lists the account’s devices and signs another one out (ko)', async () => {
    const text = catalog.ko;
    const email = await member('ko');
    const other = await device('ko', { email, authenticator: false });
    const mine = await device('ko', { email, authenticator: false });
    const list = mine.page.getByRole('list', { name: text.devices.title });
    await list.getByText(text.devices.current).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(2);
    await list.getByRole('button', { name: text.devices.end }).click();
    await mine.home.popup.confirm();
    await toastShown(mine.page, text.devices.ended);
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);

    await other.page.reload();
    await other.home.hero().getByRole('button', { name: text.nav.login, exact: true }).waitFor();
  });
});
