// Where the sealed vault rests: one IndexedDB database per member on this device. Only ids, kinds and
// ciphertext are stored; nothing here is readable without the data key.
//
// Records are packed many to a row ("pages"): IndexedDB charges per request, so 10,000 records written as
// separate rows take seconds, and the same records in 40 rows a tenth of a second. A multi-entry index on
// each page's ids finds a record's page inside the writing transaction, so a write never relies on what this
// tab believes is on disk (another tab of the app may have written since). A document's record keeps a row
// of its own in `records`, beside its chunks.
//
// Version 1 kept every record in `records`. They move into pages at the first read after the update (see
// `records()`), in one transaction, rather than in a Dexie upgrade: a move that fails (a full disk) then
// leaves the vault readable as it was instead of failing to open, and is tried again at the next unlock. The
// same fold takes in what an older version of the app, still open in another tab, writes to `records` after
// the update; and because documents stay in `records`, that older version still sees every document, so its
// sweep of orphan chunks at unlock cannot delete their bytes.
import { Dexie, type EntityTable } from 'dexie';
import type { SealedChunk, SealedRecord, VaultHeader } from './crypto.js';

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

/** A row of packed records; `ids` lists them for the index. */
export interface RecordPage {
  page: number;
  ids: string[];
  records: StoredRecord[];
}

/** A page takes new records up to this many, and this many sealed bytes (a larger one gets a page alone). */
export const PAGE_RECORDS = 256;
export const PAGE_BYTES = 256 * 1024;
/** Up to this many pages (some 8,000 records), a write of many records reads them all. */
const READ_ALL_PAGES = 32;
/** Staged chunks move into place this many at a time (each at most 1 MiB). */
const MOVE_CHUNKS = 16;

class VaultDatabase extends Dexie {
  header!: EntityTable<HeaderRow, 'name'>;
  /** Document records; in version 1, every record. */
  records!: EntityTable<StoredRecord, 'id'>;
  pages!: EntityTable<RecordPage, 'page'>;
  chunks!: Dexie.Table<StoredChunk, [string, number]>;
  /** A restore's chunks, opened and checked, waiting for the transaction that moves them into `chunks`. */
  staged!: Dexie.Table<StoredChunk, [string, number]>;

  constructor(name: string) {
    super(name);
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
  }
}

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
  if (plan.remove.length > 0) await table.bulkDelete(plan.remove);
  if (plan.write.length > 0) await table.bulkPut(plan.write);
}

/** The pages holding any of `ids`, each once. */
async function pagesWith(table: PagesTable, ids: string[]): Promise<RecordPage[]> {
  const found = await table.where('ids').anyOf(ids).toArray();
  return [...new Map(found.map((page) => [page.page, page])).values()];
}

/**
 * Writes records inside the current transaction, keeping each id in one place: a document's record in its own
 * row (any page copy goes), any other in a page (any row of it goes, such as one left from version 1).
 */
async function writeRecords(db: VaultDatabase, records: StoredRecord[]): Promise<void> {
  if (records.length === 0) return;
  const ids = records.map((record) => record.id);
  // Rows hold documents only (and records of version 1 not yet moved): few, read by key.
  const rows = new Set(await db.records.toCollection().primaryKeys());
  const own = records.filter(ownRow);
  const packed = records.filter((record) => !ownRow(record));
  const leftRows = packed.filter((record) => rows.has(record.id)).map((record) => record.id);
  if (leftRows.length > 0) await db.records.bulkDelete(leftRows);
  if (own.length > 0) await db.records.bulkPut(own);
  // A few records' pages are looked up by key. For many, reading every page is fewer requests while the vault
  // is small; in a large one it would make writing in batches (an import, a big restore merged) cost the square
  // of its size, so the index is used there too.
  const lookUp = ids.length <= 16 || (await db.pages.count()) > READ_ALL_PAGES;
  const pages = lookUp ? await pagesWith(db.pages, ids) : await db.pages.toArray();
  await changePages(db.pages, pages, { put: packed, remove: new Set(own.map((record) => record.id)) });
}

export class VaultStore {
  readonly #db: VaultDatabase;

  constructor(memberId: string) {
    this.#db = new VaultDatabase(vaultDatabaseName(memberId));
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
   * Every stored record. Rows of records that belong in pages (version 1's layout, or written by an older
   * version of the app in another tab) are first moved into the pages, a newer copy winning; if that move
   * fails, they are read where they are.
   */
  async records(): Promise<StoredRecord[]> {
    const db = this.#db;
    const read = () =>
      db.transaction('r', db.pages, db.records, () =>
        Promise.all([db.pages.toArray(), db.records.toArray()]),
      );
    let [pages, rows] = await read();
    if (rows.some((row) => !ownRow(row))) {
      try {
        await writing(() =>
          db.transaction('rw', db.pages, db.records, async () => {
            const strays = (await db.records.toArray()).filter((row) => !ownRow(row));
            await changePages(db.pages, await db.pages.toArray(), { put: strays, newerOnly: true });
            await db.records.bulkDelete(strays.map((row) => row.id));
          }),
        );
        [pages, rows] = await read();
      } catch {
        // Nothing moved (the transaction was undone): the rows are read beside the pages, a newer copy
        // winning.
      }
    }
    const records: StoredRecord[] = [];
    const at = new Map<string, number>();
    const add = (record: StoredRecord) => {
      const index = at.get(record.id);
      if (index === undefined) {
        at.set(record.id, records.length);
        records.push(record);
      } else if (record.updatedAt > records[index]!.updatedAt) {
        records[index] = record;
      }
    };
    for (const page of pages) for (const record of pageRecords(page)) if (isRecord(record)) add(record);
    for (const row of rows) add(row);
    return records;
  }

  /** Writes one record: a document's in its own row, any other into its page. */
  saveRecord(record: StoredRecord): Promise<unknown> {
    return this.saveRecords([record]);
  }

  /** Writes several records in one transaction: all of them or none. */
  saveRecords(records: StoredRecord[]): Promise<unknown> {
    const db = this.#db;
    return writing(() => db.transaction('rw', db.pages, db.records, () => writeRecords(db, records)));
  }

  deleteRecord(id: string): Promise<void> {
    const db = this.#db;
    return writing(() =>
      db.transaction('rw', db.pages, db.records, async () => {
        await db.records.delete(id);
        await changePages(db.pages, await pagesWith(db.pages, [id]), { put: [], remove: new Set([id]) });
      }),
    );
  }

  saveChunk(chunk: StoredChunk): Promise<unknown> {
    return writing(() => this.#db.chunks.put(chunk));
  }

  chunk(documentId: string, index: number): Promise<StoredChunk | undefined> {
    return this.#db.chunks.get([documentId, index]);
  }

  /** A document's record and its chunks go together. */
  async deleteDocument(documentId: string): Promise<void> {
    const db = this.#db;
    await db.transaction('rw', db.records, db.pages, db.chunks, async () => {
      await db.records.delete(documentId);
      await changePages(db.pages, await pagesWith(db.pages, [documentId]), {
        put: [],
        remove: new Set([documentId]),
      });
      await db.chunks.where('documentId').equals(documentId).delete();
    });
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
  }): Promise<void> {
    const db = this.#db;
    return writing(() =>
      db.transaction('rw', [db.header, db.records, db.pages, db.chunks, db.staged], async () => {
        if (options.replace) {
          await db.records.clear();
          await db.pages.clear();
          if (options.direct.length === 0) await db.chunks.clear();
          else await db.chunks.where('documentId').noneOf(options.direct).delete();
        }
        if (options.header) await db.header.put({ ...options.header, name: 'vault' });
        await writeRecords(db, options.records);
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
      }),
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
