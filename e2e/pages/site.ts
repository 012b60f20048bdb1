// Page objects for the website, so journeys read like what a person does.
import type { Locator, Page } from 'playwright-core';
import { catalog } from '../../src/shared/i18n/index.js';

export type Lang = 'ko' | 'en';

export class AuthDialogModel {
  readonly root: Locator;
  constructor(
    private readonly page: Page,
    private readonly lang: Lang,
  ) {
    this.root = page.getByRole('dialog');
  }
  private get text() {
    return catalog[this.lang];
  }
  email() {
    return this.root.getByLabel(this.text.auth.email, { exact: true });
  }
  password(register = false) {
    return this.root.getByLabel(register ? this.text.auth.newPassword : this.text.auth.password, {
      exact: true,
    });
  }
  confirm() {
    return this.root.getByLabel(this.text.auth.confirmPassword, { exact: true });
  }
  currentPassword() {
    return this.root.getByLabel(this.text.auth.currentPassword, { exact: true });
  }
  masterKey() {
    return this.root.getByLabel(this.text.auth.masterKey, { exact: true });
  }
  error() {
    return this.root.locator('.form__error');
  }
  submit() {
    return this.root.locator('button[type=submit]');
  }
  async register(email: string, password: string, confirm = password) {
    await this.email().fill(email);
    await this.password(true).fill(password);
    await this.confirm().fill(confirm);
    await this.submit().click();
  }
  async login(email: string, password: string) {
    await this.email().fill(email);
    await this.password().fill(password);
    await this.submit().click();
  }
}

export class PopupModel {
  readonly root: Locator;
  constructor(page: Page) {
    this.root = page.getByRole('alertdialog');
  }
  message() {
    return this.root.locator('.popup__message');
  }
  async confirm() {
    await this.root.locator('.button--primary').click();
    await this.root.waitFor({ state: 'hidden' });
  }
}

export class HomePageModel {
  readonly dialog: AuthDialogModel;
  readonly popup: PopupModel;
  constructor(
    readonly page: Page,
    readonly lang: Lang,
    private readonly baseUrl: string,
  ) {
    this.dialog = new AuthDialogModel(page, lang);
    this.popup = new PopupModel(page);
  }
  get text() {
    return catalog[this.lang];
  }
  async open(path = '/') {
    await this.page.goto(`${this.baseUrl}${path}${path.includes('?') ? '&' : '?'}lang=${this.lang}`);
    await this.page.locator('.hero, .section').first().waitFor();
    // The prerendered page paints first and becomes interactive a moment later.
    await this.page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  }
  hero() {
    return this.page.locator('.hero');
  }
  welcome() {
    return this.page.getByTestId('welcome');
  }
  /** The hero's "waiting for approval on your other device" state. */
  pending() {
    return this.page.getByTestId('pending');
  }
  async openLogin() {
    await this.hero().getByRole('button', { name: this.text.nav.login, exact: true }).click();
    await this.dialog.root.waitFor();
  }
  async openRegister() {
    await this.hero().getByRole('button', { name: this.text.nav.register, exact: true }).click();
    await this.dialog.root.waitFor();
  }
  async logout() {
    await this.hero().getByRole('button', { name: this.text.nav.logout, exact: true }).click();
    await this.hero().getByRole('button', { name: this.text.nav.login, exact: true }).waitFor();
  }
}
