// Sync between a member's devices (issue 19), with browser contexts as devices against the real server: the
// second device opens the synced vault with the master password, changes reach the other device live, offline
// edits merge or become conflict copies on reconnect, a deletion racing an edit brings the record back with a
// notice, and a sync logout leaves nothing of the vault behind.
import { describe, expect, it } from 'vitest';
import { anniversaryText } from '../src/app/modules/schedule/anniversaries/copy.js';
import { personalText } from '../src/app/modules/personal/copy.js';
import { plural } from '../src/shared/plural.js';
import { fill } from '../src/client/text.js';
import { addBankAccount } from './pages/members.js';
import { browserSuite } from './support/suite.js';
import type { Lang } from './pages/site.js';
import { DETAIL, goOffline, MASTER, reconnect, syncMember } from './pages/sync.js';

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
