import { describe, expect, it } from 'vitest';
import { conflictSides, describeRecord, sideFormat } from './sides.js';

describe('conflict sides', () => {
  it('names a record by its title, name, content or memo', () => {
    expect(describeRecord({ title: '  Rainy walk ', body: 'x' })).toBe('Rainy walk');
    expect(describeRecord({ amount: 12000, memo: 'Lunch' })).toBe('Lunch');
    expect(describeRecord({ amount: 12000 })).toBe('');
  });

  it('tells apart two versions with the same title by what differs', () => {
    const copy = { title: 'Rainy walk', body: 'Soaked.', date: '2026-11-26', conflictOf: 'a1', updatedAt: 2 };
    const original = { title: 'Rainy walk', body: 'Umbrella at the cafe.', date: '2026-11-26', updatedAt: 1 };
    expect(conflictSides(copy, original, ['Rainy walk', 'Rainy walk'])).toEqual([
      'Rainy walk · Soaked.',
      'Rainy walk · Umbrella at the cafe.',
    ]);
  });

  it('reads nested fields, shows a missing one as a dash, and keeps to three differences', () => {
    const one = { title: 'Salary', fields: { bank: 'Genie', number: '110-1' }, a: 1, b: 2 };
    const other = { title: 'Salary', fields: { bank: 'Genie Savings' }, a: 3, b: 4 };
    expect(conflictSides(one, other, ['Salary', 'Salary'])).toEqual([
      'Salary · Genie · 110-1 · 1',
      'Salary · Genie Savings · — · 3',
    ]);
  });

  it('leaves out who made each side, as it leaves out the copy’s link', () => {
    const copy = {
      title: 'Rainy walk',
      body: 'Soaked.',
      conflictOf: 'a1',
      conflictBy: 'Mum',
      conflictFrom: 'Dad',
    };
    const original = { title: 'Rainy walk', body: 'Umbrella at the cafe.' };
    expect(conflictSides(copy, original, ['Rainy walk', 'Rainy walk'])).toEqual([
      'Rainy walk · Soaked.',
      'Rainy walk · Umbrella at the cafe.',
    ]);
  });

  it('does not repeat a title that is itself what differs', () => {
    expect(conflictSides({ title: 'A' }, { title: 'B' }, ['A', 'B'])).toEqual(['A', 'B']);
  });
});

describe('conflict sides, written as each module shows them', () => {
  const lunch = {
    date: '2026-03-14',
    type: 'expense',
    amount: 19900,
    currency: 'KRW',
    category: 'food',
    payment: 'card',
    memo: 'Lunch',
  };

  it('writes a ledger amount as money in its currency and language, never as the raw number', () => {
    const copy = { ...lunch, amount: 30000, conflictOf: 'l1' };
    expect(conflictSides(copy, lunch, ['Lunch', 'Lunch'], sideFormat('ledger', 'en'))).toEqual([
      'Lunch · ₩30,000',
      'Lunch · ₩19,900',
    ]);
    expect(conflictSides(copy, lunch, ['Lunch', 'Lunch'], sideFormat('ledger', 'ko'))).toEqual([
      'Lunch · ₩30,000',
      'Lunch · ₩19,900',
    ]);
    const dollars = { ...lunch, currency: 'USD', amount: 1250 };
    expect(conflictSides(dollars, { ...dollars, amount: 999 }, ['', ''], sideFormat('ledger', 'en'))).toEqual(
      ['$12.50', '$9.99'],
    );
  });

  it('writes a ledger date, type and category as the ledger does', () => {
    const other = { ...lunch, date: '2026-03-15', type: 'income', category: 'salary' };
    expect(conflictSides(lunch, other, ['', ''], sideFormat('ledger', 'en'))).toEqual([
      'Sat, Mar 14 · Expense · Food',
      'Sun, Mar 15 · Income · Salary',
    ]);
    expect(conflictSides(lunch, other, ['', ''], sideFormat('ledger', 'ko'))).toEqual([
      '3월 14일 (토) · 지출 · 식비',
      '3월 15일 (일) · 수입 · 급여',
    ]);
  });

  it('writes diary dates in full, schedule dates and times as the schedule does, lunar ones as lunar', () => {
    const memo = { title: 'Walk', date: '2026-11-26', body: 'x' };
    expect(
      conflictSides(memo, { ...memo, date: '2026-11-27' }, ['Walk', 'Walk'], sideFormat('memo', 'en')),
    ).toEqual(['Walk · Thursday, November 26, 2026', 'Walk · Friday, November 27, 2026']);
    const event = {
      title: 'Dentist',
      calendar: 'solar',
      date: '2026-11-26',
      time: '15:30',
      repeat: 'none',
      memo: '',
    };
    expect(
      conflictSides(event, { ...event, time: '09:00' }, ['Dentist', 'Dentist'], sideFormat('event', 'en')),
    ).toEqual(['Dentist · 3:30 PM', 'Dentist · 9:00 AM']);
    const lunar = {
      name: '할머니 생신',
      calendar: 'lunar',
      date: '2026-08-15',
      leap: false,
      repeat: 'yearly',
    };
    expect(
      conflictSides(lunar, { ...lunar, date: '2026-08-16' }, ['', ''], sideFormat('anniversaries', 'ko')),
    ).toEqual(['음력 2026년 8월 15일', '음력 2026년 8월 16일']);
    // In the leap month or not: the date reads differently, never as true or false.
    const [regular, leap] = conflictSides(
      lunar,
      { ...lunar, leap: true },
      ['', ''],
      sideFormat('anniversaries', 'ko'),
    );
    expect(regular).toBe('음력 2026년 8월 15일');
    expect(leap).toContain('윤');
    expect(leap).not.toContain('true');
  });
});
