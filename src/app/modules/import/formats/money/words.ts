// The words statements use around their numbers: header names compared squeezed, totals, cancellations and the
// direction of money.

/** A name as headers are compared: NFC, lower case, without spaces or line breaks ("이용\n일자" is 이용일자). */
export const squeeze = (text: string): string =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s\u00a0\u3000]+/g, '');

/** A total or subtotal row's label (합계, 총 이용금액, 소계, 일시불 합계, Total …), squeezed. */
const SUMMARY = /합계|총계|소계|누계|^총(이용|결제|청구|사용|승인|거래|입금|출금)|^(sub|grand)?total/;
export const isSummaryLabel = (text: string): boolean => SUMMARY.test(squeeze(text));

/** A status cell that says the transaction was cancelled (승인취소, 매출취소, 취소, 거절 …); 부분취소 is not. */
export function isCancelledStatus(status: string, header: string): boolean {
  const word = squeeze(status);
  if (!word || word.includes('부분취소')) return false;
  if (/취소|거절|무효|반려|cancel|declined|void/.test(word)) return true;
  // A 취소여부 column answers yes or no.
  return squeeze(header).includes('취소') && /^(y|yes|o|○|예|1|true)$/.test(word);
}

export type Direction = 'income' | 'expense' | 'transfer';
const DIRECTIONS = new Map<string, Direction>([
  ...['수입', '입금', 'income', 'deposit', 'credit', '이자입금', '입'].map(
    (word) => [word, 'income'] as const,
  ),
  ...['지출', '출금', 'expense', 'withdrawal', 'debit', '출'].map((word) => [word, 'expense'] as const),
  ...['이체', 'transfer'].map((word) => [word, 'transfer'] as const),
]);

/** A type column's value (수입/지출, 입금/출금, income/expense, 이체), or undefined for anything else. */
export const directionOf = (text: string): Direction | undefined => DIRECTIONS.get(squeeze(text));
