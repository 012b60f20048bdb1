// The `authors` table (db.ts version 7, authors.ts): a database of an earlier version opens with its rows as they
// were and no authors; a space's store notes who saved each record and forgets a deleted one's; the member's own
// vault notes none.
import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { madeAtOf, spaceStoreMember } from './authors.js';
import { VaultDatabase, vaultDatabaseName, type StoredRecord } from './db.js';
import { VaultStore } from './store.js';

const record = (id: string, updatedAt: number): StoredRecord => ({
  id,
  kind: 'memo',
  sealed: new Uint8Array([1, 2, 3]),
  updatedAt,
});

describe('the authors table', () => {
  it('comes to a database of version 6 with nothing else changed', async () => {
    const options = { indexedDB: new IDBFactory(), IDBKeyRange };
    const name = vaultDatabaseName('member~space~abc~1');
    const old = new Dexie(name, options);
    old.version(6).stores({
      header: 'name',
      records: 'id, kind',
      pages: 'page, *ids',
      chunks: '[documentId+index], documentId',
      staged: '[documentId+index]',
      sealed: 'row, *ids, dead',
      syncRecords: 'id, dirty',
      syncOutbox: 'seq',
      syncMeta: 'name',
      unlock: 'name',
    });
    await old.table('records').put(record('r1', 5));
    await old.table('syncRecords').put({ id: 'r1', kind: 'memo', version: 'd:1', base: 'record', dirty: 0 });
    old.close();

    const db = new VaultDatabase(name, options);
    await db.open();
    expect(db.verno).toBe(7);
    expect(await db.records.get('r1')).toEqual(record('r1', 5));
    expect(await db.syncRecords.get('r1')).toMatchObject({ version: 'd:1' });
    expect(await db.authors.count()).toBe(0);
    db.close();
  });

  it('notes who saved a record of a space’s store, and forgets a deleted one', async () => {
    const options = { indexedDB: new IDBFactory(), IDBKeyRange };
    const store = new VaultStore('member-1~space~abc~1', options);
    await store.saveRecords([record('r1', 1000)]);
    await store.saveRecords([record('r1', 2000), record('r2', 2000)]);
    expect(await store.database.authors.toArray()).toEqual([
      { id: 'r1', addedBy: 'member-1', addedAt: 1000, changedBy: 'member-1', changedAt: 2000 },
      { id: 'r2', addedBy: 'member-1', addedAt: 2000, changedBy: 'member-1', changedAt: 2000 },
    ]);
    await store.deleteRecord('r1', 'memo');
    expect((await store.database.authors.toArray()).map((row) => row.id)).toEqual(['r2']);
  });

  it('is left empty by the member’s own vault', async () => {
    const store = new VaultStore('member-1', { indexedDB: new IDBFactory(), IDBKeyRange });
    await store.saveRecords([record('r1', 1000)]);
    // Written (a small record goes into a page of records).
    expect(await store.database.pages.count()).toBe(1);
    expect(await store.database.authors.count()).toBe(0);
  });

  it('reads a space store’s member and a change’s time', () => {
    expect(spaceStoreMember('u1~space~abc~2')).toBe('u1');
    expect(spaceStoreMember('u1')).toBeNull();
    expect(madeAtOf('2026-12-03T05:02:00.000Z', 7)).toBe(Date.UTC(2026, 11, 3, 5, 2));
    expect(madeAtOf('not a time', 7)).toBe(7);
    expect(madeAtOf(undefined, 7)).toBe(7);
  });
});
