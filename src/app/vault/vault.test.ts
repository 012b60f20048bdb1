// A record held in a form (or any copy read earlier) and written back: two tabs of the app on one device, each the
// app's real Vault over the same IndexedDB, the second one's form open while the first one writes. What the member
// finds afterwards is asserted: the record, its conflict copy, the notices.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { newHeader, openTab, tabHub } from '../test/devices.js';
import type { VaultHeader } from './crypto.js';
import type { Vault } from './vault.js';

interface Memo {
  date: string;
  title: string;
  body: string;
}

const MEMO: Memo = { date: '2026-11-27', title: 'Lunch', body: 'Bibimbap with Jiwoo' };

let header: VaultHeader;
const tabs: Vault[] = [];

beforeAll(async () => {
  header = await newHeader();
});
afterEach(() => {
  for (const tab of tabs.splice(0)) tab.close();
});

/** Two tabs of one device, each hearing the other (or not, `deaf`: a tab whose news was lost). */
async function twoTabs(options: { deaf?: boolean } = {}): Promise<[Vault, Vault]> {
  const indexedDB = new IDBFactory();
  const hub = tabHub();
  const first = await openTab(indexedDB, 'member', hub(), header);
  await first.save('memo', 'm1', undefined, MEMO);
  const second = await openTab(indexedDB, 'member', options.deaf ? null : hub());
  tabs.push(first, second);
  return [first, second];
}

/** Lets news between tabs arrive and be read. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

const copiesOf = (vault: Vault, id: string) =>
  vault.list<Memo & { conflictOf?: string }>('memo').filter((entry) => entry.value.conflictOf === id);

describe('a form left open while its record changes in another tab', () => {
  it('keeps the other tab’s title and the form’s body (fields merged)', async () => {
    const [a, b] = await twoTabs();
    const form = b.get<Memo>('m1')!;
    await a.save('memo', 'm1', MEMO, { ...MEMO, title: 'Dinner' });
    await settle();
    // The other tab's copy follows at once: a form open on it can say so.
    expect(b.get<Memo>('m1')!.value.title).toBe('Dinner');
    expect(b.get<Memo>('m1')!.updatedAt).not.toBe(form.updatedAt);
    const saved = await b.save('memo', 'm1', form.value, { ...form.value, body: 'Naengmyeon' });
    expect(saved.met).toBe('merged');
    for (const tab of [a, b]) {
      await settle();
      expect(tab.get<Memo>('m1')!.value).toEqual({ ...MEMO, title: 'Dinner', body: 'Naengmyeon' });
      expect(copiesOf(tab, 'm1')).toEqual([]);
    }
  });

  it('merges even when the news of the other write never came (the disk is checked at the write)', async () => {
    const [a, b] = await twoTabs({ deaf: true });
    const form = b.get<Memo>('m1')!;
    await a.save('memo', 'm1', MEMO, { ...MEMO, title: 'Dinner' });
    // This tab still holds the old copy; its write finds the record changed, reads it again and merges.
    expect(b.get<Memo>('m1')!.value.title).toBe('Lunch');
    const saved = await b.save('memo', 'm1', form.value, { ...form.value, body: 'Naengmyeon' });
    expect(saved.met).toBe('merged');
    expect(saved.entry.value).toEqual({ ...MEMO, title: 'Dinner', body: 'Naengmyeon' });
    expect(b.get<Memo>('m1')!.value.title).toBe('Dinner');
  });

  it('keeps both bodies when both changed it: the other tab’s in the record, the form’s as a conflict copy', async () => {
    const [a, b] = await twoTabs({ deaf: true });
    const form = b.get<Memo>('m1')!;
    await a.save('memo', 'm1', MEMO, { ...MEMO, body: 'Kimbap', title: 'Picnic' });
    const saved = await b.save('memo', 'm1', form.value, { ...form.value, body: 'Naengmyeon' });
    expect(saved.met).toBe('conflict');
    expect(b.get<Memo>('m1')!.value).toEqual({ ...MEMO, body: 'Kimbap', title: 'Picnic' });
    const copies = copiesOf(b, 'm1');
    expect(copies.map((copy) => copy.value)).toEqual([{ ...MEMO, body: 'Naengmyeon', conflictOf: 'm1' }]);
    expect(copies[0]!.id).toBe(saved.copyId);
  });

  it('brings back with the form’s changes a record deleted in another tab, and says so', async () => {
    const [a, b] = await twoTabs();
    const form = b.get<Memo>('m1')!;
    expect(await a.remove('m1')).toBe(true);
    await settle();
    expect(b.get('m1')).toBeUndefined();
    const saved = await b.save('memo', 'm1', form.value, { ...form.value, body: 'Naengmyeon' });
    expect(saved.met).toBe('restored');
    expect(b.get<Memo>('m1')!.value.body).toBe('Naengmyeon');
    expect(b.notices.map((notice) => notice.notice)).toEqual(['kept-edited-here']);
  });

  it('does not delete a record that changed after the member chose to delete it', async () => {
    const [a, b] = await twoTabs();
    const seen = b.get<Memo>('m1')!.updatedAt;
    await a.save('memo', 'm1', MEMO, { ...MEMO, body: 'Kimbap' });
    await settle();
    expect(await b.remove('m1', seen)).toBe(false);
    expect(b.get<Memo>('m1')!.value.body).toBe('Kimbap');
    expect(b.notices.map((notice) => notice.notice)).toEqual(['not-deleted']);
    // Asked again, on what it now is, it goes.
    expect(await b.remove('m1', b.get('m1')!.updatedAt)).toBe(true);
    await settle();
    expect(a.get('m1')).toBeUndefined();
  });

  it('keeps the choice just saved for a setting changed both ways, and names it in a notice', async () => {
    const [a, b] = await twoTabs({ deaf: true });
    await b.save('settings', 'settings', undefined, { nickname: 'Jiwoo', backup: { kind: 'zip' } });
    const held = b.get<Record<string, unknown>>('settings')!;
    // Another tab changes the nickname and the backup format while this tab's settings form is open.
    await a.save('settings', 'settings', undefined, { nickname: 'Minsu', backup: { kind: 'json' } });
    const saved = await b.save('settings', 'settings', held.value, { ...held.value, nickname: 'Jiwoo Kim' });
    expect(saved.met).toBe('replaced');
    expect(b.get('settings')!.value).toEqual({ nickname: 'Jiwoo Kim', backup: { kind: 'json' } });
    expect(b.notices.map((notice) => notice.notice)).toEqual(['setting-replaced']);
  });

  it('never lets two writes from the same copy both land whole, however close together', async () => {
    const indexedDB = new IDBFactory();
    const first = await openTab(indexedDB, 'member', null, header);
    await first.save('memo', 'm1', undefined, MEMO);
    const second = await openTab(indexedDB, 'member', null);
    tabs.push(first, second);
    await Promise.all([
      first.save('memo', 'm1', MEMO, { ...MEMO, title: 'A' }),
      second.save('memo', 'm1', MEMO, { ...MEMO, body: 'B' }),
    ]);
    const third = await openTab(indexedDB, 'member', null);
    tabs.push(third);
    // Whichever landed second merged with the first: both changes are in the record.
    expect(third.get<Memo>('m1')!.value).toEqual({ ...MEMO, title: 'A', body: 'B' });
  });
});
