// Browser contexts as a member's devices, for the sync journeys (e2e/sync*.test.ts): the app's own labels, and
// what each device holds read from its IndexedDB.
import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { diaryText } from '../../src/app/modules/memo/copy.js';
import { syncText } from '../../src/app/sync/copy.js';
import { fill } from '../../src/client/text.js';
import { createAccount, signInContext } from '../support/accounts.js';
import type { BrowserSuite } from '../support/suite.js';
import { AppModel } from './app.js';
import type { Lang } from './site.js';

export const PASSWORD = 'member-password-1';
export const MASTER = 'Genie master key 2026!';
export const DETAIL = '2468';

let counter = 0;

/** A member with `count` browsers, each a device of theirs, signed in. */
export async function syncMember(
  suite: BrowserSuite,
  lang: Lang,
  count: number,
  options: { blockServiceWorkers?: boolean } = {},
): Promise<Device[]> {
  counter += 1;
  const email = `sync-${lang}-${counter}.${Date.now()}@example.com`;
  await createAccount(suite.server, email, PASSWORD);
  const devices: Device[] = [];
  for (let index = 0; index < count; index++) {
    const context = await suite.newContext({
      viewport: { width: 1280, height: 900 },
      locale: lang === 'ko' ? 'ko-KR' : 'en-US',
      // The app's service worker would carry the page's requests past a test's interception of the network.
      ...(options.blockServiceWorkers ? { serviceWorkers: 'block' as const } : {}),
    });
    await signInContext(suite.server, context, email, PASSWORD);
    devices.push(new Device(context, new AppModel(await context.newPage(), lang, suite.server.url), email));
  }
  return devices;
}

export class Device {
  readonly sync;
  readonly diary;

  constructor(
    readonly context: BrowserContext,
    readonly app: AppModel,
    readonly email: string,
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

  /**
   * Another device: the synced vault opened with the master password. The app opens once the first sync is done, so
   * the detail view password is the synced one at once (never the default 0000).
   */
  async join(): Promise<void> {
    await this.openJoined();
    await this.app.nav().waitFor({ timeout: 60_000 });
    await this.app.enterDetailPassword(DETAIL);
  }

  /** The master password given on the join screen. */
  async openJoined(): Promise<void> {
    await this.app.open('diary');
    await this.page.getByRole('heading', { name: this.sync.join.title }).waitFor();
    await this.page.getByLabel(this.sync.join.password, { exact: true }).fill(MASTER);
    await this.page.getByRole('button', { name: this.sync.join.submit }).click();
  }

  async badge(label: string): Promise<void> {
    await this.page.locator('.sync-badge__label', { hasText: label }).waitFor({ timeout: 20_000 });
  }

  /** Waits until everything written here is on the server (the member's series reached `latest`). */
  async sent(): Promise<void> {
    await expect
      .poll(
        () =>
          this.page.evaluate(async () => {
            const databases = await indexedDB.databases();
            const name = databases.find((db) => db.name?.startsWith('mygenie-vault-'))?.name;
            if (!name) return -1;
            const db = await new Promise<IDBDatabase>((resolve) => {
              const request = indexedDB.open(name);
              request.onsuccess = () => resolve(request.result);
            });
            const count = (store: string) =>
              new Promise<number>((resolve) => {
                const request =
                  store === 'dirty'
                    ? db.transaction('syncRecords').objectStore('syncRecords').index('dirty').count(1)
                    : db.transaction(store).objectStore(store).count();
                request.onsuccess = () => resolve(request.result);
              });
            const unsent = (await count('dirty')) + (await count('syncOutbox'));
            db.close();
            return unsent;
          }),
        { timeout: 20_000 },
      )
      .toBe(0);
  }

  /** What this device holds of sync: its chain's end, and its synced records by kind (from its IndexedDB). */
  async held(): Promise<{ seq: number; kinds: Record<string, number> }> {
    return this.page.evaluate(async () => {
      const databases = await indexedDB.databases();
      const name = databases.find((db) => db.name?.startsWith('mygenie-vault-'))?.name;
      if (!name) return { seq: 0, kinds: {} };
      const db = await new Promise<IDBDatabase>((resolve) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
      });
      const all = <T>(store: string) =>
        new Promise<T[]>((resolve) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result as T[]);
        });
      const meta = (await all<{ seq: number }>('syncMeta'))[0];
      const kinds: Record<string, number> = {};
      for (const row of await all<{ kind: string; base: unknown; pending: unknown }>('syncRecords')) {
        if (row.base || row.pending) kinds[row.kind] = (kinds[row.kind] ?? 0) + 1;
      }
      db.close();
      return { seq: meta?.seq ?? 0, kinds };
    });
  }

  /**
   * What a module's page shows, for comparing devices: its lines, sorted (entries of one day are listed by when they
   * last changed on this device, which differs between devices).
   */
  async shown(screen: 'diary' | 'schedule' | 'ledger' | 'personal' | 'anniversaries'): Promise<string> {
    await this.app.go(screen);
    await this.page.locator('main h1').first().waitFor();
    const lines = (await this.page.locator('main').innerText()).split('\n').map((line) => line.trim());
    return lines.filter(Boolean).sort().join('\n');
  }

  async editDiary(title: string, change: { title?: string; body?: string }): Promise<void> {
    await this.page
      .getByRole('button', { name: fill(this.app.text.editItem, { name: title }), exact: true })
      .click();
    const form = this.app.dialog(this.diary.form.edit);
    if (change.title !== undefined) await form.getByLabel(this.diary.form.title).fill(change.title);
    if (change.body !== undefined) await form.getByLabel(this.diary.form.body).fill(change.body);
    await form.getByRole('button', { name: this.app.text.save }).click();
    await form.waitFor({ state: 'detached' });
  }

  async deleteDiary(title: string): Promise<void> {
    await this.page
      .getByRole('button', { name: fill(this.app.text.deleteItem, { name: title }), exact: true })
      .click();
    await this.page.getByRole('button', { name: this.app.text.delete, exact: true }).last().click();
    await this.page
      .getByRole('button', { name: fill(this.app.text.deleteItem, { name: title }), exact: true })
      .waitFor({ state: 'detached' });
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
