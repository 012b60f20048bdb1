import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { VaultDatabase, type RecordPage, type StoredRecord } from './db.js';
import { PAGE_BYTES, PAGE_RECORDS, planPages, rowsById } from './records.js';

function record(id: string, updatedAt = 1, size = 60): StoredRecord {
  return { id, kind: 'memo', updatedAt, sealed: new Uint8Array(size).fill(updatedAt % 256) };
}

function page(number: number, records: StoredRecord[]): RecordPage {
  return { page: number, ids: records.map((stored) => stored.id), records };
}

/** The pages as IndexedDB would hold them after a plan is applied. */
function apply(table: Map<number, RecordPage>, plan: ReturnType<typeof planPages>): void {
  for (const number of plan.remove) table.delete(number);
  for (const written of plan.write) table.set(written.page, written);
}

/** What the store hands planPages: the pages holding the ids concerned, and the last page when one is new. */
function known(table: Map<number, RecordPage>, put: StoredRecord[], remove: Set<string>): RecordPage[] {
  const ids = new Set([...put.map((stored) => stored.id), ...remove]);
  const pages = [...table.values()].filter((stored) => stored.ids.some((id) => ids.has(id)));
  const placed = new Set(pages.flatMap((stored) => stored.ids));
  const last = Math.max(-1, ...table.keys());
  if (put.some((stored) => !placed.has(stored.id)) && table.has(last) && !pages.includes(table.get(last)!)) {
    pages.push(table.get(last)!);
  }
  return pages;
}

describe('record pages', () => {
  it('fills the last page, then adds pages after it, each listing its ids', () => {
    const records = Array.from({ length: PAGE_RECORDS * 2 + 10 }, (_, index) => record(`m${index}`));
    const plan = planPages([], { put: records });
    expect(plan.remove).toEqual([]);
    expect(plan.write.map((written) => [written.page, written.records.length])).toEqual([
      [0, PAGE_RECORDS],
      [1, PAGE_RECORDS],
      [2, 10],
    ]);
    for (const written of plan.write) expect(written.ids).toEqual(written.records.map((stored) => stored.id));
    expect(plan.write.flatMap((written) => written.records)).toEqual(records);

    const more = planPages([plan.write[2]!], { put: [record('new')] });
    expect(more.write).toEqual([page(2, [...plan.write[2]!.records, record('new')])]);
  });

  it('keeps a page to its byte budget, and gives a larger record a page of its own', () => {
    const big = Math.floor(PAGE_BYTES / 3) + 1;
    const plan = planPages([], {
      put: [record('a', 1, big), record('b', 1, big), record('c', 1, big), record('huge', 1, PAGE_BYTES * 2)],
    });
    expect(plan.write.map((written) => written.ids)).toEqual([['a', 'b'], ['c'], ['huge']]);
  });

  it('rewrites a record where it is, touching no other page', () => {
    const first = page(0, [record('a'), record('b'), record('c')]);
    const second = page(1, [record('d')]);
    const plan = planPages([first, second], { put: [record('b', 5)] });
    expect(plan).toEqual({ write: [page(0, [record('a'), record('b', 5), record('c')])], remove: [] });
    // The pages read from the database are left as they were.
    expect(first.records[1]).toEqual(record('b'));
  });

  it('with newerOnly, keeps a stored copy newer than the one offered', () => {
    const stored = page(0, [record('a', 10), record('b', 10)]);
    const plan = planPages([stored], { put: [record('a', 9), record('b', 11)], newerOnly: true });
    expect(plan.write).toEqual([page(0, [record('a', 10), record('b', 11)])]);
  });

  it('removes records, deleting a page left empty', () => {
    const plan = planPages([page(0, [record('a'), record('b')]), page(3, [record('c')])], {
      put: [],
      remove: new Set(['b', 'c', 'elsewhere']),
    });
    expect(plan).toEqual({ write: [page(0, [record('a')])], remove: [3] });
  });

  it('keeps one copy of an id written twice in one change, the later one', () => {
    const plan = planPages([], { put: [record('a', 1), record('b', 1), record('a', 2)] });
    expect(plan.write).toEqual([page(0, [record('a', 2), record('b', 1)])]);
  });

  it('reads a page that is not a list as empty and keeps entries without an id where they are', () => {
    const broken = { page: 0, ids: [], records: 'garbage' } as unknown as RecordPage;
    expect(planPages([broken], { put: [record('a')] }).write).toEqual([page(0, [record('a')])]);
    const odd = { page: 1, ids: ['a'], records: [null, record('a')] } as unknown as RecordPage;
    expect(planPages([odd], { put: [record('a', 2)] }).write).toEqual([
      { page: 1, ids: ['a'], records: [null, record('a', 2)] },
    ]);
  });

  it('holds every record exactly once through a long run of writes and deletes', () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return Math.floor((seed / 2 ** 31) * below);
    };
    const table = new Map<number, RecordPage>();
    const model = new Map<string, StoredRecord>();
    for (let step = 0; step < 400; step++) {
      const put = Array.from({ length: random(3) === 0 ? random(600) : 1 }, () =>
        record(`r${random(1500)}`, step, 20 + random(4000)),
      );
      const remove = new Set(
        Array.from({ length: random(4) === 0 ? random(200) : 0 }, () => `r${random(1500)}`),
      );
      const removeOnly = new Set([...remove].filter((id) => !put.some((stored) => stored.id === id)));
      apply(table, planPages(known(table, put, removeOnly), { put, remove: removeOnly }));
      for (const id of removeOnly) model.delete(id);
      for (const stored of put) model.set(stored.id, stored);

      const stored = [...table.values()].flatMap((written) => written.records);
      expect(stored.length).toBe(model.size);
      expect(new Map(stored.map((entry) => [entry.id, entry]))).toEqual(model);
      for (const written of table.values()) {
        expect(written.records.length).toBeGreaterThan(0);
        expect(written.ids).toEqual(written.records.map((entry) => entry.id));
      }
    }
    // The run reached several pages, some filled by count and some by bytes.
    expect(model.size).toBeGreaterThan(PAGE_RECORDS * 2);
    expect(table.size).toBeGreaterThan(3);
  });
});

describe('rows read by id', () => {
  it('finds the same rows one by one and, for many ids, through the keys read at once', async () => {
    const db = new VaultDatabase('rows-by-id', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.records.bulkPut([record('doc-1'), record('doc-2', 7), record('doc-3')]);
    const ids = (count: number) => [
      'doc-2',
      ...Array.from({ length: count }, (_, index) => `new-${index}`),
      'doc-3',
      'doc-2',
    ];
    for (const count of [3, 1_000]) {
      const rows = await db.transaction('r', db.records, () => rowsById(db.records, ids(count)));
      expect(rows.map((row) => [row.id, row.updatedAt])).toEqual([
        ['doc-2', 7],
        ['doc-3', 1],
        ['doc-2', 7],
      ]);
    }
    db.close();
  });
});
