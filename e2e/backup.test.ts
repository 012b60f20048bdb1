// Backup and restore in a real Chromium: to the member's account storage and to a file, the lost detail
// view password path, and bad backups refused with the vault unchanged.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { backupText } from '../src/app/modules/backup/copy.js';
import { ledgerText } from '../src/app/modules/ledger/copy.js';
import { documentsText } from '../src/app/modules/documents/copy.js';
import { diaryText } from '../src/app/modules/memo/copy.js';
import { BACKUP_VERSION, backupListing, encodeBackup } from '../src/app/backup/format.js';
import { MIN_ITERATIONS, VaultCipher } from '../src/app/vault/crypto.js';
import { plural } from '../src/shared/plural.js';
import { fill } from '../src/client/text.js';
import { signInContext } from './support/accounts.js';
import { browserSuite } from './support/suite.js';
import { addDiaryEntry, MEMBER_PASSWORD, members } from './pages/members.js';
import type { Lang } from './pages/site.js';

// A small account storage (1 MB), so a full quota can be met.
const suite = browserSuite({ USER_QUOTA_MB: '1' });

/** This file's journeys run in English: the files alternate, and e2e/bilingual.test.ts shows every screen in both. */
const lang: Lang = 'en';
const MASTER = 'Backup master key 2026!';
const { member, device } = members(suite, 'backup');

describe(`backup and restore in ${lang}`, () => {
  it('backs up to account storage, deletes the device data and restores everything, detail password back to 0000', async () => {
    const text = backupText[lang];
    const app = await device(lang, await member(lang));
    const page = app.page;
    await app.startVault('diary', MASTER, '2468');
    await addDiaryEntry(app, '백업 전 일기 / Before the backup');
    await app.go('ledger');
    const ledger = ledgerText[lang];
    await page.getByRole('button', { name: ledger.add, exact: true }).click();
    const entry = app.dialog(ledger.form.addTitle);
    await entry.getByLabel(ledger.form.amount).fill('7,000');
    await entry
      .getByLabel(ledger.form.category, { exact: true })
      .selectOption({ label: ledger.categories.food });
    await entry.getByLabel(ledger.form.memo).fill('국밥 / gukbap');
    await entry.getByRole('button', { name: app.text.save }).click();
    await entry.waitFor({ state: 'detached' });
    await app.go('documents');
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({
        name: 'passport.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('M12345678 — 여권'),
      });
    await page
      .getByRole('button', { name: fill(documentsText[lang].list.previewOf, { name: 'passport.txt' }) })
      .waitFor();

    await app.go('settings');
    // Google Drive is offered only when the server has an OAuth client id (this server has none).
    await page.getByLabel(text.target).waitFor();
    expect(await page.getByLabel(text.target).locator('option').allTextContents()).toEqual([
      text.targets.account,
      text.targets.webdav,
      text.targets.file,
    ]);
    await page.getByLabel(text.target).selectOption({ label: text.targets.account });
    await page.getByRole('button', { name: text.backUp }).click();
    await page.getByText(text.last.split('{{date}}')[0]!.trim()).waitFor();

    // Lost detail password: delete this device's data (master password asked), then restore.
    await page.getByRole('button', { name: text.erase.button }).click();
    const erase = app.dialog(text.erase.confirmTitle);
    await erase.getByLabel(text.erase.password, { exact: true }).fill('wrong master key');
    await erase.getByRole('button', { name: text.erase.confirm }).click();
    await erase.getByText(text.erase.wrong).waitFor();
    await erase.getByLabel(text.erase.password, { exact: true }).fill(MASTER);
    await erase.getByRole('button', { name: text.erase.confirm }).click();
    await page.getByRole('heading', { name: app.text.setup.title }).waitFor();

    await page.getByText(text.restoreTitle).click();
    await page.getByRole('button', { name: text.from.account }).click();
    await page.getByRole('button', { name: text.choose }).first().click();
    await page.getByLabel(text.password, { exact: true }).fill('not the master key');
    await page.getByRole('button', { name: text.restore, exact: true }).click();
    await page.getByText(text.problems['wrong-password']).waitFor();
    await page.getByLabel(text.password, { exact: true }).fill(MASTER);
    await page.getByRole('button', { name: text.restore, exact: true }).click();
    await app.nav().waitFor();

    await app.go('diary');
    await app.enterDetailPassword('0000');
    await app.changeDefaultDetailPassword('1357');
    await page.getByText('백업 전 일기 / Before the backup').waitFor();
    await app.go('ledger');
    await page.getByText('국밥 / gukbap').waitFor();
    await app.go('documents');
    await page
      .getByRole('button', { name: fill(documentsText[lang].list.previewOf, { name: 'passport.txt' }) })
      .click();
    await page.getByRole('dialog').getByText('M12345678 — 여권').waitFor();
  });
});

describe('backup files', () => {
  it('restores a downloaded file on another device of the same member, and refuses bad files leaving the vault as it was', async () => {
    const text = backupText.en;
    const email = await member('en');
    const first = await device('en', email);
    await first.startVault('diary', MASTER, '2468');
    await addDiaryEntry(first, 'Written on the first device');
    await first.go('settings');
    // Each choice shows (and counts) at once, while it is still being saved: "back up now" pressed right after
    // uses it (a slow machine once backed up to the account storage instead, the choice not yet saved).
    await first.page.getByLabel(text.format).selectOption({ label: text.formats.json });
    expect(await first.page.getByLabel(text.format).inputValue()).toBe('json');
    await first.page.getByLabel(text.target).selectOption({ label: text.targets.file });
    expect(await first.page.getByLabel(text.target).inputValue()).toBe('file');
    const downloading = first.page.waitForEvent('download');
    await first.page.getByRole('button', { name: text.backUp }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^mygenie-backup-.*\.json$/);
    const backupPath = await download.path();
    const bytes = fs.readFileSync(backupPath);
    expect(bytes.toString('utf8')).not.toContain('Written on the first device');

    const second = await device('en', email);
    await second.open('diary');
    await second.page.getByText(text.restoreTitle).click();
    const picker = second.page.getByLabel(text.fileLabel);
    await picker.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a backup'),
    });
    await second.page.getByText(text.problems['not-a-backup']).waitFor();
    await picker.setInputFiles({
      name: 'cut.json',
      mimeType: 'application/json',
      buffer: bytes.subarray(0, bytes.length - 200),
    });
    await second.page.getByText(text.problems.damaged).waitFor();
    const newer = JSON.parse(bytes.toString('utf8'));
    newer.version = BACKUP_VERSION + 1;
    await picker.setInputFiles({
      name: 'newer.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(newer)),
    });
    await second.page.getByText(text.problems['newer-version']).waitFor();
    // One changed byte inside a record: caught before anything is written.
    const tampered = JSON.parse(bytes.toString('utf8'));
    const sealed = Buffer.from(tampered.records[0].sealed, 'base64');
    sealed[40] = sealed[40]! ^ 1;
    tampered.records[0].sealed = sealed.toString('base64');
    await picker.setInputFiles({
      name: 'tampered.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(tampered)),
    });
    await second.page.getByLabel(text.password, { exact: true }).fill(MASTER);
    await second.page.getByRole('button', { name: text.restore, exact: true }).click();
    await second.page.getByText(text.problems.tampered).waitFor();
    await second.page.getByRole('heading', { name: second.text.setup.title }).waitFor();

    await picker.setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: bytes });
    await second.page.getByLabel(text.password, { exact: true }).fill(MASTER);
    await second.page.getByRole('button', { name: text.restore, exact: true }).click();
    await second.nav().waitFor();
    await second.enterDetailPassword('0000');
    await second.changeDefaultDetailPassword('9999');
    await second.page.getByText('Written on the first device').waitFor();
  });
});

describe('full account storage', () => {
  it('says so in the member’s language and keeps the vault and the earlier backup as they were (ko)', async () => {
    const text = backupText.ko;
    const app = await device('ko', await member('ko'));
    const page = app.page;
    await app.startVault('diary', MASTER, '2468');
    await addDiaryEntry(app, '용량이 찬 날의 일기');
    await app.go('settings');
    await page.getByRole('button', { name: text.backUp }).click();
    await page.getByText(text.last.split('{{date}}')[0]!.trim()).waitFor();

    await app.go('documents');
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({
        name: 'scan.bin',
        mimeType: 'application/octet-stream',
        buffer: randomBytes(1_200_000),
      });
    await page.getByText('scan.bin').first().waitFor();
    await app.go('settings');
    await page.getByRole('button', { name: text.backUp }).click();
    await page.getByText(text.problems['quota-exceeded']).waitFor();
    const stored = (await (await page.request.get(`${suite.server.url}/api/documents`)).json()) as {
      documents: unknown[];
    };
    expect(stored.documents).toHaveLength(1);
    await app.go('diary');
    await page.getByText('용량이 찬 날의 일기').waitFor();
  });
});

describe('signed out elsewhere', () => {
  it('keeps the vault on the device: after signing in again it asks to unlock, and the data is there', async () => {
    const email = await member('en');
    const app = await device('en', email);
    await app.startVault('diary', MASTER, '2468');
    await addDiaryEntry(app, 'Kept through a forced sign-out');
    // Every session of the member ends (a password change elsewhere does this).
    await app.page.context().clearCookies();
    await app.page.reload();
    await app.page.waitForURL(`${suite.server.url}/?lang=en`);
    await signInContext(suite.server, app.page.context(), email, MEMBER_PASSWORD);
    await app.open('diary');
    await app.unlock(MASTER);
    await app.enterDetailPassword('2468');
    await app.page.getByText('Kept through a forced sign-out').waitFor();
  });
});

/** A ZIP backup made in this process, as another device would: `count` diary entries this month. */
async function diaryBackup(count: number): Promise<Buffer> {
  const cipher = new VaultCipher();
  const header = await cipher.create(MASTER, MIN_ITERATIONS);
  const month = new Date().toISOString().slice(0, 7);
  const records = [];
  for (let index = 1; index <= count; index++) {
    const memo = {
      date: `${month}-${String((index % 28) + 1).padStart(2, '0')}`,
      title: `Entry ${index}`,
      body: index % 2 === 0 ? 'an even day, 짝수 날' : 'an odd day, 홀수 날',
    };
    records.push({ ...(await cipher.seal('memo', `m${index}`, memo)), updatedAt: 1_700_000_000_000 + index });
  }
  const mac = await cipher.backupMac(await backupListing(records, []));
  const contents = { createdAt: new Date().toISOString(), header, records, chunks: [], mac };
  return Buffer.from(await encodeBackup('zip', contents));
}

/** A new member's device with `count` diary entries restored from a file, the detail password set to 1357. */
async function diaryRestored(lang: 'ko' | 'en', count: number) {
  const app = await device(lang, await member(lang));
  await app.open('diary');
  await app.restoreFromFile(
    { name: 'diary.zip', mimeType: 'application/zip', buffer: await diaryBackup(count) },
    MASTER,
  );
  await app.enterDetailPassword('0000');
  await app.changeDefaultDetailPassword('1357');
  return app;
}

describe(`a large diary in ${lang}`, () => {
  it('is restored from a file and listed fifty entries at a time, in a month and in search results', async () => {
    const diary = diaryText[lang];
    const app = await diaryRestored(lang, 120);
    const page = app.page;
    const entries = page.locator('.diary-entry');
    await entries.first().waitFor();
    expect(await entries.count()).toBe(50);
    await page.getByRole('button', { name: plural(diary.more, 50, lang) }).click();
    await expect.poll(() => entries.count()).toBe(100);
    await page.getByRole('button', { name: plural(diary.more, 20, lang) }).click();
    await expect.poll(() => entries.count()).toBe(120);
    expect(await page.getByRole('button', { name: plural(diary.more, 20, lang) }).count()).toBe(0);
    // A search starts from the first fifty again: 60 entries match, 50 shown, 10 more offered.
    await page.getByLabel(diary.search).fill('even');
    await page.getByText(plural(diary.results, 60, lang)).waitFor();
    expect(await entries.count()).toBe(50);
    await page.getByRole('button', { name: plural(diary.more, 10, lang) }).click();
    await expect.poll(() => entries.count()).toBe(60);
  });
});

/** The vault's rows as they rest in IndexedDB: loose records in pages, and the rows sealed many at once. */
async function vaultRows(page: Page) {
  return page.evaluate(async () => {
    const databases = await indexedDB.databases();
    const name = databases.find((db) => db.name?.startsWith('mygenie-vault-'))!.name!;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const all = <T>(store: string) =>
      new Promise<T[]>((resolve) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as T[]);
      });
    const pages = await all<{ records: Array<{ kind: string }> }>('pages');
    const sealed = await all<{ row: number; ids: string[]; sealed: Uint8Array }>('sealed');
    db.close();
    return {
      loose: pages.flatMap((row) => row.records).map((record) => record.kind),
      sealed: sealed.map((row) => ({
        row: row.row,
        ids: row.ids.length,
        readable: /memo|Entry|even/.test(new TextDecoder('latin1').decode(row.sealed)),
      })),
    };
  });
}

describe('a large vault at rest', () => {
  it('seals records many at once after a restore, opens them again, and keeps edits, deletions and damage right', async () => {
    const diary = diaryText.en;
    const app = await diaryRestored('en', 120);
    const page = app.page;
    // In the background the 120 restored entries are sealed as one row; what stays loose is a few records at
    // most (the app's settings), and the sealed row shows nothing of what it holds, not even its kind.
    await expect
      .poll(async () => (await vaultRows(page)).sealed.reduce((total, row) => total + row.ids, 0), {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(120);
    const rested = await vaultRows(page);
    expect(rested.loose.filter((kind) => kind === 'memo')).toEqual([]);
    expect(rested.sealed.some((row) => row.readable)).toBe(false);

    const reopen = async () => {
      await page.reload();
      await app.unlock(MASTER);
      await app.enterDetailPassword('1357');
      await entries.first().waitFor();
    };
    const entries = page.locator('.diary-entry');
    await reopen();
    const search = async (query: string, count: number) => {
      await page.getByLabel(diary.search).fill(query);
      await page.getByText(count > 0 ? plural(diary.results, count, 'en') : diary.noResults).waitFor();
    };
    await search('Entry', 120);
    // One entry edited and one deleted: each leaves the sealed row, which is not sealed again for two.
    await search('Entry 119', 1);
    await page.getByRole('button', { name: fill(app.text.editItem, { name: 'Entry 119' }) }).click();
    const form = app.dialog(diary.form.edit);
    await form.getByLabel(diary.form.title).fill('Entry 119, rewritten');
    await form.getByRole('button', { name: app.text.save }).click();
    await form.waitFor({ state: 'detached' });
    await search('Entry 118', 1);
    await page.getByRole('button', { name: fill(app.text.deleteItem, { name: 'Entry 118' }) }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: app.text.delete }).click();
    await page.getByText(diary.noResults).waitFor();
    await reopen();
    await search('Entry', 119);
    await search('rewritten', 1);
    await page.getByText('Entry 119, rewritten').waitFor();
    await search('Entry 118', 0);

    // An attacker with the disk flips a byte of a sealed row: every record it holds is reported, none shown.
    const damagedRow = (await vaultRows(page)).sealed.sort((a, b) => b.ids - a.ids)[0]!;
    await page.evaluate(async (row) => {
      const databases = await indexedDB.databases();
      const name = databases.find((db) => db.name?.startsWith('mygenie-vault-'))!.name!;
      const db = await new Promise<IDBDatabase>((resolve) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
      });
      const store = db.transaction('sealed', 'readwrite').objectStore('sealed');
      await new Promise<void>((resolve) => {
        store.get(row).onsuccess = (event) => {
          const stored = (event.target as IDBRequest<{ sealed: Uint8Array }>).result;
          stored.sealed[60] = stored.sealed[60]! ^ 0xff;
          store.put(stored).onsuccess = () => resolve();
        };
      });
      db.close();
    }, damagedRow.row);
    await page.reload();
    await app.unlock(MASTER);
    await page.getByText(plural(app.text.damaged, damagedRow.ids, app.lang)).waitFor();
  });
});
