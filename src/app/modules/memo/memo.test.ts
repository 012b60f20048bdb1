import { describe, expect, it } from 'vitest';
import type { VaultEntry } from '../../vault/vault.js';
import { memoMonths, memosInMonth, searchMemos } from './memo.js';
import { validateMemo, type Memo } from '../../records/memo.js';

const entry = (id: string, date: string, title: string, body: string, updatedAt = 0): VaultEntry<Memo> => ({
  id,
  kind: 'memo',
  value: { date, title, body },
  updatedAt,
});

const diary = [
  entry('a', '2026-11-20', '첫눈', '오늘 서울에 첫눈이 내렸다. 따뜻한 coffee 한 잔.'),
  entry('b', '2026-11-21', 'Market day', 'Bought apples and 배추 for kimchi.'),
  entry('c', '2026-10-03', '개천절', '가족과 산책'),
];

describe('the diary', () => {
  it('finds entries by every word in title or body, any case, newest first', () => {
    expect(searchMemos(diary, '첫눈').map((e) => e.id)).toEqual(['a']);
    expect(searchMemos(diary, 'COFFEE 서울').map((e) => e.id)).toEqual(['a']);
    expect(searchMemos(diary, '배추 apples').map((e) => e.id)).toEqual(['b']);
    expect(searchMemos(diary, 'coffee apples')).toEqual([]);
    expect(searchMemos(diary, '  ').map((e) => e.id)).toEqual(['b', 'a', 'c']);
  });

  it('matches Korean typed in decomposed form', () => {
    expect(searchMemos(diary, '첫눈'.normalize('NFD')).map((e) => e.id)).toEqual(['a']);
  });

  it('lists a month and counts entries per month', () => {
    expect(memosInMonth(diary, '2026-11').map((e) => e.id)).toEqual(['b', 'a']);
    expect(memoMonths(diary)).toEqual([
      { month: '2026-11', count: 2 },
      { month: '2026-10', count: 1 },
    ]);
  });

  it('requires a real date and a title', () => {
    expect(validateMemo({ date: '2026-02-30', title: '', body: '' })).toEqual({
      date: 'date',
      title: 'title',
    });
    expect(validateMemo({ date: '2026-11-22', title: 'ok', body: 'x' })).toEqual({});
    expect(validateMemo({ date: '2026-11-22', title: 'x'.repeat(201), body: '' }).title).toBe('titleTooLong');
  });

  it('allows at most 50 tags of at most 50 characters', () => {
    const memo = { date: '2026-11-22', title: '여행', body: '', starred: true };
    const tags = Array.from({ length: 50 }, (_, index) => `태그${index}`);
    expect(validateMemo({ ...memo, tags: [...tags, '하나 더'] })).toEqual({ tags: 'tooManyTags' });
    expect(validateMemo({ ...memo, tags: ['가'.repeat(51)] })).toEqual({ tags: 'tagTooLong' });
    expect(validateMemo({ ...memo, tags: [...tags.slice(1), '가'.repeat(50)] })).toEqual({});
  });
});
