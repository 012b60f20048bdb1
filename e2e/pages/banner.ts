// The update banner as people meet it: a visitor on the home page, and an admin in its section of /admin.
import type { Locator, Page } from 'playwright-core';
import type { BannerContent, BannerField } from '../../src/shared/banner.js';
import { catalog } from '../../src/shared/i18n/index.js';
import { fairyText } from '../../src/site/fairy/copy.js';
import { copy as adminCopy } from '../../src/site/pages/admin/copy.js';
import { PopupModel, type Lang } from './site.js';

export class HomeBannerModel {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  region(lang: Lang): Locator {
    return this.page.getByRole('region', { name: catalog[lang].banner.label });
  }

  /**
   * Opens the home page in `lang` once it has decided about the banner: the banner it shows, or null when the fairy
   * came instead (it comes only once there is no banner to show).
   */
  async open(lang: Lang): Promise<Locator | null> {
    await this.page.goto(`${this.baseUrl}/?lang=${lang}`);
    const banner = this.region(lang);
    const fairy = this.page.getByRole('complementary', { name: fairyText[lang].label });
    await banner.or(fairy).first().waitFor();
    return (await banner.count()) > 0 ? banner : null;
  }

  async hideFor24Hours(lang: Lang): Promise<void> {
    const banner = this.region(lang);
    await banner.getByLabel(catalog[lang].banner.dontShow24h).check();
    await banner.getByRole('button', { name: catalog[lang].banner.close, exact: true }).click();
    await banner.waitFor({ state: 'detached' });
  }
}

export class AdminBannerModel {
  readonly root: Locator;
  readonly popup: PopupModel;
  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {
    this.root = page.getByTestId('admin-banner');
    this.popup = new PopupModel(page);
  }
  get text() {
    return adminCopy[this.lang].banner;
  }
  status() {
    return this.root.getByTestId('admin-banner-status');
  }
  version() {
    return this.root.getByLabel(this.text.versionLabel, { exact: true });
  }
  /** The fields of one language's banner. */
  language(lang: Lang) {
    return this.root.getByRole('group', { name: this.text.languages[lang], exact: true });
  }
  title(lang: Lang) {
    return this.language(lang).getByLabel(this.text.titleLabel, { exact: true });
  }
  body(lang: Lang) {
    return this.language(lang).getByLabel(this.text.bodyLabel, { exact: true });
  }
  preview(lang: Lang) {
    return this.root.getByTestId(`admin-banner-preview-${lang}`);
  }
  problem(field: BannerField) {
    return this.root.getByTestId(`admin-banner-problem-${field}`);
  }
  conflict() {
    return this.root.getByTestId('admin-banner-conflict');
  }
  async fill(content: BannerContent): Promise<void> {
    await this.version().fill(content.version);
    for (const lang of ['ko', 'en'] as const) {
      await this.title(lang).fill(content.title[lang]);
      await this.body(lang).fill(content.body[lang]);
    }
  }
  async save(): Promise<void> {
    await this.root.getByRole('button', { name: this.text.save, exact: true }).click();
  }
  /** Saves, and waits until the page says the banner of this version is what shows. */
  async saved(version: string): Promise<void> {
    await this.save();
    await this.status().getByText(version, { exact: false }).waitFor();
  }
  async remove(): Promise<void> {
    await this.root.getByRole('button', { name: this.text.remove, exact: true }).click();
    await this.popup.root.waitFor();
    await this.popup.confirm();
  }
}
