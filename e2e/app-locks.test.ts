// The app's second lock in a real Chromium (issue 17): what the detail view password protects cannot be exported,
// replaced or reset from an open vault without the master password (or the member's own detail password), the
// gate takes a few wrong tries and then waits and locks — through a reload — and copied secrets leave the
// clipboard again.
import { describe, expect, it } from 'vitest';
import { BACKUP_VERSION } from '../src/app/backup/format.js';
import { backupText } from '../src/app/modules/backup/copy.js';
import { diaryText } from '../src/app/modules/memo/copy.js';
import { personalText } from '../src/app/modules/personal/copy.js';
import { fill } from '../src/client/text.js';
import { shellText } from '../src/app/copy.js';
import { plural } from '../src/shared/plural.js';
import { browserSuite } from './support/suite.js';
import { addBankAccount, addDiaryEntry, members } from './pages/members.js';
import type { AppModel } from './pages/app.js';
import type { Lang } from './pages/site.js';

const suite = browserSuite();

/** This file's journeys run in English: the files alternate, and e2e/bilingual.test.ts shows every screen in both. */
const lang: Lang = 'en';
const MASTER = 'Locks master key 2026!';
const { member, device } = members(suite, 'locks');

/** Locks the vault and opens it again: the vault is open, the detail gate not yet entered in this unlock. */
async function lockAndUnlock(app: AppModel): Promise<void> {
  await app.page.getByRole('button', { name: app.text.header.lock }).click();
  await app.unlock(MASTER);
  await app.nav().waitFor();
}

describe(`the detail lock in ${lang}`, () => {
  it('asks for the master password before a backup or a restore into an open vault, so a restore cannot open the diary', async () => {
    const text = backupText[lang];
    const app = await device(lang, await member(lang));
    const page = app.page;
    await app.startVault('diary', MASTER, '2468');
    await addDiaryEntry(app, '잠긴 일기 / Locked diary');
    await app.go('settings');
    await page.getByLabel(text.target).selectOption({ label: text.targets.account });
    // The detail password was just set: that counts as the proof for a few minutes.
    await page.getByRole('button', { name: text.backUp }).click();
    await page.getByText(text.last.split('{{date}}')[0]!.trim()).waitFor();

    await lockAndUnlock(app);
    await app.go('settings');
    const identity = app.text.identity;
    await page.getByRole('button', { name: text.backUp }).click();
    const check = app.dialog(identity.title);
    await check.getByText(identity.lead).waitFor();
    // The default 0000 proves nothing; a wrong password is refused and Cancel backs out.
    await check.getByLabel(identity.either, { exact: true }).fill('0000');
    await check.getByRole('button', { name: identity.submit }).click();
    await check.getByText(identity.wrong).waitFor();
    await check.getByRole('button', { name: app.text.cancel }).click();
    await check.waitFor({ state: 'detached' });

    // Restore, merging, from account storage: before any password only the date, size and format version show.
    await page.getByRole('button', { name: text.from.account }).click();
    await page.getByRole('button', { name: text.choose }).first().click();
    const preview = page.locator('.backup__preview');
    await preview
      .getByText(fill(text.preview, { date: '', size: '', version: BACKUP_VERSION }).split(' · ').at(-1)!)
      .waitFor();
    const diaryCount = text.counts.split(' · ')[1]!; // "일기 {{memo}}" / "Diary {{memo}}"
    expect(await preview.textContent()).not.toContain(diaryCount.split('{{')[0]);
    await page.getByLabel(text.modes.merge).check();
    await page.getByRole('button', { name: text.restore, exact: true }).click();
    await check.getByRole('button', { name: app.text.cancel }).click();
    await check.waitFor({ state: 'detached' });
    // Nothing was restored: the diary still wants the member's own detail password, not 0000.
    await app.go('diary');
    await app.enterDetailPassword('0000');
    await page.getByText(app.text.detail.wrong).waitFor();

    // With the master password the restore runs (the lost-password path), and says what it brought back.
    await app.go('settings');
    await page.getByRole('button', { name: text.from.account }).click();
    await page.getByRole('button', { name: text.choose }).first().click();
    await page.getByLabel(text.modes.merge).check();
    await page.getByRole('button', { name: text.restore, exact: true }).click();
    await check.getByLabel(identity.either, { exact: true }).fill(MASTER);
    await check.getByRole('button', { name: identity.submit }).click();
    await app.toast(text.restored);
    await page
      .getByRole('status')
      .filter({ hasText: text.restoredCounts })
      .filter({ hasText: fill(diaryCount, { memo: 1 }) })
      .waitFor();
    await app.go('diary');
    await app.enterDetailPassword('0000');
    await app.changeDefaultDetailPassword('1357');
    await page.getByText('잠긴 일기 / Locked diary').waitFor();
  });

  it('waits after three wrong detail passwords, locks after ten, keeps both through a reload, and opens with the master password', async () => {
    const app = await device(lang, await member(lang));
    const page = app.page;
    await page.clock.install();
    await app.startVault('diary', MASTER, '2468');
    await page.reload();
    await app.unlock(MASTER);
    const detail = app.text.detail;
    const waitPrefix = detail.wait.split('{{seconds}}')[0]!;
    /** The seconds the gate says to wait, once it says so. */
    const waitShown = async () => {
      const shown = await page.getByText(waitPrefix).textContent();
      return Number(/(\d+)/.exec(shown!.slice(waitPrefix.length))?.[1]);
    };
    const submit = page.getByRole('button', { name: detail.submit, exact: true });
    const field = page.getByRole('textbox', { name: detail.password, exact: true });
    /** One wrong detail password, answered (the gate empties the field once it has checked and counted it). */
    const wrongTry = async (password: string) => {
      await field.fill(password);
      await submit.click();
      await expect.poll(() => field.inputValue()).toBe('');
    };
    for (let failure = 1; failure <= 3; failure++) await wrongTry(`wrong ${failure}`);
    // Three free tries, then 5 s: the button says it is not available, and a try sent anyway is not counted.
    await page.getByText(waitPrefix).waitFor();
    expect(await waitShown()).toBeLessThanOrEqual(5);
    expect(await submit.getAttribute('aria-disabled')).toBe('true');
    await field.fill('wrong during the wait');
    await field.press('Enter');
    await page.clock.fastForward(1_000);
    expect(await waitShown()).toBeLessThanOrEqual(4);

    // A reload does not reset the count: after the wait, the fourth wrong one asks for 10 s.
    await page.reload();
    await app.unlock(MASTER);
    await field.waitFor();
    await page.clock.fastForward(6_000);
    await wrongTry('wrong 4');
    const fourth = await waitShown();
    expect(fourth).toBeGreaterThan(5);
    expect(fourth).toBeLessThanOrEqual(10);
    for (let failure = 5, wait = 10_000; failure <= 9; failure++, wait *= 2) {
      await page.clock.fastForward(wait + 1_000);
      await wrongTry(`wrong ${failure}`);
      await page.getByText(waitPrefix).waitFor();
    }
    await page.clock.fastForward(321_000);
    await field.fill('wrong 10');
    await submit.click();

    // Ten in a row: locked until the master password, also after a reload.
    await page.getByRole('heading', { name: detail.lockedTitle }).waitFor();
    await page.reload();
    await app.unlock(MASTER);
    await page.getByRole('heading', { name: detail.lockedTitle }).waitFor();
    await page.getByText(plural(detail.lockedLead, 10, lang)).waitFor();
    const master = page.getByLabel(detail.masterPassword, { exact: true });
    await master.fill('2468');
    await page.getByRole('button', { name: detail.submit, exact: true }).click();
    await page.getByText(detail.masterWrong).waitFor();
    await master.fill(MASTER);
    await page.getByRole('button', { name: detail.submit, exact: true }).click();
    await page.getByRole('heading', { name: detail.lockedTitle }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: diaryText[lang].add }).waitFor();

    // The count starts again: the member's own password opens the gate at the next unlock.
    await lockAndUnlock(app);
    await app.go('diary');
    await app.enterDetailPassword('2468');
    await page.getByRole('heading', { name: detail.title }).waitFor({ state: 'detached' });
  });

  it('clears a copied secret from the clipboard after 30 seconds, and says so', async () => {
    const personal = personalText[lang];
    const app = await device(lang, await member(lang));
    const page = app.page;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.clock.install();
    await app.startVault('personal', MASTER, '2468');
    await addBankAccount(app, 'Genie / 지니', '110-987-654321');
    await page
      .getByRole('dialog', { name: 'Genie / 지니' })
      .getByRole('button', {
        name: fill(personal.detail.copyLabel, { field: personal.fields.bank.accountNumber }),
      })
      .click();
    await app.toast(fill(personal.detail.copiedCleared, { seconds: 30 }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('110-987-654321');
    await page.clock.fastForward(29_000);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('110-987-654321');
    await page.clock.fastForward(2_000);
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), { timeout: 5_000 }).toBe('');
  });
});

describe('the app over plain http on a LAN address (issue 43)', () => {
  it('says it needs HTTPS or this computer’s own address, in Korean and in English, instead of failing later', async () => {
    const context = await suite.newContext();
    // The same server reached under a LAN-like name over plain http: the browser gives that page no Web Crypto.
    const lan = 'http://mygenie-lan.test';
    await context.route(`${lan}/**`, async (route) => {
      const response = await route.fetch({ url: route.request().url().replace(lan, suite.server.url) });
      await route.fulfill({ response });
    });
    for (const lang of ['ko', 'en'] as const) {
      const page = await context.newPage();
      await page.goto(`${lan}/app/?lang=${lang}`);
      const text = shellText[lang].insecure;
      await page.getByRole('heading', { name: text.title }).waitFor();
      await page
        .getByRole('alert')
        .getByText(fill(text.lead, { origin: lan }))
        .waitFor();
      await page.getByText(text.fix).waitFor();
      expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
      // Nothing of the vault was offered: no setup, no unlock.
      expect(await page.getByRole('heading', { name: shellText[lang].setup.title }).count()).toBe(0);
      await page.close();
    }
  });
});
