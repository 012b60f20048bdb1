// The MyGenie app as a person uses it, in either language: the labels come from the app's own copy.
import type { Locator, Page } from 'playwright-core';
import { shellText } from '../../src/app/copy.js';
import { backupText } from '../../src/app/modules/backup/copy.js';
import type { AppScreen } from '../../src/app/shell/pages.js';
import { syncText } from '../../src/app/modules/sync/copy.js';
import type { Lang } from './site.js';
import { virtualAuthenticator, type VirtualAuthenticator } from './authenticator.js';
import { reportToasts, toastShown } from '../support/toasts.js';

export class AppModel {
  readonly text;

  constructor(
    readonly page: Page,
    readonly lang: Lang,
    readonly baseUrl: string,
  ) {
    this.text = shellText[lang];
  }

  async open(screen?: AppScreen): Promise<void> {
    const query = new URLSearchParams({ lang: this.lang, v: String(Date.now()) });
    if (screen) query.set('page', screen);
    await this.page.goto(`${this.baseUrl}/app/index.html?${query.toString()}`);
  }

  /** The setup form filled; its sync box (shown online) unticked unless `sync` (sync has tests of its own). */
  async createVault(masterPassword: string, options: { sync?: boolean } = {}): Promise<void> {
    const page = this.page;
    await page.getByRole('heading', { name: this.text.setup.title }).waitFor();
    await page.getByLabel(this.text.setup.password, { exact: true }).fill(masterPassword);
    await page.getByLabel(this.text.setup.confirm, { exact: true }).fill(masterPassword);
    await page.getByLabel(this.text.setup.acknowledge).check();
    const sync = page.getByLabel(syncText[this.lang].setup.label);
    if ((await sync.count()) > 0) await sync.setChecked(options.sync === true);
    await page.getByRole('button', { name: this.text.setup.submit }).click();
    await this.nav().waitFor({ timeout: 30_000 });
  }

  /**
   * A new vault opened on `screen` behind the detail password: created with `masterPassword`, the default
   * detail password entered and changed to `detailPassword` as the app asks the first time.
   */
  async startVault(
    screen: AppScreen,
    masterPassword: string,
    detailPassword: string,
    options: { sync?: boolean } = {},
  ): Promise<void> {
    await this.open(screen);
    await this.createVault(masterPassword, options);
    await this.enterDetailPassword('0000');
    await this.changeDefaultDetailPassword(detailPassword);
  }

  /**
   * The setup screen's restore from a backup file, as a member's new device is set up: the file and its master
   * password given, then the app opened from it (a large backup takes long: `timeout`).
   */
  async restoreFromFile(
    file: Parameters<Locator['setInputFiles']>[0],
    masterPassword: string,
    options: { timeout?: number } = {},
  ): Promise<void> {
    const text = backupText[this.lang];
    await this.page.getByText(text.restoreTitle).click();
    await this.page.getByLabel(text.fileLabel).setInputFiles(file);
    await this.page.getByLabel(text.password, { exact: true }).fill(masterPassword);
    await this.page.getByRole('button', { name: text.restore, exact: true }).click();
    await this.nav().waitFor({ timeout: options.timeout ?? 30_000 });
  }

  async unlock(masterPassword: string): Promise<void> {
    await this.page.getByRole('heading', { name: this.text.unlock.title }).waitFor();
    await this.page.getByLabel(this.text.unlock.password, { exact: true }).fill(masterPassword);
    await this.page.getByRole('button', { name: this.text.unlock.submit, exact: true }).click();
  }

  nav() {
    return this.page.getByRole('navigation', { name: this.text.nav.label });
  }

  /** A platform authenticator for this page (with `prf`, one that can unlock the vault). */
  addAuthenticator(options: { prf?: boolean } = {}): Promise<VirtualAuthenticator> {
    return virtualAuthenticator(this.page, options);
  }

  /** Locks the vault from the header; the unlock screen shows. */
  async lock(): Promise<void> {
    await this.page.getByRole('button', { name: this.text.header.lock }).click();
    await this.page.getByRole('heading', { name: this.text.unlock.title }).waitFor();
  }

  /** Settings → fingerprint or face unlock → "Turn on for this device" with the master password. */
  async turnOnPasskeyUnlock(masterPassword: string): Promise<void> {
    const text = this.text.passkey.settings;
    await this.go('settings');
    const panel = this.page.getByRole('region', { name: text.heading });
    await panel.getByLabel(text.masterPassword, { exact: true }).fill(masterPassword);
    await panel.getByRole('button', { name: text.turnOn }).click();
  }

  /** The lock screen's "Unlock with fingerprint or face". */
  passkeyUnlockButton() {
    return this.page.getByRole('button', { name: this.text.passkey.unlock, exact: true });
  }

  /** Opens a section from the navigation: the tab bar, or on a phone the bottom bar or its "More" sheet. */
  async go(screen: AppScreen): Promise<void> {
    await this.nav().waitFor();
    const link = this.nav().getByRole('link', { name: this.text.nav[screen], exact: true });
    if ((await link.count()) > 0) return link.click();
    await this.nav().getByRole('button', { name: this.text.nav.more }).click();
    await this.dialog(this.text.nav.more)
      .getByRole('link', { name: this.text.nav[screen], exact: true })
      .click();
  }

  async enterDetailPassword(password: string): Promise<void> {
    await this.page.getByRole('textbox', { name: this.text.detail.password, exact: true }).fill(password);
    await this.page.getByRole('button', { name: this.text.detail.submit, exact: true }).click();
  }

  async changeDefaultDetailPassword(next: string): Promise<void> {
    const dialog = this.page.getByRole('dialog', { name: this.text.detail.changeTitle });
    await dialog.getByLabel(this.text.detail.newPassword, { exact: true }).fill(next);
    await dialog.getByLabel(this.text.detail.confirmPassword, { exact: true }).fill(next);
    await dialog.getByRole('button', { name: this.text.detail.save, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  dialog(name: string) {
    return this.page.getByRole('dialog', { name });
  }

  /** Makes the context's pages report their toasts (e2e/support/toasts.ts), for contexts made outside a suite. */
  static reportToasts = reportToasts;

  /** Waits until the page has shown a toast saying `message` (e2e/support/toasts.ts: it may have gone already). */
  toast(message: string): Promise<void> {
    return toastShown(this.page, message);
  }

  /** Waits until the service worker controls the page, so the app is cached for offline use. */
  async waitForOfflineReady(): Promise<void> {
    await this.page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise<void>((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
        );
      }
      return registration.active?.state;
    });
  }
}
