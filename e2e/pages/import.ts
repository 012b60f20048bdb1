// The import and export screen as the member uses it: a file chosen, its password, the column mapper, the preview,
// the import, and the export panel's download.
import type { Download, Page } from 'playwright-core';
import { exportText } from '../../src/app/modules/import/export-copy.js';
import { importText } from '../../src/app/modules/import/copy.js';
import { settingsText } from '../../src/app/modules/settings/copy.js';
import { fill } from '../../src/client/text.js';
import { plural } from '../../src/shared/plural.js';
import type { AppModel } from './app.js';

export type FileInput = string | { name: string; mimeType: string; buffer: Buffer };

export class ImportModel {
  readonly text;
  readonly exports;

  constructor(readonly app: AppModel) {
    this.text = importText[app.lang];
    this.exports = exportText[app.lang];
  }

  get page(): Page {
    return this.app.page;
  }

  /** The screen, opened from the settings as a member finds it. */
  async open(): Promise<void> {
    await this.app.go('settings');
    await this.page.getByRole('link', { name: settingsText[this.app.lang].transfer.open }).click();
    await this.page.getByRole('heading', { name: this.text.importHeading, exact: true }).waitFor();
  }

  /** The screen, opened from an empty list's "import from another app" as a new member finds it. */
  async openFromEmptyList(): Promise<void> {
    await this.page.getByRole('link', { name: this.app.text.nav.importFrom }).click();
    await this.page.getByRole('heading', { name: this.text.importHeading, exact: true }).waitFor();
  }

  async choose(file: FileInput): Promise<void> {
    await this.page.locator('.import-panel input[type="file"]').setInputFiles(file);
  }

  /** The file's password given on the password step. */
  async givePassword(password: string): Promise<void> {
    const panel = this.page.locator('.import-panel');
    await panel.getByLabel(this.text.password.label, { exact: true }).fill(password);
    await panel.getByRole('button', { name: this.text.password.submit }).click();
  }

  preview() {
    return this.page.locator('.import-preview');
  }

  /** The count the preview shows for a kind, as the member reads it. */
  count(kind: keyof typeof importText.ko.preview.kinds, count: number): string {
    return plural(this.text.preview.kinds[kind], count, this.app.lang);
  }

  importButton(count: number) {
    return this.page.getByRole('button', { name: plural(this.text.preview.submit, count, this.app.lang) });
  }

  /** Imports what the preview shows and waits for the toast saying how many came in. */
  async importAll(count: number, options: { timeout?: number } = {}): Promise<void> {
    await this.importButton(count).click();
    await this.page
      .getByText(plural(this.text.done, count, this.app.lang))
      .waitFor({ timeout: options.timeout ?? 30_000 });
  }

  failure() {
    return this.page.locator('.import-panel [role="alert"]');
  }

  error(code: keyof typeof importText.ko.errors, values: Record<string, string | number> = {}): string {
    return fill(this.text.errors[code], values);
  }

  /** An export made from the panel with the master password (and the file's own for Bitwarden's JSON). */
  async exportFile(
    choice: keyof typeof exportText.ko.choices,
    masterPassword: string,
    filePassword?: string,
  ): Promise<Download> {
    await this.page.getByLabel(this.exports.choices[choice].label).check();
    if (filePassword !== undefined) {
      await this.page.getByLabel(this.exports.filePassword, { exact: true }).fill(filePassword);
      await this.page.getByLabel(this.exports.confirm, { exact: true }).fill(filePassword);
    }
    await this.page.getByLabel(this.exports.master, { exact: true }).fill(masterPassword);
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: this.exports.submit, exact: true }).click(),
    ]);
    return download;
  }
}
