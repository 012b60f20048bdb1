// Totals the ledger screens show. Sums count only one currency at a time: adding won to dollars means nothing.
// Amounts are integers ≤ MAX_AMOUNT, so the sums stay exact as long as they stay below 2^53 minor units.
import { DEFAULT_CURRENCY } from '../../../records/ledger.js';
import type { LedgerCurrency, LedgerType, NewEntry } from '../../../records/ledger.js';

/** The entry fields a summary reads; a stored LedgerEntry or a NewEntry both fit. */
export type SummedEntry = Pick<NewEntry, 'date' | 'type' | 'amount' | 'currency' | 'category'>;

export interface MonthSummary {
  income: number;
  expense: number;
  /** income − expense; negative when more went out than came in. */
  balance: number;
  count: number;
}

export interface CategoryShare {
  category: string;
  total: number;
  /** Fraction of the month's total of that type, 0..1; the shares of a breakdown add up to 1. */
  share: number;
}

export interface MonthTotals {
  month: string;
  income: number;
  expense: number;
}

const monthOf = (entry: SummedEntry) => entry.date.slice(0, 7);
const signed = (entry: SummedEntry) => (entry.type === 'income' ? entry.amount : -entry.amount);

/** Income, expense, balance and entry count of one month ('YYYY-MM') in one currency. */
export function monthSummary(
  entries: readonly SummedEntry[],
  month: string,
  currency: LedgerCurrency,
): MonthSummary {
  const summary: MonthSummary = { income: 0, expense: 0, balance: 0, count: 0 };
  for (const entry of entries) {
    if (entry.currency !== currency || monthOf(entry) !== month) continue;
    summary[entry.type] += entry.amount;
    summary.balance += signed(entry);
    summary.count += 1;
  }
  return summary;
}

/** Everything earned minus everything spent in one currency, from the first entry through the end of `month`. */
export function runningBalance(
  entries: readonly SummedEntry[],
  month: string,
  currency: LedgerCurrency,
): number {
  let balance = 0;
  for (const entry of entries) {
    if (entry.currency === currency && monthOf(entry) <= month) balance += signed(entry);
  }
  return balance;
}

/** Where the month's income came from or its spending went, largest category first (ties by name). */
export function categoryBreakdown(
  entries: readonly SummedEntry[],
  month: string,
  type: LedgerType,
  currency: LedgerCurrency = DEFAULT_CURRENCY,
): CategoryShare[] {
  const totals = new Map<string, number>();
  let grandTotal = 0;
  for (const entry of entries) {
    if (entry.currency !== currency || entry.type !== type || monthOf(entry) !== month) continue;
    totals.set(entry.category, (totals.get(entry.category) ?? 0) + entry.amount);
    grandTotal += entry.amount;
  }
  return [...totals]
    .map(([category, total]) => ({ category, total, share: total / grandTotal }))
    .sort((a, b) => b.total - a.total || (a.category < b.category ? -1 : a.category > b.category ? 1 : 0));
}

/** Income and expense of the `months` months ending with `endMonth`, oldest first, months without entries as 0. */
export function monthOverMonth(
  entries: readonly SummedEntry[],
  endMonth: string,
  months = 6,
  currency: LedgerCurrency = DEFAULT_CURRENCY,
): MonthTotals[] {
  const [endYear, endMonthNumber] = endMonth.split('-').map(Number) as [number, number];
  const series: MonthTotals[] = [];
  for (let back = months - 1; back >= 0; back -= 1) {
    const index = endYear * 12 + (endMonthNumber - 1) - back;
    const month = `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
    series.push({ month, income: 0, expense: 0 });
  }
  const byMonth = new Map(series.map((totals) => [totals.month, totals]));
  for (const entry of entries) {
    const totals = entry.currency === currency ? byMonth.get(monthOf(entry)) : undefined;
    if (totals) totals[entry.type] += entry.amount;
  }
  return series;
}
