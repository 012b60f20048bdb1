// A form left open while its record changes elsewhere (issue 31 §1): on another device through sync, or in another
// tab of the same browser. The form says so while it is open; saving merges its changes with the other side's —
// other fields both kept, the same field kept both ways as a conflict copy — in every module's form and the
// settings, and three devices editing one entry a second apart keep every body.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { anniversaryText } from '../src/app/modules/schedule/anniversaries/copy.js';
import { ledgerText } from '../src/app/modules/ledger/copy.js';
import { personalText } from '../src/app/modules/personal/copy.js';
import { scheduleText } from '../src/app/modules/schedule/copy.js';
import { settingsText } from '../src/app/modules/settings/copy.js';
import { plural } from '../src/shared/plural.js';
import { fill } from '../src/client/text.js';
import { addBankAccount } from './pages/members.js';
import { AppModel } from './pages/app.js';
import type { Lang } from './pages/site.js';
import { DETAIL, MASTER, syncMember, type Device } from './pages/sync.js';
import { browserSuite } from './support/suite.js';

const suite = browserSuite();

/** This file's journeys run in Korean: the files alternate, and e2e/bilingual.test.ts shows every screen in both. */
const lang: Lang = 'ko';

/** The note an open form shows once its record changed elsewhere. */
const changedNote = (device: { app: AppModel }, form: Locator) =>
  form.locator('[data-held="changed"]', { hasText: device.app.text.held.changed });

async function save(device: { app: AppModel }, form: Locator): Promise<void> {
  await form.getByRole('button', { name: device.app.text.save }).click();
  await form.waitFor({ state: 'detached' });
}

async function openDiary(device: Device, title: string): Promise<Locator> {
  await device.app.go('diary');
  await device.page
    .getByRole('button', { name: fill(device.app.text.editItem, { name: title }), exact: true })
    .click();
  return device.app.dialog(device.diary.form.edit);
}

async function openLedger(device: Device): Promise<Locator> {
  const ledger = ledgerText[device.app.lang];
  await device.app.go('ledger');
  await device.page
    .getByRole('button', { name: fill(ledger.list.editEntry, { entry: '' }) })
    .first()
    .click();
  return device.app.dialog(ledger.form.editTitle);
}

async function openEvent(device: Device, title: string): Promise<Locator> {
  const schedule = scheduleText[device.app.lang];
  await device.app.go('schedule');
  await device.page
    .getByRole('button', { name: fill(schedule.event.edit, { title }) })
    .first()
    .click();
  return device.app.dialog(schedule.form.editTitle);
}

async function openBank(device: Device, title: string): Promise<Locator> {
  const personal = personalText[device.app.lang];
  await device.app.go('personal');
  await device.page.getByRole('button', { name: new RegExp(title) }).click();
  await device.page.getByRole('button', { name: device.app.text.edit, exact: true }).click();
  return device.app.dialog(fill(personal.form.editTitle, { title }));
}

async function openAnniversary(device: Device, name: string): Promise<Locator> {
  const text = anniversaryText[device.app.lang];
  await device.app.go('anniversaries');
  await device.page
    .getByRole('button', { name: fill(device.app.text.editItem, { name }), exact: true })
    .click();
  return device.app.dialog(text.form.edit);
}

async function addAnniversary(device: Device, name: string): Promise<void> {
  const text = anniversaryText[device.app.lang];
  await device.app.go('anniversaries');
  await device.page.getByRole('button', { name: text.add }).first().click();
  const form = device.app.dialog(text.form.add);
  await form.getByLabel(text.form.name).fill(name);
  await form.locator('input[type="date"]').first().fill('2026-05-20');
  await save(device, form);
}

describe(`a form left open while another device saves, in ${lang}`, () => {
  it('merges the diary, ledger and schedule forms with the other device’s change, and says so while open', async () => {
    const [a, b] = (await syncMember(suite, lang, 2)) as [Device, Device];
    const ledger = ledgerText[lang];
    const schedule = scheduleText[lang];
    await a.startSyncing();
    await a.app.go('diary');
    await a.addDiary('Lunch', 'Bibimbap');
    await a.app.go('ledger');
    await a.addExpense('12,000', 'Lunch');
    await a.addEvent('Dentist');
    await a.sent();
    await b.join();

    // Diary: B types a new body and leaves the form open; A changes the title.
    const diary = await openDiary(b, 'Lunch');
    await diary.getByLabel(b.diary.form.body).fill('Bibimbap and mandu, from the phone');
    await a.editDiaryOn('Lunch', { title: 'Lunch with Mina' });
    await changedNote(b, diary).waitFor({ timeout: 20_000 });
    // The list behind the form already shows A's title; the form still holds what B typed.
    expect(await diary.getByLabel(b.diary.form.title).inputValue()).toBe('Lunch');
    await save(b, diary);
    await b.app.toast(b.app.text.savedAfter.merged);
    await b.sent();
    for (const device of [a, b]) {
      await device.app.go('diary');
      await device.page.getByText('Lunch with Mina').waitFor({ timeout: 20_000 });
      await device.page.getByText('Bibimbap and mandu, from the phone').first().waitFor({ timeout: 20_000 });
    }

    // Ledger: B changes the amount in an open form; A changes the memo.
    const entry = await openLedger(b);
    await entry.getByLabel(ledger.form.amount).fill('15,000');
    await a.editLedger({ memo: 'Lunch with Mina' });
    await changedNote(b, entry).waitFor({ timeout: 20_000 });
    await save(b, entry);
    await b.sent();
    for (const device of [a, b]) {
      await device.app.go('ledger');
      await device.page.getByText('Lunch with Mina').first().waitFor({ timeout: 20_000 });
      await device.page
        .getByText(/15,000/)
        .first()
        .waitFor({ timeout: 20_000 });
    }

    // Schedule: both change the title, two ways: the other device's stays, this form's is kept as a copy.
    const event = await openEvent(b, 'Dentist');
    await event.getByLabel(schedule.form.title).fill('Dentist moved to Friday');
    await a.editEvent('Dentist', 'Dentist at three');
    await changedNote(b, event).waitFor({ timeout: 20_000 });
    await save(b, event);
    await b.app.toast(b.app.text.savedAfter.conflict);
    await b.sent();
    for (const device of [a, b]) {
      await device.app.go('schedule');
      await device.page.getByText('Dentist at three').first().waitFor({ timeout: 20_000 });
      await device.page.getByText('Dentist moved to Friday').first().waitFor({ timeout: 20_000 });
      await device.page
        .getByText(plural(device.sync.conflicts.banner, 1, device.app.lang))
        .waitFor({ timeout: 20_000 });
    }
  });

  it('merges the personal, anniversary and settings forms with the other device’s change', async () => {
    const [a, b] = (await syncMember(suite, lang, 2)) as [Device, Device];
    const personal = personalText[lang];
    const anniversary = anniversaryText[lang];
    const settings = settingsText[lang];
    await a.startSyncing();
    await a.app.go('personal');
    await addBankAccount(a.app, 'Salary account', '110-222-333333');
    await a.page.keyboard.press('Escape');
    await addAnniversary(a, 'Wedding day');
    await a.sent();
    await b.join();

    // Personal: B's open form changes the bank's name; A changes the account number.
    const bank = await openBank(b, 'Salary account');
    await bank.getByLabel(personal.fields.bank.bankName).fill('Genie Savings');
    await a.editBank(personal.fields.bank.accountNumber, '110-222-999999');
    await changedNote(b, bank).waitFor({ timeout: 20_000 });
    await save(b, bank);
    await b.page.keyboard.press('Escape');
    await b.sent();
    for (const device of [a, b]) {
      const form = await openBank(device, 'Salary account');
      await expect
        .poll(() => form.getByLabel(personal.fields.bank.accountNumber).inputValue(), { timeout: 20_000 })
        .toBe('110-222-999999');
      expect(await form.getByLabel(personal.fields.bank.bankName).inputValue()).toBe('Genie Savings');
      await form.getByRole('button', { name: device.app.text.cancel }).click();
      await device.page.keyboard.press('Escape');
    }

    // Anniversaries: B renames in an open form; A renames too: both names are kept (one as a copy).
    const open = await openAnniversary(b, 'Wedding day');
    await open.getByLabel(anniversary.form.name).fill('Our wedding');
    const other = await openAnniversary(a, 'Wedding day');
    await other.getByLabel(anniversary.form.name).fill('Wedding anniversary');
    await save(a, other);
    await changedNote(b, open).waitFor({ timeout: 20_000 });
    await save(b, open);
    await b.sent();
    for (const device of [a, b]) {
      await device.app.go('anniversaries');
      const listed = (name: string) => device.page.locator('main .list__title', { hasText: name });
      await listed('Wedding anniversary').waitFor({ timeout: 20_000 });
      await listed('Our wedding').waitFor({ timeout: 20_000 });
    }

    // Settings: B's nickname field is filled in while A saves another nickname; B's choice is applied, and said.
    await b.app.go('settings');
    await b.page.getByLabel(settings.profile.nickname).fill('Minsu from the phone');
    await a.app.go('settings');
    await a.page.getByLabel(settings.profile.nickname).fill('Minsu');
    // While A's own save is written, A's form never calls it a change made elsewhere (not even for a moment).
    await a.page.evaluate(() => {
      const seen = document.createElement('meta');
      seen.id = 'held-seen';
      document.head.append(seen);
      new MutationObserver(() => {
        if (document.querySelector('[data-held]')) seen.dataset.seen = 'yes';
      }).observe(document.body, { childList: true, subtree: true });
    });
    await a.page.getByRole('button', { name: a.app.text.save }).first().click();
    await a.sent();
    expect(await a.page.locator('#held-seen').getAttribute('data-seen')).toBeNull();
    await b.page
      .locator('[data-held="changed"]', { hasText: b.app.text.held.changed })
      .waitFor({ timeout: 20_000 });
    await b.page.getByRole('button', { name: b.app.text.save }).first().click();
    await b.app.toast(b.app.text.savedAfter.replaced);
    await b.sent();
    // The other device follows: its header greets the nickname chosen last.
    await a.page
      .getByText(fill(a.app.text.header.greeting, { name: 'Minsu from the phone' }))
      .waitFor({ timeout: 20_000 });
  });
});

describe(`two tabs of the app on one device, in ${lang}`, () => {
  it('a form open in one tab merges with what the other tab saved, with or without sync', async () => {
    const [device] = (await syncMember(suite, lang, 1)) as [Device];
    // Sync off: the tabs alone must not lose each other's edits.
    await device.app.startVault('diary', MASTER, DETAIL, { sync: false });
    await device.addDiary('Picnic', 'Kimbap');
    const second = new AppModel(await device.context.newPage(), lang, device.app.baseUrl);
    await second.open('diary');
    await second.unlock(MASTER);
    await second.enterDetailPassword(DETAIL);
    await second.page
      .getByRole('button', { name: fill(second.text.editItem, { name: 'Picnic' }), exact: true })
      .click();
    const form = second.dialog(device.diary.form.edit);
    await form.getByLabel(device.diary.form.body).fill('Kimbap and fruit');
    await device.editDiaryOn('Picnic', { title: 'Picnic by the river' });
    await changedNote({ app: second }, form).waitFor({ timeout: 10_000 });
    await form.getByRole('button', { name: second.text.save }).click();
    await form.waitFor({ state: 'detached' });
    for (const page of [device.page, second.page] as Page[]) {
      await page.getByText('Picnic by the river').waitFor();
      await page.getByText('Kimbap and fruit').first().waitFor();
    }
    // The same field two ways: one tab's edit stays, the other's is kept as a copy to choose from.
    await second.page
      .getByRole('button', { name: fill(second.text.editItem, { name: 'Picnic by the river' }), exact: true })
      .click();
    const again = second.dialog(device.diary.form.edit);
    await again.getByLabel(device.diary.form.body).fill('Only fruit');
    await device.editDiaryOn('Picnic by the river', { body: 'Kimbap, fruit and tea' });
    await changedNote({ app: second }, again).waitFor({ timeout: 10_000 });
    await again.getByRole('button', { name: second.text.save }).click();
    for (const page of [device.page, second.page] as Page[]) {
      await page.getByText('Kimbap, fruit and tea').first().waitFor();
      await page.getByText('Only fruit').first().waitFor();
      await page.getByText(plural(device.sync.conflicts.banner, 1, device.app.lang)).waitFor();
    }
  });
});

describe('three devices editing one entry one after another', () => {
  it('keeps every body and the ledger memo changed in between', async () => {
    const [a, b, c] = (await syncMember(suite, 'ko', 3)) as [Device, Device, Device];
    await a.startSyncing();
    await a.app.go('diary');
    await a.addDiary('Trip plan', 'Busan');
    await a.app.go('ledger');
    await a.addExpense('30,000', 'Train');
    await a.sent();
    await b.join();
    await c.join();
    const forms = [];
    for (const device of [a, b, c]) forms.push(await openDiary(device, 'Trip plan'));
    await forms[0]!.getByLabel(a.diary.form.body).fill('Busan by train');
    await forms[1]!.getByLabel(b.diary.form.body).fill('Busan, then Gyeongju');
    await forms[2]!.getByLabel(c.diary.form.body).fill('Busan for three days');
    await save(a, forms[0]!);
    await save(b, forms[1]!);
    await a.editLedger({ memo: 'Train to Busan' });
    await save(c, forms[2]!);
    for (const device of [a, b, c]) await device.sent();
    for (const device of [a, b, c]) await device.sent();
    for (const device of [a, b, c]) {
      await device.app.go('diary');
      for (const body of ['Busan by train', 'Busan, then Gyeongju', 'Busan for three days']) {
        await device.page.getByText(body).first().waitFor({ timeout: 30_000 });
      }
      await device.app.go('ledger');
      await device.page.getByText('Train to Busan').first().waitFor({ timeout: 30_000 });
    }
    expect(await b.shown('diary')).toBe(await a.shown('diary'));
    expect(await c.shown('diary')).toBe(await a.shown('diary'));
  });
});
