import { describe, expect, it } from 'vitest';
import type { VaultEntry } from '../../vault/vault.js';
import { recordKey, type ImportItem, type ImportPlan } from './plan.js';
import { sourceCategories, splitAlreadyThere, toWrites, withCategories } from './prepare.js';

const login = (title: string, username: string) => ({
  kind: 'login' as const,
  title,
  fields: { siteName: title, username },
});
const personal = (value: ReturnType<typeof login>): ImportItem => ({
  kind: 'personal',
  value,
  key: recordKey('personal', value),
});
const payment = (memo: string, amount: number, extra: { approval?: string; category?: string } = {}) => {
  const value = {
    date: '2026-08-14',
    time: '20:32',
    type: 'expense' as const,
    amount,
    currency: 'KRW' as const,
    category: extra.category ?? 'food',
    payment: 'card',
    memo,
    ...(extra.approval ? { approval: extra.approval } : {}),
  };
  return { kind: 'ledger' as const, value, key: recordKey('ledger', value) } as ImportItem;
};
const stored = (item: ImportItem, id: string): VaultEntry => ({
  id,
  kind: item.kind,
  value: item.value,
  updatedAt: 1,
});

describe('splitAlreadyThere', () => {
  it('finds records already in the vault whatever order their fields were written in, one for one', () => {
    const naver = personal(login('네이버', 'genie'));
    const written = {
      kind: 'login' as const,
      fields: { username: 'genie', siteName: '네이버' },
      title: '네이버',
    };
    const existing = [stored({ ...naver, value: written } as ImportItem, 'a')];
    const split = splitAlreadyThere([naver, naver, personal(login('카카오', 'genie'))], existing);
    expect(split.already).toHaveLength(1);
    expect(split.fresh.map((item) => (item.value as { title: string }).title)).toEqual(['네이버', '카카오']);
  });

  it('matches text typed in decomposed form (as macOS sends it) with composed text', () => {
    const composed = personal(login('김민수', 'minsu'));
    const decomposed = personal(login('김민수'.normalize('NFD'), 'minsu'));
    expect(splitAlreadyThere([decomposed], [stored(composed, 'a')]).already).toHaveLength(1);
  });

  it('knows a card payment by its approval number, even with its category changed since', () => {
    const imported = payment('스타벅스 강남점', 4500, { approval: '30012345' });
    const recategorised = payment('스타벅스 강남점', 4500, { approval: '30012345', category: 'cafe' });
    expect(splitAlreadyThere([imported], [stored(recategorised, 'a')]).already).toHaveLength(1);
    // Without one, by date, time, amount and merchant.
    expect(
      splitAlreadyThere([payment('GS25', 1200)], [stored(payment('GS25', 1200), 'b')]).already,
    ).toHaveLength(1);
    expect(
      splitAlreadyThere([payment('GS25', 1300)], [stored(payment('GS25', 1200), 'b')]).fresh,
    ).toHaveLength(1);
  });
});

describe('categories', () => {
  it('lists the file categories and maps them as the member chose', () => {
    const plan: ImportPlan = {
      format: 'banksalad',
      skipped: [],
      items: [
        { ...payment('스타벅스', 4500, { category: 'cafe' }), sourceCategory: '카페/간식' },
        { ...payment('투썸', 5000, { category: 'cafe' }), sourceCategory: '카페/간식' },
        { ...payment('다이소', 3000, { category: '생활' }), sourceCategory: '생활' },
      ],
    };
    expect(sourceCategories(plan.items)).toEqual([
      { name: '카페/간식', count: 2, to: 'cafe' },
      { name: '생활', count: 1, to: '생활' },
    ]);
    const mapped = withCategories(plan, new Map([['생활', 'shopping']]));
    expect(mapped.items.map((item) => (item.value as { category: string }).category)).toEqual([
      'cafe',
      'cafe',
      'shopping',
    ]);
  });
});

describe('toWrites', () => {
  it('gives each record an id and links its files to it', () => {
    const item: ImportItem = {
      ...personal(login('은행', 'me')),
      attachments: [
        { name: '통장사본.pdf', type: 'application/pdf', bytes: new Uint8Array([37, 80, 68, 70]) },
      ],
    };
    const { records, files } = toWrites([item, personal(login('메일', 'me'))]);
    expect(records).toHaveLength(2);
    expect(new Set(records.map((record) => record.id)).size).toBe(2);
    expect(files).toHaveLength(1);
    expect(files[0]!.recordId).toBe(records[0]!.id);
    expect(files[0]!.file.name).toBe('통장사본.pdf');
    expect(files[0]!.file.size).toBe(4);
  });
});
