import { describe, it, expect } from 'vitest';
import {
  categoryBreakdown,
  monthOverMonth,
  monthSummary,
  runningBalance,
  type SummedEntry,
} from './summary.js';
import { countedEntries } from '../view.js';

const entry = (
  date: string,
  type: 'income' | 'expense',
  amount: number,
  category = 'food',
  currency = 'KRW',
) => ({ date, type, amount, category, currency }) as SummedEntry;

const ledger = [
  entry('2024-01-25', 'income', 3_000_000, 'salary'),
  entry('2024-01-31', 'expense', 1_200_000, 'housing'),
  entry('2024-02-01', 'expense', 12_000, 'food'),
  entry('2024-02-14', 'expense', 4_500, 'cafe'),
  entry('2024-02-25', 'income', 3_000_000, 'salary'),
  entry('2024-02-27', 'expense', 18_000, 'food'),
  entry('2024-02-28', 'expense', 999, 'food', 'USD'),
  entry('2024-03-01', 'expense', 50_000, 'shopping'),
];

describe('monthSummary', () => {
  it('totals one month in one currency', () => {
    expect(monthSummary(ledger, '2024-02', 'KRW')).toEqual({
      income: 3_000_000,
      expense: 34_500,
      balance: 2_965_500,
      count: 4,
    });
    expect(monthSummary(ledger, '2024-02', 'USD')).toEqual({
      income: 0,
      expense: 999,
      balance: -999,
      count: 1,
    });
  });

  it('is all zeros for a month without entries', () => {
    expect(monthSummary(ledger, '2023-12', 'KRW')).toEqual({ income: 0, expense: 0, balance: 0, count: 0 });
  });
});

describe('runningBalance', () => {
  it('adds everything up to and including the month, in one currency', () => {
    expect(runningBalance(ledger, '2023-12', 'KRW')).toBe(0);
    expect(runningBalance(ledger, '2024-01', 'KRW')).toBe(1_800_000);
    expect(runningBalance(ledger, '2024-02', 'KRW')).toBe(4_765_500);
    expect(runningBalance(ledger, '2024-03', 'KRW')).toBe(4_715_500);
    expect(runningBalance(ledger, '2024-03', 'USD')).toBe(-999);
  });
});

describe('categoryBreakdown', () => {
  it('lists categories largest first with shares of the month total', () => {
    expect(categoryBreakdown(ledger, '2024-02', 'expense')).toEqual([
      { category: 'food', total: 30_000, share: 30_000 / 34_500 },
      { category: 'cafe', total: 4_500, share: 4_500 / 34_500 },
    ]);
    expect(categoryBreakdown(ledger, '2024-02', 'expense', 'USD')).toEqual([
      { category: 'food', total: 999, share: 1 },
    ]);
  });

  it('has shares that add up to 1 and orders ties by name', () => {
    const thirds = ['c', 'a', 'b'].map((category) => entry('2024-05-02', 'expense', 1, category));
    const breakdown = categoryBreakdown(thirds, '2024-05', 'expense');
    expect(breakdown.map((share) => share.category)).toEqual(['a', 'b', 'c']);
    expect(breakdown.reduce((sum, share) => sum + share.share, 0)).toBeCloseTo(1, 12);
  });

  it('is empty when nothing of that type happened that month', () => {
    expect(categoryBreakdown(ledger, '2024-03', 'income')).toEqual([]);
  });
});

describe('monthOverMonth', () => {
  it('gives the N months ending at the month, oldest first, empty months as zeros', () => {
    expect(monthOverMonth(ledger, '2024-03', 4)).toEqual([
      { month: '2023-12', income: 0, expense: 0 },
      { month: '2024-01', income: 3_000_000, expense: 1_200_000 },
      { month: '2024-02', income: 3_000_000, expense: 34_500 },
      { month: '2024-03', income: 0, expense: 50_000 },
    ]);
  });

  it('covers six months by default and counts only the chosen currency', () => {
    const series = monthOverMonth(ledger, '2024-02', undefined, 'USD');
    expect(series.map((totals) => totals.month)).toEqual([
      '2023-09',
      '2023-10',
      '2023-11',
      '2023-12',
      '2024-01',
      '2024-02',
    ]);
    expect(series.at(-1)).toEqual({ month: '2024-02', income: 0, expense: 999 });
    expect(series.slice(0, -1).every((totals) => totals.income === 0 && totals.expense === 0)).toBe(true);
  });
});

describe('a conflict copy', () => {
  // The same lunch changed to 20,000 on one device and 30,000 on another: the page counts what `countedEntries`
  // gives, so the month shows the spending once, and the kept version once the member chooses.
  const stored = (value: SummedEntry & { conflictOf?: string }) => ({ value });
  const lunch = entry('2024-03-15', 'expense', 20_000, 'food');
  const copy = { ...entry('2024-03-15', 'expense', 30_000, 'food'), conflictOf: 'lunch' };

  it('is left out of the summary, balance, breakdown and trend', () => {
    const counted = countedEntries([stored(lunch), stored(copy)]);
    expect(monthSummary(counted, '2024-03', 'KRW')).toEqual({
      income: 0,
      expense: 20_000,
      balance: -20_000,
      count: 1,
    });
    expect(runningBalance(counted, '2024-03', 'KRW')).toBe(-20_000);
    expect(categoryBreakdown(counted, '2024-03', 'expense')).toEqual([
      { category: 'food', total: 20_000, share: 1 },
    ]);
    expect(monthOverMonth(counted, '2024-03', 1)).toEqual([{ month: '2024-03', income: 0, expense: 20_000 }]);
    // Counted as they are stored, both would be spent: 50,000.
    expect(monthSummary([lunch, copy], '2024-03', 'KRW').expense).toBe(50_000);
  });

  it('counts the version kept, once', () => {
    const kept = countedEntries([stored({ ...lunch, amount: 30_000 })]);
    expect(monthSummary(kept, '2024-03', 'KRW').expense).toBe(30_000);
  });
});
