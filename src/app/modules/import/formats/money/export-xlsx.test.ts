import { describe, expect, it } from 'vitest';
import type { NewEntry } from '../../../../records/ledger.js';
import { exportLedgerXlsx, sheetHeader } from './export-xlsx.js';
import { readSheet } from './sheet.js';
import { guessMapping, statementPlan } from './statement.js';

const ENTRIES: NewEntry[] = [
  {
    date: '2026-08-14',
    time: '20:32',
    approval: '00123456',
    type: 'expense',
    amount: 4500,
    currency: 'KRW',
    category: 'cafe',
    payment: 'card',
    memo: '스타벅스 강남R점',
  },
  {
    date: '2026-08-25',
    type: 'income',
    amount: 3_200_000,
    currency: 'KRW',
    category: 'salary',
    payment: 'transfer',
    memo: '8월 급여',
  },
  {
    date: '2026-08-10',
    time: '03:15',
    type: 'expense',
    amount: 1250,
    currency: 'USD',
    category: 'shopping',
    payment: '신한카드 Deep Dream',
    memo: 'AMAZON.COM',
  },
  {
    date: '2026-08-11',
    type: 'income',
    amount: 5,
    currency: 'USD',
    category: 'otherIncome',
    payment: '',
    memo: '',
  },
  {
    date: '1999-12-31',
    type: 'expense',
    amount: 10_000_000_000_000,
    currency: 'KRW',
    category: '반려동물',
    payment: 'cash',
    memo: '=SUM(A1:A9) "따옴표", 쉼표',
  },
  {
    date: '2100-12-31',
    type: 'expense',
    amount: 99_999_999_999_99,
    currency: 'USD',
    category: 'otherExpense',
    payment: 'other',
    memo: '줄\n바꿈',
  },
];

describe('exportLedgerXlsx', () => {
  for (const lang of ['ko', 'en'] as const) {
    it(`writes a workbook (${lang}) that imports back as the same entries`, async () => {
      const sheet = await readSheet(exportLedgerXlsx(ENTRIES, lang));
      expect(sheet.rows[0]).toEqual(sheetHeader(lang));
      const guess = guessMapping(sheet);
      expect(guess).toMatchObject({ headerRow: 0, preset: 'mygenie' });
      const plan = statementPlan(sheet, guess!.mapping, { today: '2026-08-31' }, guess!.headerRow);
      expect(plan.items.map((item) => item.value)).toEqual(ENTRIES);
      expect(plan.skipped).toEqual([]);
    });
  }

  it('writes real date cells and amounts as numbers in major units', async () => {
    const sheet = await readSheet(exportLedgerXlsx(ENTRIES.slice(0, 3), 'ko'));
    expect(sheet.rows[0]).toEqual([
      '날짜',
      '시간',
      '구분',
      '금액',
      '통화',
      '분류',
      '결제수단',
      '메모',
      '승인번호',
      '공간',
    ]);
    // readSheet writes a date cell as ISO and a formatted number as shown.
    expect(sheet.rows[1]).toEqual([
      '2026-08-14',
      '20:32',
      '지출',
      '4,500',
      'KRW',
      '카페·간식',
      '카드',
      '스타벅스 강남R점',
      '00123456',
    ]);
    expect(sheet.rows[3]?.slice(0, 6)).toEqual(['2026-08-10', '03:15', '지출', '12.50', 'USD', '쇼핑']);
  });

  it('names the shared space of each entry in its last column, and imports back as the member’s own', async () => {
    const spaced = [ENTRIES[0]!, { ...ENTRIES[1]!, space: '우리집' }, { ...ENTRIES[2]!, space: 'Jeju trip' }];
    for (const lang of ['ko', 'en'] as const) {
      const sheet = await readSheet(exportLedgerXlsx(spaced, lang));
      expect(sheet.rows[0]?.at(-1), lang).toBe(lang === 'ko' ? '공간' : 'space');
      // The reader leaves a row's empty last cells out.
      expect(sheet.rows.slice(1).map((row) => row[9] ?? '')).toEqual(['', '우리집', 'Jeju trip']);
      const guess = guessMapping(sheet);
      expect(guess).toMatchObject({ headerRow: 0, preset: 'mygenie' });
      const plan = statementPlan(sheet, guess!.mapping, { today: '2026-08-31' }, guess!.headerRow);
      expect(plan.items.map((item) => item.value)).toEqual(ENTRIES.slice(0, 3));
    }
  });
});
