import { describe, expect, it } from 'vitest';
import type { NewEntry } from '../../../../records/ledger.js';
import { ImportError, MAX_IMPORT_ITEMS, type ImportPlan } from '../../plan.js';
import { readSheet, type Sheet } from './sheet.js';
import { guessMapping, statementPlan, type ColumnMapping } from './statement.js';
import { fixture, workbookOf } from './test-files.js';

const options = { today: '2026-08-31', timeZone: 'Asia/Seoul' };

/** What the screen shows of a plan: each entry's fields and each row left out. */
const entries = (plan: ImportPlan) =>
  plan.items.map((item) => ({ line: item.line, ...(item.value as NewEntry) }));
const reasons = (plan: ImportPlan) => plan.skipped.map((skip) => [skip.line, skip.reason]);
const sheetOf = (rows: string[][]): Sheet => ({ rows });
const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ImportError) return { code: error.code, line: error.line, detail: error.detail };
    throw error;
  }
  return 'read';
};

async function planOf(bytes: Uint8Array) {
  const sheet = await readSheet(bytes, options);
  const guess = guessMapping(sheet);
  if (!guess) throw new Error('no guess');
  return { guess, plan: statementPlan(sheet, guess.mapping, options, guess.headerRow) };
}

describe('신한카드 (.xls)', () => {
  const header = ['거래일', '이용카드', '가맹점명', '금액', '이용구분', '승인번호', '매입구분', '취소상태'];
  const rows = [
    ['신한카드 이용내역 2026.08'],
    [],
    header,
    ['2026.08.14 20:32', '본인 1234', '스타벅스 강남R점', 4500, '일시불', '00123456', '매입', ''],
    ['2026.08.13 12:05', '본인 1234', '이마트 성수점', 58400, '할부 3개월', '00123457', '매입', ''],
    ['2026.08.12 09:00', '본인 1234', 'GS25 역삼점', 2800, '일시불', '00123458', '미매입', '취소'],
    ['2026.08.10 18:00', '가족 5678', '올리브영 강남본점', 25000, '일시불', '00123459', '매입', ''],
    ['2026.08.11 10:00', '가족 5678', '올리브영 강남본점', -25000, '일시불', '00123459', '매입', '취소'],
    ['2026.08.09 19:00', '본인 1234', '쿠팡', 30000, '일시불', '00123460', '매입', '부분취소'],
    ['2026.08.10 09:00', '본인 1234', '쿠팡', -10000, '일시불', '00123460', '매입', ''],
    ['2026.08.08 10:00', '본인 1234', '교보문고 광화문점', -15000, '일시불', '00999999', '매입', ''],
    ['2026.08.07 10:00', '본인 1234', '마이신한포인트 결제', 0, '일시불', '00123461', '매입', ''],
    ['합계', '', '', 65700, '', '', '', ''],
  ];

  it('is recognised, and its payments, cancellations and refunds become entries', async () => {
    const { guess, plan } = await planOf(workbookOf({ 카드이용내역: rows }, 'biff8'));
    expect(guess).toMatchObject({
      preset: 'shinhan',
      headerRow: 2,
      mapping: { account: 'card', date: 0, amount: 3 },
    });
    expect(entries(plan)).toEqual([
      {
        line: 4,
        date: '2026-08-14',
        time: '20:32',
        type: 'expense',
        amount: 4500,
        currency: 'KRW',
        category: 'cafe',
        payment: 'card',
        memo: '스타벅스 강남R점',
        approval: '00123456',
      },
      expect.objectContaining({ line: 5, amount: 58400, category: 'shopping', memo: '이마트 성수점' }),
      // 30,000 less the 10,000 cancelled the next day.
      expect.objectContaining({ line: 9, type: 'expense', amount: 20000, approval: '00123460' }),
      // Money back for a payment of an earlier statement.
      expect.objectContaining({ line: 11, type: 'income', amount: 15000, category: 'otherIncome' }),
    ]);
    expect(reasons(plan)).toEqual([
      [12, 'zero-amount'],
      [13, 'summary-row'],
      [6, 'cancelled'],
      [7, 'cancelled'],
      [8, 'cancelled'],
      [10, 'cancelled'],
    ]);
    expect(plan.format).toBe('statement');
    expect(plan.items[0]?.key).toBe('ledger:approval:00123456');
  });

  it('stops at a cell it cannot read, naming the spreadsheet row and the column', async () => {
    const broken = rows.map((row) => [...row]);
    broken[4]![3] = '58,4OO';
    const sheet = await readSheet(workbookOf({ S: broken }));
    const guess = guessMapping(sheet)!;
    expect(failure(() => statementPlan(sheet, guess.mapping, options))).toEqual({
      code: 'bad-row',
      line: 5,
      detail: '금액',
    });
    broken[4]![3] = 58400;
    broken[4]![0] = '2026.08.32';
    const again = await readSheet(workbookOf({ S: broken }));
    expect(failure(() => statementPlan(again, guess.mapping, options))).toEqual({
      code: 'bad-row',
      line: 5,
      detail: '거래일',
    });
  });
});

describe('KB국민카드 (HTML "xls" in CP949)', () => {
  it('is recognised below its title rows, leaving out the cancelled, the foreign and the total', async () => {
    const { guess, plan } = await planOf(fixture('kbcard-2026-08.xls'));
    expect(guess).toMatchObject({ preset: 'kbcard', headerRow: 6 });
    expect(entries(plan)).toEqual([
      expect.objectContaining({
        line: 8,
        date: '2026-08-14',
        time: '20:32',
        amount: 4500,
        approval: '30012345',
      }),
      expect.objectContaining({ line: 9, memo: '팟타이 이태원점', amount: 39000, category: 'otherExpense' }),
      expect.objectContaining({ line: 10, memo: '쿠팡(주)', amount: 120000, category: 'shopping' }),
    ]);
    expect(reasons(plan)).toEqual([
      [12, 'currency'],
      [15, 'summary-row'],
      [11, 'cancelled'],
      [13, 'cancelled'],
      [14, 'cancelled'],
    ]);
  });
});

describe('우리카드 (.xlsx with a title and a total row)', () => {
  const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000 + 25_569;
  const rows: unknown[][] = [
    ['승인 상세내역'],
    ['조회기간 : 2026.08.01 ~ 2026.08.31'],
    [
      '이용\n일자',
      '',
      '승인번호',
      '이용카드',
      '이용가맹점\n(은행)명',
      '',
      '가맹점 주소',
      '',
      '연락처',
      '업종',
      '',
      '사업자번호',
      '매출\n구분',
      '할부\n개월',
      '승인금액',
      '부가세',
      '취소금액',
    ],
    [
      day('2026-08-02'),
      '',
      '71234567',
      '카드의정석 1234',
      '커피빈 을지로점',
      '',
      '서울 중구',
      '',
      '02-000-0000',
      '커피전문점',
      '',
      '1234567890',
      '일시불',
      '',
      '6,300',
      '573',
      '0',
    ],
    [
      day('2026-08-03'),
      '',
      '71234568',
      '카드의정석 1234',
      '명동교자 본점',
      '',
      '서울 중구',
      '',
      '02-000-0001',
      '일반음식점',
      '',
      '1234567891',
      '일시불',
      '',
      '11,000',
      '1,000',
      '0',
    ],
    [
      day('2026-08-04'),
      '',
      '71234569',
      '카드의정석 1234',
      'SK에너지 을지로주유소',
      '',
      '서울 중구',
      '',
      '02-000-0002',
      '주유소',
      '',
      '1234567892',
      '할부',
      '3',
      '90,000',
      '8,181',
      '30,000',
    ],
    [
      day('2026-08-05'),
      '',
      '71234570',
      '카드의정석 1234',
      '애완용품 멍멍',
      '',
      '서울 중구',
      '',
      '02-000-0003',
      '애완동물용품',
      '',
      '1234567893',
      '일시불',
      '',
      '18,000',
      '1,636',
      '18,000',
    ],
    ['소계', '', '', '', '', '', '', '', '', '', '', '', '', '', '125,300', '', '48,000'],
    ['합계', '', '', '', '', '', '', '', '', '', '', '', '', '', '125,300', '', '48,000'],
  ];

  it('takes categories from 업종, amounts less 취소금액, and reads real date cells', async () => {
    const bytes = workbookOf({ 승인내역: rows }, 'xlsx', (sheet) => {
      for (const row of [4, 5, 6, 7]) sheet[`A${row}`]!.z = 'yyyy.mm.dd';
    });
    const { guess, plan } = await planOf(bytes);
    expect(guess).toMatchObject({ preset: 'woori', headerRow: 2 });
    expect(entries(plan)).toEqual([
      expect.objectContaining({
        line: 4,
        date: '2026-08-02',
        amount: 6300,
        category: 'cafe',
        approval: '71234567',
      }),
      expect.objectContaining({ line: 5, amount: 11000, category: 'food' }),
      expect.objectContaining({ line: 6, amount: 60000, category: 'transport' }),
    ]);
    expect(plan.items.map((item) => item.sourceCategory)).toEqual(['커피전문점', '일반음식점', '주유소']);
    expect(reasons(plan)).toEqual([
      [7, 'cancelled'],
      [8, 'summary-row'],
      [9, 'summary-row'],
    ]);
  });
});

describe('토스뱅크 (CSV, UTF-8 with a BOM)', () => {
  it('reads a signed amount: deposits are income, withdrawals expenses, paid by transfer', async () => {
    const { guess, plan } = await planOf(fixture('tossbank-2026-08.csv'));
    expect(guess).toMatchObject({ preset: 'tossbank', headerRow: 5, mapping: { account: 'bank' } });
    expect(entries(plan)).toEqual([
      {
        line: 7,
        date: '2026-08-25',
        time: '09:00',
        type: 'income',
        amount: 3_200_000,
        currency: 'KRW',
        category: 'otherIncome',
        payment: 'transfer',
        memo: '(주)마이지니 · 8월 급여',
      },
      expect.objectContaining({ line: 8, type: 'expense', amount: 58400, category: 'shopping' }),
      expect.objectContaining({
        line: 9,
        type: 'expense',
        amount: 50000,
        memo: '김영희 · 생일 선물, 꽃값 포함',
      }),
      expect.objectContaining({ line: 10, type: 'income', amount: 312, time: '00:05' }),
      expect.objectContaining({ line: 11, type: 'expense', amount: 4500, category: 'cafe' }),
    ]);
    expect(reasons(plan)).toEqual([[12, 'zero-amount']]);
    // Without an approval number, the key is the day, time, amount and merchant.
    expect(plan.items[4]?.key).toContain('스타벅스 성수역점');
  });
});

describe('guessMapping without a preset', () => {
  it('maps a card statement it has no preset for from its header words', () => {
    const sheet = sheetOf([
      [
        '카드번호',
        '본인가족구분',
        '승인일자',
        '승인시각',
        '가맹점명',
        '승인금액(원)',
        '일시불할부구분',
        '할부개월',
        '승인번호',
        '취소여부',
      ],
      ['1234', '본인', '2026.08.14', '20:32', '파리바게뜨 역삼점', '8,900', '일시불', '', '11112222', 'N'],
      ['1234', '본인', '2026.08.15', '09:10', '카카오T 택시', '12,300', '일시불', '', '11112223', 'Y'],
    ]);
    const guess = guessMapping(sheet);
    expect(guess).toEqual({
      headerRow: 0,
      mapping: {
        account: 'card',
        date: 2,
        time: 3,
        merchant: 4,
        amount: 5,
        installment: 7,
        approval: 8,
        status: 9,
      },
    });
    const plan = statementPlan(sheet, guess!.mapping, options);
    expect(entries(plan)).toEqual([
      expect.objectContaining({ time: '20:32', amount: 8900, category: 'cafe' }),
    ]);
    expect(reasons(plan)).toEqual([[3, 'cancelled']]);
  });

  it('maps a bank statement with withdrawal and deposit columns', () => {
    const sheet = sheetOf([
      ['국민은행 거래내역조회'],
      ['거래일시', '적요', '기재내용', '찾으신금액', '맡기신금액', '잔액', '거래점'],
      ['2026.08.14 20:32:16', '체크카드', '스타벅스', '4,500', '0', '995,500', '역삼'],
      ['2026.08.15 09:00:00', '급여', '(주)마이지니', '0', '3,000,000', '3,995,500', '본점'],
    ]);
    const guess = guessMapping(sheet)!;
    expect(guess.mapping).toMatchObject({ account: 'bank', date: 0, merchant: 2, withdrawal: 3, deposit: 4 });
    const plan = statementPlan(sheet, guess.mapping, options, guess.headerRow);
    expect(entries(plan).map(({ type, amount, payment }) => [type, amount, payment])).toEqual([
      ['expense', 4500, 'transfer'],
      ['income', 3_000_000, 'transfer'],
    ]);
  });

  it('cannot tell a sheet without a date and an amount column', () => {
    expect(
      guessMapping(
        sheetOf([
          ['이름', '전화번호'],
          ['홍길동', '010-0000-0000'],
        ]),
      ),
    ).toBeNull();
    expect(guessMapping(sheetOf([]))).toBeNull();
  });
});

describe('statementPlan', () => {
  const mapping: ColumnMapping = { account: 'card', date: 0, merchant: 1, amount: 2 };

  it('dates a month and day without a year back into last year across New Year', () => {
    const sheet = sheetOf([
      ['이용일', '가맹점', '이용금액'],
      ['12.30', '교보문고', '18,000'],
      ['0102', '명동교자', '11,000'],
    ]);
    const plan = statementPlan(sheet, mapping, { today: '2027-01-05' });
    expect(entries(plan).map((entry) => entry.date)).toEqual(['2026-12-30', '2027-01-02']);
  });

  it('takes a hand mapping with its header row, as the screen sends it', () => {
    const sheet = sheetOf([
      ['내 카드 내역'],
      ['언제', '어디서', '얼마'],
      ['2026-08-14', '동네빵집', '3,500원'],
    ]);
    expect(guessMapping(sheet)).toBeNull();
    const plan = statementPlan(sheet, { ...mapping, headerRow: 1 }, options);
    expect(entries(plan)).toEqual([expect.objectContaining({ line: 3, memo: '동네빵집', amount: 3500 })]);
  });

  it('names a column without a header by its letter', () => {
    const sheet = sheetOf([['2026-08-14', '동네빵집', '삼천오백원']]);
    expect(failure(() => statementPlan(sheet, mapping, options, -1))).toEqual({
      code: 'bad-row',
      line: 1,
      detail: 'C',
    });
  });

  it('cuts a merchant longer than the ledger keeps, and says so', () => {
    const sheet = sheetOf([
      ['날짜', '내용', '금액'],
      ['2026-08-14', '가'.repeat(600), '1,000'],
    ]);
    const plan = statementPlan(sheet, mapping, options);
    expect(plan.items[0]?.value).toMatchObject({ memo: '가'.repeat(500) });
    expect(reasons(plan)).toEqual([[2, 'shortened']]);
  });

  it('refuses more rows than one import takes, and a sheet with nothing in it', () => {
    const rows = [
      ['날짜', '내용', '금액'],
      ...Array.from({ length: MAX_IMPORT_ITEMS + 1 }, () => ['2026-08-14', 'x', '1']),
    ];
    expect(failure(() => statementPlan(sheetOf(rows), mapping, options))).toMatchObject({
      code: 'too-large',
    });
    expect(
      failure(() => statementPlan(sheetOf([['날짜', '내용', '금액'], []]), mapping, options)),
    ).toMatchObject({
      code: 'empty',
    });
  });
});
