// One search across the vault (issue 34 §2) in a real Chromium, in Korean and English: a member's records of every
// kind restored from a file, then looked up from the header as a Korean user types (서울, 강남, initial consonants,
// a keyboard left in English mode, a decomposed query), English without case, results grouped by module and
// opening their record by keyboard and by tap, what the detail password hides counted and then shown, secrets never
// found, and the same on a 360 px phone.
import { describe, expect, it } from 'vitest';
import { backupListing, encodeBackup } from '../src/app/backup/format.js';
import { MIN_ITERATIONS, VaultCipher } from '../src/app/vault/crypto.js';
import { anniversaryText } from '../src/app/modules/schedule/anniversaries/copy.js';
import { diaryText } from '../src/app/modules/memo/copy.js';
import { documentsText } from '../src/app/modules/documents/copy.js';
import { ledgerText } from '../src/app/modules/ledger/copy.js';
import { scheduleText } from '../src/app/modules/schedule/copy.js';
import { SEARCH_FIXTURE, SECRETS } from '../src/app/modules/search/fixtures.js';
import { plural } from '../src/shared/plural.js';
import { fill } from '../src/client/text.js';
import { browserSuite } from './support/suite.js';
import { MEMBER_PASSWORD, members } from './pages/members.js';
import { AppModel } from './pages/app.js';
import { signInContext } from './support/accounts.js';
import { SearchBox } from './pages/search.js';
import { seriousViolations } from './support/axe.js';
import type { Lang } from './pages/site.js';

const suite = browserSuite();

/** This file's journeys run in English: the files alternate, and e2e/bilingual.test.ts shows every screen in both. */
const lang: Lang = 'en';
const MASTER = 'Search master key 2026!';
const { member } = members(suite, 'search');

/** A ZIP backup of the fixture's records (the app's settings left as a new vault has them), made as a device would. */
async function fixtureBackup(): Promise<Buffer> {
  const cipher = new VaultCipher();
  const header = await cipher.create(MASTER, MIN_ITERATIONS);
  const records = [];
  let at = 0;
  for (const record of SEARCH_FIXTURE.filter((item) => item.kind !== 'settings')) {
    at += 1;
    records.push({
      ...(await cipher.seal(record.kind, record.id, record.value)),
      updatedAt: 1_700_000_000_000 + at,
    });
  }
  const mac = await cipher.backupMac(await backupListing(records, []));
  return Buffer.from(
    await encodeBackup('zip', { createdAt: new Date().toISOString(), header, records, chunks: [], mac }),
  );
}

/**
 * A member's new device restored from the fixture, on the schedule (the detail password not given yet). `axe`: the
 * page lets axe-core's inline script in (the app's policy refuses inline scripts), for the tests that run it.
 */
async function restoredApp(
  lang: Lang,
  options: { viewport?: { width: number; height: number }; axe?: boolean } = {},
) {
  const email = await member(lang);
  const context = await suite.newContext({
    locale: lang === 'ko' ? 'ko-KR' : 'en-US',
    ...(options.viewport ? { viewport: options.viewport } : {}),
    ...(options.axe ? { bypassCSP: true } : {}),
  });
  await signInContext(suite.server, context, email, MEMBER_PASSWORD);
  const app = new AppModel(await context.newPage(), lang, suite.server.url);
  await app.open('schedule');
  await app.restoreFromFile(
    { name: 'records.zip', mimeType: 'application/zip', buffer: await fixtureBackup() },
    MASTER,
  );
  return { app, search: new SearchBox(app) };
}

describe(`the vault-wide search in ${lang}`, () => {
  it('finds what a Korean user types, and English without case; the detail password keeps its records back', async () => {
    const { app, search } = await restoredApp(lang, { axe: true });
    const hidden = (count: number) => plural(search.text.hidden, count, lang);

    await search.search('서울');
    expect(await search.results()).toEqual({ schedule: ['서울에서 점심 약속'] });
    expect(await search.hiddenLine()).toBe(hidden(1));

    await search.search('강남');
    expect(await search.results()).toEqual({ schedule: ['서울에서 점심 약속'] });
    expect(await search.hiddenLine()).toBe(hidden(3));

    // 김민수 by initial consonants, typed in English mode, and sent decomposed: the same records each time.
    for (const typed of ['ㄱㅁㅅ', 'rlaalstn']) {
      await search.search(typed);
      expect(await search.results(), typed).toEqual({ anniversaries: ['김민수 생일'] });
      expect(await search.hiddenLine(), typed).toBe(hidden(2));
    }
    await search.insert('김민수'.normalize('NFD'));
    expect(await search.results()).toEqual({ anniversaries: ['김민수 생일'] });

    await search.search('quarterly BOARD');
    expect(await search.results()).toEqual({ schedule: ['Quarterly Review with the BOARD'] });

    // The detail password given from the search: the records behind it are listed, grouped by module.
    await search.search('강남');
    await search.giveDetailPassword(MASTER);
    await search.answered('강남').waitFor();
    await expect
      .poll(() => search.results())
      .toEqual({
        schedule: ['서울에서 점심 약속'],
        diary: ['비 오는 날'],
        personal: ['김민수 신분증'],
        ledger: ['스타벅스강남점 아이스 아메리카노'],
      });
    expect(await search.hiddenLine()).toBe('');
    expect(await seriousViolations(app.page)).toEqual([]);

    // A password, a card number (as typed, in groups) or an account number finds nothing, even now.
    for (const secret of [SECRETS.password, SECRETS.cardNumberSpaced, SECRETS.accountNumber]) {
      await search.search(secret);
      expect(await search.results(), secret).toEqual({});
      await app.page.getByText(fill(search.text.none, { query: secret })).waitFor();
    }
    // What is not secret about the same records is found.
    await search.search('신한카드');
    expect(await search.results()).toEqual({ personal: ['신한카드 Deep Dream'] });
  });

  it('opens each result’s record, with the keyboard and by tap', async () => {
    const { app, search } = await restoredApp(lang);
    const page = app.page;
    await app.go('diary');
    await app.enterDetailPassword('0000');
    await app.changeDefaultDetailPassword('2580');
    await app.go('home');

    // The keyboard: down to the ledger's entry, Enter opens it in the ledger; Escape closes the list.
    await search.search('스타벅스');
    expect(await search.results()).toEqual({
      diary: ['비 오는 날'],
      ledger: ['스타벅스강남점 아이스 아메리카노'],
    });
    const input = search.input();
    await input.press('ArrowDown');
    await input.press('ArrowDown');
    const active = await input.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${active}"]`).getAttribute('aria-selected')).toBe('true');
    const option = await page.locator(`[id="${active}"]`).textContent();
    // Its category in the page's language only.
    expect(option).toContain(ledgerText[lang].categories.cafe);
    expect(option).not.toContain(ledgerText[lang === 'en' ? 'ko' : 'en'].categories.cafe);
    await input.press('ArrowUp');
    await input.press('ArrowDown');
    await input.press('Enter');
    await page.waitForURL(/[?&]page=ledger/);
    const entry = app.dialog(ledgerText[lang].form.editTitle);
    await expect
      .poll(() => entry.getByLabel(ledgerText[lang].form.memo).inputValue())
      .toBe('스타벅스강남점 아이스 아메리카노');
    await entry.getByRole('button', { name: app.text.cancel }).click();

    await search.search('스타벅스');
    await input.press('Escape');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('.vault-search__popup').isHidden()).toBe(true);

    // The first result with Enter: the diary entry, read in full, with focus on it.
    await input.press('ArrowDown');
    await input.press('Enter');
    await page.waitForURL(/[?&]page=diary/);
    const read = page.getByRole('button', { name: fill(diaryText[lang].read, { title: '비 오는 날' }) });
    await expect.poll(() => read.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => read.evaluate((element) => element === document.activeElement)).toBe(true);

    // Taps: personal info's details, an event, an anniversary, a document.
    await search.search('신한카드');
    await search.option('신한카드 Deep Dream').click();
    await app.dialog('신한카드 Deep Dream').waitFor();
    await page.keyboard.press('Escape');
    await app.dialog('신한카드 Deep Dream').waitFor({ state: 'detached' });

    await search.search('점심');
    await search.option('서울에서 점심 약속').click();
    await page.waitForURL(/[?&]page=schedule/);
    const event = app.dialog(scheduleText[lang].form.editTitle);
    await expect
      .poll(() => event.getByLabel(scheduleText[lang].form.title, { exact: true }).inputValue())
      .toBe('서울에서 점심 약속');
    await page.keyboard.press('Escape');

    await search.search('ㄱㅁㅅ 생일');
    await search.option('김민수 생일').click();
    await page.waitForURL(/[?&]page=anniversaries/);
    await app.dialog(anniversaryText[lang].form.edit).waitFor();
    await page.keyboard.press('Escape');

    await app.go('documents');
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({
        name: '여권 사본 passport.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('M12345678'),
      });
    await page
      .getByRole('button', {
        name: fill(documentsText[lang].list.previewOf, { name: '여권 사본 passport.txt' }),
      })
      .waitFor();
    await app.go('home');
    await search.search('PASSPORT');
    expect(await search.results()).toEqual({ documents: ['여권 사본 passport.txt'] });
    await search.option('여권 사본 passport.txt').click();
    await page.waitForURL(/[?&]page=documents/);
    await app.dialog('여권 사본 passport.txt').waitFor();
  });

  it('folds into a button on a 360 px phone and unfolds into a field that finds and opens records', async () => {
    const { app, search } = await restoredApp(lang, {
      viewport: { width: 360, height: 740 },
      axe: true,
    });
    const page = app.page;
    const unfold = page.getByRole('button', { name: search.text.open, exact: true });
    expect(await search.input().isVisible()).toBe(false);
    await unfold.click();
    await expect
      .poll(() => search.input().evaluate((element) => element === document.activeElement))
      .toBe(true);
    await search.search('서울');
    expect(await search.results()).toEqual({ schedule: ['서울에서 점심 약속'] });
    // The field and its results fit the screen.
    for (const part of [search.input(), page.locator('.vault-search__popup')]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page)).toEqual([]);
    await search.option('서울에서 점심 약속').click();
    await page.waitForURL(/[?&]page=schedule/);
    await app.dialog(scheduleText[lang].form.editTitle).waitFor();
    // Opening a result folds the field again.
    expect(await unfold.isVisible()).toBe(true);
  });

  it('keeps what was typed the moment the app showed after an unlock (the app is drawn once)', async () => {
    const { app, search } = await restoredApp(lang);
    const page = app.page;
    await app.lock();
    await page.getByLabel(app.text.unlock.password, { exact: true }).fill(MASTER);
    // The unlock clicked and the query typed in the first frame that has the field, as a quick member would.
    await page.evaluate(async (submit) => {
      const button = [...document.querySelectorAll('button')].find((item) => item.textContent === submit);
      button?.click();
      const field = await new Promise<HTMLInputElement>((resolve) => {
        const check = () => {
          const found = document.querySelector<HTMLInputElement>('.vault-search__input');
          if (found) resolve(found);
          else requestAnimationFrame(check);
        };
        check();
      });
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, '서울');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }, app.text.unlock.submit);
    await expect.poll(() => search.results()).toEqual({ schedule: ['서울에서 점심 약속'] });
    expect(await search.input().inputValue()).toBe('서울');
  });
});
