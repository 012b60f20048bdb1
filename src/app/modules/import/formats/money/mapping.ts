// Which row of a statement names its columns, and which column is the date, the amount, the merchant …: by the
// preset of a known company, else by the words of the header. When it cannot tell, the screen lets the member map
// the columns by hand, and remembers that mapping by the header's names.
import { PRESETS, type Preset, type PresetName } from './presets.js';
import { COLUMN_ROLES, type ColumnRole } from './roles.js';
import { squeeze } from './words.js';

/** A worksheet read from a file (sheet.ts), as rows of cells. */
export interface Sheet {
  /** The worksheet's name, for a workbook. */
  name?: string;
  /** rows[i] is the spreadsheet's row i + 1; a blank row is an empty array. */
  rows: string[][];
}

export { COLUMN_ROLES, type ColumnRole };

/** Which column (0-based) holds what. Plain JSON, so the screen can keep it. */
export type ColumnMapping = {
  /** A card statement (payments positive, paid by card) or a bank account's (deposits positive, transfers). */
  account: 'card' | 'bank';
  date: number;
  /** The row naming the columns, when the mapping carries it (the screen's hand mapping does). */
  headerRow?: number;
} & Partial<Record<Exclude<ColumnRole, 'date'>, number>>;

export interface Guess {
  /** The row (0-based) that names the columns; the transactions are below it. */
  headerRow: number;
  mapping: ColumnMapping;
  preset?: PresetName;
}

/** Rows searched for the header: title, account and period rows come first in many downloads. */
const HEADER_SEARCH_ROWS = 30;
/** A cell this long is a title or a note, not a column name. */
const MAX_NAME_LENGTH = 40;

interface Rule {
  role: ColumnRole;
  /** Whole names, in order of preference. */
  exact: readonly string[];
  /** Words a name may contain, when no whole name is there. */
  contains?: readonly string[];
  /** Words that rule a name out even so. */
  not?: readonly string[];
}

// The order matters: a column taken by an earlier role is not offered to a later one (출금액 is a withdrawal before
// it could be an amount; 취소금액 is a cancelled amount before it could be a status).
const RULES: readonly Rule[] = [
  { role: 'approval', exact: ['승인번호', 'approval', 'approvalno'], contains: ['승인번호'] },
  { role: 'cancelledAmount', exact: ['취소금액'], contains: ['취소금액'] },
  {
    role: 'foreignAmount',
    exact: ['해외이용금액($)', '해외이용금액'],
    contains: ['해외이용금액', '외화금액', '현지금액', '($)', '(usd)', '(us$)'],
    not: ['수수료'],
  },
  {
    role: 'withdrawal',
    exact: [
      '출금',
      '출금액',
      '출금(원)',
      '출금액(원)',
      '출금금액',
      '찾으신금액',
      '지급(원)',
      '지급액',
      '인출금액',
    ],
    contains: ['출금', '찾으신', '지급'],
    not: ['잔액', '예정', '가능', '구분', '계좌', '은행'],
  },
  {
    role: 'deposit',
    exact: ['입금', '입금액', '입금(원)', '입금액(원)', '입금금액', '맡기신금액', '예치금액'],
    contains: ['입금', '맡기신'],
    not: ['잔액', '예정', '구분', '입금자', '입금인', '입금처', '계좌', '은행'],
  },
  {
    role: 'amount',
    exact: [
      '금액',
      'amount',
      '이용금액',
      '이용금액(원)',
      '승인금액',
      '승인금액(원)',
      '거래금액',
      '결제금액',
      '국내이용금액(원)',
    ],
    contains: ['금액', 'amount'],
    not: [
      '잔액',
      '할인',
      '포인트',
      '부가세',
      '수수료',
      '취소',
      '해외',
      '외화',
      '한도',
      '누계',
      '원금',
      '이자',
      '적립',
    ],
  },
  {
    role: 'date',
    exact: [
      '날짜',
      'date',
      '거래일',
      '거래일자',
      '거래일시',
      '이용일',
      '이용일자',
      '이용일시',
      '승인일',
      '승인일자',
    ],
    contains: ['일자', '일시', '이용일', '거래일', '승인일', '매출일', '사용일', '날짜', 'date'],
    not: ['결제일', '예정', '청구', '취소일', '입금일', '출금일'],
  },
  {
    role: 'time',
    exact: ['시간', 'time', '이용시간', '거래시간', '승인시간', '승인시각', '이용시각'],
    contains: ['시간', '시각', 'time'],
    not: ['일시'],
  },
  {
    role: 'merchant',
    exact: [
      '가맹점명',
      '이용가맹점',
      '가맹점',
      '이용하신곳',
      '사용처',
      '상호',
      '상호명',
      '기재내용',
      '보낸분/받는분',
    ],
    contains: [
      '가맹점',
      '이용하신곳',
      '사용처',
      '상호',
      '기재내용',
      '받는분',
      '보낸분',
      '거래내용',
      '내용',
      '적요',
    ],
    not: ['주소', '정보', '번호', '업종', '연락처', '사업자'],
  },
  { role: 'merchant', exact: ['merchant', 'description', 'payee', 'memo'] },
  { role: 'memo', exact: ['메모', '비고', 'memo', 'note', '송금메모'], contains: ['메모', '비고'] },
  {
    role: 'status',
    exact: ['상태', '취소상태', '취소여부', '매출구분', '승인구분', '거래상태', '처리상태', 'status'],
    contains: ['취소', '상태'],
    not: ['금액', '일'],
  },
  {
    role: 'category',
    exact: ['업종', '업종명', '가맹점업종', '카테고리', '분류', '대분류', 'category'],
    contains: ['업종'],
  },
  {
    role: 'installment',
    exact: ['할부', '할부개월', '할부기간', '이용구분', '결제방법', '일시불/할부', '할부개월수'],
    contains: ['할부'],
    not: ['금액', '수수료', '잔액'],
  },
  {
    role: 'type',
    exact: ['구분', '입출금구분', '입출구분', '거래구분', '타입', 'type', '수입/지출', '입금/출금'],
  },
  { role: 'currency', exact: ['통화', '화폐', 'currency', '통화코드'] },
  { role: 'payment', exact: ['결제수단', 'payment'] },
];

const namesOf = (row: readonly string[]) =>
  row.map((cell) => (cell.trim().length <= MAX_NAME_LENGTH ? squeeze(cell) : ''));

/** The row that names the columns, or null when none of the first rows does. */
export function findHeader(sheet: Sheet): number | null {
  return guessMapping(sheet)?.headerRow ?? null;
}

/** The header row and its mapping: a known company's preset first, else a guess from the header's words. */
export function guessMapping(sheet: Sheet): Guess | null {
  const rows = sheet.rows.slice(0, HEADER_SEARCH_ROWS).map(namesOf);
  for (const [headerRow, names] of rows.entries()) {
    for (const preset of PRESETS) {
      if (preset.signatures.some((signature) => signature.every((name) => names.includes(name)))) {
        return { headerRow, mapping: presetMapping(preset, names), preset: preset.name };
      }
    }
  }
  for (const [headerRow, names] of rows.entries()) {
    const mapping = wordMapping(names);
    if (mapping) return { headerRow, mapping };
  }
  return null;
}

function presetMapping(preset: Preset, names: readonly string[]): ColumnMapping {
  const found: Partial<Record<ColumnRole, number>> = {};
  for (const role of COLUMN_ROLES) {
    for (const name of preset.columns[role] ?? []) {
      const index = names.indexOf(name);
      if (index !== -1) {
        found[role] = index;
        break;
      }
    }
  }
  return { ...found, account: preset.account, date: found.date! };
}

function wordMapping(names: readonly string[]): ColumnMapping | null {
  const found: Partial<Record<ColumnRole, number>> = {};
  const taken = new Set<number>();
  const free = (index: number) => index !== -1 && !taken.has(index) && names[index] !== '';
  for (const rule of RULES) {
    if (found[rule.role] !== undefined) continue;
    let index = -1;
    for (const name of rule.exact) {
      index = names.findIndex((candidate, at) => candidate === name && free(at));
      if (index !== -1) break;
    }
    for (const word of index === -1 ? (rule.contains ?? []) : []) {
      index = names.findIndex(
        (candidate, at) =>
          free(at) && candidate.includes(word) && !(rule.not ?? []).some((bad) => candidate.includes(bad)),
      );
      if (index !== -1) break;
    }
    if (index !== -1) {
      found[rule.role] = index;
      taken.add(index);
    }
  }
  const hasAmount =
    found.amount !== undefined || found.withdrawal !== undefined || found.deposit !== undefined;
  if (found.date === undefined || !hasAmount) return null;
  const bank =
    found.withdrawal !== undefined ||
    found.deposit !== undefined ||
    names.some((name) => name.includes('잔액'));
  return { ...found, account: bank ? 'bank' : 'card', date: found.date };
}
