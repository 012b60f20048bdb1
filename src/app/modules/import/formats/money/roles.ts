// What a column of a bank's or card company's statement can hold: the roles a mapping gives columns (mapping.ts)
// and a preset names (presets.ts).

export const COLUMN_ROLES = [
  /** The day (or day and time) of the transaction. */
  'date',
  /** Its time of day, when a column of its own. */
  'time',
  /** One amount: positive for a card's payment, or signed for a bank account (see `account`). */
  'amount',
  /** A bank's money out (출금, 찾으신금액) and in (입금, 맡기신금액), in columns of their own. */
  'withdrawal',
  'deposit',
  /** A card's amount in a foreign currency (해외이용금액 $): a row with only this is left out ('currency'). */
  'foreignAmount',
  /** The part of a payment cancelled since (우리카드's 취소금액). */
  'cancelledAmount',
  /** 수입/지출, 입금/출금, income/expense, 이체: the direction, when a column says it. */
  'type',
  /** The merchant or the other side (가맹점명, 이용하신곳, 적요, 내용): the entry's memo. */
  'merchant',
  /** A note of the member's, added to the memo after the merchant. */
  'memo',
  /** A card's approval number (승인번호). */
  'approval',
  /** 상태, 취소상태, 매출구분: a cancelled row says 취소. */
  'status',
  /** The company's category of the merchant (업종), or the ledger's own. */
  'category',
  /** A finer category (뱅크샐러드's 소분류), used when the category is not one of the ledger's. */
  'subcategory',
  /** 일시불 or 할부 (instalments): recognised, not stored. */
  'installment',
  'currency',
  'payment',
] as const;
export type ColumnRole = (typeof COLUMN_ROLES)[number];
