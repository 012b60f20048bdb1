// Totals the ledger screens show. Sums count only one currency at a time: adding won to dollars means nothing.
// Amounts are integers ≤ MAX_AMOUNT, so the sums stay exact as long as they stay below 2^53 minor units.
import { DEFAULT_CURRENCY } from '../../../records/ledger.js';
import type { LedgerCurrency, LedgerType, NewEntry } from '../../../records/ledger.js';
import type { SpaceTag } from '../../../../shared/spaces/colours.js';

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

/** An entry with where it lives: a shared space's (its tag), or the member's own (`null`, or no tag at all). */
export type SpacedEntry = SummedEntry & { space?: SpaceTag | null };

/** One card of the totals per space: the month's summary and the running balance through it, of its entries. */
export type SpaceTotals = {
  summary: MonthSummary;
  /** runningBalance of the card's entries through the month. */
  running: number;
} & ({ scope: 'all' } | { scope: 'mine' } | { scope: 'space'; space: SpaceTag });

/** Spaces' names in the order a Korean reader expects (가, 나, … then Latin; 家族 with 가족), as the lists sort them. */
const byName = new Intl.Collator('ko');

/**
 * The month's totals in one currency as cards: "all" entries, then "mine" (the member's own), then one per space
 * the entries name (whatever the month or currency of its entries, so a space's card does not come and go as the
 * member moves between months), by name, ties by id. Each is monthSummary and runningBalance over that card's
 * entries, so "mine" and the spaces' cards add up to "all", and an entry in another currency counts in none. A
 * space is known by its id; its name and colour are those of its first entry (the view tags every entry of a
 * space alike). The entries are those money counts (`countedEntries`: no conflict copies), as for monthSummary.
 */
export function totalsBySpace(
  entries: readonly SpacedEntry[],
  month: string,
  currency: LedgerCurrency,
): SpaceTotals[] {
  const mine: SpacedEntry[] = [];
  const spaces = new Map<string, { space: SpaceTag; entries: SpacedEntry[] }>();
  for (const entry of entries) {
    if (!entry.space) {
      mine.push(entry);
      continue;
    }
    const held = spaces.get(entry.space.id);
    if (held) held.entries.push(entry);
    else spaces.set(entry.space.id, { space: entry.space, entries: [entry] });
  }
  const totals = (of: readonly SpacedEntry[]) => ({
    summary: monthSummary(of, month, currency),
    running: runningBalance(of, month, currency),
  });
  const ordered = [...spaces.values()].sort(
    (a, b) =>
      byName.compare(a.space.name, b.space.name) ||
      (a.space.id < b.space.id ? -1 : a.space.id > b.space.id ? 1 : 0),
  );
  return [
    { scope: 'all', ...totals(entries) },
    { scope: 'mine', ...totals(mine) },
    ...ordered.map(({ space, entries: of }): SpaceTotals => ({ scope: 'space', space, ...totals(of) })),
  ];
}
