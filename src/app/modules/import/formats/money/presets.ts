// The header rows of the statements the import screen knows by name, as the companies' downloads write them.
// Names are compared squeezed (no spaces or line breaks, lower case): "국내이용\n금액\n(원)" is 국내이용금액(원).
//
// Sources: the column names that open-source Korean household-ledger importers read from real downloads (a web
// search of such importers and their notes, 2026), since the companies publish no format. Where a column could
// not be confirmed, the comment beside it says so; the generic guess (mapping.ts) still catches a renamed one.
import { SHEET_COLUMNS, sheetHeader, type SheetColumn } from './export-xlsx.js';
import type { ColumnRole } from './roles.js';
import { squeeze } from './words.js';

export const PRESET_NAMES = ['shinhan', 'kbcard', 'woori', 'tossbank', 'banksalad', 'mygenie'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

export interface Preset {
  name: PresetName;
  /** A card's statement (payments positive) or a bank account's (deposits positive). */
  account: 'card' | 'bank';
  /** The header row holds every name of one of these. */
  signatures: readonly (readonly string[])[];
  /** Each role's column, by the names it may have (the first present wins). */
  columns: Partial<Record<ColumnRole, readonly string[]>>;
}

export const PRESETS: readonly Preset[] = [
  {
    // 신한카드 web › 마이 › 카드이용내역 › 엑셀저장, sheet 카드이용내역:
    // 거래일 | 이용카드 | 가맹점명 | 금액 | 이용구분 | 승인번호 | 매입구분 | 취소상태. 거래일 holds the date and
    // time (2026.08.14 20:32). 이용구분 (일시불, 할부) is the installment; 이용카드 and 매입구분 are not read.
    name: 'shinhan',
    account: 'card',
    signatures: [['거래일', '가맹점명', '금액', '승인번호']],
    columns: {
      date: ['거래일'],
      merchant: ['가맹점명'],
      amount: ['금액'],
      approval: ['승인번호'],
      status: ['취소상태'],
      installment: ['이용구분'],
    },
  },
  {
    // KB국민카드 web › 이용내역 › 엑셀 (an HTML table saved as .xls, CP949), header on the 7th row, its cells broken
    // over lines: 이용일 | 이용시간 | 이용고객명 | 이용카드명 | 이용하신곳 | 국내이용금액(원) | 해외이용금액($) |
    // 결제방법 | 가맹점정보 | 할인금액 | 적립포인트 | 상태 | 결제예정일 | 승인번호. 이용고객명, 가맹점정보, 할인금액 and
    // 적립포인트 are seen only in some downloads (unconfirmed, not read).
    name: 'kbcard',
    account: 'card',
    signatures: [['이용일', '이용하신곳', '국내이용금액(원)']],
    columns: {
      date: ['이용일'],
      time: ['이용시간'],
      merchant: ['이용하신곳'],
      amount: ['국내이용금액(원)'],
      foreignAmount: ['해외이용금액($)', '해외이용금액(us$)', '해외이용금액'],
      approval: ['승인번호'],
      status: ['상태'],
      installment: ['결제방법'],
    },
  },
  {
    // 우리카드 승인 상세내역 (.xls): a title row, then on the 3rd row 이용일자 | 승인번호 | 이용카드 |
    // 이용가맹점(은행)명 | 가맹점 주소 | 연락처 | 업종 | 사업자번호 | 매출구분 | 할부개월 | 승인금액 | 부가세 | 취소금액,
    // with empty merged columns between some of them, and a total row at the bottom. Cancellations show in 취소금액;
    // 매출구분 is read as the status (its cancellation word is unconfirmed: any word with 취소 counts).
    name: 'woori',
    account: 'card',
    signatures: [['이용일자', '이용가맹점(은행)명', '승인금액']],
    columns: {
      date: ['이용일자'],
      approval: ['승인번호'],
      merchant: ['이용가맹점(은행)명'],
      category: ['업종'],
      status: ['매출구분'],
      installment: ['할부개월'],
      amount: ['승인금액'],
      cancelledAmount: ['취소금액'],
    },
  },
  {
    // 토스뱅크 거래내역 확인서 (xlsx, or saved as CSV): name, account and period rows, then 거래 일시 | 적요 |
    // 거래 유형 | 거래 기관 | 계좌번호 | 거래 금액 | 거래 후 잔액 | 메모. 거래 금액 is negative for a withdrawal;
    // 적요 names the other side (the shop, the sender). 거래 유형 (입금, 출금, 체크카드결제 …) is not needed.
    name: 'tossbank',
    account: 'bank',
    signatures: [['거래일시', '적요', '거래금액', '거래후잔액']],
    columns: {
      date: ['거래일시'],
      merchant: ['적요'],
      amount: ['거래금액'],
      memo: ['메모'],
    },
  },
  {
    // 뱅크샐러드 가계부 › 파일로 받기: sheet 가계부 내역 (beside the summary sheet 뱅샐현황), header on the first row:
    // 날짜 | 시간 | 타입 | 대분류 | 소분류 | 내용 | 금액 | 화폐 | 결제수단 | 메모. 타입 is 수입, 지출 or 이체, and 금액 is
    // negative for an expense.
    name: 'banksalad',
    account: 'bank',
    signatures: [['날짜', '타입', '대분류', '금액', '화폐']],
    columns: {
      date: ['날짜'],
      time: ['시간'],
      type: ['타입'],
      category: ['대분류'],
      subcategory: ['소분류'],
      merchant: ['내용'],
      amount: ['금액'],
      currency: ['화폐'],
      payment: ['결제수단'],
      memo: ['메모'],
    },
  },
  ownExport(),
];

/**
 * Our own ledger export (export-xlsx.ts, and the CSV of records/ledger-csv.ts), in Korean or English: read back as
 * it was written. Known by the columns every version wrote: the time, approval number and space came later. The
 * space an entry was in is not read: what an import brings in is the member's own.
 */
function ownExport(): Preset {
  const headers = (['ko', 'en'] as const).map((lang) => sheetHeader(lang).map(squeeze));
  const role: Record<Exclude<SheetColumn, 'space'>, ColumnRole> = {
    date: 'date',
    time: 'time',
    type: 'type',
    amount: 'amount',
    currency: 'currency',
    category: 'category',
    payment: 'payment',
    memo: 'merchant',
    approval: 'approval',
  };
  const columns: Partial<Record<ColumnRole, string[]>> = {};
  SHEET_COLUMNS.forEach((column, index) => {
    if (column !== 'space') columns[role[column]] = headers.map((header) => header[index]!);
  });
  const later = new Set<SheetColumn>(['time', 'approval', 'space']);
  const signatures = headers.map((header) => header.filter((_, index) => !later.has(SHEET_COLUMNS[index]!)));
  return { name: 'mygenie', account: 'card', signatures, columns };
}
