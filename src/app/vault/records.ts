// How records rest in the vault's database (db.ts), and the writes and reads of them that run inside a transaction
// (the vault's store, and sync's when it applies another device's changes, use them).
//
// Records are packed many to a row ("pages"): IndexedDB charges per request, so 10,000 records written as
// separate rows take seconds, and the same records in 40 rows a tenth of a second. A multi-entry index on
// each page's ids finds a record's page inside the writing transaction, so a write never relies on what this
// tab believes is on disk (another tab of the app may have written since). A document's record keeps a row
// of its own in `records`, beside its chunks.
//
// Opening a record costs a key derivation and an AES-GCM operation whatever its size (about 50 µs here), so
// 100,000 records sealed one by one took five seconds to unlock. Since version 4 the vault also seals records
// many at once (`sealed`, src/app/vault/sealed-pages.ts): a few hundred records to a row, opened with one
// operation. Writes never reopen such a row: every write goes, sealed on its own, to the pages as before, and
// strikes the id from the sealed row's list of live records (kept in clear beside it). The vault seals loose
// records together in the background (`compactable`, `sealLoose`, `resealRow`), replacing only what no write
// touched since it was read, from this tab or another. The sealed rows have a table of their own so that a tab
// still running an older version of the app (Dexie reopens a database upgraded under it) never rewrites one: it
// sees the loose records only, and what it writes is newer than any sealed copy.
//
// Version 1 kept every record in `records`. They move into pages at the first read after the update (see
// `contents()`), in one transaction, rather than in a Dexie upgrade: a move that fails (a full disk) then
// leaves the vault readable as it was instead of failing to open, and is tried again at the next unlock. The
// same fold takes in what an older version of the app, still open in another tab, writes to `records` after
// the update; and because documents stay in `records`, that older version still sees every document, so its
// sweep of orphan chunks at unlock cannot delete their bytes.
import type { EntityTable } from 'dexie';
import type { BundledRef, PageBundle, RecordPage, SealedRow, StoredRecord, VaultDatabase } from './db.js';

/** A page takes new records up to this many, and this many sealed bytes (a larger one gets a page alone). */
export const PAGE_RECORDS = 256;
export const PAGE_BYTES = 256 * 1024;
/**
 * Loose records are sealed together once there are this many, and a sealed row is sealed again once this many
 * of its records are dead: unlocking opens a loose record for about the cost of a sealed row of hundreds.
 */
export const COMPACT_SLACK = 16;
/** Up to this many pages (some 8,000 records), a write of many records reads them all. */
const READ_ALL_PAGES = 32;

/**
 * A record changed on this device since the copy a write was made from was read (in another tab, by sync, by a
 * restore): nothing was written. The vault reads the records again and the caller decides anew.
 */
export class RecordChangedError extends Error {
  constructor(readonly ids: string[]) {
    super('record changed');
  }
}

/** What a write expects of the records it replaces: each id's stamp as last read (null: no such record). */
export type Expected = ReadonlyMap<string, number | null>;

/** Whether a record keeps its own row in `records` rather than a place in a page. */
export function ownRow(record: { kind?: unknown }): boolean {
  return record.kind === 'document';
}

/**
 * A page's records as stored. Rows are only ever written by this file, but the disk is not trusted: a page
 * whose records are not a list reads as empty, and an entry without an id is skipped (the vault reports
 * records that fail to open by their ids).
 */
export function pageRecords(page: RecordPage | undefined): StoredRecord[] {
  return Array.isArray(page?.records) ? page.records : [];
}

export function isRecord(record: unknown): record is StoredRecord {
  return typeof (record as StoredRecord | null)?.id === 'string';
}

export function sealedBytes(record: StoredRecord): number {
  return record.sealed instanceof Uint8Array ? record.sealed.byteLength : 0;
}

export interface PageChange {
  /** Records to write: each replaces its copy in a page, the others go to the last page and then new ones. */
  put: StoredRecord[];
  /** Ids to take out of the pages. */
  remove?: ReadonlySet<string>;
  /** Keep a stored copy that is newer than the one being written (folding in rows of another version). */
  newerOnly?: boolean;
}

/**
 * The pages to write and the page numbers to delete for `change`, given the pages that hold any of the
 * records concerned and, whenever one of `change.put` has no copy in them, the last page too (new records
 * fill it before a page is added). Pages left empty are deleted. The pages given are not modified.
 */
export function planPages(
  pages: RecordPage[],
  change: PageChange,
): { write: RecordPage[]; remove: number[] } {
  const working = new Map<number, StoredRecord[]>();
  const bytes = new Map<number, number>();
  const home = new Map<string, number>();
  let last: number | undefined;
  for (const page of pages) {
    const records = pageRecords(page);
    working.set(page.page, records);
    for (const record of records) if (isRecord(record)) home.set(record.id, page.page);
    if (last === undefined || page.page > last) last = page.page;
  }
  const touched = new Set<number>();
  const edit = (page: number) => {
    if (!touched.has(page)) {
      touched.add(page);
      working.set(page, [...working.get(page)!]);
    }
    return working.get(page)!;
  };
  const remove = change.remove ?? new Set<string>();
  if (remove.size > 0) {
    for (const [page, records] of working) {
      if (!records.some((record) => isRecord(record) && remove.has(record.id))) continue;
      touched.add(page);
      working.set(
        page,
        records.filter((record) => !(isRecord(record) && remove.has(record.id))),
      );
    }
    for (const id of remove) home.delete(id);
  }
  for (const record of change.put) {
    const at = home.get(record.id);
    if (at !== undefined) {
      const records = working.get(at)!;
      const index = records.findIndex((stored) => isRecord(stored) && stored.id === record.id);
      if (change.newerOnly && records[index]!.updatedAt > record.updatedAt) continue;
      edit(at)[index] = record;
      bytes.delete(at);
      continue;
    }
    const size = sealedBytes(record);
    if (last !== undefined) {
      const records = working.get(last)!;
      let used = bytes.get(last);
      if (used === undefined) {
        used = records.reduce((total, stored) => total + (isRecord(stored) ? sealedBytes(stored) : 0), 0);
        bytes.set(last, used);
      }
      if (records.length >= PAGE_RECORDS || (records.length > 0 && used + size > PAGE_BYTES))
        last = undefined;
    }
    if (last === undefined) {
      last = Math.max(-1, ...working.keys()) + 1;
      working.set(last, []);
      bytes.set(last, 0);
      touched.add(last);
    }
    edit(last).push(record);
    bytes.set(last, bytes.get(last)! + size);
    home.set(record.id, last);
  }
  const write: RecordPage[] = [];
  const removed: number[] = [];
  for (const page of touched) {
    const records = working.get(page)!;
    if (records.length === 0) {
      if (pages.some((stored) => stored.page === page)) removed.push(page);
    } else {
      write.push({ page, ids: records.filter(isRecord).map((record) => record.id), records });
    }
  }
  return { write, remove: removed };
}

type PagesTable = VaultDatabase['pages'];

// ZONE: the helpers below run inside a Dexie transaction, and each awaits a Dexie operation on every path, with no
// early return. Dexie follows a transaction across native `await`s by the Dexie promises awaited; a helper that
// returns without awaiting one hands its caller back outside the transaction, whose next request then runs on its
// own and the transaction commits too early (PrematureCommitError: seen when a document was written).

/** Applies `change` inside the current transaction; `pages` must hold every page with a record concerned. */
export async function changePages(table: PagesTable, pages: RecordPage[], change: PageChange): Promise<void> {
  const placed = new Set<string>();
  for (const page of pages)
    for (const record of pageRecords(page)) if (isRecord(record)) placed.add(record.id);
  let known = pages;
  if (change.put.some((record) => !placed.has(record.id))) {
    const lastKey = await table.orderBy('page').lastKey();
    if (typeof lastKey === 'number' && !pages.some((page) => page.page === lastKey)) {
      const last = await table.get(lastKey);
      if (last) known = [...pages, last];
    }
  }
  const plan = planPages(known, change);
  // Both awaited even when empty: see ZONE below.
  await table.bulkDelete(plan.remove);
  await table.bulkPut(plan.write);
}

/**
 * The rows of a table with a multi-entry `ids` index (pages, sealed rows) holding any of `ids`, each once. The
 * index is walked for keys alone, then each row read once: a cursor over a multi-entry index with values copies a
 * row (up to 256 KiB) for every id it holds, so sealing 256 records of one page took over a second.
 */
export async function rowsWith<T, K extends keyof T>(table: EntityTable<T, K>, ids: string[]): Promise<T[]> {
  const keys = new Set(await table.where('ids').anyOf(ids).primaryKeys());
  const rows = await table.bulkGet([...keys]);
  return rows.filter((row): row is T => row !== undefined);
}

/** Up to this many ids are looked up one request each; see rowsById. */
const FEW_IDS = 256;

/**
 * The rows of `table` with any of `ids` as their key. Many ids against a table that holds few rows (an import's new
 * records, whose ids no table has yet) are first matched against the table's keys, read in one request: looking up
 * 50,000 absent ids one request each took seconds of the page's thread.
 */
export async function rowsById<T, K extends keyof T>(
  table: EntityTable<T, K>,
  ids: readonly string[],
): Promise<T[]> {
  let wanted: readonly string[] = ids;
  if (ids.length > FEW_IDS && (await table.count()) < ids.length * 4) {
    const keys = new Set<unknown>(await table.toCollection().primaryKeys());
    wanted = ids.filter((id) => keys.has(id));
  }
  // Awaited even when empty: see ZONE above.
  const rows = await table.bulkGet(wanted as never);
  return rows.filter((row): row is T => row !== undefined);
}

/** The pages holding any of `ids`, each once. */
export const pagesWith = (table: PagesTable, ids: string[]): Promise<RecordPage[]> => rowsWith(table, ids);

/** A sealed row as written: its index fields follow its list of live records, with a new stamp. */
export function sealedRow(row: number, bundle: PageBundle): SealedRow {
  const { sealed, count, live } = bundle;
  return {
    row,
    sealed,
    count,
    live,
    ids: live.map((ref) => ref.id),
    dead: count - live.length,
    stamp: newStamp(),
  };
}

export function newStamp(): number {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high! & 0x1fffff) * 2 ** 32 + low!;
}

/** A sealed row as stored, its list of live records kept to well-formed entries. */
export function liveRefs(row: SealedRow): BundledRef[] {
  return Array.isArray(row.live)
    ? row.live.filter((ref) => typeof ref?.id === 'string' && Number.isFinite(ref.updatedAt))
    : [];
}

/**
 * Strikes records from the sealed rows' lists of live records, inside the current transaction: every copy of
 * `records` given, or with `olderOnly` those older than the one given. A row left with none is deleted.
 */
export async function strikeSealed(
  db: VaultDatabase,
  records: BundledRef[],
  options: { olderOnly?: boolean } = {},
): Promise<void> {
  const written = new Map(records.map((record) => [record.id, record.updatedAt]));
  const rows = await rowsWith(db.sealed, [...written.keys()]);
  for (const row of rows) {
    const live = liveRefs(row).filter((ref) => {
      const at = written.get(ref.id);
      return at === undefined || (options.olderOnly === true && ref.updatedAt > at);
    });
    if (live.length === 0) await db.sealed.delete(row.row);
    else await db.sealed.put(sealedRow(row.row, { ...row, live }));
  }
}

/**
 * Each record's stamp as stored (the `updatedAt` of its newest copy, loose or sealed with others), read inside the
 * current transaction; `pages` must hold every page with one of `ids`, and `rows` every record row among them
 * (rowsById). An id without a record has none.
 */
export async function storedStamps(
  db: VaultDatabase,
  ids: string[],
  pages: RecordPage[],
  rows: StoredRecord[],
): Promise<Map<string, number>> {
  const wanted = new Set(ids);
  const stamps = new Map<string, number>();
  const offer = (id: string, at: number) => {
    if (wanted.has(id) && !((stamps.get(id) ?? -Infinity) >= at)) stamps.set(id, at);
  };
  for (const page of pages) {
    for (const record of pageRecords(page)) if (isRecord(record)) offer(record.id, record.updatedAt);
  }
  for (const row of rows) offer(row.id, row.updatedAt);
  for (const row of await rowsWith(db.sealed, ids))
    for (const ref of liveRefs(row)) offer(ref.id, ref.updatedAt);
  return stamps;
}

/**
 * What a write or a removal replaces, for sync (its base copy): for each record there was (`stamps`), the record as
 * it stood when it is sealed on its own, else null (sealed with others: the vault gives a copy of its own).
 */
function noteReplaced(
  ids: string[],
  pages: RecordPage[],
  rows: StoredRecord[],
  stamps: Map<string, number>,
  replaced: Map<string, Uint8Array<ArrayBuffer> | null>,
): void {
  const loose = new Map<string, Uint8Array<ArrayBuffer>>();
  for (const page of pages) {
    for (const record of pageRecords(page)) if (isRecord(record)) loose.set(record.id, record.sealed);
  }
  for (const row of rows) loose.set(row.id, row.sealed);
  for (const id of ids) if (stamps.has(id)) replaced.set(id, loose.get(id) ?? null);
}

/** Refuses a write made from copies that are no longer the stored ones (RecordChangedError, nothing written). */
function checkExpected(stamps: Map<string, number>, expected: Expected | undefined): void {
  if (!expected) return;
  const changed = [...expected].filter(([id, at]) => (stamps.get(id) ?? null) !== at).map(([id]) => id);
  if (changed.length > 0) throw new RecordChangedError(changed);
}

/**
 * Writes records inside the current transaction, keeping each id in one place: a document's record in its own
 * row (any page copy goes), any other in a page (any row of it goes, such as one left from version 1); a copy
 * sealed with others is struck. Each record's stamp moves past the one it replaces, so a copy read earlier never
 * passes for the stored one (two writes in one millisecond, from two tabs, differ); answers the stamps written.
 */
export async function writeRecords(
  db: VaultDatabase,
  given: StoredRecord[],
  expected?: Expected,
  replaced?: Map<string, Uint8Array<ArrayBuffer> | null>,
): Promise<Map<string, number>> {
  const ids = given.map((record) => record.id);
  // A few records' pages are looked up by key. For many, reading every page is fewer requests while the vault
  // is small; in a large one it would make writing in batches (an import, a big restore merged) cost the square
  // of its size, so the index is used there too.
  const lookUp = ids.length <= 16 || (await db.pages.count()) > READ_ALL_PAGES;
  const pages = lookUp ? await pagesWith(db.pages, ids) : await db.pages.toArray();
  // Rows hold documents only (and records of version 1 not yet moved): read once for the stamps, the base copies
  // and the rows a packed record leaves.
  const rows = await rowsById(db.records, ids);
  const stamps = await storedStamps(db, ids, pages, rows);
  checkExpected(stamps, expected);
  if (replaced) noteReplaced(ids, pages, rows, stamps, replaced);
  const records = given.map((record) => {
    const before = stamps.get(record.id);
    return before !== undefined && record.updatedAt <= before ? { ...record, updatedAt: before + 1 } : record;
  });
  const inRows = new Set(rows.map((row) => row.id));
  const own = records.filter(ownRow);
  const packed = records.filter((record) => !ownRow(record));
  const leftRows = packed.filter((record) => inRows.has(record.id)).map((record) => record.id);
  if (leftRows.length > 0) await db.records.bulkDelete(leftRows);
  if (own.length > 0) await db.records.bulkPut(own);
  await changePages(db.pages, pages, { put: packed, remove: new Set(own.map((record) => record.id)) });
  await strikeSealed(db, records);
  return new Map(records.map((record) => [record.id, record.updatedAt]));
}

/**
 * Removes records inside the current transaction (a document's chunks too), if they are as `expected`; `replaced`
 * gets what each removal replaces, as writeRecords gives it.
 */
export async function removeRecords(
  db: VaultDatabase,
  ids: string[],
  expected?: Expected,
  replaced?: Map<string, Uint8Array<ArrayBuffer> | null>,
): Promise<void> {
  const pages = await pagesWith(db.pages, ids);
  const rows = await rowsById(db.records, ids);
  const stamps = await storedStamps(db, ids, pages, rows);
  checkExpected(stamps, expected);
  if (replaced) noteReplaced(ids, pages, rows, stamps, replaced);
  await db.records.bulkDelete(ids);
  await changePages(db.pages, pages, { put: [], remove: new Set(ids) });
  await strikeSealed(
    db,
    ids.map((id) => ({ id, updatedAt: Infinity })),
  );
  await db.chunks.where('documentId').anyOf(ids).delete();
}

/**
 * Each record's newest copy among pages, rows and sealed rows (a record sealed on its own, or a place in a sealed
 * row), of every record or of `wanted` only.
 */
export function newestCopies(
  pages: RecordPage[],
  rows: StoredRecord[],
  sealed: SealedRow[],
  wanted?: ReadonlySet<string>,
): StoredContents {
  const newest = new Map<string, { updatedAt: number; record?: StoredRecord; row?: SealedRow }>();
  const offer = (id: string, copy: { updatedAt: number; record?: StoredRecord; row?: SealedRow }) => {
    if (wanted && !wanted.has(id)) return;
    const known = newest.get(id);
    if (!known || copy.updatedAt > known.updatedAt) newest.set(id, copy);
  };
  for (const row of sealed) for (const ref of liveRefs(row)) offer(ref.id, { updatedAt: ref.updatedAt, row });
  for (const page of pages) {
    for (const record of pageRecords(page)) {
      if (isRecord(record)) offer(record.id, { updatedAt: record.updatedAt, record });
    }
  }
  for (const row of rows) offer(row.id, { updatedAt: row.updatedAt, record: row });
  const records: StoredRecord[] = [];
  for (const copy of newest.values()) if (copy.record) records.push(copy.record);
  const bundles = sealed.map((row) => ({
    sealed: row.sealed,
    count: row.count,
    live: liveRefs(row).filter((ref) => newest.get(ref.id)?.row === row),
  }));
  return { records, bundles };
}

export interface StoredContents {
  /** Records sealed on their own: documents, and records written since the last compaction. */
  records: StoredRecord[];
  /** Every sealed row read, in order, each listing the records whose newest copy it holds (maybe none). */
  bundles: PageBundle[];
}
