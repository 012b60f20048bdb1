import { describe, it, expect } from 'vitest';
import {
  categoryBreakdown,
  monthOverMonth,
  monthSummary,
  runningBalance,
  totalsBySpace,
  type MonthSummary,
  type SpacedEntry,
  type SpaceTotals,
  type SummedEntry,
} from './summary.js';
import type { SpaceTag } from '../../../../shared/spaces/colours.js';
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

describe('totalsBySpace', () => {
  const HOME: SpaceTag = { id: '3f'.repeat(16), name: '우리집', colour: 'coral' };
  const FAMILY: SpaceTag = { id: 'a0'.repeat(16), name: '가족', colour: 'teal' };
  const BAND: SpaceTag = { id: '0b'.repeat(16), name: 'Band', colour: 'violet' };
  const in_ = (space: SpaceTag | null, ...of: SummedEntry[]): SpacedEntry[] =>
    of.map((item) => ({ ...item, space }));
  const zero: MonthSummary = { income: 0, expense: 0, balance: 0, count: 0 };
  /** Each card's scope and its space's name, in order. */
  const scopes = (cards: SpaceTotals[]) =>
    cards.map((card) => (card.scope === 'space' ? card.space.name : card.scope));
  /** What monthSummary and runningBalance give for `of`. */
  const expected = (of: readonly SummedEntry[], month: string, currency = 'KRW' as const) => ({
    summary: monthSummary(of, month, currency),
    running: runningBalance(of, month, currency),
  });
  /** Every field of the cards of `mine` and the spaces added up: what "all" must show. */
  const added = (cards: SpaceTotals[]) =>
    cards.slice(1).reduce(
      (sum, card) => ({
        summary: {
          income: sum.summary.income + card.summary.income,
          expense: sum.summary.expense + card.summary.expense,
          balance: sum.summary.balance + card.summary.balance,
          count: sum.summary.count + card.summary.count,
        },
        running: sum.running + card.running,
      }),
      { summary: zero, running: 0 },
    );

  const mine = in_(
    null,
    entry('2024-01-25', 'income', 3_000_000, 'salary'),
    entry('2024-02-01', 'expense', 12_000, 'food'),
    entry('2024-02-28', 'expense', 999, 'food', 'USD'),
  );
  const home = in_(
    HOME,
    entry('2024-01-31', 'expense', 1_200_000, 'housing'),
    entry('2024-02-14', 'expense', 4_500, 'cafe'),
    entry('2024-02-25', 'income', 500_000, 'allowance'),
  );
  const family = in_(
    FAMILY,
    entry('2024-02-27', 'expense', 18_000, 'food'),
    entry('2024-03-01', 'expense', 50_000, 'shopping'),
  );
  const everything = [...home, ...mine, ...family];

  it('is an "all" and a "mine" card of zeros for an empty ledger', () => {
    expect(totalsBySpace([], '2024-02', 'KRW')).toEqual([
      { scope: 'all', summary: zero, running: 0 },
      { scope: 'mine', summary: zero, running: 0 },
    ]);
  });

  it('shows the same totals under "all" and "mine" when every entry is the member’s own', () => {
    // Entries stored before spaces carry no tag at all: they are the member's own, as a `null` tag is.
    for (const own of [ledger, in_(null, ...ledger)]) {
      const cards = totalsBySpace(own, '2024-02', 'KRW');
      expect(cards).toEqual([
        { scope: 'all', ...expected(ledger, '2024-02') },
        { scope: 'mine', ...expected(ledger, '2024-02') },
      ]);
      expect(cards[0]).toMatchObject({
        summary: { income: 3_000_000, expense: 34_500, balance: 2_965_500, count: 4 },
        running: 4_765_500,
      });
    }
  });

  it('gives one card per space after "mine", by name in Korean order, each its own entries’ totals', () => {
    const cards = totalsBySpace(everything, '2024-02', 'KRW');
    expect(scopes(cards)).toEqual(['all', 'mine', '가족', '우리집']);
    expect(cards).toEqual([
      { scope: 'all', ...expected(everything, '2024-02') },
      { scope: 'mine', ...expected(mine, '2024-02') },
      { scope: 'space', space: FAMILY, ...expected(family, '2024-02') },
      { scope: 'space', space: HOME, ...expected(home, '2024-02') },
    ]);
    // By hand: February in won, and everything through February.
    expect(cards[2]).toMatchObject({
      summary: { income: 0, expense: 18_000, balance: -18_000, count: 1 },
      running: -18_000,
    });
    expect(cards[3]).toMatchObject({
      summary: { income: 500_000, expense: 4_500, balance: 495_500, count: 2 },
      running: -704_500,
    });
  });

  it('keeps a space’s card in a month it has no entries, and counts another currency in no card', () => {
    // March: only 가족 spent; January: 가족 had not started, but its card stays so the cards do not move.
    const march = totalsBySpace(everything, '2024-03', 'KRW');
    expect(march.map((card) => card.summary.count)).toEqual([1, 0, 1, 0]);
    expect(totalsBySpace(everything, '2024-01', 'KRW')[2]).toEqual({
      scope: 'space',
      space: FAMILY,
      summary: zero,
      running: 0,
    });
    // In dollars: the one USD entry is the member's own; the spaces' won count nowhere.
    const dollars = totalsBySpace(everything, '2024-02', 'USD');
    expect(dollars).toEqual([
      { scope: 'all', summary: { income: 0, expense: 999, balance: -999, count: 1 }, running: -999 },
      { scope: 'mine', summary: { income: 0, expense: 999, balance: -999, count: 1 }, running: -999 },
      { scope: 'space', space: FAMILY, summary: zero, running: 0 },
      { scope: 'space', space: HOME, summary: zero, running: 0 },
    ]);
    // A space whose only entry is in dollars still has its card, of zeros in won.
    const band = in_(BAND, entry('2024-02-03', 'income', 25_00, 'gig', 'USD'));
    const withBand = totalsBySpace([...everything, ...band], '2024-02', 'KRW');
    expect(withBand.at(-1)).toEqual({ scope: 'space', space: BAND, summary: zero, running: 0 });
    expect(withBand.slice(0, 4)).toEqual(totalsBySpace(everything, '2024-02', 'KRW'));
  });

  it('adds "mine" and the spaces’ cards up to "all", in every month and currency', () => {
    const band = in_(
      BAND,
      entry('2024-02-03', 'income', 25_00, 'gig', 'USD'),
      entry('2024-03-09', 'expense', 7_000),
    );
    const all = [...everything, ...band];
    for (const month of ['2023-12', '2024-01', '2024-02', '2024-03', '2024-04']) {
      for (const currency of ['KRW', 'USD'] as const) {
        const cards = totalsBySpace(all, month, currency);
        expect(cards, `${month} ${currency}`).toHaveLength(5);
        const { scope: _, ...whole } = cards[0]!;
        expect(added(cards), `${month} ${currency}`).toEqual(whole);
      }
    }
  });

  it('orders spaces as Korean readers do (Hangul, then Latin without regard to case), ties by id', () => {
    const named = (name: string, id: string): SpaceTag => ({ id: id.repeat(32), name, colour: 'amber' });
    const spaces = [
      named('Band', '1'),
      named('apple', '2'),
      named('우리집', '3'),
      named('가계부', '4'),
      named('家族', '5'),
      named('가족', '6'),
      named('우리집', '0'),
    ];
    const cards = totalsBySpace(
      spaces.map((space) => ({ ...entry('2024-02-01', 'expense', 1_000), space })),
      '2024-02',
      'KRW',
    );
    expect(scopes(cards)).toEqual([
      'all',
      'mine',
      '가계부',
      '가족',
      '家族',
      '우리집',
      '우리집',
      'apple',
      'Band',
    ]);
    const homes = cards.filter((card) => card.scope === 'space' && card.space.name === '우리집');
    expect(homes.map((card) => card.scope === 'space' && card.space.id[0])).toEqual(['0', '3']);
    // Code-unit order would have put Latin first and the Hanja after every Hangul name.
    expect([...spaces].map((space) => space.name).sort()[0]).toBe('Band');
  });

  it('knows a space by its id: two entries of one space are one card, named as its first entry says', () => {
    const renamed = { ...HOME, name: '새 집', colour: 'sky' as const };
    const cards = totalsBySpace(
      [
        ...in_(HOME, entry('2024-02-01', 'expense', 1_000)),
        ...in_(renamed, entry('2024-02-02', 'expense', 2_000)),
      ],
      '2024-02',
      'KRW',
    );
    expect(cards).toHaveLength(3);
    expect(cards[2]).toMatchObject({ scope: 'space', space: HOME, summary: { expense: 3_000, count: 2 } });
  });

  it('counts what countedEntries gives: a conflict copy in a space stays out of its card and of "all"', () => {
    const lunch = { ...entry('2024-03-15', 'expense', 20_000), space: HOME };
    const copy = { ...lunch, amount: 30_000, conflictOf: 'lunch' };
    const cards = totalsBySpace(countedEntries([{ value: lunch }, { value: copy }]), '2024-03', 'KRW');
    expect(cards.map((card) => card.summary.expense)).toEqual([20_000, 0, 20_000]);
  });
});
