// The new-device check with two browser contexts as two devices, each talking to its own server process on one
// database: the new device is told its sign-in waits for approval (and can do nothing else meanwhile); the
// signed-in device is asked live "a new login — is this you?"; confirming with the right master key lets the new
// device in at once, a wrong key blocks it and signs out the device that refused.
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer } from '../scripts/server.mjs';
import { DEVICE_EVENTS_SAFETY_POLL_MS, STORAGE_KEYS } from '../src/shared/constants.js';
import { catalog } from '../src/shared/i18n/index.js';
import { fill } from '../src/shared/text.js';
import { codeCopy } from '../src/site/auth/sign-in-code-copy.js';
import { createMasterKeyVerifier } from '../src/shared/master-key.js';
import { HomePageModel, type Lang } from './pages/site.js';
import { createAccount, signInContext } from './support/accounts.js';
import { browserSuite } from './support/suite.js';
import { toastShown } from './support/toasts.js';

const suite = browserSuite();
/**
 * On SQLite the two processes share no live bus: news crosses between them at the event stream's safety poll, so
 * within one poll of the stream's last one, and twice that is waited for on a busy machine.
 */
const CROSSING_MS = 2 * DEVICE_EVENTS_SAFETY_POLL_MS;
const PASSWORD = 'member-password-1';
const MASTER = 'device master key 2026';
let second: { url: string; stop(): Promise<void> } | undefined;
let verifier = '';

beforeAll(async () => {
  // A second server process on the same database: the news must cross processes.
  second = await startBuiltServer({ dataDir: suite.server.dataDir, stdio: 'ignore' });
  verifier = JSON.stringify(await createMasterKeyVerifier(MASTER));
});
afterAll(async () => {
  await second?.stop();
});

async function signedInDevice(
  lang: Lang,
  email: string,
): Promise<{ home: HomePageModel; context: BrowserContext }> {
  const context = await suite.newContext({ locale: lang === 'ko' ? 'ko-KR' : 'en-US' });
  // The MyGenie app on this device wrote its master-key verifier when its vault was set up.
  await context.addInitScript(
    ([key, value]) => localStorage.setItem(key!, value!),
    [STORAGE_KEYS.masterKeyVerifier, verifier],
  );
  await signInContext(suite.server, context, email, PASSWORD);
  const page = await context.newPage();
  // Holding the verifier, the page tells the server this device can check the master key: it is the one asked.
  const told = page.waitForResponse((response) => response.url().endsWith('/api/session/can-confirm'));
  const home = new HomePageModel(page, lang, suite.server.url);
  await home.open();
  await home.welcome().waitFor();
  expect((await told).status()).toBe(204);
  return { home, context };
}

/** A device signed in with no vault and no verifier (the browser that verified the address, say). */
async function deviceWithoutVault(lang: Lang, email: string): Promise<HomePageModel> {
  const context = await suite.newContext({ locale: lang === 'ko' ? 'ko-KR' : 'en-US' });
  await signInContext(suite.server, context, email, PASSWORD);
  const home = new HomePageModel(await context.newPage(), lang, suite.server.url);
  await home.open();
  await home.welcome().waitFor();
  return home;
}

/** The one-time code of the newest sign-in mail to `email`. */
async function mailedCode(email: string, after: number): Promise<string> {
  const mail = await suite.server.mailTo(email, after);
  return /(?:Code|확인 코드): ([0-9]{6})/.exec(mail.text)![1]!;
}

/**
 * Signs in on a browser new to the member: the sign-in waits, and the page says so in its language — for the device
 * that can check the master key, or for the code mailed to the member where none can.
 */
async function newDevice(
  lang: Lang,
  email: string,
  confirmBy: 'device' | 'code' = 'device',
): Promise<HomePageModel> {
  const text = catalog[lang];
  const context = await suite.newContext({ locale: lang === 'ko' ? 'ko-KR' : 'en-US' });
  const home = new HomePageModel(await context.newPage(), lang, second!.url);
  await home.open();
  await home.openLogin();
  await home.dialog.login(email, PASSWORD);
  await home.popup.root.waitFor();
  expect(await home.popup.message().innerText()).toBe(
    confirmBy === 'code' ? fill(text.auth.success.pendingCode, { email }) : text.auth.success.pending,
  );
  await home.popup.confirm();
  await home.pending().waitFor();
  // The code's panel loads its code as it is first shown (a spinner meanwhile).
  await expect
    .poll(() => home.pending().innerText())
    .toContain(
      fill(confirmBy === 'code' ? codeCopy[lang].codeMessage : text.auth.pending.message, { email }),
    );
  expect(await home.welcome().count()).toBe(0);
  // Nothing of the member's is reachable meanwhile.
  const documents = await home.page.evaluate(async () => (await fetch('/api/documents')).json());
  expect(documents).toMatchObject({ error: { code: 'session/pending' } });
  return home;
}

describe('new-device check', () => {
  it('is confirmed with the master key on the signed-in device (ko)', async () => {
    const text = catalog.ko;
    const email = `newdevice-ko.${Date.now()}@example.com`;
    await createAccount(suite.server, email, PASSWORD);
    const { home, context } = await signedInDevice('ko', email);
    // A second tab of the same browser: it is asked too, and its question closes once the first tab answered.
    const tab = new HomePageModel(await context.newPage(), 'ko', suite.server.url);
    await tab.open();
    await tab.welcome().waitFor();
    const fresh = await newDevice('ko', email);

    const prompt = home.page.getByRole('alertdialog', { name: text.newLogin.title });
    await prompt.waitFor({ timeout: CROSSING_MS });
    const asked = tab.page.getByRole('alertdialog', { name: text.newLogin.title });
    await asked.waitFor({ timeout: CROSSING_MS });
    await prompt.getByText(text.devices.names.Desktop, { exact: false }).waitFor();
    await prompt.getByRole('button', { name: text.newLogin.yes }).click();
    await prompt.getByLabel(text.newLogin.masterKey).fill(MASTER);
    await prompt.getByRole('button', { name: text.newLogin.confirm }).click();
    await toastShown(home.page, text.newLogin.confirmed);
    await asked.waitFor({ state: 'detached', timeout: CROSSING_MS });
    const sessions = (await (await context.request.get(`${suite.server.url}/api/sessions`)).json()) as {
      sessions: Array<{ pending: boolean }>;
    };
    expect(sessions.sessions).toHaveLength(2);
    expect(sessions.sessions.every((session) => !session.pending)).toBe(true);
    // The waiting page follows by itself.
    await toastShown(fresh.page, text.auth.pending.approved, { timeout: CROSSING_MS });
    await fresh.welcome().waitFor();
  });

  it('blocks the new login on a wrong master key and signs out the device that refused (en)', async () => {
    const text = catalog.en;
    const email = `newdevice-en.${Date.now()}@example.com`;
    await createAccount(suite.server, email, PASSWORD);
    const { home, context } = await signedInDevice('en', email);
    const tab = new HomePageModel(await context.newPage(), 'en', suite.server.url);
    await tab.open();
    await tab.welcome().waitFor();
    const fresh = await newDevice('en', email);

    const prompt = home.page.getByRole('alertdialog', { name: text.newLogin.title });
    await prompt.waitFor({ timeout: CROSSING_MS });
    const asked = tab.page.getByRole('alertdialog', { name: text.newLogin.title });
    await asked.waitFor({ timeout: CROSSING_MS });
    await prompt.getByRole('button', { name: text.newLogin.yes }).click();
    await prompt.getByLabel(text.newLogin.masterKey).fill('not the master key');
    await prompt.getByRole('button', { name: text.newLogin.confirm }).click();
    await home.popup.root.getByText(text.newLogin.blocked).waitFor();
    // The other tab's question closes (its session ended with the block).
    await asked.waitFor({ state: 'detached', timeout: CROSSING_MS });
    await home.popup.confirm();
    await home.hero().getByRole('button', { name: text.nav.login, exact: true }).waitFor();
    // The blocked device learns it live and shows it is signed out.
    await toastShown(fresh.page, text.auth.pending.refused, { timeout: CROSSING_MS });
    await fresh.hero().getByRole('button', { name: text.nav.login, exact: true }).waitFor();
  });

  it('asks no browser without the vault, and signs in with the code mailed to the member (ko, issue 43)', async () => {
    const text = catalog.ko;
    const words = codeCopy.ko;
    const email = `nocheck-ko.${Date.now()}@example.com`;
    await createAccount(suite.server, email, PASSWORD, true, 'ko');
    // The browser that verified the address: signed in, no vault, no verifier — it cannot be asked.
    const first = await deviceWithoutVault('ko', email);
    const fresh = await newDevice('ko', email, 'code');
    const code = await mailedCode(email, 1);
    const field = fresh.pending().getByLabel(words.codeLabel);
    await field.fill(code === '000000' ? '000001' : '000000');
    await fresh.pending().getByRole('button', { name: words.codeSubmit }).click();
    await fresh.pending().getByRole('alert').getByText(text.errors['session/wrong-code']).waitFor();
    // Typed as it may be copied, with a space: only the digits count.
    await field.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await fresh.pending().getByRole('button', { name: words.codeSubmit }).click();
    await toastShown(fresh.page, words.confirmed);
    await fresh.welcome().waitFor();
    // The first browser was never asked (no prompt it could only fail), and is still signed in.
    await first.page.reload();
    await first.welcome().waitFor();
    expect(await first.page.getByRole('alertdialog', { name: text.newLogin.title }).count()).toBe(0);
  });

  it('takes the code from the header on any page, after asking for a new one (en, issue 43)', async () => {
    const text = catalog.en;
    const words = codeCopy.en;
    const email = `nocheck-en.${Date.now()}@example.com`;
    await createAccount(suite.server, email, PASSWORD);
    await deviceWithoutVault('en', email);
    const fresh = await newDevice('en', email, 'code');
    const first = await mailedCode(email, 1);
    await fresh.open('/download');
    const header = fresh.page.locator('.account');
    await header.getByRole('button', { name: text.auth.pending.enterCode }).click();
    const dialog = fresh.page.getByRole('dialog', { name: words.codeTitle });
    await dialog.getByText(fill(words.codeMessage, { email })).waitFor();
    // A new code so soon is refused, said with the wait.
    await dialog.getByRole('button', { name: words.codeResend }).click();
    await dialog
      .getByRole('alert')
      .getByText(/Too many attempts/)
      .waitFor();
    await dialog.getByLabel(words.codeLabel).fill(first);
    await dialog.getByRole('button', { name: words.codeSubmit }).click();
    await toastShown(fresh.page, words.confirmed);
    await header.getByRole('button', { name: text.nav.logout, exact: true }).waitFor();
    expect(await dialog.count()).toBe(0);
  });
});
