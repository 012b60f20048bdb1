import { describe, it, expect } from 'vitest';
import type { NewEntry } from './model/entry.js';
import { currenciesIn, entriesByDate, entriesOfMonth, shownCurrency } from './view.js';

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
