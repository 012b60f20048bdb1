// The ledger's CSV as Korean households write it, in a real Chromium (issue 17): Korean category and payment
// names and amounts in 원 import as the app's own, an export can be written with Korean labels and comes back
// the same, and a file imported twice is caught and its duplicates offered to be skipped.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ledgerText } from '../src/app/modules/ledger/copy.js';
import { formatMoney } from '../src/app/modules/ledger/model/format.js';
import { plural } from '../src/shared/plural.js';
import { formatCalendarDate, isoToday } from '../src/app/format.js';
import { LEDGER_PAGE } from '../src/app/modules/ledger/view.js';
import { localeOf } from '../src/shared/text.js';
import { browserSuite } from './support/suite.js';
import { members } from './pages/members.js';
import type { Lang } from './pages/site.js';

const suite = browserSuite();

/** This file's journeys run in Korean: the files alternate, and e2e/bilingual.test.ts shows every screen in both. */
const lang: Lang = 'ko';
const { member, device } = members(suite, 'ledger-csv');

describe(`the ledger CSV in ${lang}`, () => {
  it('reads Korean names and 원, offers to skip rows already there, and exports Korean labels that import back', async () => {
    const ledger = ledgerText[lang];
    const app = await device(lang, await member(lang));
    const page = app.page;
    await app.startVault('ledger', 'Ledger master key 2026!', '2468');
    const today = isoToday();
    const csvInput = page.locator('input[type="file"][accept*="csv"]');
    const sheet = Buffer.from(
      `날짜,구분,금액,분류,결제수단,메모\n` +
        `${today},지출,"12,000원",식비,카드,냉면\n` +
        `${today},지출,1250원,교통비,현금,버스\n` +
        `${today},수입,₩50000,월급,이체,\n`,
    );
    await csvInput.setInputFiles({ name: '가계부.csv', mimeType: 'text/csv', buffer: sheet });
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText(plural(ledger.csv.confirmMessage, 3, lang, { name: '가계부.csv' }).split('\n')[0]!)
      .waitFor();
    await confirm.getByRole('button', { name: ledger.csv.confirm }).click();
    await app.toast(plural(ledger.csv.imported, 3, lang));
    // The names became the app's own categories and payment methods, shown in the member's language.
    const main = page.locator('main');
    const entry = (memo: string) => main.locator('.ledger-entry', { hasText: memo });
    await entry('냉면').waitFor();
    expect(await entry('냉면').locator('.list__title').innerText()).toBe(ledger.categories.food);
    expect(await entry('냉면').innerText()).toContain(ledger.payments.card);
    expect(await entry('냉면').innerText()).toContain(formatMoney(12_000, 'KRW', lang));
    expect(await entry('버스').locator('.list__title').innerText()).toBe(ledger.categories.transport);
    expect(await entry('버스').innerText()).toContain(ledger.payments.cash);
    expect(await entry('버스').innerText()).toContain(formatMoney(1_250, 'KRW', lang));
    const salary = main.locator('.ledger-entry', { hasText: ledger.categories.salary });
    expect(await salary.innerText()).toContain(ledger.payments.transfer);

    // The same file again, with one new row: the three already there are offered to be skipped.
    const again = Buffer.concat([sheet, Buffer.from(`${today},지출,4500원,카페,카드,라떼\n`)]);
    await csvInput.setInputFiles({ name: '가계부.csv', mimeType: 'text/csv', buffer: again });
    await confirm.getByText(plural(ledger.csv.someAlready, 3, lang)).waitFor();
    await confirm.getByRole('button', { name: plural(ledger.csv.skipDuplicates, 1, lang) }).click();
    await app.toast(plural(ledger.csv.imported, 1, lang));
    await main.getByText('라떼').waitFor();
    expect(await main.getByText('냉면').count()).toBe(1);

    // Exported with Korean labels (the default in Korean; chosen here in English), then brought back: nothing new.
    const labels = page.getByLabel(ledger.csv.koreanLabels);
    expect(await labels.isChecked()).toBe(lang === 'ko');
    await labels.check();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: ledger.csv.exportAll }).click();
    const exported = fs.readFileSync(await (await downloading).path());
    const text = exported.toString('utf8');
    expect(text.split('\r\n')[0]).toBe('\uFEFF날짜,시간,구분,금액,통화,분류,결제수단,메모,승인번호,공간');
    expect(text).toContain(`${today},,지출,12000,KRW,식비,카드,냉면,`);
    expect(text).toContain(`${today},,수입,50000,KRW,급여,계좌이체,,`);
    await csvInput.setInputFiles({ name: 'export.csv', mimeType: 'text/csv', buffer: exported });
    await confirm.getByRole('button', { name: app.text.close }).click();
    await page.getByText(ledger.csv.allDuplicates).waitFor();
    expect(await main.getByText('냉면').count()).toBe(1);
  });

  it('draws a month of many entries a hundred at a time, "show more" adding the next', async () => {
    const ledger = ledgerText[lang];
    const app = await device(lang, await member(lang));
    const page = app.page;
    await app.startVault('ledger', 'Ledger master key 2026!', '2468');
    const month = isoToday().slice(0, 7);
    // 230 payments this month, each on its own amount: the 1st of the month is the oldest.
    const rows = Array.from(
      { length: 230 },
      (_, index) =>
        `${month}-${String((index % 28) + 1).padStart(2, '0')},지출,${1000 + index},식비,카드,점심 ${index}`,
    );
    await page.locator('input[type="file"][accept*="csv"]').setInputFiles({
      name: '많이.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`날짜,구분,금액,분류,결제수단,메모\n${rows.join('\n')}\n`),
    });
    await page.getByRole('alertdialog').getByRole('button', { name: ledger.csv.confirm }).click();
    const main = page.locator('main');
    await main.locator('.ledger-list-head', { hasText: plural(ledger.list.count, 230, lang) }).waitFor();
    const entries = main.locator('.ledger-entry');
    expect(await entries.count()).toBe(LEDGER_PAGE);
    const more = (count: number) => main.getByRole('button', { name: plural(ledger.list.more, count, lang) });
    await more(100).click();
    await expect.poll(() => entries.count()).toBe(200);
    await more(30).click();
    await expect.poll(() => entries.count()).toBe(230);
    expect(await more(30).count()).toBe(0);
    // Newest first: the last drawn is one of the month's 1st.
    expect(await entries.last().locator('.list__meta').innerText()).toContain(
      formatCalendarDate(`${month}-01`, localeOf(lang), {
        dateStyle: undefined,
        month: 'short',
        day: 'numeric',
        weekday: 'short',
      }),
    );
  });
});
