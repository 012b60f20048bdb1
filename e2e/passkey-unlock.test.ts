// Unlocking the app's vault with a fingerprint or face (issue 33), in Chromium with its virtual authenticator and
// the PRF extension (CDP WebAuthn, ctap2, internal transport, hasPrf): turned on with the master password, then
// the lock screen's one touch; a cancelled check falls back to the password on the same screen; turned off from
// another device; ended by a new master password; the 14-day and 5-failure rules on the test clock; a browser or
// authenticator without the PRF; and, signed out, one check that signs in and unlocks.
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { shellText } from '../src/app/copy.js';
import { catalog } from '../src/shared/i18n/index.js';
import { browserSuite } from './support/suite.js';
import { members } from './pages/members.js';
import { virtualAuthenticator, type VirtualAuthenticator } from './pages/authenticator.js';
import type { Lang } from './pages/site.js';

const suite = browserSuite();

/** This file's journeys run in English: the files alternate, and e2e/bilingual.test.ts shows every screen in both. */
const lang: Lang = 'en';
const MASTER = 'Passkey master key 2026!';
const { member, device } = members(suite, 'unlock');
const DAY_MS = 24 * 60 * 60 * 1000;

/** How many times the authenticator has been used (each check signs once). */
async function signatures(auth: VirtualAuthenticator): Promise<number> {
  const { credentials } = await auth.cdp.send('WebAuthn.getCredentials', { authenticatorId: auth.id });
  return credentials.reduce((sum, credential) => sum + credential.signCount, 0);
}

function passkeyText(lang: Lang) {
  return shellText[lang].passkey;
}

/** A member's device with a new vault, the authenticator added, the app open on its home screen. */
async function openDevice(lang: Lang, email: string, prf = true) {
  const app = await device(lang, email);
  const auth = await virtualAuthenticator(app.page, { prf });
  await app.open();
  await app.createVault(MASTER);
  return { app, auth };
}

describe(`fingerprint or face unlock in ${lang}`, () => {
  const text = passkeyText(lang);

  it('turns on with the master password, then unlocks with one touch; the PRF output never leaves the page', async () => {
    const { app, auth } = await openDevice(lang, await member(lang));
    const bodies: string[] = [];
    app.page.on('request', (request) => {
      if (request.url().includes('/api/')) bodies.push(request.postData() ?? '');
    });
    // Nothing typed: asked for, nothing made.
    await app.go('settings');
    const panel = app.page.getByRole('region', { name: text.settings.heading });
    await panel.getByRole('button', { name: text.settings.turnOn }).click();
    await panel.getByRole('alert').getByText(app.text.unlock.required).waitFor();
    expect(await signatures(auth)).toBe(0);
    await app.turnOnPasskeyUnlock(MASTER);
    await app.toast(text.settings.on);
    await panel.getByRole('list').getByText(text.settings.thisDevice).waitFor();

    await app.lock();
    await expect
      .poll(() => app.passkeyUnlockButton().evaluate((button) => button === document.activeElement))
      .toBe(true);
    const before = await signatures(auth);
    await app.passkeyUnlockButton().click();
    await app.nav().waitFor();
    expect(await signatures(auth)).toBe(before + 1);
    await app.go('settings');
    await panel.getByText(text.settings.session.passkey).waitFor();
    const session = await app.page.evaluate(() => sessionStorage.getItem('mygenie.app.session'));
    expect(JSON.parse(session!)).toMatchObject({ biometricLogin: true });
    // Nothing of the extension's answer was sent: no request body carries a PRF result.
    expect(bodies.filter((body) => /"prf"|"results"/.test(body))).toEqual([]);
  });

  it('keeps the screen and its password field when the check is cancelled or refused', async () => {
    const { app, auth } = await openDevice(lang, await member(lang));
    await app.turnOnPasskeyUnlock(MASTER);
    await app.toast(text.settings.on);
    await app.lock();
    await auth.cdp.send('WebAuthn.setUserVerified', { authenticatorId: auth.id, isUserVerified: false });
    await app.passkeyUnlockButton().click();
    await app.page.getByRole('alert').getByText(text.problems.denied).waitFor();
    const password = app.page.getByLabel(app.text.unlock.password, { exact: true });
    await expect.poll(() => password.evaluate((input) => input === document.activeElement)).toBe(true);
    await app.unlock(MASTER);
    await app.nav().waitFor();
  });

  it('stops unlocking on a device whose passkey was turned off on another device', async () => {
    const email = await member(lang);
    const phone = await openDevice(lang, email);
    await phone.app.turnOnPasskeyUnlock(MASTER);
    await phone.app.toast(text.settings.on);
    await phone.app.lock();

    // The member's laptop: its own vault, the same account; the phone's entry turned off from its list.
    const laptop = await device(lang, email);
    await laptop.open();
    await laptop.createVault(MASTER);
    await laptop.go('settings');
    const list = laptop.page.getByRole('region', { name: text.settings.heading }).getByRole('list');
    await list.getByRole('button', { name: new RegExp(`^${text.settings.remove}: `) }).click();
    await laptop.page.getByText(text.settings.none).waitFor();

    // The phone was asked about the laptop's sign-in (approved meanwhile): opened again, it shows its lock screen.
    await phone.app.page.reload();
    await phone.app.passkeyUnlockButton().click();
    await phone.app.page.getByRole('alert').getByText(text.problems.ended).waitFor();
    await phone.app.passkeyUnlockButton().waitFor({ state: 'detached' });
    await phone.app.unlock(MASTER);
    await phone.app.nav().waitFor();
    await phone.app.page.reload();
    await phone.app.page.getByRole('heading', { name: phone.app.text.unlock.title }).waitFor();
    expect(await phone.app.passkeyUnlockButton().count()).toBe(0);
  });

  it('ends on every device with a new master password', async () => {
    const email = await member(lang);
    const { app } = await openDevice(lang, email);
    await app.turnOnPasskeyUnlock(MASTER);
    await app.toast(text.settings.on);
    const settings = (await import('../src/app/modules/settings/copy.js')).settingsText[lang];
    const master = app.page.getByRole('region', { name: settings.master.heading });
    await master.getByLabel(settings.master.current, { exact: true }).fill(MASTER);
    await master.getByLabel(settings.master.next, { exact: true }).fill(`${MASTER} new`);
    await master.getByLabel(settings.master.confirm, { exact: true }).fill(`${MASTER} new`);
    await master.getByRole('button', { name: settings.master.submit }).click();
    await app.toast(settings.master.changed);
    await app.page
      .getByRole('region', { name: text.settings.heading })
      .getByText(text.settings.none)
      .waitFor();
    await app.lock();
    expect(await app.passkeyUnlockButton().count()).toBe(0);
    await app.unlock(`${MASTER} new`);
    await app.nav().waitFor();
  });

  it('asks for the master password after 14 days without it, and after 5 failed checks', async () => {
    const { app, auth } = await openDevice(lang, await member(lang));
    await app.turnOnPasskeyUnlock(MASTER);
    await app.toast(text.settings.on);
    await app.lock();
    // The test clock, 14 days on: the page's time flows from there.
    await app.page.clock.install({ time: Date.now() + 14 * DAY_MS + 60_000 });
    await app.page.reload();
    await app.page.getByText(text.due.days).waitFor();
    expect(await app.passkeyUnlockButton().count()).toBe(0);
    await app.unlock(MASTER);
    await app.nav().waitFor();

    await app.lock();
    // Five checks the authenticator refuses (a fingerprint that does not match). Chromium's virtual authenticator,
    // as a real one, then keeps refusing until its own check is reset; the app asks for the master password.
    await auth.cdp.send('WebAuthn.setUserVerified', { authenticatorId: auth.id, isUserVerified: false });
    // Each click waits for the button, which is disabled while a check runs.
    for (let failure = 1; failure <= 5; failure++) await app.passkeyUnlockButton().click();
    await app.page.getByRole('alert').getByText(text.problems.denied).waitFor();
    await app.page.getByText(text.due.failures).waitFor();
    expect(await app.passkeyUnlockButton().count()).toBe(0);
    await app.unlock(MASTER);
    await app.nav().waitFor();
    // The master password given, the count starts again: the passkey is offered first once more.
    await app.lock();
    await app.passkeyUnlockButton().waitFor();
    expect(await app.page.getByText(text.due.failures).count()).toBe(0);
  });

  it('unlocks offline with the authenticator’s own check', async () => {
    const { app } = await openDevice(lang, await member(lang));
    await app.turnOnPasskeyUnlock(MASTER);
    await app.toast(text.settings.on);
    await app.lock();
    await app.page.context().setOffline(true);
    await app.passkeyUnlockButton().click();
    await app.nav().waitFor();
    await app.page.getByText(app.text.header.offline).waitFor();
    await app.page.context().setOffline(false);
  });

  for (const shown of ['en', 'ko'] as const) {
    it(`says so where the authenticator gives no PRF output, offers nothing that cannot work, and leaves no passkey behind (${shown})`, async () => {
      const words = passkeyText(shown);
      const { app } = await openDevice(shown, await member(shown), false);
      await app.turnOnPasskeyUnlock(MASTER);
      const panel = app.page.getByRole('region', { name: words.settings.heading });
      await panel.getByText(words.problems['no-prf']).first().waitFor();
      await panel.getByText(words.settings.none).waitFor();
      // Nothing more is offered here: the button that cannot work is gone, and stays gone after a reload.
      const turnOn = panel.getByRole('button', { name: words.settings.turnOn });
      expect(await turnOn.count()).toBe(0);
      // The passkey made for the unlock went again: the member asked for no sign-in passkey (issue 43).
      const passkeys = () =>
        app.page.evaluate(
          async () => (await (await fetch('/api/passkeys')).json()).passkeys.length as number,
        );
      await expect.poll(passkeys).toBe(0);
      await app.page.reload();
      await app.unlock(MASTER);
      await app.go('settings');
      await app.page
        .getByRole('region', { name: words.settings.heading })
        .getByText(words.problems['no-prf'])
        .waitFor();
      expect(await turnOn.count()).toBe(0);
      await app.lock();
      expect(await app.passkeyUnlockButton().count()).toBe(0);
    });
  }

  it('sends the member to the master password, not to the site’s ID and password, when the check is refused', async () => {
    const { app } = await openDevice(lang, await member(lang));
    await app.turnOnPasskeyUnlock(MASTER);
    await app.toast(text.settings.on);
    await app.lock();
    // The server has seen a higher count from this passkey than the authenticator now gives (a copied key): it
    // refuses the check.
    const database = new Database(path.join(suite.server.dataDir, 'mygenie.db'));
    try {
      database.prepare('UPDATE passkeys SET counter = 1000000').run();
    } finally {
      database.close();
    }
    await app.passkeyUnlockButton().click();
    await app.page.getByRole('alert').getByText(text.problems.copied).waitFor();
    expect(await app.page.getByText(catalog[lang].errors['passkey/counter-rejected']).count()).toBe(0);
    await app.unlock(MASTER);
    await app.nav().waitFor();
  });

  it('signed out, signs in and unlocks with one check', async () => {
    const { app, auth } = await openDevice(lang, await member(lang));
    await app.turnOnPasskeyUnlock(MASTER);
    await app.toast(text.settings.on);
    await app.page.getByRole('button', { name: app.text.header.logout }).click();
    await app.page.waitForURL((url) => !url.pathname.startsWith('/app'));
    await app.open();
    await app.page.getByRole('heading', { name: text.signIn.title }).waitFor();
    const before = await signatures(auth);
    await app.page.getByRole('button', { name: text.signIn.button }).click();
    await app.nav().waitFor();
    expect(await signatures(auth)).toBe(before + 1);
  });
});
