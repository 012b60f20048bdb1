// A card or bank statement's rows as ledger entries, by a column mapping (mapping.ts). Rows that are not
// transactions (titles, totals, blank rows), cancelled payments, foreign-currency use without a won amount and
// zero amounts are left out and said so; a cell that cannot be read stops the import with its row and column.
import {
  DEFAULT_CATEGORIES,
  DEFAULT_CURRENCY,
  isLedgerCurrency,
  MAX_APPROVAL_LENGTH,
  MAX_CATEGORY_LENGTH,
  MAX_MEMO_LENGTH,
  MAX_PAYMENT_LENGTH,
  newEntrySchema,
  type LedgerCurrency,
  type LedgerType,
  type NewEntry,
} from '../../../../records/ledger.js';
import {
  ImportError,
  MAX_IMPORT_ITEMS,
  recordKey,
  type ImportFormat,
  type ImportItem,
  type ImportOptions,
  type ImportPlan,
  type Skipped,
} from '../../plan.js';
import { readAmount, readDate, readTime, type ReadDate } from './cells.js';
import { categoryFromMerchant, suggestCategory, suggestPayment } from './categories.js';
import { findHeader, type ColumnMapping, type ColumnRole } from './mapping.js';
import type { Sheet } from './sheet.js';

export { findHeader, guessMapping, type ColumnMapping, type Guess } from './mapping.js';
import { directionOf, isCancelledStatus, isSummaryLabel, squeeze } from './words.js';

/** A row read, before cancellations are matched against their payments. */
interface Transaction {
  line: number;
  row: readonly string[];
  type: LedgerType;
  /** Minor units, positive. */
  amount: number;
  currency: LedgerCurrency;
  date: string;
  time?: string;
  approval?: string;
  merchant: string;
  category?: string;
  subcategory?: string;
  payment: string;
  cancelled: boolean;
  /** Whether the direction came from the amount's sign, so a refund can cancel its payment. */
  bySign: boolean;
}

/** Today in the member's time zone, for dates written without a year. */
export function todayIn(options: ImportOptions): string {
  if (options.today) return options.today;
  return new Intl.DateTimeFormat('en-CA', { timeZone: options.timeZone, dateStyle: 'short' }).format(
    new Date(),
  );
}

/** Cuts a value to the ledger's length, noting it in `skipped`. */
export function fitted(value: string, max: number, line: number, what: string, skipped: Skipped[]): string {
  if (value.length <= max) return value;
  skipped.push({ reason: 'shortened', what, line });
  return value.slice(0, max);
}

/** A row as the screen names it when it is left out: its first cells, as the file has them. */
export function rowLabel(row: readonly string[]): string {
  const label = row
    .map((cell) => cell.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .slice(0, 4)
    .join(' · ');
  return label.length > 80 ? `${label.slice(0, 79)}…` : label;
}

/**
 * The entries of a statement. `headerRow` is the row naming the columns (0-based: the one given, else the
 * mapping's, else the one findHeader finds); rows above it are not read. Lines are the spreadsheet's row numbers.
 */
export function statementPlan(
  sheet: Sheet,
  mapping: ColumnMapping,
  options: ImportOptions = {},
  headerRow: number = mapping.headerRow ?? findHeader(sheet) ?? -1,
  format: ImportFormat = 'statement',
): ImportPlan {
  const today = todayIn(options);
  const header = sheet.rows[headerRow] ?? [];
  const headerNames = header.map(squeeze);
  const columnName = (role: ColumnRole) => {
    const index = mapping[role]!;
    return header[index]?.replace(/\s+/g, ' ').trim() || columnLetter(index);
  };
  const body = sheet.rows.slice(headerRow + 1);
  if (body.length > MAX_IMPORT_ITEMS) throw new ImportError('too-large');

  const skipped: Skipped[] = [];
  const transactions: Transaction[] = [];
  for (const [offset, row] of body.entries()) {
    const line = headerRow + 2 + offset;
    if (offset % 2000 === 1999) options.progress?.(offset / body.length);
    if (!row.some((cell) => cell.trim())) continue;
    const cell = (role: ColumnRole) => {
      const index = mapping[role];
      return index === undefined ? '' : (row[index] ?? '');
    };
    const fail = (role: ColumnRole): never => {
      throw new ImportError('bad-row', line, columnName(role));
    };
    const leaveOut = (reason: Skipped['reason']) => skipped.push({ reason, what: rowLabel(row), line });

    if (
      header.length > 0 &&
      row.length === header.length &&
      row.every((name, i) => squeeze(name) === headerNames[i])
    ) {
      leaveOut('summary-row');
      continue;
    }
    const dateCell = cell('date');
    const when = readDate(dateCell, today);
    const amountCells = (['amount', 'withdrawal', 'deposit', 'foreignAmount'] as const).map(cell);
    if (typeof when === 'string') {
      // A total, a subtotal, a title or a note between the transactions: no date, or words where it would be.
      const hasAmount = amountCells.some((text) => text.trim() && text.trim() !== '-');
      if (row.some(isSummaryLabel) || !hasAmount) {
        leaveOut('summary-row');
        continue;
      }
      fail('date');
    }
    const dated = when as ReadDate;

    const currencyText = cell('currency').trim().toUpperCase() || DEFAULT_CURRENCY;
    if (!isLedgerCurrency(currencyText)) {
      leaveOut('currency');
      continue;
    }
    const currency = currencyText;
    const money = (role: ColumnRole): number | 'empty' => {
      if (mapping[role] === undefined) return 'empty';
      const read = readAmount(cell(role), currency);
      return read === 'invalid' ? fail(role) : read;
    };

    // Signed so that money going out is positive for a card and negative for a bank account.
    let signed = money('amount');
    const out = money('withdrawal');
    const into = money('deposit');
    if (signed === 'empty' && (out !== 'empty' || into !== 'empty')) {
      signed = (typeof into === 'number' ? into : 0) - (typeof out === 'number' ? out : 0);
      if (mapping.account === 'card') signed = -signed;
    }
    const cancelledPart = money('cancelledAmount');
    if (typeof signed === 'number' && typeof cancelledPart === 'number' && cancelledPart !== 0) {
      signed = Math.sign(signed) * Math.max(0, Math.abs(signed) - Math.abs(cancelledPart));
      if (signed === 0) {
        leaveOut('cancelled');
        continue;
      }
    }
    if (signed === 'empty' || signed === 0) {
      const foreign =
        mapping.foreignAmount === undefined ? 'empty' : readAmount(cell('foreignAmount'), 'USD');
      if (typeof foreign === 'number' && foreign !== 0) leaveOut('currency');
      else leaveOut(signed === 'empty' ? 'empty' : 'zero-amount');
      continue;
    }

    const written = mapping.type === undefined ? undefined : directionOf(cell('type'));
    if (written === 'transfer') {
      leaveOut('transfer');
      continue;
    }
    const outgoing = mapping.account === 'card' ? signed > 0 : signed < 0;
    const type: LedgerType = written ?? (outgoing ? 'expense' : 'income');

    let time = dated.time;
    if (mapping.time !== undefined) {
      const read = readTime(cell('time'));
      if (read === 'invalid') fail('time');
      if (read !== 'empty') time = read as string;
    }

    // Trimmed only: a memo's own line breaks come back from our export as they went.
    const merchant = cell('merchant').trim();
    const memo = cell('memo').trim();
    const category = cell('category').trim();
    const subcategory = cell('subcategory').trim();
    const payment = cell('payment').trim();
    const approval = cell('approval').replace(/\s+/g, '');
    const status = mapping.status === undefined ? '' : cell('status');
    transactions.push({
      line,
      row,
      type,
      amount: Math.abs(signed),
      currency,
      date: dated.date,
      ...(time ? { time } : {}),
      ...(approval && approval !== '-' ? { approval } : {}),
      merchant: [merchant, memo].filter(Boolean).join(' · '),
      ...(category ? { category } : {}),
      ...(subcategory ? { subcategory } : {}),
      payment: mapping.payment !== undefined ? payment : mapping.account === 'card' ? 'card' : 'transfer',
      cancelled: isCancelledStatus(
        status,
        mapping.status === undefined ? '' : (header[mapping.status] ?? ''),
      ),
      bySign: written === undefined,
    });
  }

  matchCancellations(transactions);
  const items: ImportItem[] = [];
  for (const transaction of transactions) {
    if (transaction.cancelled || transaction.amount === 0) {
      skipped.push({ reason: 'cancelled', what: rowLabel(transaction.row), line: transaction.line });
      continue;
    }
    items.push(entryItem(transaction, mapping, skipped, columnName));
  }
  if (items.length === 0 && skipped.length === 0) throw new ImportError('empty');
  options.progress?.(1);
  return { format, items, skipped };
}

/**
 * A cancellation written as a row of its own (the same approval number, money coming back) takes its amount off
 * the payment it cancels; both leave the plan once nothing of the payment is left. A row whose status says 취소
 * is left out, and takes its amount off another payment of its approval number. A refund with no payment in the
 * file stays an income (money back for a payment of an earlier statement).
 */
function matchCancellations(transactions: Transaction[]): void {
  const payments = new Map<string, Transaction[]>();
  for (const transaction of transactions) {
    if (transaction.approval && transaction.bySign && transaction.type === 'expense') {
      const list = payments.get(transaction.approval) ?? [];
      list.push(transaction);
      payments.set(transaction.approval, list);
    }
  }
  for (const refund of transactions) {
    if (!refund.approval || !refund.bySign || refund.type !== 'income') continue;
    const originals = payments.get(refund.approval)?.filter((payment) => payment.amount > 0) ?? [];
    if (originals.length === 0) continue;
    let left = refund.amount;
    for (const payment of originals) {
      const taken = Math.min(left, payment.amount);
      payment.amount -= taken;
      left -= taken;
      if (left === 0) break;
    }
    refund.cancelled = true;
  }
  // Some statements write the cancellation as a second row like the payment, marked 취소 (positive, not negative).
  for (const cancellation of transactions) {
    if (!cancellation.cancelled || !cancellation.approval || cancellation.type !== 'expense') continue;
    let left = cancellation.amount;
    for (const payment of payments.get(cancellation.approval) ?? []) {
      if (payment === cancellation || payment.cancelled) continue;
      const taken = Math.min(left, payment.amount);
      payment.amount -= taken;
      left -= taken;
    }
  }
}

function entryItem(
  transaction: Transaction,
  mapping: ColumnMapping,
  skipped: Skipped[],
  columnName: (role: ColumnRole) => string,
): ImportItem {
  const { line, type } = transaction;
  const what = rowLabel(transaction.row);
  const { category, source } = categoryOf(transaction);
  const payment = transaction.payment ? suggestPayment(transaction.payment) : '';
  const value: NewEntry = {
    date: transaction.date,
    type,
    amount: transaction.amount,
    currency: transaction.currency,
    category: fitted(category, MAX_CATEGORY_LENGTH, line, what, skipped),
    payment: fitted(payment, MAX_PAYMENT_LENGTH, line, what, skipped),
    memo: fitted(transaction.merchant, MAX_MEMO_LENGTH, line, what, skipped),
    ...(transaction.time ? { time: transaction.time } : {}),
    ...(transaction.approval
      ? { approval: fitted(transaction.approval, MAX_APPROVAL_LENGTH, line, what, skipped) }
      : {}),
  };
  const checked = newEntrySchema.safeParse(value);
  if (!checked.success) {
    const field = String(checked.error.issues[0]?.path[0] ?? 'amount');
    const role: ColumnRole = field === 'date' ? 'date' : field === 'time' ? 'time' : 'amount';
    throw new ImportError('bad-row', line, columnName(mapping[role] === undefined ? 'date' : role));
  }
  return {
    kind: 'ledger',
    value,
    key: recordKey('ledger', value),
    line,
    ...(source ? { sourceCategory: source } : {}),
  };
}

/**
 * The entry's category and the file's name it came from: the category's when it names one of the ledger's (other
 * than "other"), else the subcategory's when that does, else what the category's name gives; without either, a
 * guess from the merchant, or "other".
 */
function categoryOf(transaction: Transaction): { category: string; source?: string } {
  const { type } = transaction;
  const other = type === 'income' ? 'otherIncome' : 'otherExpense';
  const named = [transaction.category, transaction.subcategory].filter((name): name is string =>
    Boolean(name),
  );
  for (const source of named) {
    const key = suggestCategory(source, type);
    if (key !== other && (DEFAULT_CATEGORIES[type] as readonly string[]).includes(key))
      return { category: key, source };
  }
  const source = named[0];
  if (source) return { category: suggestCategory(source, type), source };
  return { category: categoryFromMerchant(transaction.merchant, type) ?? other };
}

/** A spreadsheet's column letter for a column without a name (0 → A, 26 → AA). */
function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
