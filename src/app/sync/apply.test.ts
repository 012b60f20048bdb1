import { describe, expect, it } from 'vitest';
import { decide, type LocalRecord, type RemoteChange } from './apply.js';

const value = (v: object) => ({ deleted: false as const, value: v as never });
const gone = { deleted: true as const };
const remote = (side: RemoteChange['side'], base: string | null = 'a:1'): RemoteChange => ({
  version: 'b:1',
  base,
  side,
});
const entry = { title: 'Lunch', amount: 12000, memo: '' };

describe('applying a remote change', () => {
  it('takes it when nothing here is unsent, a deletion too', () => {
    const local: LocalRecord = { version: 'a:1', base: entry, pending: null };
    expect(decide(local, remote(value({ ...entry, amount: 9000 })), { oneOfAKind: false })).toEqual({
      record: value({ ...entry, amount: 9000 }),
      pending: null,
    });
    expect(decide(local, remote(gone), { oneOfAKind: false })).toEqual({ record: gone, pending: null });
  });

  it('refuses a change not made from the version here (the server reordered the series)', () => {
    const local: LocalRecord = { version: 'a:2', base: entry, pending: null };
    expect(decide(local, remote(value(entry)), { oneOfAKind: false })).toBe('reordered');
    expect(
      decide({ version: null, base: undefined, pending: null }, remote(value(entry)), { oneOfAKind: false }),
    ).toBe('reordered');
  });

  it('merges edits of different fields, and sends the merge from the remote version', () => {
    const local: LocalRecord = {
      version: 'a:1',
      base: entry,
      pending: value({ ...entry, memo: 'with Jin' }),
    };
    const decision = decide(local, remote(value({ ...entry, amount: 9000 })), { oneOfAKind: false });
    expect(decision).toEqual({
      record: value({ ...entry, amount: 9000, memo: 'with Jin' }),
      pending: value({ ...entry, amount: 9000, memo: 'with Jin' }),
    });
  });

  it('the same edit on both sides is nothing left to send', () => {
    const both = value({ ...entry, amount: 9000 });
    const local: LocalRecord = { version: 'a:1', base: entry, pending: both };
    expect(decide(local, remote(both), { oneOfAKind: false })).toEqual({ record: both, pending: null });
  });

  it('keeps the local edit as a conflict copy when one field changed both ways', () => {
    const mine = { ...entry, amount: 15000 };
    const local: LocalRecord = { version: 'a:1', base: entry, pending: value(mine) };
    expect(decide(local, remote(value({ ...entry, amount: 9000 })), { oneOfAKind: false })).toEqual({
      record: value({ ...entry, amount: 9000 }),
      pending: null,
      conflictCopy: mine,
      notice: 'conflict',
    });
  });

  it('settings merge key by key; a key changed both ways keeps the other device, with a notice', () => {
    const base = { theme: 'light', lang: 'ko', autoLock: 5 };
    const local: LocalRecord = {
      version: 'a:1',
      base,
      pending: value({ ...base, theme: 'dark', autoLock: 10 }),
    };
    const decision = decide(local, remote(value({ ...base, autoLock: 1, lang: 'en' })), { oneOfAKind: true });
    expect(decision).toEqual({
      record: value({ theme: 'dark', lang: 'en', autoLock: 1 }),
      pending: value({ theme: 'dark', lang: 'en', autoLock: 1 }),
      notice: 'settings-merged',
    });
  });

  it('a deletion racing an edit keeps the record, with a notice, either way round', () => {
    const edited = value({ ...entry, memo: 'edited' });
    const keptHere = decide({ version: 'a:1', base: entry, pending: edited }, remote(gone), {
      oneOfAKind: false,
    });
    expect(keptHere).toEqual({ record: edited, pending: edited, notice: 'kept-edited-here' });
    const restored = decide({ version: 'a:1', base: entry, pending: gone }, remote(edited), {
      oneOfAKind: false,
    });
    expect(restored).toEqual({ record: edited, pending: null, notice: 'restored-edited-elsewhere' });
    expect(
      decide({ version: 'a:1', base: entry, pending: gone }, remote(gone), { oneOfAKind: false }),
    ).toEqual({
      record: gone,
      pending: null,
    });
  });

  it('two devices that made the same one-of-a-kind record on their own merge it', () => {
    const local: LocalRecord = { version: null, base: undefined, pending: value({ theme: 'dark' }) };
    expect(decide(local, remote(value({ lang: 'en' }), null), { oneOfAKind: true })).toEqual({
      record: value({ theme: 'dark', lang: 'en' }),
      pending: value({ theme: 'dark', lang: 'en' }),
    });
  });
});
