import { Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { describe, expect, it } from 'vitest';
import { importBanksalad } from './banksalad.js';
import { workbookOf } from './test-files.js';

const options = { today: '2026-08-31', timeZone: 'Asia/Seoul' };
const LONG_PAYMENT = '삼성카드 taptap O 가족카드 (본인 외 가족 사용분 포함) 2026년 8월 청구분';
const HEADER = ['날짜', '시간', '타입', '대분류', '소분류', '내용', '금액', '화폐', '결제수단', '메모'];
const ROWS: unknown[][] = [
  [
    '2026-08-14',
    '20:32:16',
    '지출',
    '카페/간식',
    '커피/음료',
    '스타벅스 강남R점',
    -4500,
    'KRW',
    '신한카드 Deep Dream',
    '',
  ],
  ['2026-08-13', '12:05:00', '지출', '미분류', '편의점', 'GS25 역삼점', -2800, 'KRW', '현금', ''],
  [
    '2026-08-25',
    '09:00:00',
    '수입',
    '급여',
    '월급',
    '(주)마이지니',
    3200000,
    'KRW',
    '카카오뱅크 입출금통장',
    '8월',
  ],
  [
    '2026-08-20',
    '10:00:00',
    '이체',
    '이체',
    '내계좌이체',
    '토스뱅크 → 카카오뱅크',
    -500000,
    'KRW',
    '토스뱅크 통장',
    '',
  ],
  [
    '2026-08-10',
    '03:15:00',
    '지출',
    '쇼핑',
    '온라인쇼핑',
    'AMAZON.COM',
    -12.5,
    'USD',
    '신한카드 Deep Dream',
    '책',
  ],
  [
    '2026-08-09',
    '11:00:00',
    '지출',
    '여행/숙박',
    '숙박',
    '도쿄 호텔',
    -15000,
    'JPY',
    '신한카드 Deep Dream',
    '',
  ],
  ['2026-08-08', '22:10:00', '지출', '쇼핑', '해외직구', 'ALIEXPRESS', -30, 'GBP', '신한카드 Deep Dream', ''],
  ['2026-08-07', '18:00:00', '지출', '반려동물', '사료', '펫프렌즈', -32000, 'KRW', LONG_PAYMENT, ''],
];
const xlsx = workbookOf({
  뱅샐현황: [['뱅크샐러드 가계부 현황'], ['총자산', '12,345,678']],
  '가계부 내역': [HEADER, ...ROWS],
});

async function zipped(password: string | undefined, zipCrypto: boolean) {
  const writer = new ZipWriter(new Uint8ArrayWriter(), password ? { password, zipCrypto } : {});
  await writer.add('뱅크샐러드_2026-08-31.xlsx', new Uint8ArrayReader(xlsx));
  return writer.close();
}
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'read',
    (error: { code?: string }) => error.code,
  );

describe('importBanksalad', () => {
  for (const zipCrypto of [true, false]) {
    it(`opens the password zip (${zipCrypto ? 'ZipCrypto' : 'AES'}) and reads 가계부 내역`, async () => {
      const file = await zipped('0814', zipCrypto);
      expect(await refusal(importBanksalad(file, options))).toBe('needs-password');
      expect(await refusal(importBanksalad(file, { ...options, password: '0815' }))).toBe('wrong-password');
      const plan = await importBanksalad(file, { ...options, password: '0814' });
      expect(plan.format).toBe('banksalad');
      expect(
        plan.items.map((item) => ({ line: item.line, source: item.sourceCategory, ...item.value })),
      ).toEqual([
        {
          line: 2,
          source: '카페/간식',
          date: '2026-08-14',
          time: '20:32',
          type: 'expense',
          amount: 4500,
          currency: 'KRW',
          category: 'cafe',
          payment: '신한카드 Deep Dream',
          memo: '스타벅스 강남R점',
        },
        // 미분류 says nothing; its 소분류 편의점 does.
        expect.objectContaining({ line: 3, source: '편의점', category: 'shopping', payment: 'cash' }),
        expect.objectContaining({
          line: 4,
          type: 'income',
          amount: 3_200_000,
          category: 'salary',
          memo: '(주)마이지니 · 8월',
        }),
        expect.objectContaining({
          line: 6,
          currency: 'USD',
          amount: 1250,
          category: 'shopping',
          memo: 'AMAZON.COM · 책',
        }),
        expect.objectContaining({ line: 7, currency: 'JPY', amount: 15000, category: 'leisure' }),
        expect.objectContaining({
          line: 9,
          category: '반려동물',
          payment: LONG_PAYMENT.slice(0, 40),
        }),
      ]);
      expect(plan.skipped.map((skip) => [skip.line, skip.reason])).toEqual([
        [5, 'transfer'],
        [8, 'currency'],
        [9, 'shortened'],
      ]);
    });
  }

  it('reads the workbook alone, taken out of the zip by the member', async () => {
    const plan = await importBanksalad(xlsx, options);
    expect(plan.items).toHaveLength(6);
  });

  it('refuses a zip without a workbook and a damaged one', async () => {
    const writer = new ZipWriter(new Uint8ArrayWriter());
    await writer.add('readme.txt', new Uint8ArrayReader(new TextEncoder().encode('뱅크샐러드')));
    expect(await refusal(importBanksalad(await writer.close(), options))).toBe('unsupported');
    const file = await zipped(undefined, false);
    expect(await refusal(importBanksalad(file.subarray(0, file.length - 40), options))).toBe('damaged');
  });
});
