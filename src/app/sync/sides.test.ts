import { describe, expect, it } from 'vitest';
import { conflictSides, describeRecord } from './sides.js';

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

  it('does not repeat a title that is itself what differs', () => {
    expect(conflictSides({ title: 'A' }, { title: 'B' }, ['A', 'B'])).toEqual(['A', 'B']);
  });
});
