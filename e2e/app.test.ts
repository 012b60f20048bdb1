// The MyGenie app in a real Chromium against the real server: the vault, the detail password, every module,
// offline use through the service worker, and auto logout.
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../src/shared/constants.js';
import { checkMasterKey, parseMasterKeyVerifier } from '../src/shared/master-key.js';
import { anniversaryText } from '../src/app/modules/schedule/anniversaries/copy.js';
import { diaryText } from '../src/app/modules/memo/copy.js';
import { settingsText } from '../src/app/modules/settings/copy.js';
import { plural } from '../src/shared/plural.js';
import { fill } from '../src/client/text.js';
import { isoToday } from '../src/app/format.js';
import { documentsText } from '../src/app/modules/documents/copy.js';
import { ledgerText } from '../src/app/modules/ledger/copy.js';
import { formatMoney } from '../src/app/modules/ledger/model/format.js';
import { personalText } from '../src/app/modules/personal/copy.js';
import { toLunarDate } from '../src/app/calendar/lunar.js';
import { addDays, parseIsoDate, toIsoDate } from '../src/app/calendar/plain-date.js';
import { scheduleText } from '../src/app/modules/schedule/copy.js';
import { createAccount, signInContext } from './support/accounts.js';
import { addBankAccount } from './pages/members.js';
import { browserSuite } from './support/suite.js';
import { setPageHidden } from './support/visibility.js';
import { AppModel } from './pages/app.js';
import type { Lang } from './pages/site.js';

const suite = browserSuite();

/** This file's journeys run in Korean: the files alternate, and e2e/bilingual.test.ts shows every screen in both. */
const lang: Lang = 'ko';
const PASSWORD = 'member-password-1';
const MASTER = 'Genie master key 2026!';

let counter = 0;
async function signedInApp(
  lang: Lang,
  viewport = { width: 1280, height: 900 },
  options: { bypassCSP?: boolean } = {},
): Promise<AppModel> {
  counter += 1;
  const email = `app-${lang}-${counter}.${Date.now()}@example.com`;
  await createAccount(suite.server, email, PASSWORD);
  const context = await suite.newContext({
    viewport,
    locale: lang === 'ko' ? 'ko-KR' : 'en-US',
    permissions: ['clipboard-read', 'clipboard-write'],
    ...options,
  });
  await signInContext(suite.server, context, email, PASSWORD);
  const page = await context.newPage();
  return new AppModel(page, lang, suite.server.url);
}

describe('the app entry', () => {
  it('sends a signed-out visitor to the site with the login dialog open', async () => {
    const context = await suite.newContext();
    const page = await context.newPage();
    const app = new AppModel(page, 'en', suite.server.url);
    await app.open('diary');
    await page.getByText(app.text.member.loginFirst).waitFor();
    await page.waitForURL(`${suite.server.url}/?lang=en`);
    await page.getByRole('dialog').getByLabel('Password', { exact: true }).waitFor();
  });
});

describe(`the vault in ${lang}`, () => {
  it('is created with a master password, writes the verifier the site checks, and refuses a wrong password', async () => {
    const app = await signedInApp(lang);
    await app.open();
    const page = app.page;
    await page.getByLabel(app.text.setup.password, { exact: true }).fill('short');
    await page.getByRole('button', { name: app.text.setup.submit }).click();
    await page.getByText(app.text.setup.tooShort).waitFor();
    await page.getByText(app.text.setup.acknowledgeRequired).waitFor();
    await page.getByLabel(app.text.setup.password, { exact: true }).fill('');
    await app.createVault(MASTER);

    const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.masterKeyVerifier);
    const verifier = parseMasterKeyVerifier(stored);
    expect(verifier?.iterations).toBeGreaterThanOrEqual(600_000);
    expect(await checkMasterKey(MASTER, verifier)).toBe('ok');
    expect(await checkMasterKey('not it', verifier)).toBe('incorrect');
    expect(stored).not.toContain(MASTER);

    await page.getByRole('button', { name: app.text.header.lock }).click();
    await app.unlock('Genie master key 2025!');
    await page.getByText(app.text.unlock.wrong).waitFor();
    await app.unlock(MASTER);
    await app.nav().waitFor();
  });

  it('keeps diary entries and anniversaries behind the detail password, and they survive a reload offline', async () => {
    const app = await signedInApp(lang);
    const page = app.page;
    const diary = diaryText[lang];
    const anniversaries = anniversaryText[lang];
    await app.open();
    await app.createVault(MASTER);
    await app.waitForOfflineReady();

    // The diary asks for the detail password; the default 0000 opens it once and asks to change it.
    await app.go('diary');
    await app.enterDetailPassword('1234');
    await page.getByText(app.text.detail.wrong).waitFor();
    await app.enterDetailPassword('0000');
    await app.changeDefaultDetailPassword('2468');

    await page.getByRole('button', { name: diary.add }).click();
    const form = app.dialog(diary.form.add);
    await form.getByRole('button', { name: app.text.save }).click();
    await form.getByText(diary.problems.title).waitFor();
    await form.getByLabel(diary.form.title).fill('첫눈 오는 날 / First snow');
    await form.getByLabel(diary.form.body).fill('Hot cocoa with 호떡 at the market.');
    await form.getByRole('button', { name: app.text.save }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByText('첫눈 오는 날 / First snow').waitFor();
    await page.getByLabel(diary.search).fill('호떡');
    await page.getByText(plural(diary.results, 1, lang)).waitFor();
    await page.getByLabel(diary.search).fill('no such words');
    await page.getByText(diary.noResults).waitFor();

    // A lunar anniversary chosen as anniversary 1 shows its D-day on the main screen, and another chosen as 2
    // right after it (before the first choice is written) keeps both.
    await app.go('anniversaries');
    for (const [name, lunar] of [
      ['엄마 생신 / Mom', true],
      ['결혼기념일 / Wedding', false],
    ] as const) {
      await page.getByRole('button', { name: anniversaries.add }).first().click();
      const anniversaryForm = app.dialog(anniversaries.form.add);
      await anniversaryForm.getByLabel(anniversaries.form.name).fill(name);
      if (lunar) await anniversaryForm.getByRole('radio', { name: scheduleText[lang].form.lunar }).check();
      await anniversaryForm.getByRole('button', { name: app.text.save }).click();
      await anniversaryForm.waitFor({ state: 'detached' });
    }
    const slot = (n: number) => page.getByLabel(anniversaries.slot.replace('{{n}}', String(n)));
    await slot(1).selectOption({ label: '엄마 생신 / Mom' });
    await slot(2).selectOption({ label: '결혼기념일 / Wedding' });
    expect(await slot(1).locator('option:checked').textContent()).toBe('엄마 생신 / Mom');
    expect(await slot(2).locator('option:checked').textContent()).toBe('결혼기념일 / Wedding');
    await app.go('home');
    await page.locator('.dday', { hasText: '엄마 생신 / Mom' }).waitFor();
    await page.locator('.dday', { hasText: '결혼기념일 / Wedding' }).waitFor();

    // Offline: the page comes from the service worker, the vault from IndexedDB.
    await page.context().setOffline(true);
    await page.reload();
    await app.unlock(MASTER);
    await page.getByText(app.text.header.offline).waitFor();
    await page.locator('.dday', { hasText: '엄마 생신 / Mom' }).waitFor();
    await app.go('diary');
    await app.enterDetailPassword('0000');
    await page.getByText(app.text.detail.wrong).waitFor();
    await app.enterDetailPassword('2468');
    await page.getByText('첫눈 오는 날 / First snow').waitFor();
    await page.context().setOffline(false);
  });

  it('changes the master password in settings and the new one unlocks the same data', async () => {
    const app = await signedInApp(lang);
    const page = app.page;
    const settings = settingsText[lang];
    await app.open('settings');
    await app.createVault(MASTER);
    await page.getByLabel(settings.profile.nickname).fill('지니 Genie');
    await page.getByRole('button', { name: app.text.save, exact: true }).first().click();
    await page.getByText(app.text.header.greeting.replace('{{name}}', '지니 Genie')).waitFor();

    await page.getByLabel(settings.master.current, { exact: true }).fill('wrong master password');
    await page.getByLabel(settings.master.next, { exact: true }).fill('A brand new master key 42!');
    await page.getByLabel(settings.master.confirm, { exact: true }).fill('A brand new master key 42!');
    await page.getByRole('button', { name: settings.master.submit }).click();
    await page.getByText(settings.master.wrong).waitFor();
    await page.getByLabel(settings.master.current, { exact: true }).fill(MASTER);
    await page.getByRole('button', { name: settings.master.submit }).click();
    await app.toast(settings.master.changed);

    await page.reload();
    await app.unlock(MASTER);
    await page.getByText(app.text.unlock.wrong).waitFor();
    await app.unlock('A brand new master key 42!');
    await page.getByText(app.text.header.greeting.replace('{{name}}', '지니 Genie')).waitFor();
    const verifier = parseMasterKeyVerifier(
      await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.masterKeyVerifier),
    );
    expect(await checkMasterKey('A brand new master key 42!', verifier)).toBe('ok');
  });
});

describe('protection', () => {
  it('refuses a document the disk cannot hold with a clear message, and keeps nothing of it', async () => {
    const app = await signedInApp('en');
    const page = app.page;
    const documents = documentsText.en;
    await app.startVault('documents', MASTER, '2468');
    // Chromium lets a test shrink this site's storage quota: 3 MB, most of it already used by the app cache.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', {
      origin: new URL(suite.server.url).origin,
      quotaSize: 3 * 1024 * 1024,
    });
    // The quota manager takes the override in its own time: the page must see it before the file is picked,
    // or the app rightly finds room and stores the file.
    await page.waitForFunction(async () => {
      const { quota } = await navigator.storage.estimate();
      return quota !== undefined && quota <= 3 * 1024 * 1024;
    });
    await page.locator('input[type="file"]').setInputFiles({
      name: 'scan.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(8 * 1024 * 1024, 7),
    });
    const expected = documents.problems.storageFull.split('{{needed}}')[0]!.replace('{{name}}', 'scan.bin');
    await page.getByText(expected).waitFor();
    await page.getByText(documents.list.empty).waitFor();
    const chunks = await page.evaluate(async () => {
      const databases = await indexedDB.databases();
      const name = databases.find((db) => db.name?.startsWith('mygenie-vault-'))!.name!;
      const db = await new Promise<IDBDatabase>((resolve) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
      });
      const count = await new Promise<number>((resolve) => {
        const request = db.transaction('chunks').objectStore('chunks').count();
        request.onsuccess = () => resolve(request.result);
      });
      db.close();
      return count;
    });
    expect(chunks).toBe(0);
  });

  it('reports a tampered record instead of showing it', async () => {
    const app = await signedInApp('en');
    const page = app.page;
    const diary = diaryText.en;
    await app.startVault('diary', MASTER, '2468');
    for (const title of ['Kept entry', 'Altered entry']) {
      await page.getByRole('button', { name: diary.add }).click();
      const form = app.dialog(diary.form.add);
      await form.getByLabel(diary.form.title).fill(title);
      await form.getByRole('button', { name: app.text.save }).click();
      await form.waitFor({ state: 'detached' });
    }
    // Flip one byte of the newest memo's ciphertext, as an attacker with the disk could. Records rest packed
    // in pages (rows of `{ page, ids, records }`).
    await page.evaluate(async () => {
      const databases = await indexedDB.databases();
      const name = databases.find((db) => db.name?.startsWith('mygenie-vault-'))!.name!;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      type Page = { records: Array<{ kind: string; sealed: Uint8Array; updatedAt: number }> };
      const pages = await new Promise<Page[]>((resolve) => {
        const request = db.transaction('pages').objectStore('pages').getAll();
        request.onsuccess = () => resolve(request.result);
      });
      const [stored, memo] = pages
        .flatMap((row) => row.records.map((record) => [row, record] as const))
        .filter(([, record]) => record.kind === 'memo')
        .sort(([, a], [, b]) => b.updatedAt - a.updatedAt)[0]!;
      memo.sealed[40] = memo.sealed[40]! ^ 0xff;
      await new Promise<void>((resolve) => {
        const transaction = db.transaction('pages', 'readwrite');
        transaction.objectStore('pages').put(stored);
        transaction.oncomplete = () => resolve();
      });
      db.close();
    });
    await page.reload();
    await app.unlock(MASTER);
    await page.getByText(plural(app.text.damaged, 1, app.lang)).waitFor();
    await app.enterDetailPassword('2468');
    await page.getByText('Kept entry').waitFor();
    expect(await page.getByText('Altered entry').count()).toBe(0);
  });

  it('opens a vault kept the earlier way (a row per record): every entry is there, moved into pages', async () => {
    const app = await signedInApp('en');
    const page = app.page;
    const diary = diaryText.en;
    await app.startVault('diary', MASTER, '2468');
    const titles = ['First of the old layout', 'Second of the old layout'];
    for (const title of titles) {
      await page.getByRole('button', { name: diary.add }).click();
      const form = app.dialog(diary.form.add);
      await form.getByLabel(diary.form.title).fill(title);
      await form.getByRole('button', { name: app.text.save }).click();
      await form.waitFor({ state: 'detached' });
    }
    // Put the vault back as version 1 of the store kept it: every record a row of `records`, no pages.
    const layout = (rewind: boolean) =>
      page.evaluate(async (rewind: boolean) => {
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
        type Page = { records: Array<{ id: string }> };
        const pages = await all<Page>('pages');
        if (rewind) {
          await new Promise<void>((resolve) => {
            const transaction = db.transaction(['pages', 'records'], 'readwrite');
            transaction.objectStore('pages').clear();
            for (const record of pages.flatMap((row) => row.records)) {
              transaction.objectStore('records').put(record);
            }
            transaction.oncomplete = () => resolve();
          });
        }
        const counts = {
          rows: (await all('records')).length,
          paged: (await all<Page>('pages')).flatMap((row) => row.records).length,
        };
        db.close();
        return counts;
      }, rewind);
    const before = await layout(true);
    expect(before.rows).toBeGreaterThanOrEqual(3);
    expect(before.paged).toBe(0);
    await page.reload();
    await app.unlock(MASTER);
    await app.enterDetailPassword('2468');
    for (const title of titles) await page.getByText(title).waitFor();
    expect(await layout(false)).toEqual({ rows: 0, paged: before.rows });
  });

  it('logs out after the idle minutes, paused while hidden, and a setting from another tab applies at once', async () => {
    const app = await signedInApp('en');
    const page = app.page;
    await page.clock.install();
    await app.open();
    await app.createVault(MASTER);
    await page.clock.fastForward('09:00');
    await app.nav().waitFor();
    // While the page is hidden the timer stands still.
    const setHidden = (hidden: boolean) => setPageHidden(page, hidden);
    await setHidden(true);
    await page.clock.fastForward('30:00');
    await setHidden(false);
    await app.nav().waitFor();
    // Activity restarts the 10-minute default. Chromium hands pointer moves to the page at its next frame: the clock
    // goes on once the page has taken them in (it tells the server, more than a minute after its last word).
    const activity = page.waitForRequest('**/api/session/activity');
    await page.mouse.move(50, 50);
    await page.mouse.move(80, 90);
    await activity;
    await page.clock.fastForward('09:00');
    await app.nav().waitFor();

    // Another tab sets 5 minutes: this tab follows at once.
    const other = await page.context().newPage();
    await other.goto(`${suite.server.url}/robots.txt`);
    // The page tells the server its new minutes as it takes the setting in: only then may the clock go on.
    const followed = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/session/activity') && request.postDataJSON()?.idleMinutes === 5,
    );
    await other.evaluate((key) => localStorage.setItem(key, '5'), STORAGE_KEYS.autoLogoutMinutes);
    await followed;
    await page.clock.fastForward('05:01');
    await page.getByRole('heading', { name: app.text.autoLogout.title }).waitFor();
    await page.getByText(app.text.autoLogout.message.replace('{{minutes}}', '5')).waitFor();
    // The vault is hidden at once; the session ends once the vault is locked (or sent and wiped), a moment later.
    await expect
      .poll(async () => (await page.evaluate(async () => (await fetch('/api/session')).json())).user)
      .toBeNull();
  });
});

describe(`every module in ${lang}`, () => {
  it('keeps an event, a ledger entry, personal info and a document, and finds them again offline', async () => {
    const app = await signedInApp(lang);
    const page = app.page;
    const schedule = scheduleText[lang];
    const ledger = ledgerText[lang];
    const personal = personalText[lang];
    const documents = documentsText[lang];
    await app.open();
    await app.createVault(MASTER);
    await app.waitForOfflineReady();

    // Schedule: today's cell carries its Korean lunar date; a yearly lunar event lands on the right day.
    const today = isoToday();
    const lunarToday = toLunarDate(parseIsoDate(today)!)!;
    await app.go('schedule');
    const todayLabel = await page.locator(`[data-date="${today}"] .visually-hidden`).textContent();
    expect(todayLabel).toContain(
      fill(lunarToday.leap ? schedule.lunar.longLeap : schedule.lunar.long, {
        month: lunarToday.month,
        day: lunarToday.day,
      }),
    );
    const inAWeek = addDays(parseIsoDate(today)!, 6);
    const lunarInAWeek = toLunarDate(inAWeek)!;
    await page.getByRole('button', { name: schedule.add, exact: true }).click();
    const eventForm = app.dialog(schedule.form.newTitle);
    await eventForm.getByLabel(schedule.form.title).fill('할머니 생신 / Grandma');
    await eventForm.getByRole('radio', { name: schedule.form.lunar }).check();
    await eventForm.getByLabel(schedule.form.lunarYear).fill(String(lunarInAWeek.year));
    await eventForm.getByLabel(schedule.form.lunarMonth, { exact: true }).fill(String(lunarInAWeek.month));
    await eventForm.getByLabel(schedule.form.lunarDay, { exact: true }).fill(String(lunarInAWeek.day));
    if (lunarInAWeek.leap) await eventForm.getByLabel(schedule.form.leap, { exact: true }).check();
    await eventForm.getByLabel(schedule.form.repeat).selectOption({ label: schedule.form.repeatYearly });
    await eventForm.getByRole('button', { name: app.text.save }).click();
    await eventForm.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: schedule.views.agenda, exact: true }).click();
    const agendaDay = page.locator(`[data-agenda-date="${toIsoDate(inAWeek)}"]`);
    await agendaDay.getByText('할머니 생신 / Grandma').waitFor();

    // Ledger: the detail password first, then an expense, a refused CSV and an accepted one.
    await app.go('ledger');
    await app.enterDetailPassword('0000');
    await app.changeDefaultDetailPassword('2468');
    await page.getByRole('button', { name: ledger.add, exact: true }).click();
    const entryForm = app.dialog(ledger.form.addTitle);
    await entryForm.getByRole('radio', { name: ledger.types.expense }).check();
    await entryForm.getByLabel(ledger.form.amount).fill('12,000');
    await entryForm
      .getByLabel(ledger.form.category, { exact: true })
      .selectOption({ label: ledger.categories.food });
    await entryForm.getByLabel(ledger.form.memo).fill('냉면 / naengmyeon');
    await entryForm.getByRole('button', { name: app.text.save }).click();
    await entryForm.waitFor({ state: 'detached' });
    await page.getByText('냉면 / naengmyeon').waitFor();
    expect(await page.locator('main').innerText()).toContain(formatMoney(12_000, 'KRW', lang));

    const csvInput = page.locator('input[type="file"][accept*="csv"]');
    await csvInput.setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `date,type,amount,category\n${today},expense,5000,food\n2026-13-01,expense,abc,food\n`,
      ),
    });
    // Both bad rows of line 3 are named (its date and its amount), and nothing is imported.
    await page
      .getByText(fill(ledger.csv.lineColumn, { line: 3, column: ledger.columns.date, message: '' }).trim())
      .waitFor();
    await page
      .getByText(fill(ledger.csv.lineColumn, { line: 3, column: ledger.columns.amount, message: '' }).trim())
      .waitFor();
    expect(await page.getByText(formatMoney(5_000, 'KRW', lang)).count()).toBe(0);
    await csvInput.setInputFiles({
      name: 'good.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `날짜,구분,금액,분류,메모\n${today},지출,"3,500",cafe,아메리카노\n${today},수입,50000,allowance,용돈\n`,
      ),
    });
    await page.getByRole('alertdialog').getByRole('button', { name: ledger.csv.confirm }).click();
    await app.toast(plural(ledger.csv.imported, 2, lang));
    await page.getByText('아메리카노').waitFor();

    // Personal info: a bank account.
    await app.go('personal');
    await addBankAccount(app, '월급 통장 / Salary', '110-123-456789');
    // Saved, it opens: the account number masked until shown, each field copied on request.
    const detail = page.getByRole('dialog', { name: '월급 통장 / Salary' });
    await detail.getByText('Genie Bank').waitFor();
    expect(await detail.getByText('110-123-456789').count()).toBe(0);
    await detail
      .getByRole('button', {
        name: fill(personal.detail.showLabel, { field: personal.fields.bank.accountNumber }),
      })
      .click();
    await detail.getByText('110-123-456789').waitFor();
    await detail
      .getByRole('button', {
        name: fill(personal.detail.copyLabel, { field: personal.fields.bank.accountNumber }),
      })
      .click();
    await app.toast(fill(personal.detail.copiedCleared, { seconds: 30 }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('110-123-456789');
    await page.keyboard.press('Escape');
    await page.locator('.personal-card__title', { hasText: '월급 통장 / Salary' }).waitFor();

    // Documents: a text file, encrypted in IndexedDB, previewed decrypted.
    await app.go('documents');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'note.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Hello 문서 — kept encrypted'),
    });
    await page.getByRole('button', { name: fill(documents.list.previewOf, { name: 'note.txt' }) }).click();
    await page.getByRole('dialog').getByText('Hello 문서 — kept encrypted').waitFor();
    await page.keyboard.press('Escape');

    // Offline, after a reload: everything is still there.
    await page.context().setOffline(true);
    await page.reload();
    await app.unlock(MASTER);
    await app.go('schedule');
    await page.getByRole('button', { name: schedule.views.agenda, exact: true }).click();
    await page.getByText('할머니 생신 / Grandma').first().waitFor();
    await app.go('ledger');
    await app.enterDetailPassword('2468');
    await page.getByText('냉면 / naengmyeon').waitFor();
    await page.getByText('아메리카노').waitFor();
    await app.go('personal');
    await page.locator('.personal-card__title', { hasText: '월급 통장 / Salary' }).waitFor();
    await app.go('documents');
    await page.getByRole('button', { name: fill(documents.list.previewOf, { name: 'note.txt' }) }).click();
    await page.getByRole('dialog').getByText('Hello 문서 — kept encrypted').waitFor();
    await page.context().setOffline(false);
  });
});
