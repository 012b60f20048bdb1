// A record held in a form (or any copy read earlier) and written back: two tabs of the app on one device, each the
// app's real Vault over the same IndexedDB, the second one's form open while the first one writes. What the member
// finds afterwards is asserted: the record, its conflict copy, the notices.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { IDBFactory } from 'fake-indexeddb';
import { newHeader, openLocked, openTab, PASSWORD, tabHub } from '../test/devices.js';
import type { VaultHeader } from './crypto.js';
import { newId, type Vault } from './vault.js';

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

const copiesOf = (vault: Vault, id: string) =>
  vault.list<Memo & { conflictOf?: string }>('memo').filter((entry) => entry.value.conflictOf === id);

describe('a form left open while its record changes in another tab', () => {
  it('keeps the other tab’s title and the form’s body (fields merged)', async () => {
    const [a, b] = await twoTabs();
    const form = b.get<Memo>('m1')!;
    await a.save('memo', 'm1', MEMO, { ...MEMO, title: 'Dinner' });
    // The other tab's copy follows as the news arrives: a form open on it can say so.
    await expect.poll(() => b.get<Memo>('m1')!.value.title).toBe('Dinner');
    expect(b.get<Memo>('m1')!.updatedAt).not.toBe(form.updatedAt);
    const saved = await b.save('memo', 'm1', form.value, { ...form.value, body: 'Naengmyeon' });
    expect(saved.met).toBe('merged');
    for (const tab of [a, b]) {
      await expect
        .poll(() => tab.get<Memo>('m1')!.value)
        .toEqual({ ...MEMO, title: 'Dinner', body: 'Naengmyeon' });
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
    await expect.poll(() => b.get('m1')).toBeUndefined();
    const saved = await b.save('memo', 'm1', form.value, { ...form.value, body: 'Naengmyeon' });
    expect(saved.met).toBe('restored');
    expect(b.get<Memo>('m1')!.value.body).toBe('Naengmyeon');
    expect(b.notices.map((notice) => notice.notice)).toEqual(['kept-edited-here']);
  });

  it('does not delete a record that changed after the member chose to delete it', async () => {
    const [a, b] = await twoTabs();
    const seen = b.get<Memo>('m1')!.updatedAt;
    await a.save('memo', 'm1', MEMO, { ...MEMO, body: 'Kimbap' });
    await expect.poll(() => b.get<Memo>('m1')!.value.body).toBe('Kimbap');
    expect(await b.remove('m1', seen)).toBe(false);
    expect(b.get<Memo>('m1')!.value.body).toBe('Kimbap');
    expect(b.notices.map((notice) => notice.notice)).toEqual(['not-deleted']);
    // Asked again, on what it now is, it goes.
    expect(await b.remove('m1', b.get('m1')!.updatedAt)).toBe(true);
    await expect.poll(() => a.get('m1')).toBeUndefined();
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

describe('an import', () => {
  it('writes its records and their files together, the files linked to their records', async () => {
    const [tab] = await twoTabs();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], '제주.jpg', { type: 'image/jpeg' });
    const written = await tab.importRecords(
      [
        { kind: 'memo', id: 'i1', value: { date: '2026-08-14', title: '제주', body: '바다' } },
        {
          kind: 'event',
          id: 'i2',
          value: {
            calendar: 'solar',
            date: '2026-08-15',
            repeat: 'none',
            title: '광복절',
            time: '',
            memo: '',
          },
        },
      ],
      [{ recordId: 'i1', file: photo }],
    );
    expect(written).toEqual({ ok: true });
    expect(tab.get('i1')?.value).toEqual({ date: '2026-08-14', title: '제주', body: '바다' });
    const documents = tab.list<{ name: string; linkedTo?: string }>('document');
    expect(documents.map((entry) => entry.value)).toMatchObject([{ name: '제주.jpg', linkedTo: 'i1' }]);
    expect(new Uint8Array(await (await tab.readDocument(documents[0]!.id))!.arrayBuffer())).toEqual(
      new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
    );
  });

  it('leaves nothing, not even its files, when its records cannot be written', async () => {
    const [tab] = await twoTabs();
    const before = tab.recordCount;
    // 'm1' is there already: a new record cannot take its place, so the whole import is refused.
    await expect(
      tab.importRecords(
        [
          { kind: 'memo', id: 'fresh', value: { date: '2026-08-14', title: 'new', body: '' } },
          { kind: 'memo', id: 'm1', value: { date: '2026-08-14', title: 'clash', body: '' } },
        ],
        [{ recordId: 'fresh', file: new File([new Uint8Array(10)], 'a.bin') }],
      ),
    ).rejects.toThrow();
    expect(tab.recordCount).toBe(before);
    expect(tab.get('fresh')).toBeUndefined();
    expect(tab.list('document')).toHaveLength(0);
    expect(tab.get<Memo>('m1')?.value).toEqual(MEMO);
  });

  it('refuses a large import whose ids clash with a document, and leaves the document as it was', async () => {
    const [tab] = await twoTabs();
    await tab.importRecords(
      [{ kind: 'memo', id: 'with-photo', value: { date: '2026-08-14', title: '사진', body: '' } }],
      [{ recordId: 'with-photo', file: new File([new Uint8Array([1, 2, 3])], 'a.jpg') }],
    );
    const [document] = tab.list('document');
    const before = tab.recordCount;
    // Past the few ids looked up one by one: the clash is found among the stored keys read at once.
    const many = Array.from({ length: 400 }, (_, index) => ({
      kind: 'memo' as const,
      id: `bulk-${index}`,
      value: { date: '2026-08-14', title: `${index}`, body: '' },
    }));
    await expect(
      tab.importRecords([...many, { kind: 'memo', id: document!.id, value: { ...MEMO } }]),
    ).rejects.toThrow();
    expect(tab.recordCount).toBe(before);
    expect(tab.get('bulk-0')).toBeUndefined();
    expect(new Uint8Array(await (await tab.readDocument(document!.id))!.arrayBuffer())).toEqual(
      new Uint8Array([1, 2, 3]),
    );
  });
});

describe('a vault loaded, closed and loaded again (issue 44)', () => {
  it('opens again in whatever order its screen loads and closes it, as React’s StrictMode does', async () => {
    const indexedDB = new IDBFactory();
    const hub = tabHub();
    const first = await openTab(indexedDB, 'member', hub(), header);
    await first.save('memo', 'm1', undefined, MEMO);
    first.close();
    const vault = await openLocked(indexedDB, 'member', hub());
    tabs.push(vault);
    // Mounted, cleaned up while its first reading runs, mounted again: both readings answer, the vault is locked.
    const reading = vault.load();
    vault.close();
    const again = vault.load();
    expect(await Promise.all([reading, again])).toEqual(['locked', 'locked']);
    expect(await vault.unlock(PASSWORD)).toBe('ok');
    expect(vault.get<Memo>('m1')?.value).toEqual(MEMO);
    // Closed while unlocked and loaded again: locked, its records gone from memory until the next unlock, which
    // works on new workers and a new database connection; the other tabs' news reaches it again.
    vault.close();
    expect(await vault.load()).toBe('locked');
    expect(vault.get('m1')).toBeUndefined();
    expect(await vault.unlock(PASSWORD)).toBe('ok');
    const other = await openTab(indexedDB, 'member', hub());
    tabs.push(other);
    await other.save('memo', 'm1', MEMO, { ...MEMO, title: 'Dinner' });
    await expect.poll(() => vault.get<Memo>('m1')?.value.title).toBe('Dinner');
    await vault.save('memo', 'm2', undefined, MEMO);
    expect(vault.state).toBe('unlocked');
  });
});

describe('record ids', () => {
  it('are 32 hex digits, none the same across the random bytes drawn again', () => {
    // 4 KiB of random bytes make 256 ids: 10,000 draw again 39 times.
    const ids = Array.from({ length: 10_000 }, newId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('records written one at a time', () => {
  it('are sealed many at once when the vault opens or an import pauses, and read back as they were, edits after included', async () => {
    const indexedDB = new IDBFactory();
    const tab = await openTab(indexedDB, 'member', null, header);
    tabs.push(tab);
    for (let index = 0; index < 40; index++) {
      await tab.save('memo', `loose-${index}`, undefined, { ...MEMO, title: `Entry ${index}` });
    }
    await tab.settled();
    // Read outside the vault's own transactions (Dexie carries one across an await of its promises).
    const loose = () =>
      Dexie.ignoreTransaction(
        async () =>
          (await tab.database.pages.toArray()).flatMap((page) => page.records).filter(Boolean).length,
      );
    const sealedRows = () => Dexie.ignoreTransaction(() => tab.database.sealed.count());
    expect(await sealedRows()).toBe(0);
    expect(await loose()).toBe(40);

    // Opened again, the vault seals its loose records in the background, a page's worth at a time.
    await tab.lock();
    expect(await tab.unlock(PASSWORD)).toBe('ok');
    await tab.settled();
    expect(await sealedRows()).toBeGreaterThan(0);
    expect(await loose()).toBe(0);

    await tab.save('memo', 'loose-7', { ...MEMO, title: 'Entry 7' }, { ...MEMO, title: 'Entry 7, edited' });
    // Many written at once (an import): sealed once the writing has paused, without opening the vault again.
    await tab.putMany(
      'memo',
      Array.from({ length: 20 }, (_, index) => ({
        id: `batch-${index}`,
        value: { ...MEMO, title: `Batch ${index}` },
      })),
    );
    // The edited one is loose again, beside the twenty new ones.
    expect(await loose()).toBe(21);
    await tab.settled();
    expect(await loose()).toBe(0);

    // Opened in another tab, everything reads back from the sealed rows, the edit included.
    const other = await openTab(indexedDB, 'member', null);
    tabs.push(other);
    expect(
      other
        .list<Memo>('memo')
        .map((entry) => entry.value.title)
        .sort(),
    ).toEqual(
      [
        ...Array.from({ length: 40 }, (_, index) => (index === 7 ? 'Entry 7, edited' : `Entry ${index}`)),
        ...Array.from({ length: 20 }, (_, index) => `Batch ${index}`),
      ].sort(),
    );
  });
});
