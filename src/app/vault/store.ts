// Where the sealed vault rests: one IndexedDB database per member on this device. Only ids, the kinds of
// records sealed on their own, times and ciphertext are stored; nothing here is readable without the data key.
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
import { Dexie, type DexieOptions, type EntityTable } from 'dexie';
import { originVersion } from '../../shared/schemas/sync.js';
import { macsEqual, type SealedChunk, type SealedRecord, type VaultHeader } from './crypto.js';

interface HeaderRow extends VaultHeader {
  name: 'vault';
}

export interface StoredRecord extends SealedRecord {
  updatedAt: number;
}

export interface StoredChunk extends SealedChunk {
  documentId: string;
  index: number;
}

/** A record held in a sealed row: its id and when it last changed, in clear as a loose record's are. */
export interface BundledRef {
  id: string;
  updatedAt: number;
}

/**
 * Records sealed as one (src/app/vault/sealed-pages.ts): `live` lists those whose copy here is still current —
 * a record written since lives loose in the pages, a deleted one nowhere — out of the `count` it was sealed with.
 */
export interface PageBundle {
  sealed: Uint8Array<ArrayBuffer>;
  count: number;
  live: BundledRef[];
}

/** A row of records sealed as one; `ids` lists the live ones for the index. */
export interface SealedRow extends PageBundle {
  row: number;
  ids: string[];
  /** How many of its records are no longer live (indexed: the rows worth sealing again are found by it). */
  dead: number;
  /** Random, new at every write of the row: it is sealed again only if it is the row that was read. */
  stamp: number;
}

/** A row of packed records; `ids` lists them for the index. */
export interface RecordPage {
  page: number;
  ids: string[];
  records: StoredRecord[];
}

/** A page takes new records up to this many, and this many sealed bytes (a larger one gets a page alone). */
export const PAGE_RECORDS = 256;
export const PAGE_BYTES = 256 * 1024;
/**
 * Loose records are sealed together once there are this many, and a sealed row is sealed again once this many
 * of its records are dead: unlocking opens a loose record for about the cost of a sealed row of hundreds.
 */
export const COMPACT_SLACK = 16;
/** Sealed rows are read this many at a time at unlock, each batch opened while the next is read. */
const SEALED_BATCH = 24;
/** Up to this many pages (some 8,000 records), a write of many records reads them all. */
const READ_ALL_PAGES = 32;
/** Staged chunks move into place this many at a time (each at most 1 MiB). */
const MOVE_CHUNKS = 16;

/** A base copy that is the record itself as stored (it has not changed here since that version): no second copy. */
export const BASE_IS_RECORD = 'record';

/**
 * What sync keeps of a record (docs/sync.md, "What the device keeps"): its newest version in the member's series and
 * that version sealed (the base copy), and an unsent edit with a counter of edits. A record of a published vault
 * that has not changed since the publication has no row at all (see SyncMetaRow.origin).
 */
export interface SyncRecordRow {
  id: string;
  kind: string;
  /** `device:seq` of the record's newest version in the member's series; null before it was first sent. */
  version: string | null;
  /**
   * That version as sealed (null: a deletion, or no version yet); BASE_IS_RECORD while the record stored here is that
   * version (it is made a copy of its own before an edit here replaces it).
   */
  base: Uint8Array<ArrayBuffer> | null | typeof BASE_IS_RECORD;
  /** 1 while an edit here is unsent (indexed). */
  dirty: 0 | 1;
  /** Counts edits here: an edit made while an earlier one was being sent keeps the record unsent. */
  edit: number;
  /** The unsent edit sealed as the vault sealed it; null while dirty means a deletion. */
  pending: Uint8Array<ArrayBuffer> | null;
}

/** A signed change waiting for the server's answer: a retry sends the very same change. */
export interface SyncOutboxRow {
  seq: number;
  id: string;
  kind: string;
  edit: number;
  /** The change as sent (src/shared/schemas/sync.ts). */
  change: {
    seq: number;
    prev: string | null;
    rid: string;
    base: string | null;
    heads: Record<string, number>;
    hash: string;
    mac: string;
    payload: string;
  };
  /** The record as sent (null: a deletion): the base copy once stored. */
  sealed: Uint8Array<ArrayBuffer> | null;
}

/** The outbox as kept: a row per batch of changes signed together (a row per change made settling them slow). */
export interface SyncOutboxBatch {
  /** The batch's first change's number. */
  seq: number;
  entries: SyncOutboxRow[];
}

/** This device's sync: absent while sync is off. */
export interface SyncMetaRow {
  name: 'sync';
  vault: string;
  device: string;
  /** The end of this device's chain: its last change's number and MAC. */
  seq: number;
  prev: string | null;
  /** The member's series applied up to here. */
  after: number;
  /** Each other device's chain as applied. */
  heads: Record<string, { seq: number; mac: string }>;
  /** The header as last sent to or taken from the server (JSON): a different one here was changed here. */
  header: string;
  /** This device joined the synced vault and has not yet finished its first sync: the app waits for it. */
  joining?: true;
  /**
   * The vault was published whole (docs/sync.md, "Publishing a vault"): a record with no row here is at the vault's
   * origin version, its base the record as stored.
   */
  origin?: true;
  /** This device publishes the vault, and its publication (the first snapshot) is not on the server yet. */
  publishing?: true;
}

/** What sync keeps of a record of a published vault that has not changed since (it has no row). */
export function originRow(
  meta: Pick<SyncMetaRow, 'vault'>,
  record: { id: string; kind: string },
): SyncRecordRow {
  return {
    id: record.id,
    kind: record.kind,
    version: originVersion(meta.vault),
    base: BASE_IS_RECORD,
    dirty: 0,
    edit: 0,
    pending: null,
  };
}

class VaultDatabase extends Dexie {
  header!: EntityTable<HeaderRow, 'name'>;
  /** Document records; in version 1, every record. */
  records!: EntityTable<StoredRecord, 'id'>;
  pages!: EntityTable<RecordPage, 'page'>;
  chunks!: Dexie.Table<StoredChunk, [string, number]>;
  /** A restore's chunks, opened and checked, waiting for the transaction that moves them into `chunks`. */
  staged!: Dexie.Table<StoredChunk, [string, number]>;
  /** Records sealed many at once (version 4). */
  sealed!: EntityTable<SealedRow, 'row'>;
  /** Sync (version 5, docs/sync.md). */
  syncRecords!: EntityTable<SyncRecordRow, 'id'>;
  /** Batches of signed changes; a change on its own in a row was kept by an earlier version of the app. */
  syncOutbox!: Dexie.Table<SyncOutboxBatch | SyncOutboxRow, number>;
  syncMeta!: EntityTable<SyncMetaRow, 'name'>;

  constructor(name: string, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({
      header: 'name',
      records: 'id, kind',
      chunks: '[documentId+index], documentId',
    });
    this.version(2).stores({
      header: 'name',
      records: 'id, kind',
      pages: 'page, *ids',
      chunks: '[documentId+index], documentId',
    });
    this.version(3).stores({
      header: 'name',
      records: 'id, kind',
      pages: 'page, *ids',
      chunks: '[documentId+index], documentId',
      staged: '[documentId+index]',
    });
    this.version(4).stores({
      header: 'name',
      records: 'id, kind',
      pages: 'page, *ids',
      chunks: '[documentId+index], documentId',
      staged: '[documentId+index]',
      sealed: 'row, *ids, dead',
    });
    this.version(5).stores({
      header: 'name',
      records: 'id, kind',
      pages: 'page, *ids',
      chunks: '[documentId+index], documentId',
      staged: '[documentId+index]',
      sealed: 'row, *ids, dead',
      syncRecords: 'id, dirty',
      syncOutbox: 'seq',
      syncMeta: 'name',
    });
  }
}

/** A row of the outbox: a batch, or a single change as the outbox kept them before batches. */
function batchOf(row: SyncOutboxBatch | SyncOutboxRow): SyncOutboxBatch {
  return 'entries' in row ? row : { seq: row.seq, entries: [row] };
}

/** Every change waiting in the outbox, in order. */
async function outboxEntries(db: VaultDatabase): Promise<SyncOutboxRow[]> {
  return (await db.syncOutbox.orderBy('seq').toArray()).flatMap((row) => batchOf(row).entries);
}

/** A remote change applied to a record, with what sync then keeps of it. */
export interface RemoteWrite {
  id: string;
  /** The record as it now stands here (null: deleted here). */
  record: StoredRecord | null;
  /** What sync keeps of it. */
  row: SyncRecordRow;
  /** The edit counter the decision was made on: another edit since, and the whole batch is decided again. */
  edit: number;
}

/** Another edit of a record came while a batch of remote changes was being decided. */
export class EditedMeanwhileError extends Error {
  constructor() {
    super('edited meanwhile');
  }
}

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

export function vaultDatabaseName(memberId: string): string {
  return `mygenie-vault-${memberId}`;
}

/** The browser refused a write because the disk or the origin's quota is full. */
export class StorageFullError extends Error {
  constructor() {
    super('storage full');
  }
}

function isQuotaError(error: unknown): boolean {
  const names = [(error as { name?: string })?.name, (error as { inner?: { name?: string } })?.inner?.name];
  return names.includes('QuotaExceededError');
}

async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isQuotaError(error) ? new StorageFullError() : error;
  }
}

/** Whether a record keeps its own row in `records` rather than a place in a page. */
function ownRow(record: { kind?: unknown }): boolean {
  return record.kind === 'document';
}

/**
 * A page's records as stored. Rows are only ever written by this file, but the disk is not trusted: a page
 * whose records are not a list reads as empty, and an entry without an id is skipped (the vault reports
 * records that fail to open by their ids).
 */
function pageRecords(page: RecordPage | undefined): StoredRecord[] {
  return Array.isArray(page?.records) ? page.records : [];
}

function isRecord(record: unknown): record is StoredRecord {
  return typeof (record as StoredRecord | null)?.id === 'string';
}

function sealedBytes(record: StoredRecord): number {
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
async function changePages(table: PagesTable, pages: RecordPage[], change: PageChange): Promise<void> {
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
async function rowsWith<T, K extends keyof T>(table: EntityTable<T, K>, ids: string[]): Promise<T[]> {
  const keys = new Set(await table.where('ids').anyOf(ids).primaryKeys());
  const rows = await table.bulkGet([...keys]);
  return rows.filter((row): row is T => row !== undefined);
}

/** The pages holding any of `ids`, each once. */
const pagesWith = (table: PagesTable, ids: string[]): Promise<RecordPage[]> => rowsWith(table, ids);

/** A sealed row as written: its index fields follow its list of live records, with a new stamp. */
function sealedRow(row: number, bundle: PageBundle): SealedRow {
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

function newStamp(): number {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high! & 0x1fffff) * 2 ** 32 + low!;
}

/** A sealed row as stored, its list of live records kept to well-formed entries. */
function liveRefs(row: SealedRow): BundledRef[] {
  return Array.isArray(row.live)
    ? row.live.filter((ref) => typeof ref?.id === 'string' && Number.isFinite(ref.updatedAt))
    : [];
}

/**
 * Strikes records from the sealed rows' lists of live records, inside the current transaction: every copy of
 * `records` given, or with `olderOnly` those older than the one given. A row left with none is deleted.
 */
async function strikeSealed(
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
 * current transaction; `pages` must hold every page with one of `ids`. An id without a record has none.
 */
async function storedStamps(
  db: VaultDatabase,
  ids: string[],
  pages: RecordPage[],
): Promise<Map<string, number>> {
  const wanted = new Set(ids);
  const stamps = new Map<string, number>();
  const offer = (id: string, at: number) => {
    if (wanted.has(id) && !((stamps.get(id) ?? -Infinity) >= at)) stamps.set(id, at);
  };
  for (const page of pages) {
    for (const record of pageRecords(page)) if (isRecord(record)) offer(record.id, record.updatedAt);
  }
  for (const row of await db.records.bulkGet(ids)) if (row) offer(row.id, row.updatedAt);
  for (const row of await rowsWith(db.sealed, ids))
    for (const ref of liveRefs(row)) offer(ref.id, ref.updatedAt);
  return stamps;
}

/**
 * What a write or a removal replaces, for sync (its base copy): for each record there was (`stamps`), the record as
 * it stood when it is sealed on its own, else null (sealed with others: the vault gives a copy of its own).
 */
async function noteReplaced(
  db: VaultDatabase,
  ids: string[],
  pages: RecordPage[],
  stamps: Map<string, number>,
  replaced: Map<string, Uint8Array<ArrayBuffer> | null>,
): Promise<void> {
  const loose = new Map<string, Uint8Array<ArrayBuffer>>();
  for (const page of pages) {
    for (const record of pageRecords(page)) if (isRecord(record)) loose.set(record.id, record.sealed);
  }
  for (const row of await db.records.bulkGet(ids)) if (row) loose.set(row.id, row.sealed);
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
async function writeRecords(
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
  const stamps = await storedStamps(db, ids, pages);
  checkExpected(stamps, expected);
  if (replaced) await noteReplaced(db, ids, pages, stamps, replaced);
  const records = given.map((record) => {
    const before = stamps.get(record.id);
    return before !== undefined && record.updatedAt <= before ? { ...record, updatedAt: before + 1 } : record;
  });
  // Rows hold documents only (and records of version 1 not yet moved): few, read by key.
  const rows = new Set(await db.records.toCollection().primaryKeys());
  const own = records.filter(ownRow);
  const packed = records.filter((record) => !ownRow(record));
  const leftRows = packed.filter((record) => rows.has(record.id)).map((record) => record.id);
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
async function removeRecords(
  db: VaultDatabase,
  ids: string[],
  expected?: Expected,
  replaced?: Map<string, Uint8Array<ArrayBuffer> | null>,
): Promise<void> {
  const pages = await pagesWith(db.pages, ids);
  const stamps = await storedStamps(db, ids, pages);
  checkExpected(stamps, expected);
  if (replaced) await noteReplaced(db, ids, pages, stamps, replaced);
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
function newestCopies(
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

/**
 * Marks records written or deleted here as unsent edits, inside the current transaction. An edit of a record whose
 * base copy is the record itself (or that has no row, in a published vault) keeps the record it replaced as that copy:
 * `replaced` (the stored record, when it was sealed on its own), else `bases` (the same record sealed again by the
 * vault, which held it); a record replaced without either refuses the write rather than lose its base.
 */
async function markEdits(
  db: VaultDatabase,
  written: StoredRecord[],
  deleted: Array<{ id: string; kind: string }>,
  replaced: ReadonlyMap<string, Uint8Array<ArrayBuffer> | null> = new Map(),
  bases: ReadonlyMap<string, Uint8Array<ArrayBuffer>> = new Map(),
): Promise<void> {
  const ids = [...written.map((record) => record.id), ...deleted.map((record) => record.id)];
  const [rows, meta] = await Promise.all([db.syncRecords.bulkGet(ids), db.syncMeta.get('sync')]);
  const known = new Map(rows.filter((row): row is SyncRecordRow => !!row).map((row) => [row.id, row]));
  // A published record that has not changed since has no row: it is at the origin, its base the record.
  if (meta?.origin) {
    for (const record of [...written, ...deleted]) {
      if (!known.has(record.id) && replaced.has(record.id)) known.set(record.id, originRow(meta, record));
    }
  }
  const baseOf = (row: SyncRecordRow): Uint8Array<ArrayBuffer> | null => {
    if (row.base !== BASE_IS_RECORD) return row.base;
    const copy = replaced.get(row.id) ?? bases.get(row.id);
    if (!copy) throw new Error(`the record ${row.id} was replaced without a copy of what it was`);
    return copy;
  };
  const put: SyncRecordRow[] = [];
  const drop: string[] = [];
  for (const record of written) {
    const row = known.get(record.id);
    put.push({
      id: record.id,
      kind: record.kind,
      version: row?.version ?? null,
      base: row ? baseOf(row) : null,
      dirty: 1,
      edit: (row?.edit ?? 0) + 1,
      pending: record.sealed,
    });
  }
  // Records with a change on its way (read once, and only when a record never sent is among the deleted).
  const sending = deleted.some(({ id }) => known.get(id)?.version === null)
    ? new Set((await outboxEntries(db)).map((entry) => entry.id))
    : new Set<string>();
  for (const { id } of deleted) {
    const row = known.get(id);
    // Never sent: nothing to tell the other devices (a change of it on its way is followed by a deletion).
    if (!row || (row.version === null && !sending.has(id))) {
      if (row) drop.push(id);
      continue;
    }
    put.push({ ...row, base: baseOf(row), dirty: 1, edit: row.edit + 1, pending: null });
  }
  await db.syncRecords.bulkDelete(drop);
  await db.syncRecords.bulkPut(put);
}

export class VaultStore {
  readonly #db: VaultDatabase;
  /** Sync is on: every write and deletion is also marked as an unsent edit, in the same transaction. */
  tracking = false;

  /** `options`: another IndexedDB than the browser's (each simulated device of a Node test has its own). */
  constructor(memberId: string, options?: DexieOptions) {
    this.#db = new VaultDatabase(vaultDatabaseName(memberId), options);
  }

  async header(): Promise<VaultHeader | undefined> {
    const row = await this.#db.header.get('vault');
    if (!row) return undefined;
    const { name: _name, ...header } = row;
    return header;
  }

  saveHeader(header: VaultHeader): Promise<unknown> {
    return writing(() => this.#db.header.put({ ...header, name: 'vault' }));
  }

  /**
   * Every stored record: those sealed on their own, and the rows sealed as one with the records each still holds
   * (every row read, in order, its list kept to the records whose newest copy it holds). The sealed rows are read
   * a few dozen at a time inside one transaction, each batch handed to `onSealed` as it comes, so they can be
   * opened while the rest are read. Rows of records that belong in pages (version 1's layout, or written by an
   * older version of the app in another tab) are first moved into the pages, a newer copy winning; if that move
   * fails, they are read where they are. Where a record is found twice, the newer copy is the one returned.
   */
  async contents(onSealed: (rows: SealedRow[]) => void = () => undefined): Promise<StoredContents> {
    const db = this.#db;
    if ((await db.records.toArray()).some((row) => !ownRow(row))) {
      try {
        await writing(() =>
          db.transaction('rw', db.pages, db.records, db.sealed, async () => {
            const strays = (await db.records.toArray()).filter((row) => !ownRow(row));
            await changePages(db.pages, await db.pages.toArray(), { put: strays, newerOnly: true });
            await strikeSealed(db, strays, { olderOnly: true });
            await db.records.bulkDelete(strays.map((row) => row.id));
          }),
        );
      } catch {
        // Nothing moved (the transaction was undone): the rows are read beside the pages, a newer copy
        // winning.
      }
    }
    const [pages, rows, sealed] = await db.transaction('r', db.pages, db.records, db.sealed, async () => {
      const read: SealedRow[] = [];
      for (;;) {
        const last = read.at(-1);
        const batch = await (last ? db.sealed.where(':id').above(last.row) : db.sealed.toCollection())
          .limit(SEALED_BATCH)
          .toArray();
        if (batch.length === 0) break;
        onSealed(batch);
        read.push(...batch);
      }
      return [await db.pages.toArray(), await db.records.toArray(), read] as const;
    });
    return newestCopies(pages, rows, sealed);
  }

  /**
   * The records of `ids` as stored now (another tab, or sync, may have written them): as `contents`, limited to
   * them; an id without a record is in neither list.
   */
  readRecords(ids: string[]): Promise<StoredContents> {
    const db = this.#db;
    return db.transaction('r', db.pages, db.records, db.sealed, async () => {
      const pages = await pagesWith(db.pages, ids);
      const rows = (await db.records.bulkGet(ids)).filter((row): row is StoredRecord => row !== undefined);
      const sealed = await rowsWith(db.sealed, ids);
      return newestCopies(pages, rows, sealed, new Set(ids));
    });
  }

  /**
   * What is worth sealing again, as read now: the loose records of the pages in groups of a page's size, when
   * there are COMPACT_SLACK of them at least (documents keep their own rows), and the sealed rows with that many
   * dead records.
   */
  async compactable(): Promise<{ loose: StoredRecord[][]; sparse: SealedRow[] }> {
    const db = this.#db;
    const [pages, sparse] = await db.transaction('r', db.pages, db.sealed, () =>
      Promise.all([db.pages.toArray(), db.sealed.where('dead').aboveOrEqual(COMPACT_SLACK).toArray()]),
    );
    const loose = pages.flatMap((page) => pageRecords(page).filter(isRecord));
    const groups: StoredRecord[][] = [];
    if (loose.length >= COMPACT_SLACK) {
      let group: StoredRecord[] = [];
      let bytes = 0;
      for (const record of loose) {
        const size = sealedBytes(record);
        if (group.length >= PAGE_RECORDS || (group.length > 0 && bytes + size > PAGE_BYTES)) {
          groups.push(group);
          group = [];
          bytes = 0;
        }
        group.push(record);
        bytes += size;
      }
      groups.push(group);
    }
    return { loose: groups, sparse };
  }

  /**
   * Puts `bundle` (the records of `group` sealed as one) in a new sealed row, and takes out of the pages each
   * record of the group that is still there as it was read; one written since stays, and its copy in the row is
   * dead from the start. False when none was left.
   */
  sealLoose(group: StoredRecord[], bundle: PageBundle): Promise<boolean> {
    const db = this.#db;
    return writing(() =>
      db.transaction('rw', db.pages, db.sealed, async () => {
        const pages = await pagesWith(
          db.pages,
          group.map((record) => record.id),
        );
        const current = new Map<string, StoredRecord>();
        for (const page of pages) {
          for (const record of pageRecords(page)) if (isRecord(record)) current.set(record.id, record);
        }
        const unchanged = new Set(
          group
            .filter((record) => {
              const now = current.get(record.id);
              return (
                now?.updatedAt === record.updatedAt &&
                now.sealed instanceof Uint8Array &&
                macsEqual(now.sealed, record.sealed)
              );
            })
            .map((record) => record.id),
        );
        const live = bundle.live.filter((ref) => unchanged.has(ref.id));
        if (live.length === 0) return false;
        // The pages read hold every record of the group still there, so they are the ones to change.
        await changePages(db.pages, pages, { put: [], remove: unchanged });
        const last = await db.sealed.orderBy('row').lastKey();
        const row = typeof last === 'number' ? last + 1 : 0;
        await strikeSealed(db, live, { olderOnly: true });
        await db.sealed.add(sealedRow(row, { ...bundle, live }));
        return true;
      }),
    );
  }

  /** Replaces a sealed row by its live records sealed again, if the row is still the one `read`. */
  resealRow(read: SealedRow, bundle: PageBundle): Promise<boolean> {
    const db = this.#db;
    return writing(() =>
      db.transaction('rw', db.sealed, async () => {
        const now = await db.sealed.get(read.row);
        if (!now || now.stamp !== read.stamp) return false;
        await db.sealed.put(sealedRow(read.row, bundle));
        return true;
      }),
    );
  }

  /**
   * Writes several records in one transaction: all of them or none. With `expected`, only if the records stored
   * are still the copies read (else RecordChangedError). Answers the stamps written.
   */
  saveRecords(
    records: StoredRecord[],
    expected?: Expected,
    /** The records replaced, sealed again by the vault (sync keeps them as base copies: see markEdits). */
    bases?: ReadonlyMap<string, Uint8Array<ArrayBuffer>>,
  ): Promise<Map<string, number>> {
    const db = this.#db;
    const tracking = this.tracking;
    return writing(() =>
      db.transaction(
        'rw',
        [db.pages, db.records, db.sealed, db.syncRecords, db.syncOutbox, db.syncMeta],
        async () => {
          const replaced = new Map<string, Uint8Array<ArrayBuffer> | null>();
          const stamps = await writeRecords(db, records, expected, replaced);
          if (tracking) await markEdits(db, records, [], replaced, bases);
          return stamps;
        },
      ),
    );
  }

  /** Deletes a record (a document with its chunks), with `expected` only if it is still the copy read. */
  deleteRecord(
    id: string,
    kind: string,
    expected?: Expected,
    bases?: ReadonlyMap<string, Uint8Array<ArrayBuffer>>,
  ): Promise<void> {
    const db = this.#db;
    const tracking = this.tracking;
    return writing(() =>
      db.transaction(
        'rw',
        [db.pages, db.records, db.sealed, db.chunks, db.syncRecords, db.syncOutbox, db.syncMeta],
        async () => {
          const replaced = new Map<string, Uint8Array<ArrayBuffer> | null>();
          await removeRecords(db, [id], expected, replaced);
          if (tracking) await markEdits(db, [], [{ id, kind }], replaced, bases);
        },
      ),
    );
  }

  saveChunk(chunk: StoredChunk): Promise<unknown> {
    return writing(() => this.#db.chunks.put(chunk));
  }

  chunk(documentId: string, index: number): Promise<StoredChunk | undefined> {
    return this.#db.chunks.get([documentId, index]);
  }

  /** A document's record and its chunks go together (a document cut off mid-upload has chunks only). */
  deleteDocument(documentId: string, expected?: Expected): Promise<void> {
    return this.deleteRecord(documentId, 'document', expected);
  }

  /** Chunks whose document record was never written (an upload cut off mid-way) are removed. */
  async removeOrphanChunks(documentIds: Set<string>): Promise<void> {
    const stored = (await this.#db.chunks.orderBy('documentId').uniqueKeys()) as string[];
    for (const id of stored) {
      if (!documentIds.has(id)) await this.#db.chunks.where('documentId').equals(id).delete();
    }
  }

  /** Every stored chunk's document and index, in key order (by document, then index), without their bytes. */
  async chunkKeys(): Promise<Array<[documentId: string, index: number]>> {
    return (await this.#db.chunks.toCollection().primaryKeys()) as unknown as Array<[string, number]>;
  }

  /** The documents this device holds chunks of. */
  async documentsWithChunks(): Promise<Set<string>> {
    return new Set((await this.#db.chunks.orderBy('documentId').uniqueKeys()) as string[]);
  }

  /**
   * Writes a restore's chunks, out of the vault's sight until `restore`: `staged` into the staging table (chunks of
   * documents this device holds chunks of, which must not be overwritten yet), `direct` straight into the chunk
   * table (documents without a record there are never shown, and are swept at unlock).
   */
  writeRestoredChunks(chunks: { staged: StoredChunk[]; direct: StoredChunk[] }): Promise<unknown> {
    const db = this.#db;
    return writing(() =>
      db.transaction('rw', db.chunks, db.staged, async () => {
        if (chunks.staged.length > 0) await db.staged.bulkPut(chunks.staged);
        if (chunks.direct.length > 0) await db.chunks.bulkPut(chunks.direct);
      }),
    );
  }

  /**
   * Removes what a restore that did not finish wrote: the staged chunks, and the chunks of `direct` documents (also
   * what a tab closed mid-restore left, when called with the documents that have chunks but no record).
   */
  async dropRestored(direct: Iterable<string>): Promise<void> {
    const db = this.#db;
    await db.transaction('rw', db.chunks, db.staged, async () => {
      await db.staged.clear();
      for (const id of direct) await db.chunks.where('documentId').equals(id).delete();
    });
  }

  /**
   * Writes a restored vault in one transaction: with `replace`, everything there was goes first (but the chunks the
   * restore wrote straight in) and the header is replaced when one is given; then the records, and the staged
   * chunks move in, a few at a time. If anything fails, the database is as it was.
   */
  restore(options: {
    replace: boolean;
    header?: VaultHeader;
    records: StoredRecord[];
    /** How many chunks were staged: fewer found (another tab's restore dropped them) undoes the restore. */
    staged: number;
    /** The documents whose chunks the restore wrote straight into the chunk table. */
    direct: string[];
    /** A merge: the records it replaces, as they were when it decided (one changed since undoes the restore). */
    expected?: Expected;
  }): Promise<Map<string, number>> {
    const db = this.#db;
    return writing(() =>
      db.transaction('rw', [db.header, db.records, db.pages, db.sealed, db.chunks, db.staged], async () => {
        if (options.replace) {
          await db.records.clear();
          await db.pages.clear();
          await db.sealed.clear();
          if (options.direct.length === 0) await db.chunks.clear();
          else await db.chunks.where('documentId').noneOf(options.direct).delete();
        }
        if (options.header) await db.header.put({ ...options.header, name: 'vault' });
        const stamps = await writeRecords(db, options.records, options.expected);
        let after: [string, number] | null = null;
        let moved = 0;
        for (;;) {
          const batch: StoredChunk[] = await (
            after ? db.staged.where(':id').above(after) : db.staged.toCollection()
          )
            .limit(MOVE_CHUNKS)
            .toArray();
          if (batch.length === 0) break;
          await db.chunks.bulkPut(batch);
          moved += batch.length;
          const last = batch.at(-1)!;
          after = [last.documentId, last.index];
        }
        if (moved !== options.staged) throw new Error('the staged chunks changed during the restore');
        await db.staged.clear();
        return stamps;
      }),
    );
  }

  // Sync (docs/sync.md): what the device keeps of its sync, beside the records.

  syncMeta(): Promise<SyncMetaRow | undefined> {
    return this.#db.syncMeta.get('sync');
  }

  saveSyncMeta(meta: SyncMetaRow): Promise<unknown> {
    return writing(() => this.#db.syncMeta.put(meta));
  }

  /** Turns sync off here: what it kept goes; the records stay. */
  async forgetSync(): Promise<void> {
    const db = this.#db;
    await db.transaction('rw', db.syncMeta, db.syncRecords, db.syncOutbox, async () => {
      await db.syncMeta.clear();
      await db.syncRecords.clear();
      await db.syncOutbox.clear();
    });
  }

  /** Starts sync here: the meta, and every record as an unsent edit (each sealed as given). */
  startSync(
    meta: SyncMetaRow,
    records: Array<{ id: string; kind: string; sealed: Uint8Array<ArrayBuffer> }>,
  ): Promise<unknown> {
    const db = this.#db;
    return writing(() =>
      db.transaction('rw', db.syncMeta, db.syncRecords, db.syncOutbox, async () => {
        await db.syncRecords.clear();
        await db.syncOutbox.clear();
        await db.syncRecords.bulkPut(
          records.map((record) => ({
            id: record.id,
            kind: record.kind,
            version: null,
            base: null,
            dirty: 1 as const,
            edit: 1,
            pending: record.sealed,
          })),
        );
        await db.syncMeta.put(meta);
      }),
    );
  }

  /**
   * This device registers anew in the same synced vault (its registration went): the outbox goes (its changes were
   * signed as the old device), the records with an unsent edit keep it — made from the version they had, whose base
   * copy stays for the merge, but with no version, as the series is taken in again from the start — and what sync
   * kept of every other record goes.
   */
  rejoinSync(meta: SyncMetaRow): Promise<unknown> {
    const db = this.#db;
    // No record is at a version known here any more, the published ones included: none is at the origin unseen.
    const { origin: _unknown, ...anew } = meta;
    return writing(() =>
      db.transaction('rw', db.syncMeta, db.syncRecords, db.syncOutbox, async () => {
        const unsent = await db.syncRecords.where('dirty').equals(1).toArray();
        await db.syncOutbox.clear();
        await db.syncRecords.clear();
        await db.syncRecords.bulkPut(unsent.map((row) => ({ ...row, version: null })));
        await db.syncMeta.put(anew);
      }),
    );
  }

  /**
   * Records written or deleted outside the usual writes (a restore), marked as unsent edits; `replaced` holds what
   * each replaced, sealed again by the vault (null: the record had none here).
   */
  markEdits(
    written: StoredRecord[],
    deleted: Array<{ id: string; kind: string }>,
    replaced: ReadonlyMap<string, Uint8Array<ArrayBuffer> | null> = new Map(),
  ): Promise<unknown> {
    const db = this.#db;
    const existed = new Map([...replaced].filter(([, sealed]) => sealed !== null));
    return writing(() =>
      db.transaction('rw', db.syncRecords, db.syncOutbox, db.syncMeta, () =>
        markEdits(db, written, deleted, existed),
      ),
    );
  }

  /** What sync keeps of these records, as stored (a published record that has not changed has none). */
  syncRows(ids: string[]): Promise<Array<SyncRecordRow | undefined>> {
    return this.#db.syncRecords.bulkGet(ids);
  }

  /** Every row sync keeps (a snapshot is made of them). */
  allSyncRows(): Promise<SyncRecordRow[]> {
    return this.#db.syncRecords.toArray();
  }

  /** Unsent edits, at most `limit`. */
  dirtyRows(limit: number): Promise<SyncRecordRow[]> {
    return this.#db.syncRecords.where('dirty').equals(1).limit(limit).toArray();
  }

  /** How many records have an unsent edit (walks the index: for telling, not for every round). */
  dirtyCount(): Promise<number> {
    return this.#db.syncRecords.where('dirty').equals(1).count();
  }

  /** Whether any edit is unsent (the first one found: counting them all walks the index). */
  async hasDirty(): Promise<boolean> {
    return (await this.#db.syncRecords.where('dirty').equals(1).first()) !== undefined;
  }

  outbox(): Promise<SyncOutboxRow[]> {
    return outboxEntries(this.#db);
  }

  /** Signed changes join the outbox and the chain's end moves, together. */
  queueChanges(entries: SyncOutboxRow[], meta: SyncMetaRow): Promise<unknown> {
    const db = this.#db;
    return writing(() =>
      db.transaction('rw', db.syncOutbox, db.syncMeta, async () => {
        if (entries.length > 0) await db.syncOutbox.put({ seq: entries[0]!.seq, entries });
        await db.syncMeta.put(meta);
      }),
    );
  }

  /**
   * The server's answer to the outbox: the changes stored become their records' versions (each still unsent if
   * edited again since); those not stored (`from` on) leave the outbox and the chain's end goes back before them.
   */
  settleOutbox(stored: SyncOutboxRow[], dropped: SyncOutboxRow[], meta: SyncMetaRow): Promise<unknown> {
    const db = this.#db;
    return writing(() =>
      db.transaction('rw', db.syncOutbox, db.syncMeta, db.syncRecords, async () => {
        const rows = await db.syncRecords.bulkGet(stored.map((entry) => entry.id));
        const put: SyncRecordRow[] = [];
        stored.forEach((entry, index) => {
          const row = rows[index];
          const version = `${meta.device}:${entry.seq}`;
          if (!row) {
            // Deleted here while it was being sent: the deletion goes next, from this version.
            put.push({
              id: entry.id,
              kind: entry.kind,
              version,
              base: null,
              dirty: 1,
              edit: 1,
              pending: null,
            });
            return;
          }
          const again = row.edit !== entry.edit;
          put.push({
            ...row,
            version,
            // Not edited since: the record stored is the version sent, and is its base copy (a deletion has none).
            base: again || entry.sealed === null ? entry.sealed : BASE_IS_RECORD,
            dirty: again ? 1 : 0,
            pending: again ? row.pending : null,
          });
        });
        await db.syncRecords.bulkPut(put);
        const settled = new Set([...stored, ...dropped].map((entry) => entry.seq));
        for (const batch of (await db.syncOutbox.toArray()).map(batchOf)) {
          const left = batch.entries.filter((entry) => !settled.has(entry.seq));
          if (left.length === batch.entries.length) continue;
          await db.syncOutbox.delete(batch.seq);
          if (left.length > 0) await db.syncOutbox.put({ seq: left[0]!.seq, entries: left });
        }
        await db.syncMeta.put(meta);
      }),
    );
  }

  /**
   * Applies remote changes (and the chain's new state) in one transaction, with the conflict copies they make, if no
   * record concerned was edited here since the batch was decided (else EditedMeanwhileError, nothing written).
   */
  applyRemote(
    writes: RemoteWrite[],
    meta: SyncMetaRow,
    copies: StoredRecord[] = [],
  ): Promise<Map<string, number>> {
    const db = this.#db;
    return writing(() =>
      db.transaction(
        'rw',
        [db.pages, db.records, db.sealed, db.chunks, db.syncRecords, db.syncOutbox, db.syncMeta],
        async () => {
          const rows = await db.syncRecords.bulkGet(writes.map((write) => write.id));
          rows.forEach((row, index) => {
            if ((row?.edit ?? 0) !== writes[index]!.edit) throw new EditedMeanwhileError();
          });
          const records = writes.flatMap((write) => (write.record ? [write.record] : []));
          // The local side of a conflict, kept as a new record in the same transaction as the remote side that
          // replaced it, and sent as any edit here: nothing between the two can lose it.
          const stamps = await writeRecords(db, [...records, ...copies]);
          await markEdits(db, copies, []);
          const gone = writes.filter((write) => !write.record).map((write) => write.id);
          await removeRecords(db, gone);
          await db.syncRecords.bulkPut(writes.map((write) => write.row));
          await db.syncMeta.put(meta);
          return stamps;
        },
      ),
    );
  }

  /** Deletes the whole vault from this device. */
  async destroy(): Promise<void> {
    await this.#db.delete();
  }

  close(): void {
    this.#db.close();
  }
}
