// Browser contexts as a member's devices, for the sync journeys (e2e/sync*.test.ts): the app's own labels, and
// what each device holds read from its IndexedDB.
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ledgerText } from '../../src/app/modules/ledger/copy.js';
import { diaryText } from '../../src/app/modules/memo/copy.js';
import { personalText } from '../../src/app/modules/personal/copy.js';
import { scheduleText } from '../../src/app/modules/schedule/copy.js';
import { syncText } from '../../src/app/modules/sync/copy.js';
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

  /** The first device: a new vault that syncs from the start (the setup's default), or turned on in the settings. */
  async startSyncing(via: 'setup' | 'settings' = 'setup'): Promise<void> {
    await this.app.startVault('diary', MASTER, DETAIL, { sync: via === 'setup' });
    if (via === 'settings') {
      await this.app.go('settings');
      await this.page.getByRole('button', { name: this.sync.panel.turnOn }).click();
    }
    await this.badge(this.sync.badge.synced);
  }

  /**
   * Another device: the synced vault opened with the master password. The app opens once the first sync is done, so
   * the detail view password is the synced one at once (never the default 0000).
   */
  async join(): Promise<void> {
    await this.openJoined();
    try {
      await this.app.nav().waitFor({ timeout: 60_000 });
    } catch (error) {
      // What the device shows instead (the join form's problem, the first sync's error), so a failure says why.
      const shown = await this.page
        .locator('body')
        .innerText()
        .catch(() => '(the page could not be read)');
      // What did not check out, when the first sync refused something (the engine's verdict).
      const refused = await this.page
        .locator('[data-sync-refused]')
        .first()
        .getAttribute('data-sync-refused', { timeout: 1000 })
        .catch(() => null);
      throw new Error(
        `the joined device never opened; it shows:\n${shown}${refused ? `\n(refused: ${refused})` : ''}`,
        { cause: error },
      );
    }
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

  /**
   * Starts listening to what the server tells this browser on its event stream; `until` then waits for a `sync`
   * event (the member's series has moved) heard since. A device that keeps its vault out of sync hears it and
   * does nothing: hearing it is the moment one that syncs would have fetched the change.
   */
  async news(): Promise<{ until(event: string): Promise<void> }> {
    const cdp = await this.context.newCDPSession(this.page);
    const heard: string[] = [];
    cdp.on('Network.eventSourceMessageReceived', ({ eventName }) => heard.push(eventName));
    await cdp.send('Network.enable');
    return {
      async until(event) {
        await expect.poll(() => heard.includes(event), { timeout: 20_000 }).toBe(true);
      },
    };
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

  /**
   * What this device holds of sync: its chain's end, the vault header's version it has, and its synced records by
   * kind (from its IndexedDB).
   */
  async held(): Promise<{ seq: number; headerVersion: number; kinds: Record<string, number> }> {
    return this.page.evaluate(async () => {
      const databases = await indexedDB.databases();
      const name = databases.find((db) => db.name?.startsWith('mygenie-vault-'))?.name;
      if (!name) return { seq: 0, headerVersion: 0, kinds: {} };
      const db = await new Promise<IDBDatabase>((resolve) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
      });
      const all = <T>(store: string) =>
        new Promise<T[]>((resolve) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result as T[]);
        });
      const meta = (await all<{ seq: number; headerVersion?: number }>('syncMeta'))[0];
      const kinds: Record<string, number> = {};
      for (const row of await all<{ kind: string; base: unknown; pending: unknown }>('syncRecords')) {
        if (row.base || row.pending) kinds[row.kind] = (kinds[row.kind] ?? 0) + 1;
      }
      db.close();
      return { seq: meta?.seq ?? 0, headerVersion: meta?.headerVersion ?? 0, kinds };
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

  /** Edits a diary entry from the diary's page, going there first. */
  async editDiaryOn(title: string, change: { title?: string; body?: string }): Promise<void> {
    await this.app.go('diary');
    await this.editDiary(title, change);
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

  async addExpense(amount: string, memo: string): Promise<void> {
    const ledger = ledgerText[this.app.lang];
    await this.page.getByRole('button', { name: ledger.add, exact: true }).click();
    const entry = this.app.dialog(ledger.form.addTitle);
    await entry.getByRole('radio', { name: ledger.types.expense }).check();
    await entry.getByLabel(ledger.form.amount).fill(amount);
    await entry
      .getByLabel(ledger.form.category, { exact: true })
      .selectOption({ label: ledger.categories.food });
    await entry.getByLabel(ledger.form.memo).fill(memo);
    await entry.getByRole('button', { name: this.app.text.save }).click();
    await entry.waitFor({ state: 'detached' });
  }

  /** Edits the one ledger entry of the month. */
  async editLedger(change: { memo?: string; amount?: string }): Promise<void> {
    const ledger = ledgerText[this.app.lang];
    await this.app.go('ledger');
    const prefix = fill(ledger.list.editEntry, { entry: '' });
    await this.page.getByRole('button', { name: prefix }).first().click();
    const form = this.app.dialog(ledger.form.editTitle);
    if (change.memo !== undefined) await form.getByLabel(ledger.form.memo).fill(change.memo);
    if (change.amount !== undefined) await form.getByLabel(ledger.form.amount).fill(change.amount);
    await form.getByRole('button', { name: this.app.text.save }).click();
    await form.waitFor({ state: 'detached' });
  }

  /** An event today, on the schedule. */
  async addEvent(title: string): Promise<void> {
    const schedule = scheduleText[this.app.lang];
    await this.app.go('schedule');
    await this.page.getByRole('button', { name: schedule.add, exact: true }).click();
    const event = this.app.dialog(schedule.form.newTitle);
    await event.getByLabel(schedule.form.title).fill(title);
    await event.getByRole('button', { name: this.app.text.save }).click();
    await event.waitFor({ state: 'detached' });
  }

  async editEvent(title: string, next: string): Promise<void> {
    const schedule = scheduleText[this.app.lang];
    await this.app.go('schedule');
    await this.page
      .getByRole('button', { name: fill(schedule.event.edit, { title }) })
      .first()
      .click();
    const form = this.app.dialog(schedule.form.editTitle);
    await form.getByLabel(schedule.form.title).fill(next);
    await form.getByRole('button', { name: this.app.text.save }).click();
    await form.waitFor({ state: 'detached' });
  }

  /** Changes one field of the bank account “Salary account”. */
  async editBank(field: string, value: string): Promise<void> {
    const personal = personalText[this.app.lang];
    await this.app.go('personal');
    await this.page.getByRole('button', { name: /Salary account/ }).click();
    await this.page.getByRole('button', { name: this.app.text.edit, exact: true }).click();
    const form = this.app.dialog(fill(personal.form.editTitle, { title: 'Salary account' }));
    await form.getByLabel(field).fill(value);
    await form.getByRole('button', { name: this.app.text.save }).click();
    await form.waitFor({ state: 'detached' });
    await this.page.keyboard.press('Escape');
  }
}

/** The devices lose the network. */
export async function goOffline(...devices: Device[]): Promise<void> {
  for (const device of devices) await device.context.setOffline(true);
}

/** The devices are back online; each sends, in turn, and all but the last once more to take in what came after. */
export async function reconnect(...devices: Device[]): Promise<void> {
  for (const device of devices) await device.context.setOffline(false);
  for (const device of [...devices, ...devices.slice(0, -1)]) await device.sent();
}

/** A page of the server's changes as the device receives it. */
export interface ChangesPage {
  changes: Array<{ payload: string; at: number }>;
  latest: number;
  snapshot: unknown;
}

/**
 * Lets `edit` change each page of changes the device fetches before the device reads it (an attacker between the
 * device and the server). A request the page itself abandons meanwhile (a reload, the test ending) is let go: its
 * answer is nobody's.
 */
export async function rewriteChanges(page: Page, edit: (body: ChangesPage) => void): Promise<void> {
  await page.route('**/api/sync/changes?after=*', async (route) => {
    let response;
    let body: ChangesPage;
    try {
      response = await route.fetch();
      body = (await response.json()) as ChangesPage;
    } catch (error) {
      if (/disposed|closed|cancel/i.test(String(error))) return;
      throw error;
    }
    edit(body);
    await route.fulfill({ response, json: body }).catch((error: unknown) => {
      if (!/disposed|closed|cancel|already handled/i.test(String(error))) throw error;
    });
  });
}
