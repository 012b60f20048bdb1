// The new-device check with two browser contexts as two devices, each talking to its own server process on one
// database: the new device is told its sign-in waits for approval (and can do nothing else meanwhile); the
// signed-in device is asked live "a new login — is this you?"; confirming with the right master key lets the new
// device in at once, a wrong key blocks it and signs out the device that refused.
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer } from '../scripts/server.mjs';
import { DEVICE_EVENTS_SAFETY_POLL_MS, STORAGE_KEYS } from '../src/shared/constants.js';
import { catalog } from '../src/shared/i18n/index.js';
import { createMasterKeyVerifier } from '../src/shared/master-key.js';
import { HomePageModel, type Lang } from './pages/site.js';
import { createAccount, signInContext } from './support/accounts.js';
import { browserSuite } from './support/suite.js';

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
  const home = new HomePageModel(await context.newPage(), lang, suite.server.url);
  await home.open();
  await home.welcome().waitFor();
  return { home, context };
}

/** Signs in on a browser new to the member: the sign-in waits, and the page says so in its language. */
async function newDevice(lang: Lang, email: string): Promise<HomePageModel> {
  const text = catalog[lang];
  const context = await suite.newContext({ locale: lang === 'ko' ? 'ko-KR' : 'en-US' });
  const home = new HomePageModel(await context.newPage(), lang, second!.url);
  await home.open();
  await home.openLogin();
  await home.dialog.login(email, PASSWORD);
  await home.popup.root.waitFor();
  expect(await home.popup.message().innerText()).toBe(text.auth.success.pending);
  await home.popup.confirm();
  await home.pending().waitFor();
  expect(await home.pending().innerText()).toContain(text.auth.pending.message.replace('{{email}}', email));
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
    await home.page.locator('.toast', { hasText: text.newLogin.confirmed }).waitFor();
    await asked.waitFor({ state: 'detached', timeout: CROSSING_MS });
    const sessions = (await (await context.request.get(`${suite.server.url}/api/sessions`)).json()) as {
      sessions: Array<{ pending: boolean }>;
    };
    expect(sessions.sessions).toHaveLength(2);
    expect(sessions.sessions.every((session) => !session.pending)).toBe(true);
    // The waiting page follows by itself.
    await fresh.page
      .locator('.toast', { hasText: text.auth.pending.approved })
      .waitFor({ timeout: CROSSING_MS });
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
    await fresh.page
      .locator('.toast', { hasText: text.auth.pending.refused })
      .waitFor({ timeout: CROSSING_MS });
    await fresh.hero().getByRole('button', { name: text.nav.login, exact: true }).waitFor();
  });
});
