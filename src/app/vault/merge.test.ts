import { describe, expect, it } from 'vitest';
import { mergeValues, sameValue } from './merge.js';

const memo = { date: '2026-11-26', title: 'Lunch', body: 'Bibimbap with Jiwoo' };

describe('the three-way merge of a record edited on two devices', () => {
  it('takes each side of fields changed on one side only', () => {
    const local = { ...memo, title: 'Lunch with Jiwoo' };
    const remote = { ...memo, body: 'Bibimbap, then coffee' };
    expect(mergeValues(memo, local, remote)).toEqual({
      value: { date: '2026-11-26', title: 'Lunch with Jiwoo', body: 'Bibimbap, then coffee' },
      conflicts: [],
    });
  });

  it('keeps a field changed on both sides to the same value, and fast-forwards an untouched side', () => {
    const both = { ...memo, title: 'Dinner' };
    expect(mergeValues(memo, both, { ...both })).toEqual({ value: both, conflicts: [] });
    expect(mergeValues(memo, memo, both)).toEqual({ value: both, conflicts: [] });
    expect(mergeValues(memo, both, memo)).toEqual({ value: both, conflicts: [] });
  });

  it('names a field changed on both sides differently, and takes the remote side of it', () => {
    const local = { ...memo, body: 'Bibimbap at home', title: 'Lunch!' };
    const remote = { ...memo, body: 'Kimbap at the park' };
    expect(mergeValues(memo, local, remote)).toEqual({
      value: { date: '2026-11-26', title: 'Lunch!', body: 'Kimbap at the park' },
      conflicts: ['body'],
    });
  });

  it('merges nested objects key by key, and a field added or removed on one side', () => {
    const base = {
      kind: 'bank',
      title: 'Salary',
      fields: { bankName: 'Shinhan', accountNumber: '110-1', memo: '' },
    };
    const local = { ...base, fields: { ...base.fields, accountNumber: '110-2' } };
    const remote = {
      kind: 'bank',
      title: 'Salary account',
      fields: { bankName: 'Shinhan', accountNumber: '110-1' },
    };
    expect(mergeValues(base, local, remote)).toEqual({
      value: {
        kind: 'bank',
        title: 'Salary account',
        fields: { bankName: 'Shinhan', accountNumber: '110-2' },
      },
      conflicts: [],
    });
    const both = mergeValues(base, local, { ...base, fields: { ...base.fields, accountNumber: '110-3' } });
    expect(both.conflicts).toEqual(['fields.accountNumber']);
    expect(both.value).toMatchObject({ fields: { accountNumber: '110-3' } });
  });

  it('treats lists and numbers as one value each', () => {
    const base = { mainAnniversaries: ['a', null], amount: 5000 };
    const merged = mergeValues(
      base,
      { mainAnniversaries: ['a', 'b'], amount: 6000 },
      { mainAnniversaries: ['c', null], amount: 6000 },
    );
    expect(merged).toEqual({
      value: { mainAnniversaries: ['c', null], amount: 6000 },
      conflicts: ['mainAnniversaries'],
    });
  });

  it('merges two records made on their own (no common version): shared keys that differ conflict', () => {
    const merged = mergeValues(
      undefined,
      { nickname: 'Mina', theme: 'light' },
      { nickname: 'Minah', lang: 'ko' },
    );
    expect(merged).toEqual({
      value: { nickname: 'Minah', theme: 'light', lang: 'ko' },
      conflicts: ['nickname'],
    });
  });

  it('compares lists and objects by content, key order aside', () => {
    expect(sameValue({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue(null, undefined)).toBe(false);
  });
});
