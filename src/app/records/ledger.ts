// What a ledger entry is, and how a typed amount becomes exact integer minor units of its currency.
import { SPACE_NAME_MAX } from '../../shared/spaces/colours.js';
import { z } from '../../shared/zod.js';

export const LEDGER_CURRENCIES = ['KRW', 'USD', 'JPY', 'EUR', 'CNY'] as const;
export type LedgerCurrency = (typeof LEDGER_CURRENCIES)[number];
export const DEFAULT_CURRENCY: LedgerCurrency = 'KRW';

export const LEDGER_TYPES = ['income', 'expense'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

/** Category keys offered by default; the UI translates them, and users may type their own. */
export const DEFAULT_CATEGORIES = {
  income: ['salary', 'bonus', 'interest', 'allowance', 'otherIncome'],
  expense: [
    'food',
    'cafe',
    'transport',
    'housing',
    'utilities',
    'communication',
    'shopping',
    'health',
    'education',
    'leisure',
    'gifts',
    'otherExpense',
  ],
} as const satisfies Record<LedgerType, readonly string[]>;

/** Payment method keys offered as suggestions; the field itself is free text. */
export const DEFAULT_PAYMENT_METHODS = ['cash', 'card', 'transfer', 'other'] as const;

/** Large enough for any household sum, small enough that totals of many entries stay exact in a double. */
export const MAX_AMOUNT = 10_000_000_000_000;
export const MAX_CATEGORY_LENGTH = 40;
export const MAX_PAYMENT_LENGTH = 40;
export const MAX_MEMO_LENGTH = 500;
/** A card's approval number (승인번호): what finds the same payment again when a statement is imported twice. */
export const MAX_APPROVAL_LENGTH = 40;
/** A space's name as a restored entry keeps it: SPACE_NAME_MAX code points, each up to two UTF-16 units. */
const MAX_FROM_SPACE_LENGTH = 2 * SPACE_NAME_MAX;
/** A time of day, 24-hour HH:MM. */
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const FIRST_DATE = '1900-01-01';
const LAST_DATE = '2100-12-31';

export const LEDGER_ERROR_CODES = [
  'ledger/csv-empty',
  'ledger/csv-header',
  'ledger/csv-columns',
  'ledger/csv-quote',
  'ledger/invalid-date',
  'ledger/invalid-time',
  'ledger/invalid-type',
  'ledger/invalid-amount',
  'ledger/invalid-currency',
  'ledger/invalid-category',
  'ledger/field-too-long',
  'ledger/too-many-rows',
] as const;
export type LedgerErrorCode = (typeof LEDGER_ERROR_CODES)[number];

const fail = (code: LedgerErrorCode) => ({ error: code });

export function isLedgerCurrency(value: string): value is LedgerCurrency {
  return (LEDGER_CURRENCIES as readonly string[]).includes(value);
}

const digitsByCurrency = new Map<string, number>();

/** Digits after the decimal point in the currency's minor unit (KRW 0, USD 2), as the platform's ICU knows them. */
export function currencyDigits(currency: LedgerCurrency): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits as number;
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/** A real calendar date written YYYY-MM-DD between 1900-01-01 and 2100-12-31. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match || value < FIRST_DATE || value > LAST_DATE) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
}

export const ledgerEntrySchema = z.object({
  id: z.string().min(1),
  date: z.string(fail('ledger/invalid-date')).refine(isCalendarDate, fail('ledger/invalid-date')),
  type: z.enum(LEDGER_TYPES, fail('ledger/invalid-type')),
  amount: z
    .number(fail('ledger/invalid-amount'))
    .int(fail('ledger/invalid-amount'))
    .positive(fail('ledger/invalid-amount'))
    .max(MAX_AMOUNT, fail('ledger/invalid-amount')),
  currency: z.enum(LEDGER_CURRENCIES, fail('ledger/invalid-currency')).default(DEFAULT_CURRENCY),
  category: z
    .string(fail('ledger/invalid-category'))
    .trim()
    .min(1, fail('ledger/invalid-category'))
    .max(MAX_CATEGORY_LENGTH, fail('ledger/field-too-long')),
  payment: z
    .string(fail('ledger/field-too-long'))
    .trim()
    .max(MAX_PAYMENT_LENGTH, fail('ledger/field-too-long'))
    .default(''),
  memo: z
    .string(fail('ledger/field-too-long'))
    .max(MAX_MEMO_LENGTH, fail('ledger/field-too-long'))
    .default(''),
  // Both come from imported statements and stay absent otherwise, so an entry typed by hand is as it was. The
  // exports (CSV, .xlsx) carry them, so an export imported back finds each payment already there.
  time: z.string(fail('ledger/invalid-time')).regex(TIME_OF_DAY, fail('ledger/invalid-time')).optional(),
  approval: z
    .string(fail('ledger/field-too-long'))
    .trim()
    .max(MAX_APPROVAL_LENGTH, fail('ledger/field-too-long'))
    .optional(),
  // The shared space a restored entry came from (src/app/backup/restore.ts): the member's own now, it keeps the
  // space's name so the list can say "from 우리집". Absent on every other entry.
  fromSpace: z
    .string(fail('ledger/field-too-long'))
    .max(MAX_FROM_SPACE_LENGTH, fail('ledger/field-too-long'))
    .optional(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** An entry before storage gives it an id: what a form or a CSV import produces. */
export const newEntrySchema = ledgerEntrySchema.omit({ id: true });
export type NewEntry = z.infer<typeof newEntrySchema>;

export type AmountResult = { ok: true; minor: number } | { ok: false; code: 'ledger/invalid-amount' };

/**
 * Reads a typed amount such as '12,000.50' or '1 000' as integer minor units, from the digits themselves
 * so no binary fraction can misround. Commas must group thousands ('3,50' is refused, not read as 350), and
 * decimals beyond the currency's minor unit are refused unless they are zeros ('12000.00' in KRW is exact).
 */
export function toMinorUnits(text: string, currency: LedgerCurrency): AmountResult {
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/.exec(text.replace(/\s/g, ''));
  const digits = currencyDigits(currency);
  const fraction = match?.[2] ?? '';
  if (!match || /[^0]/.test(fraction.slice(digits))) return { ok: false, code: 'ledger/invalid-amount' };
  const minor = Number(match[1]!.replaceAll(',', '') + fraction.slice(0, digits).padEnd(digits, '0'));
  return Number.isSafeInteger(minor) ? { ok: true, minor } : { ok: false, code: 'ledger/invalid-amount' };
}

/** Writes minor units as a plain decimal in major units ('12000', '3.50', '-0.05'), exactly, for any size. */
export function fromMinorUnits(minor: number | bigint, currency: LedgerCurrency): string {
  const digits = currencyDigits(currency);
  const negative = minor < 0;
  const magnitude = (negative ? -BigInt(minor) : BigInt(minor)).toString().padStart(digits + 1, '0');
  const whole = magnitude.slice(0, magnitude.length - digits);
  const fraction = magnitude.slice(magnitude.length - digits);
  return (negative ? '-' : '') + whole + (digits > 0 ? '.' + fraction : '');
}
