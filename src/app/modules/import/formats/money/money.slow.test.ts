// The money importer against volume: zip bombs unpacking past the budget, and a 50,000-row card statement.
import { describe, expect, it } from 'vitest';
import { importBanksalad } from './banksalad.js';
import { readSheet } from './sheet.js';
import { guessMapping, statementPlan } from './statement.js';
import { handmadeZip, workbookOf, zeroDeflate } from './test-files.js';

const options = { today: '2026-08-31', timeZone: 'Asia/Seoul' };
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'read',
    (error: { code?: string }) => error.code,
  );
// 1 + 258 × 2,100,000 zero bytes: 542 MB, just past the 512 MiB budget, in 3.4 MB.
const MATCHES = 2_100_000;
const UNPACKED = 1 + 258 * MATCHES;

describe('zip bombs', () => {
  const bomb = zeroDeflate(MATCHES);

  it('refuses an .xlsx that unpacks past the budget, before SheetJS sees it', async () => {
    const honest = handmadeZip([
      { name: 'xl/worksheets/sheet1.xml', deflated: bomb, claimed: UNPACKED },
      { name: 'xl/workbook.xml', deflated: zeroDeflate(1), claimed: 259 },
    ]);
    expect(await refusal(readSheet(honest))).toBe('too-large');
    // Headers that claim a small size are not believed: the entry is refused as soon as it outgrows the claim.
    const lying = handmadeZip([{ name: 'xl/workbook.xml', deflated: bomb, claimed: 1_000 }]);
    expect(await refusal(readSheet(lying))).toBe('too-large');
  });

  it('refuses a 뱅크샐러드 zip whose workbook unpacks past the budget', async () => {
    const zip = handmadeZip([{ name: '뱅크샐러드_2026-08-31.xlsx', deflated: bomb, claimed: UNPACKED }]);
    expect(await refusal(importBanksalad(zip, options))).toBe('too-large');
  });
});

describe('a 50,000-row card statement', () => {
  it('reads and plans every row well within 15 seconds', async () => {
    const rows: unknown[][] = [
      ['우리카드 승인 상세내역'],
      ['이용일자', '승인번호', '이용가맹점(은행)명', '업종', '매출구분', '할부개월', '승인금액', '취소금액'],
    ];
    for (let i = 0; i < 50_000; i += 1) {
      const day = String((i % 28) + 1).padStart(2, '0');
      rows.push([
        `2026.08.${day}`,
        String(70_000_000 + i),
        `가맹점 ${i}호점`,
        '일반음식점',
        '일시불',
        '',
        1000 + i,
        0,
      ]);
    }
    rows.push(['합계', '', '', '', '', '', '', '']);
    const bytes = workbookOf({ 승인내역: rows });
    const started = performance.now();
    const sheet = await readSheet(bytes, options);
    const guess = guessMapping(sheet)!;
    const plan = statementPlan(sheet, guess.mapping, options, guess.headerRow);
    const seconds = (performance.now() - started) / 1000;
    expect(plan.items).toHaveLength(50_000);
    expect(plan.items[49_999]?.value).toMatchObject({
      amount: 50_999,
      category: 'food',
      approval: '70049999',
    });
    expect(plan.skipped).toEqual([{ reason: 'summary-row', what: '합계', line: 50_003 }]);
    expect(seconds).toBeLessThan(15);
  });
});
