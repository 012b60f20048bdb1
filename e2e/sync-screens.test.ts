// What a member sees of sync (issue 31 §3), in both languages: devices named by browser and system and renamed in
// the settings' list; a device removed on another one turned on again with its unsent entry kept; the header's
// state in words on a 390 px phone, a server out of reach said so, counted words in the plural they take, and the
// way from the banner and the header to the conflict list; and in the ledger, a conflict copy marked and counted
// once in the month's money.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ledgerText } from '../src/app/modules/ledger/copy.js';
import { formatMoney } from '../src/app/modules/ledger/model/format.js';
import { plural } from '../src/shared/plural.js';
import { fill } from '../src/client/text.js';
import { browserAndSystem, browserDeviceName } from '../src/shared/device.js';
import { errorMessage } from '../src/shared/i18n/error-message.js';
import type { Lang } from './pages/site.js';
import { goOffline, reconnect, syncMember, type Device } from './pages/sync.js';
import { browserSuite } from './support/suite.js';

const suite = browserSuite();

/** This file's journeys run in English: the files alternate, and e2e/bilingual.test.ts shows every screen in both. */
const lang: Lang = 'en';

/** The settings' list of devices holding the vault. */
function deviceList(device: Device) {
  return device.page.getByRole('list', { name: device.sync.panel.devices });
}

/** Where focus is: 'landed' when on `id` and shown in the window, else what has it and where (for the failure). */
async function focusOn(page: Page, id: string): Promise<string> {
  return page.evaluate((id) => {
    const active = document.activeElement;
    const box = active?.getBoundingClientRect();
    if (active?.id === id && box && box.top >= -1 && box.bottom <= window.innerHeight + 1) return 'landed';
    return `${active?.tagName ?? 'nothing'}#${active?.id ?? ''} at ${box?.top ?? '?'} of ${window.innerHeight}`;
  }, id);
}

/** Focus lands on `id`, in the window. */
async function landedOn(page: Page, id: string): Promise<void> {
  await expect.poll(() => focusOn(page, id), { timeout: 10_000 }).toBe('landed');
}

describe(`sync devices in ${lang}`, () => {
  it('names devices by browser and system, renames one with checked words, and turns a removed one on again with its unsent entry', async () => {
    const [a, b] = await syncMember(suite, lang, 2);
    await a!.startSyncing();
    await b!.join();

    // Named from each browser's user agent, in the language on screen; this device marked.
    const named = browserDeviceName(
      browserAndSystem(await a!.page.evaluate(() => navigator.userAgent)),
      lang,
    );
    expect(named).toMatch(/^Chrome on /);
    await a!.app.go('settings');
    const list = deviceList(a!);
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 30_000 }).toBe(2);
    expect(await list.locator('.sync-list__name').allInnerTexts()).toEqual([named, named]);
    const here = list.getByRole('listitem').filter({ hasText: a!.sync.panel.thisDevice });
    expect(await here.count()).toBe(1);

    // Renamed in a form in its place: what the server would refuse is said in the language first.
    await here.getByRole('button', { name: fill(a!.sync.panel.renameDevice, { name: named }) }).click();
    const field = list.getByRole('textbox', { name: a!.sync.panel.name });
    expect(await field.inputValue()).toBe(named);
    const problems = a!.sync.panel.nameProblems;
    for (const [name, problem] of [
      ['   ', problems.empty],
      ['<b>laptop</b>', problems.characters],
      ['left\u202eright', problems.characters],
      ['x'.repeat(65), fill(problems['too-long'], { max: 64 })],
    ] as const) {
      await field.fill(name);
      await list.getByRole('button', { name: a!.sync.panel.saveName }).click();
      await list.getByRole('alert').getByText(problem, { exact: true }).waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
    }
    await field.fill('  집 노트북 / Home laptop ');
    await list.getByRole('button', { name: a!.sync.panel.saveName }).click();
    await a!.app.toast(a!.sync.panel.renamed);
    await field.waitFor({ state: 'detached' });
    await list.locator('.sync-list__name', { hasText: '집 노트북 / Home laptop' }).waitFor();
    expect(await here.locator('.sync-list__name').innerText()).toBe('집 노트북 / Home laptop');
    // Focus goes back to the button that opened the form.
    expect(await a!.page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toContain(
      '집 노트북 / Home laptop',
    );

    // Removed on the laptop (a lost phone): the phone says so in a few words, and why.
    const other = list.getByRole('listitem').filter({ hasNotText: a!.sync.panel.thisDevice });
    await other.getByRole('button', { name: fill(a!.sync.panel.removeDevice, { name: named }) }).click();
    await a!.page.getByRole('alertdialog').getByRole('button', { name: a!.sync.panel.remove }).click();
    await a!.app.toast(a!.sync.panel.removed);
    await b!.badge(b!.sync.badge.removed);
    // Written on the phone meanwhile: kept there, unsent.
    await b!.app.go('diary');
    await b!.addDiary('Written while removed', 'Kept here.');
    await b!.badge(b!.sync.badge.removed);
    await b!.page.locator('.sync-badge').click();
    await landedOn(b!.page, 'sync-status');
    const panel = b!.page.locator('.sync-panel');
    await panel.getByText(errorMessage(lang, 'sync/unknown-device')).waitFor();
    await panel.getByText(b!.sync.panel.rejoinLead).waitFor();
    expect(await panel.getByRole('button', { name: b!.sync.panel.now }).count()).toBe(0);
    // Its list says the truth: the laptop alone, and nothing marked as this device.
    const phoneList = deviceList(b!);
    await expect.poll(() => phoneList.getByRole('listitem').count(), { timeout: 20_000 }).toBe(1);
    expect(await phoneList.getByText(b!.sync.panel.thisDevice).count()).toBe(0);

    // On again: it joins anew, and the entry written meanwhile goes to the laptop.
    await panel.getByRole('button', { name: b!.sync.panel.rejoin }).click();
    await b!.badge(b!.sync.badge.synced);
    await b!.sent();
    await a!.app.go('diary');
    await a!.page.getByText('Written while removed').waitFor({ timeout: 30_000 });
    await b!.app.go('diary');
    expect(await b!.page.getByText('Written while removed').count()).toBe(1);
    await a!.app.go('settings');
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 30_000 }).toBe(2);
    await b!.app.go('settings');
    await expect.poll(() => phoneList.getByRole('listitem').count(), { timeout: 30_000 }).toBe(2);
    await phoneList.getByText(b!.sync.panel.thisDevice).waitFor();
  }, 180_000);
});

describe(`sync on a 390 px phone in ${lang}`, () => {
  it('says the state in words, a server out of reach as such, counts a conflict in the plural it takes, and leads to the conflict list', async () => {
    // The app's service worker would carry the requests past the page's routes.
    const [a, b] = await syncMember(suite, lang, 2, { blockServiceWorkers: true });
    await a!.startSyncing();
    await a!.app.go('diary');
    await a!.addDiary('Rainy walk', 'Umbrella forgotten.');
    await a!.sent();
    await b!.join();
    await b!.page.getByText('Rainy walk').waitFor();
    await b!.page.setViewportSize({ width: 390, height: 844 });
    const page = b!.page;

    // The state in words, whole, inside the phone's width.
    const words = async (expected: string) => {
      const label = page.locator('.sync-badge__label');
      await expect.poll(() => label.innerText(), { timeout: 20_000 }).toBe(expected);
      const box = (await label.boundingBox())!;
      const badge = (await page.locator('.sync-badge').boundingBox())!;
      expect(box.width).toBeGreaterThan(20);
      expect(badge.x).toBeGreaterThanOrEqual(0);
      expect(badge.x + badge.width).toBeLessThanOrEqual(390);
      // Not cut off: the words fit their box.
      expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
    };
    await words(b!.sync.badge.synced);

    // Online, but the server does not answer: "server unreachable", never "offline".
    await page.route('**/api/sync**', (route) => route.abort('connectionrefused'));
    await b!.app.go('settings');
    await page.getByRole('button', { name: b!.sync.panel.now }).click();
    await words(b!.sync.badge.unreachable);
    await page.locator('.sync-panel').getByText(b!.sync.causes.unreachable).waitFor();
    await page.unroute('**/api/sync**');
    await page.getByRole('button', { name: b!.sync.panel.now }).click();
    await words(b!.sync.badge.synced);

    // The same entry changed two ways offline: one conflict, counted in the language's plural.
    await goOffline(a!, b!);
    await a!.editDiaryOn('Rainy walk', { body: 'Umbrella forgotten at the cafe.' });
    await b!.editDiaryOn('Rainy walk', { body: 'Soaked, no umbrella.' });
    await reconnect(a!, b!);
    const one = plural(b!.sync.badge.conflict, 1, lang);
    expect(one).toBe(lang === 'en' ? '1 conflict' : '충돌 1건');
    await words(one);
    const banner = plural(b!.sync.conflicts.banner, 1, lang);
    expect(banner).toBe(
      lang === 'en' ? '1 record conflicts with another device.' : '다른 기기와 충돌한 기록이 1건 있습니다.',
    );
    await b!.app.go('diary');
    await page.getByText(banner).waitFor();
    // The copy is marked in the diary's list.
    const badge = page
      .locator('.diary-entry')
      .getByRole('button', { name: b!.sync.conflicts.copyBadgeLabel });
    expect(await badge.count()).toBe(1);
    expect(await badge.innerText()).toBe(b!.sync.conflicts.copyBadge);

    // "Review" opens the settings at the conflict list, with focus there (not at the top of the settings).
    await page.getByRole('button', { name: b!.sync.conflicts.review, exact: true }).click();
    await landedOn(page, 'sync-conflicts-title');
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    // So do the header's state and the copy's badge.
    await b!.app.go('diary');
    await page.locator('.sync-badge').click();
    await landedOn(page, 'sync-conflicts-title');
    await b!.app.go('diary');
    await badge.click();
    await landedOn(page, 'sync-conflicts-title');

    // Kept: no conflict left, and the header's state leads to the panel's status.
    await page.getByRole('button', { name: b!.sync.conflicts.keepCopy }).click();
    await words(b!.sync.badge.synced);
    await b!.app.go('diary');
    await page.locator('.sync-badge').click();
    await landedOn(page, 'sync-status');
  }, 180_000);
});

describe('a ledger conflict in ko', () => {
  it('counts the month’s spending once on both devices, marks the copy, and keeping one sets the totals', async () => {
    const lang: Lang = 'ko';
    const ledger = ledgerText[lang];
    const won = (amount: number) => formatMoney(amount, 'KRW', lang);
    const [a, b] = await syncMember(suite, lang, 2);
    await a!.startSyncing();
    await a!.app.go('ledger');
    await a!.addExpense('10,000', '점심');
    await a!.sent();
    await b!.join();
    await b!.app.go('ledger');
    await b!.page.getByText('점심').waitFor();

    await goOffline(a!, b!);
    await a!.editLedger({ amount: '20,000' });
    await b!.editLedger({ amount: '30,000' });
    await reconnect(a!, b!);

    const expense = (device: Device) => device.page.locator('.ledger-card--expense .ledger-card__amount');
    const rows = (device: Device) => device.page.locator('.ledger-entry');
    let kept = '';
    for (const device of [a!, b!]) {
      await device.app.go('ledger');
      await expect.poll(() => rows(device).count(), { timeout: 20_000 }).toBe(2);
      // The copy is marked, and the totals count the entry it is a copy of, once: not 50,000.
      const copy = rows(device).filter({ has: device.page.locator('.conflict-badge') });
      expect(await copy.count()).toBe(1);
      expect(await copy.locator('.conflict-badge').innerText()).toBe(device.sync.conflicts.copyBadge);
      const original = rows(device).filter({ hasNot: device.page.locator('.conflict-badge') });
      const originalAmount = (await original.locator('.ledger-entry__amount').innerText()).replace('−', '');
      expect([won(20_000), won(30_000)]).toContain(originalAmount);
      expect(await expense(device).innerText()).toBe(originalAmount);
      expect(await expense(device).innerText()).not.toBe(won(50_000));
      await device.page.getByText(plural(ledger.summary.copiesLeftOut, 1, lang)).waitFor();
      // The same on both devices.
      if (kept) expect(originalAmount).toBe(kept);
      kept = originalAmount;
    }

    // The copy's badge leads to the conflict list; keeping the copy's version there sets the totals to it.
    const copyAmount = kept === won(20_000) ? won(30_000) : won(20_000);
    await a!.page.locator('.ledger-entry .conflict-badge').click();
    await landedOn(a!.page, 'sync-conflicts-title');
    const conflicts = a!.page.locator('.sync-conflicts');
    await conflicts.getByText(copyAmount, { exact: false }).first().waitFor();
    await conflicts.getByRole('button', { name: a!.sync.conflicts.keepCopy }).click();
    await a!.app.toast(a!.sync.conflicts.resolved);
    await a!.sent();
    for (const device of [a!, b!]) {
      await device.app.go('ledger');
      await expect.poll(() => rows(device).count(), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => expense(device).innerText(), { timeout: 20_000 }).toBe(copyAmount);
      expect(await device.page.locator('.conflict-badge').count()).toBe(0);
      expect(await device.page.getByText(plural(ledger.summary.copiesLeftOut, 1, lang)).count()).toBe(0);
    }
  }, 180_000);
});
