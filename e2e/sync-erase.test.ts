// Erasing the synced vault to start again with another (issue 31 §2): the account password confirms it — a wrong one
// erases nothing and says so in the member's language — and the vault of this device then becomes the synced one.
import { describe, expect, it } from 'vitest';
import { catalog } from '../src/shared/i18n/index.js';
import type { Lang } from './pages/site.js';
import { DETAIL, MASTER, PASSWORD, syncMember } from './pages/sync.js';
import { browserSuite } from './support/suite.js';

const suite = browserSuite();

/** This file's journeys run in English: the files alternate, and e2e/bilingual.test.ts shows every screen in both. */
const lang: Lang = 'en';

describe(`erasing the synced vault in ${lang}`, () => {
  it('asks for the account password, erases nothing on a wrong one, then starts again with this vault', async () => {
    const [laptop, phone] = await syncMember(suite, lang, 2);
    await laptop!.startSyncing();
    await laptop!.app.go('diary');
    await laptop!.addDiary('On the laptop', 'Synced first.');
    await laptop!.sent();

    // The phone made a vault of its own, kept locally; turning sync on finds the account syncs another one.
    await phone!.app.open('diary');
    await phone!.page.getByRole('button', { name: phone!.sync.join.instead }).click();
    await phone!.app.createVault('Another master key 2026!', { sync: false });
    await phone!.app.enterDetailPassword('0000');
    await phone!.app.changeDefaultDetailPassword(DETAIL);
    await phone!.addDiary('On the phone', 'Its own vault.');
    await phone!.app.go('settings');
    await phone!.page.getByRole('button', { name: phone!.sync.panel.turnOn }).click();
    await phone!.page.getByText(phone!.sync.panel.otherVault).waitFor();
    await phone!.page.getByRole('button', { name: phone!.sync.panel.eraseSynced }).click();
    const dialog = phone!.app.dialog(phone!.sync.panel.eraseSynced);
    await dialog.getByText(phone!.sync.panel.erasePasswordHint).waitFor();

    // A wrong password: nothing is erased, and the words are the member's.
    await dialog.getByLabel(phone!.sync.panel.erasePassword, { exact: true }).fill('not my password');
    await dialog.getByRole('button', { name: phone!.sync.panel.eraseSynced }).click();
    await dialog.getByText(catalog[lang].errors['auth/wrong-password']).waitFor();
    const state = await phone!.page.evaluate(async () => (await fetch('/api/sync')).json());
    expect(state.vault).not.toBeNull();
    expect(state.latest).toBeGreaterThan(0);

    // The account password: the synced vault goes, and this vault becomes the synced one.
    await dialog.getByLabel(phone!.sync.panel.erasePassword, { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: phone!.sync.panel.eraseSynced }).click();
    await dialog.waitFor({ state: 'detached' });
    await phone!.badge(phone!.sync.badge.synced);
    await phone!.sent();
    // The laptop's vault is not this one any more: it says so instead of syncing on.
    await laptop!.page.reload();
    await laptop!.app.unlock(MASTER);
    await laptop!.page.locator('.sync-badge[data-sync-state="error"]').waitFor({ timeout: 30_000 });
  });
});
