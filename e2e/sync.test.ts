// Sync between a member's devices (issue 19), with browser contexts as devices against the real server: the
// second device opens the synced vault with the master password, changes reach the other device live, offline
// edits merge or become conflict copies on reconnect, a deletion racing an edit brings the record back with a
// notice, and a sync logout leaves nothing of the vault behind.
import { describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { documentsText } from '../src/app/modules/documents/copy.js';
import { anniversaryText } from '../src/app/modules/anniversaries/copy.js';
import { personalText } from '../src/app/modules/personal/copy.js';
import { plural } from '../src/shared/plural.js';
import { fill } from '../src/client/text.js';
import { catalog } from '../src/shared/i18n/index.js';
import { addBankAccount } from './pages/members.js';
import { signInContext } from './support/accounts.js';
import { browserSuite } from './support/suite.js';
import type { Lang } from './pages/site.js';
import {
  DETAIL,
  goOffline,
  MASTER,
  PASSWORD,
  reconnect,
  rewriteChanges,
  syncMember,
  type ChangesPage,
} from './pages/sync.js';

const suite = browserSuite();

/** This file's journeys run in Korean: the files alternate, and e2e/bilingual.test.ts shows every screen in both. */
const lang: Lang = 'ko';
const member = (lang: Lang, count: number, options: { blockServiceWorkers?: boolean } = {}) =>
  syncMember(suite, lang, count, options);

describe(`sync in ${lang}`, () => {
  it('brings the vault to a second device, and a change on either reaches the other within seconds', async () => {
    const [laptop, phone] = await member(lang, 2);
    // A new vault syncs from the start unless the member unticks it.
    await laptop!.app.open('diary');
    expect(await laptop!.page.getByLabel(laptop!.sync.setup.label).isChecked()).toBe(true);
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
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 30_000 }).toBe(2);
    await list.getByText(laptop!.sync.panel.thisDevice).waitFor();
  });
});

describe('sync offline', () => {
  it('merges edits made on two offline devices, keeps a conflict copy to resolve, and brings back a deletion raced by an edit', async () => {
    const lang = 'en';
    const [laptop, phone] = await member(lang, 2);
    const [a, b] = [laptop!, phone!];
    await a.startSyncing();
    await a.app.go('diary');
    await a.addDiary('Market', 'Bought apples.');
    await a.addDiary('Rainy walk', 'Umbrella forgotten.');
    await a.addDiary('Old note', 'To be removed.');
    await a.sent();
    await b.join();
    await b.page.getByText('Old note').waitFor();

    // Both go offline and change the same records.
    await goOffline(a, b);
    await a.badge(a.sync.badge.offline);
    // Different fields of one entry: merged.
    await a.editDiary('Market', { title: 'Market day' });
    await b.editDiary('Market', { body: 'Bought apples and pears.' });
    // The same field of another, two ways: a conflict copy.
    await a.editDiary('Rainy walk', { body: 'Umbrella forgotten at the cafe.' });
    await b.editDiary('Rainy walk', { body: 'Soaked, no umbrella.' });
    // Deleted on one, edited on the other: kept, with a notice.
    await a.deleteDiary('Old note');
    await b.editDiary('Old note', { body: 'Still needed.' });
    // New records of other modules on each side.
    await a.app.go('anniversaries');
    await a.page.getByRole('button', { name: anniversaryText[lang].add }).first().click();
    const anniversary = a.app.dialog(anniversaryText[lang].form.add);
    await anniversary.getByLabel(anniversaryText[lang].form.name).fill('Wedding day');
    await anniversary.getByRole('button', { name: a.app.text.save }).click();
    await anniversary.waitFor({ state: 'detached' });
    await b.app.go('personal');
    await addBankAccount(b.app, 'Salary account', '110-222-333333');
    // The new record opens: closed again.
    await b.page.keyboard.press('Escape');
    await b.app.go('ledger');
    await b.addExpense('12,000', 'Cold noodles');
    await a.addEvent('Dentist');

    // Back online: each sends and receives.
    await reconnect(a, b);

    for (const device of [a, b]) {
      await device.app.go('diary');
      await device.page.getByText('Market day').waitFor({ timeout: 20_000 });
      await device.page.getByText('Bought apples and pears.').waitFor();
      await device.page.getByText('Still needed.').waitFor();
      // Both versions of the conflicting entry are there.
      await device.page.getByText('Umbrella forgotten at the cafe.').waitFor();
      await device.page.getByText('Soaked, no umbrella.').waitFor();
    }
    // The device that deleted the entry is told why it is back (whichever device's change reached the server first;
    // when the deletion did, the other device is told too that it kept an entry deleted elsewhere).
    await a.page
      .getByText(fill(a.sync.notices['restored-edited-elsewhere'], { kind: a.sync.conflicts.kinds.memo }))
      .waitFor();
    // The conflict is listed (on both), and resolved once.
    await b.page.getByText(plural(b.sync.conflicts.banner, 1, b.app.lang)).waitFor();
    await a.page.getByText(plural(a.sync.conflicts.banner, 1, a.app.lang)).waitFor();
    // A diary entry shows in the list only behind the detail password: after an unlock, not before it is given.
    await b.page.reload();
    await b.app.unlock(MASTER);
    await b.page.getByRole('button', { name: b.sync.conflicts.review }).click();
    const hidden = b.page.locator('.sync-conflicts');
    await hidden.getByText(b.sync.conflicts.hidden).waitFor();
    expect(await hidden.innerText()).not.toContain('Soaked');
    expect(await hidden.getByRole('button', { name: b.sync.conflicts.keepCopy }).count()).toBe(0);
    await hidden.getByRole('button', { name: b.sync.conflicts.reveal }).click();
    const identity = b.app.dialog(b.app.text.identity.title);
    await identity.getByLabel(b.app.text.identity.either, { exact: true }).fill(DETAIL);
    await identity.getByRole('button', { name: b.app.text.identity.submit }).click();
    // Both versions, told apart by what differs (their titles are the same).
    await hidden.getByText('Rainy walk · Soaked, no umbrella.').waitFor();
    await hidden.getByText('Rainy walk · Umbrella forgotten at the cafe.').waitFor();
    await a.page.getByRole('button', { name: a.sync.conflicts.review }).click();
    const conflicts = a.page.locator('.sync-conflicts');
    await conflicts.getByRole('button', { name: a.sync.conflicts.keepCopy }).click();
    await a.sent();
    await b.page
      .getByText(plural(b.sync.conflicts.banner, 1, b.app.lang))
      .waitFor({ state: 'detached', timeout: 20_000 });
    await a.sent();
    await b.sent();

    // The same vault on both.
    for (const screen of ['diary', 'schedule', 'ledger', 'personal', 'anniversaries'] as const) {
      expect(await b.shown(screen), screen).toBe(await a.shown(screen));
    }
    expect(await a.shown('personal')).toContain('Salary account');
    expect(await a.shown('ledger')).toContain('Cold noodles');
    expect(await b.shown('anniversaries')).toContain('Wedding day');
    expect(await b.shown('schedule')).toContain('Dentist');
  });
});

describe('sync offline, every module', () => {
  it('merges edits of other fields and keeps both sides of the same field, for ledger, schedule and personal records', async () => {
    const lang = 'ko';
    const [laptop, phone] = await member(lang, 2);
    const [a, b] = [laptop!, phone!];
    const personal = personalText[lang];
    await a.startSyncing();
    await a.app.go('ledger');
    await a.addExpense('12,000', 'Lunch');
    await a.addEvent('Dentist');
    await a.app.go('personal');
    await addBankAccount(a.app, 'Salary account', '110-222-333333');
    await a.page.keyboard.press('Escape');
    await a.sent();
    await b.join();
    await b.app.go('personal');
    await b.page.getByText('Salary account').waitFor();

    await goOffline(a, b);
    await a.badge(a.sync.badge.offline);
    await b.badge(b.sync.badge.offline);
    // Ledger: the memo here, the amount there (other fields: merged).
    await a.editLedger({ memo: 'Lunch with Mina' });
    await b.editLedger({ amount: '15,000' });
    // Schedule: the title on both, two ways (the same field: both kept, one as a conflict copy).
    await a.editEvent('Dentist', 'Dentist at three');
    await b.editEvent('Dentist', 'Dentist moved to Friday');
    // Personal: the bank here, the account number there (merged).
    await a.editBank(personal.fields.bank.bankName, 'Genie Savings');
    await b.editBank(personal.fields.bank.accountNumber, '110-222-999999');

    await reconnect(a, b);
    for (const device of [a, b]) {
      await device.app.go('ledger');
      await device.page.getByText('Lunch with Mina').waitFor({ timeout: 20_000 });
      await device.page
        .getByText(/15,000/)
        .first()
        .waitFor();
      await device.app.go('schedule');
      await device.page.getByText('Dentist at three').first().waitFor();
      await device.page.getByText('Dentist moved to Friday').first().waitFor();
      await device.page.getByText(plural(device.sync.conflicts.banner, 1, device.app.lang)).waitFor();
      await device.app.go('personal');
      await device.page.getByRole('button', { name: /Salary account/ }).click();
      await device.page.getByRole('button', { name: device.app.text.edit, exact: true }).click();
      const form = device.app.dialog(fill(personal.form.editTitle, { title: 'Salary account' }));
      expect(await form.getByLabel(personal.fields.bank.bankName).inputValue()).toBe('Genie Savings');
      expect(await form.getByLabel(personal.fields.bank.accountNumber).inputValue()).toBe('110-222-999999');
      await form.getByRole('button', { name: device.app.text.cancel }).click();
      await device.page.keyboard.press('Escape');
    }
    for (const screen of ['schedule', 'ledger', 'personal'] as const) {
      expect(await b.shown(screen), screen).toBe(await a.shown(screen));
    }
  });
});

describe('sync across an update of the app', () => {
  it('sends changes left waiting the earlier way (a row each), once each', async () => {
    const [a, b] = await member('en', 2, { blockServiceWorkers: true });
    await a!.startSyncing();
    await b!.join();
    // The pushes fail: the new entries wait, signed, in the outbox.
    await a!.page.route('**/api/sync/changes', (route) =>
      route.request().method() === 'POST' ? route.abort() : route.continue(),
    );
    await a!.app.go('diary');
    await a!.addDiary('Waited one', 'First.');
    await a!.addDiary('Waited two', 'Second.');
    const outbox = (rewrite: boolean) =>
      a!.page.evaluate(async (rewrite) => {
        const databases = await indexedDB.databases();
        const name = databases.find((db) => db.name?.startsWith('mygenie-vault-'))?.name ?? '';
        const db = await new Promise<IDBDatabase>((resolve) => {
          const request = indexedDB.open(name);
          request.onsuccess = () => resolve(request.result);
        });
        const store = db.transaction('syncOutbox', 'readwrite').objectStore('syncOutbox');
        const rows = await new Promise<Array<{ seq: number; entries?: Array<{ seq: number }> }>>(
          (resolve) => {
            const request = store.getAll();
            request.onsuccess = () => resolve(request.result as never);
          },
        );
        // As the app kept them before batches: one change per row, under its number.
        if (rewrite) {
          for (const row of rows) {
            if (!row.entries) continue;
            store.delete(row.seq);
            for (const entry of row.entries) store.put(entry);
          }
        }
        await new Promise((resolve) => (store.transaction.oncomplete = resolve));
        db.close();
        return {
          changes: rows.reduce((sum, row) => sum + (row.entries?.length ?? 1), 0),
          batches: rows.filter((row) => row.entries).length,
        };
      }, rewrite);
    // One or both, as the runs fell (a batch waits whole before the next is signed).
    await expect.poll(async () => (await outbox(false)).changes, { timeout: 20_000 }).toBeGreaterThan(0);
    const waiting = (await outbox(true)).changes;
    expect(await outbox(false)).toEqual({ changes: waiting, batches: 0 });

    await a!.page.unroute('**/api/sync/changes');
    await a!.app.go('settings');
    await a!.page.getByRole('button', { name: a!.sync.panel.now }).click();
    await a!.sent();
    await b!.app.go('diary');
    await b!.page.getByText('Waited one').waitFor({ timeout: 20_000 });
    await b!.page.getByText('Waited two').waitFor();
    // Once each: the phone's list holds one of each, and the laptop's chain went up by the two changes.
    expect(await b!.page.getByText('Waited one').count()).toBe(1);
    expect((await a!.held()).seq).toBeGreaterThanOrEqual(2);
    expect(await b!.shown('diary')).toBe(await a!.shown('diary'));
  });
});

describe('sync refuses what does not check out', () => {
  it('holds a joining device at its first sync: a refused change shows why, and trying again opens the vault with its settings', async () => {
    const [a, b] = await member('ko', 2);
    await a!.startSyncing();
    await a!.app.go('diary');
    await a!.addDiary('Arrived', 'With the settings.');
    await a!.sent();
    let tamper = true;
    await rewriteChanges(b!.page, (body) => {
      const change = body.changes[0];
      if (tamper && change) {
        const bytes = Buffer.from(change.payload, 'base64');
        bytes[bytes.length - 5]! ^= 1;
        change.payload = bytes.toString('base64');
      }
    });
    await b!.openJoined();
    await b!.page.getByRole('heading', { name: b!.sync.join.arriving }).waitFor({ timeout: 30_000 });
    await b!.page.getByText(b!.sync.causes.refused).waitFor({ timeout: 30_000 });
    // Nothing of the app opens on defaults meanwhile, and a reload waits for the first sync again after the unlock.
    expect(await b!.app.nav().count()).toBe(0);
    await b!.page.reload();
    await b!.app.unlock(MASTER);
    await b!.page.getByText(b!.sync.causes.refused).waitFor({ timeout: 30_000 });
    expect(await b!.app.nav().count()).toBe(0);

    tamper = false;
    await b!.page.getByRole('button', { name: b!.sync.join.retry }).click();
    await b!.app.nav().waitFor({ timeout: 60_000 });
    // The detail password set on the first device is asked at once (not the default 0000).
    await b!.app.enterDetailPassword(DETAIL);
    await b!.page.getByText('Arrived').waitFor();
    // Once arrived, it opens at once after an unlock.
    await b!.page.reload();
    await b!.app.unlock(MASTER);
    await b!.app.nav().waitFor({ timeout: 30_000 });
  });

  it('refuses a changed, a replayed and a dropped change from the server, applies nothing of it, and recovers', async () => {
    const [a, b] = await member('en', 2);
    await a!.startSyncing();
    await a!.app.go('diary');
    await a!.addDiary('First', 'One.');
    await a!.sent();
    let seen: ChangesPage['changes'] = [];
    let attack: ((page: ChangesPage) => void) | null = null;
    await rewriteChanges(b!.page, (body) => {
      if (attack && body.changes.length > 0) attack(body);
      else seen = [...seen, ...body.changes];
    });
    await b!.join();
    await b!.page
      .getByText('First')
      .waitFor({ timeout: 60_000 })
      .catch(async (error: unknown) => {
        throw new Error(
          `${String(error)}; the phone's sync: ${await b!.page.locator('.sync-badge').getAttribute('title')}`,
        );
      });
    expect(seen.length).toBeGreaterThan(0);
    const refusedOnB = async (title: string) => {
      await b!.badge(b!.sync.badge.error);
      await b!.app.go('settings');
      await b!.page.getByText(b!.sync.causes.refused).waitFor();
      await b!.app.go('diary');
      await b!.page.getByText('First').waitFor();
      expect(await b!.page.getByText(title).count()).toBe(0);
    };

    // Altered: one byte of the sealed record.
    attack = (page) => {
      const change = page.changes[0]!;
      const bytes = Buffer.from(change.payload, 'base64');
      bytes[bytes.length - 5]! ^= 1;
      change.payload = bytes.toString('base64');
    };
    await a!.addDiary('Second', 'Two.');
    await a!.sent();
    await b!.page.getByRole('button', { name: b!.sync.badge.error, exact: false }).waitFor();
    await refusedOnB('Second');

    // Replayed: a change already applied, sent again before the new one.
    attack = (page) => {
      page.changes.unshift({ ...seen.at(-1)!, at: page.changes[0]!.at - 1 });
    };
    await b!.app.go('settings');
    await b!.page.getByRole('button', { name: b!.sync.panel.now }).click();
    await refusedOnB('Second');
    attack = (page) => {
      page.changes.unshift({ ...seen.at(-1)! });
    };
    await b!.app.go('settings');
    await b!.page.getByRole('button', { name: b!.sync.panel.now }).click();
    await refusedOnB('Second');

    // Dropped: the first of two new changes held back.
    await a!.addDiary('Third', 'Three.');
    await a!.sent();
    attack = (page) => {
      if (page.changes.length > 1) page.changes.shift();
    };
    await b!.app.go('settings');
    await b!.page.getByRole('button', { name: b!.sync.panel.now }).click();
    await refusedOnB('Third');

    // The server honest again: everything arrives, once.
    attack = null;
    await b!.app.go('settings');
    await b!.page.getByRole('button', { name: b!.sync.panel.now }).click();
    await b!.badge(b!.sync.badge.synced);
    await b!.app.go('diary');
    for (const title of ['First', 'Second', 'Third']) {
      await b!.page.getByText(title, { exact: true }).waitFor();
      expect(await b!.page.getByText(title, { exact: true }).count()).toBe(1);
    }
  });
});

describe('sync and sessions', () => {
  it('stops at once on a device whose session was ended, and a sync logout leaves nothing of the vault', async () => {
    const [a, b] = await member('ko', 2);
    await a!.startSyncing();
    await a!.app.go('diary');
    await a!.addDiary('Before', 'Seen by both.');
    await a!.sent();
    await b!.join();
    await b!.page.getByText('Before').waitFor();

    // The laptop ends the phone's session from its device list.
    const ended = await a!.page.evaluate(async () => {
      const { sessions } = (await (await fetch('/api/sessions')).json()) as {
        sessions: Array<{ id: string; current: boolean }>;
      };
      const other = sessions.find((session) => !session.current)!;
      return (await fetch(`/api/sessions/${other.id}`, { method: 'DELETE' })).status;
    });
    expect(ended).toBe(204);
    await b!.badge(b!.sync.badge.error);
    await a!.addDiary('After', 'Not for the ended session.');
    await a!.sent();
    // The server refuses the ended session whatever it asks, so nothing written since can reach the phone.
    const refused = await b!.page.evaluate(async () => (await fetch('/api/sync/changes?after=0')).status);
    expect(refused).toBe(401);
    expect(await b!.page.getByText('After').count()).toBe(0);

    // The laptop logs out: what it had unsent goes up first, then its vault is gone from the browser.
    await a!.addDiary('Last words', 'Written just before logging out.');
    await a!.page.getByRole('button', { name: a!.app.text.header.logout }).click();
    await a!.page.waitForURL(/\/\?lang=ko/);
    const databases = await a!.page.evaluate(async () =>
      (await indexedDB.databases()).map((db) => db.name).filter((name) => name?.startsWith('mygenie-vault-')),
    );
    expect(databases).toEqual([]);

    // Signed in again, the vault comes back from the server, the last entry with it.
    await signInContext(suite.server, a!.context, a!.email, PASSWORD);
    await a!.join();
    await a!.page.getByText('Last words').waitFor();
  });
});

describe('documents in sync', () => {
  it('sends a document chunk by chunk, resumes after the network drops halfway, and the other device gets the same bytes', async () => {
    const [a, b] = await member('en', 2, { blockServiceWorkers: true });
    const documents = documentsText.en;
    await a!.startSyncing();
    await b!.join();
    const bytes = crypto.randomBytes(3 * 1024 * 1024 + 1234);
    // The network drops once two chunks have been sent: the rest fail.
    let puts = 0;
    const stored: string[] = [];
    await a!.page.route('**/api/sync/chunks/*', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      puts += 1;
      if (puts > 2) return route.abort('internetdisconnected');
      const response = await route.fetch();
      if (response.status() === 204) stored.push(route.request().url());
      return route.fulfill({ response });
    });
    await a!.app.go('documents');
    await a!.page.locator('input[type="file"]').setInputFiles({
      name: 'scan.bin',
      mimeType: 'application/octet-stream',
      buffer: bytes,
    });
    await a!.page.getByText(fill(documents.upload.added, { name: 'scan.bin' })).waitFor();
    await expect.poll(() => puts, { timeout: 30_000 }).toBeGreaterThan(2);
    await a!.page.unroute('**/api/sync/chunks/*');
    expect(stored.length).toBeGreaterThan(0);
    // Back: the next run sends only the chunks the server does not hold.
    const resumed: string[] = [];
    a!.page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/sync/chunks/'))
        resumed.push(request.url());
    });
    await a!.sent();
    // Only what the server did not hold went again (a 3 MB file: four chunks).
    expect(resumed.length).toBeLessThanOrEqual(4 - stored.length);
    expect(resumed.filter((url) => stored.includes(url))).toEqual([]);

    await b!.app.go('documents');
    const button = b!.page.getByRole('button', {
      name: fill(documents.list.downloadOf, { name: 'scan.bin' }),
    });
    // Told of the change, the phone fetches the record and its chunks (slow on a loaded machine: allow a minute).
    await button.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
      throw new Error(
        `${String(error)}; the phone's sync: ${await b!.page.locator('.sync-badge').getAttribute('title')}`,
      );
    });
    const [download] = await Promise.all([b!.page.waitForEvent('download'), button.click()]);
    const received = await fs.readFile((await download.path())!);
    expect(crypto.createHash('sha256').update(received).digest('hex')).toBe(
      crypto.createHash('sha256').update(bytes).digest('hex'),
    );
  });
});

describe('sync with three devices', () => {
  it('three devices offline at once, each editing, end with the same vault', async () => {
    const [a, b, c] = await member('ko', 3);
    await a!.startSyncing();
    await a!.app.go('diary');
    await a!.addDiary('공유 일기', '처음 내용.');
    await a!.sent();
    await b!.join();
    await c!.join();
    // The diary's code is fetched before the network goes (these tests keep the app's service worker out).
    for (const device of [b!, c!]) await device.page.getByText('공유 일기').waitFor();
    await goOffline(a!, b!, c!);
    await a!.editDiary('공유 일기', { title: '함께 쓴 일기' });
    await b!.editDiary('공유 일기', { body: '둘째 기기가 고친 내용.' });
    await c!.addDiary('셋째 기기', '오프라인에서 씀.');
    await b!.addDiary('둘째 기기', '이것도 오프라인.');
    await reconnect(c!, a!, b!);
    for (const device of [a!, b!, c!]) {
      await device.app.go('diary');
      await device.page.getByText('함께 쓴 일기').waitFor({ timeout: 20_000 });
      await device.page.getByText('둘째 기기가 고친 내용.').waitFor({ timeout: 20_000 });
      await device.page.getByText('오프라인에서 씀.').waitFor({ timeout: 20_000 });
      await device.page.getByText('이것도 오프라인.').waitFor({ timeout: 20_000 });
    }
    const shown = await a!.shown('diary');
    expect(await b!.shown('diary')).toBe(shown);
    expect(await c!.shown('diary')).toBe(shown);
  });
});

describe('sync off on one device', () => {
  it('keeps the vault local while off, and catches up when turned on again', async () => {
    const [a, b] = await member('en', 2);
    await a!.startSyncing('settings');
    await b!.join();
    await b!.app.go('settings');
    await b!.page.getByRole('button', { name: b!.sync.panel.turnOff }).click();
    await b!.page.getByRole('alertdialog').getByRole('button', { name: b!.sync.panel.turnOff }).click();
    await b!.page.getByText(b!.sync.panel.off).waitFor();
    // Off: no state in the header; the other device no longer lists it.
    expect(await b!.page.locator('.sync-badge').count()).toBe(0);
    await a!.app.go('settings');
    const list = a!.page.getByRole('list', { name: a!.sync.panel.devices });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 30_000 }).toBe(1);

    await a!.app.go('diary');
    await b!.app.go('diary');
    const news = await b!.news();
    await a!.addDiary('While off', 'Not on the phone yet.');
    await a!.sent();
    await news.until('sync');
    expect(await b!.page.getByText('While off').count()).toBe(0);

    // On again: the same vault (its header checks out here), joined again, caught up.
    await b!.app.go('settings');
    await b!.page.getByRole('button', { name: b!.sync.panel.turnOn }).click();
    await b!.badge(b!.sync.badge.synced);
    await b!.app.go('diary');
    await b!.page.getByText('While off').waitFor({ timeout: 20_000 });

    // Removed from the list on the other device (a lost phone): it stops syncing, and says why.
    await a!.app.go('settings');
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 30_000 }).toBe(2);
    const other = list.getByRole('listitem').filter({ hasNotText: a!.sync.panel.thisDevice });
    await other.getByRole('button', { name: a!.sync.panel.remove }).click();
    await a!.page.getByRole('alertdialog').getByRole('button', { name: a!.sync.panel.remove }).click();
    await a!.app.toast(a!.sync.panel.removed);
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 30_000 }).toBe(1);
    // The phone hears of it on the event stream, without being asked to sync.
    await b!.app.go('settings');
    await b!.page.getByText(catalog.en.errors['sync/unknown-device']).first().waitFor({ timeout: 20_000 });
    await a!.app.go('diary');
    const heard = await b!.news();
    await a!.addDiary('After removal', 'Not for the phone.');
    await a!.sent();
    await heard.until('sync');
    await b!.app.go('diary');
    expect(await b!.page.getByText('After removal').count()).toBe(0);
  });
});
