// The new-device check answered from the app (issue 31 §3.1): a device with only the app open is asked "a new login —
// is this you?" as the site asks; the master password, checked by the app's vault, lets the new browser in, and "no"
// blocks it and signs the app out with the description's message, its vault kept on the device. The app hears it on
// the page's one event stream, the one its sync uses.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shellText } from '../src/app/copy.js';
import { catalog } from '../src/shared/i18n/index.js';
import { HomePageModel, type Lang } from './pages/site.js';
import { MASTER, PASSWORD, syncMember, type Device } from './pages/sync.js';
import { browserSuite } from './support/suite.js';
import { toastShown } from './support/toasts.js';

const suite = browserSuite();

/** This file's journeys run in Korean: the files alternate, and e2e/bilingual.test.ts shows every screen in both. */
const lang: Lang = 'ko';

/** The event streams a page holds open now (a closed EventSource's request fails, a finished one ends). */
function openStreams(page: Page): () => number {
  let open = 0;
  const isStream = (url: string) => new URL(url).pathname === '/api/events';
  page.on('request', (request) => {
    if (isStream(request.url())) open += 1;
  });
  const done = (request: { url(): string }) => {
    if (isStream(request.url())) open -= 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => open;
}

/** Device A: the app open with its vault (syncing, so the engine listens too), and no tab of the site. */
async function appDevice(lang: Lang): Promise<{ device: Device; streams: () => number }> {
  const [device] = await syncMember(suite, lang, 1);
  const streams = openStreams(device!.page);
  await device!.startSyncing();
  // Holding the vault, the app has told the server this browser can check the master key: it is the one asked.
  await expect
    .poll(() =>
      device!.page.evaluate(async () => {
        const { sessions } = (await (await fetch('/api/sessions')).json()) as {
          sessions: Array<{ current: boolean; canConfirm: boolean }>;
        };
        return sessions.find((session) => session.current)?.canConfirm;
      }),
    )
    .toBe(true);
  return { device: device!, streams };
}

/** Browser B, new to the member, signs in on the site: the sign-in waits for another device's answer. */
async function newBrowser(lang: Lang, email: string): Promise<HomePageModel> {
  const context = await suite.newContext({ locale: lang === 'ko' ? 'ko-KR' : 'en-US' });
  const home = new HomePageModel(await context.newPage(), lang, suite.server.url);
  await home.open();
  await home.openLogin();
  await home.dialog.login(email, PASSWORD);
  await home.popup.root.waitFor();
  expect(await home.popup.message().innerText()).toBe(catalog[lang].auth.success.pending);
  await home.popup.confirm();
  await home.pending().waitFor();
  return home;
}

/** Starts a wait now and gives its outcome later; a failure is held, never unhandled, if the test stops first. */
function watching(wait: Promise<void>): () => Promise<void> {
  const outcome = wait.then(
    () => null,
    (error: unknown) => error,
  );
  return async () => {
    const error = await outcome;
    if (error) throw error;
  };
}

describe(`a new sign-in answered in the app (${lang})`, () => {
  const text = catalog[lang];

  it('asks in the app, and the master password lets the new browser in', async () => {
    const { device: a, streams } = await appDevice(lang);
    const b = await newBrowser(lang, a.email);

    const prompt = a.page.getByRole('alertdialog', { name: text.newLogin.title });
    await prompt.waitFor({ timeout: 20_000 });
    // Asked on the stream the app's sync listens on: one per page, not one more.
    expect(streams()).toBe(1);
    await prompt.getByRole('button', { name: text.newLogin.yes }).click();
    // Asked in the app's words: the vault's master password.
    await prompt.getByText(shellText[lang].newLogin.lead).waitFor();
    await prompt.getByLabel(shellText[lang].newLogin.password, { exact: true }).fill(MASTER);
    // The new browser's toast is watched for from the answer on: it lasts TOAST_MS, while this side is checked.
    const approvedThere = watching(toastShown(b.page, text.auth.pending.approved, { timeout: 30_000 }));
    await prompt.getByRole('button', { name: text.newLogin.confirm }).click();
    await a.app.toast(text.newLogin.confirmed);
    await prompt.waitFor({ state: 'detached' });

    await approvedThere();
    await b.welcome().waitFor();
    // The app goes on as it was.
    await a.app.nav().waitFor();
    await a.badge(a.sync.badge.synced);
  });

  it('blocks the new browser on "no", and signs the app out with the message, its vault kept', async () => {
    const { device: a } = await appDevice(lang);
    const b = await newBrowser(lang, a.email);

    const prompt = a.page.getByRole('alertdialog', { name: text.newLogin.title });
    await prompt.waitFor({ timeout: 20_000 });
    const refusedThere = watching(toastShown(b.page, text.auth.pending.refused, { timeout: 30_000 }));
    await prompt.getByRole('button', { name: text.newLogin.no }).click();
    const blocked = a.page.getByRole('alertdialog', { name: text.auth.confirmTitle });
    await blocked.getByText(text.newLogin.blocked).waitFor();
    // Nothing of the vault shows behind the message: it is locked at once.
    expect(await a.app.nav().count()).toBe(0);
    await blocked.getByRole('button', { name: text.common.ok }).click();
    await a.page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('lang') === lang);
    const site = new HomePageModel(a.page, lang, suite.server.url);
    await site.hero().getByRole('button', { name: text.nav.login, exact: true }).waitFor();
    const session = await a.page.evaluate(async () => (await fetch('/api/session')).json());
    expect(session).toMatchObject({ user: null });
    // Left as a logout with sync on does not: the vault stays on this device, sealed.
    const vaults = await a.page.evaluate(async () =>
      (await indexedDB.databases()).map((db) => db.name).filter((name) => name?.startsWith('mygenie-vault-')),
    );
    expect(vaults).toHaveLength(1);

    await refusedThere();
    await b.hero().getByRole('button', { name: text.nav.login, exact: true }).waitFor();
  });
});
