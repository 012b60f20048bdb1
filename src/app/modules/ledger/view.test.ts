import { describe, it, expect } from 'vitest';
import type { NewEntry } from '../../records/ledger.js';
import {
  conflictCopyCount,
  countedEntries,
  currenciesIn,
  entriesByDate,
  entriesOfMonth,
  shownCurrency,
} from './view.js';

const stored = (date: string, updatedAt: number, currency: NewEntry['currency'] = 'KRW') => ({
  id: `${date}-${updatedAt}`,
  updatedAt,
  value: { date, type: 'expense', amount: 1, currency, category: 'food', payment: '', memo: '' } as NewEntry,
});

describe('currencies', () => {
  it('lists the currencies in use in the app’s order, KRW for an empty ledger', () => {
    expect(currenciesIn([])).toEqual(['KRW']);
    expect(currenciesIn([{ currency: 'USD' }, { currency: 'KRW' }, { currency: 'USD' }])).toEqual([
      'KRW',
      'USD',
    ]);
  });

  it('shows the chosen currency if in use, else KRW, else the first in use', () => {
    expect(shownCurrency(['KRW', 'USD'], 'USD')).toBe('USD');
    expect(shownCurrency(['KRW', 'USD'], 'EUR')).toBe('KRW');
    expect(shownCurrency(['JPY', 'USD'], 'KRW')).toBe('JPY');
  });
});

describe('entry order', () => {
  const records = [
    stored('2024-03-02', 5),
    stored('2024-03-15', 1),
    stored('2024-02-28', 9),
    stored('2024-03-15', 3),
    stored('2024-04-01', 2),
  ];

  it('lists the month newest date first, last written first on the same date', () => {
    expect(entriesOfMonth(records, '2024-03').map((record) => record.id)).toEqual([
      '2024-03-15-3',
      '2024-03-15-1',
      '2024-03-02-5',
    ]);
    expect(entriesOfMonth(records, '2023-03')).toEqual([]);
  });

  it('puts an imported payment’s time of day in the order, after the date', () => {
    const at = (date: string, updatedAt: number, time?: string) => {
      const record = stored(date, updatedAt);
      return { ...record, id: `${date} ${time ?? '-'}`, value: { ...record.value, ...(time && { time }) } };
    };
    const day = [
      at('2026-08-14', 9, '09:05'),
      at('2026-08-14', 1, '20:32'),
      at('2026-08-14', 5),
      at('2026-08-15', 2, '00:10'),
    ];
    expect(entriesOfMonth(day, '2026-08').map((record) => record.id)).toEqual([
      '2026-08-15 00:10',
      '2026-08-14 20:32',
      '2026-08-14 09:05',
      '2026-08-14 -',
    ]);
    expect(entriesByDate(day).map((entry) => `${entry.date} ${entry.time ?? '-'}`)).toEqual([
      '2026-08-14 -',
      '2026-08-14 09:05',
      '2026-08-14 20:32',
      '2026-08-15 00:10',
    ]);
  });

  it('exports everything oldest first', () => {
    expect(entriesByDate(records).map((entry) => entry.date)).toEqual([
      '2024-02-28',
      '2024-03-02',
      '2024-03-15',
      '2024-03-15',
      '2024-04-01',
    ]);
  });
});

describe('conflict copies', () => {
  // One lunch changed to 20,000 on one device and to 30,000 on another while both were offline: the other side is
  // kept as a copy naming the entry it is a copy of, until the member keeps one.
  const lunch = stored('2024-03-15', 1);
  const original = { ...lunch, id: 'lunch', value: { ...lunch.value, amount: 20_000 } };
  const copy = { ...lunch, id: 'copy', value: { ...lunch.value, amount: 30_000, conflictOf: 'lunch' } };

  it('counts the money of every entry but the copies', () => {
    expect(countedEntries([original, copy, stored('2024-03-02', 5)]).map((entry) => entry.amount)).toEqual([
      20_000, 1,
    ]);
    expect(conflictCopyCount([original, copy])).toBe(1);
    expect(conflictCopyCount([original])).toBe(0);
  });

  it('leaves out a currency only a copy uses', () => {
    const dollars = { ...copy, value: { ...copy.value, currency: 'USD' as const } };
    expect(currenciesIn(countedEntries([original, dollars]))).toEqual(['KRW']);
  });

  it('counts the kept version once the copy is gone', () => {
    expect(countedEntries([{ ...original, value: { ...original.value, amount: 30_000 } }])[0]!.amount).toBe(
      30_000,
    );
  });
});
