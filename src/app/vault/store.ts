// Where the sealed vault rests (db.ts, the database; records.ts, how records lie in it): the vault's reads and
// writes, each one transaction. While sync is on, every write also marks what it changed as an unsent edit, in the
// same transaction, through the tracker sync gives (src/app/sync/store.ts); the vault knows nothing more of sync.
import { Dexie, type DexieOptions } from 'dexie';
import { noteAuthors, spaceStoreMember } from './authors.js';
import { macsEqual, type VaultHeader } from './crypto.js';
import {
  VaultDatabase,
  vaultDatabaseName,
  writing,
  type PageBundle,
  type PasskeyUnlockRow,
  type UnlockChecksRow,
  type SealedRow,
  type StoredChunk,
  type StoredRecord,
} from './db.js';
import {
  changePages,
  COMPACT_SLACK,
  isRecord,
  newestCopies,
  ownRow,
  pageRecords,
  pagesWith,
  PAGE_BYTES,
  PAGE_RECORDS,
  removeRecords,
  rowsWith,
  sealedBytes,
  sealedRow,
  strikeSealed,
  rowsById,
  writeRecords,
  type Expected,
  type StoredContents,
} from './records.js';

/** Sealed rows are read this many at a time at unlock, each batch opened while the next is read. */
const SEALED_BATCH = 24;
/** Staged chunks move into place this many at a time (each at most 1 MiB). */
const MOVE_CHUNKS = 16;

/**
 * Marks what a write changed as unsent edits for sync, inside the writing transaction (src/app/sync/store.ts):
 * the records written and deleted, what each replaced as stored (null: sealed with others), and the same records
 * sealed again by the vault from the copies it held.
 */
export type EditTracker = (
  db: VaultDatabase,
  written: StoredRecord[],
  deleted: Array<{ id: string; kind: string }>,
  replaced: ReadonlyMap<string, Uint8Array<ArrayBuffer> | null>,
  bases?: ReadonlyMap<string, Uint8Array<ArrayBuffer>>,
) => Promise<void>;

export class VaultStore {
  readonly #db: VaultDatabase;
  /** Sync is on: every write and deletion is also marked as an unsent edit, in the same transaction. */
  tracker: EditTracker | null = null;
  /** A shared space's store: the member whose saves here are noted as theirs (authors.ts); null: the own vault. */
  readonly #author: string | null;

  /** `options`: another IndexedDB than the browser's (each simulated device of a Node test has its own). */
  constructor(memberId: string, options?: DexieOptions) {
    this.#db = new VaultDatabase(vaultDatabaseName(memberId), options);
    this.#author = spaceStoreMember(memberId);
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

  /** This device's passkey unlock, if it has one. */
  async passkeyUnlock(): Promise<PasskeyUnlockRow | undefined> {
    const row = await this.#db.unlock.get('passkey');
    return row?.name === 'passkey' ? row : undefined;
  }

  savePasskeyUnlock(row: Omit<PasskeyUnlockRow, 'name'>): Promise<unknown> {
    return writing(() => this.#db.unlock.put({ ...row, name: 'passkey' }));
  }

  /** Forgets this device's passkey unlock (removed, retired by a new master password). */
  async dropPasskeyUnlock(): Promise<void> {
    await this.#db.unlock.delete('passkey');
  }

  /** When the master password last unlocked here, and the passkey checks failed since (none yet: undefined). */
  async unlockChecks(): Promise<Omit<UnlockChecksRow, 'name'> | undefined> {
    const row = await this.#db.unlock.get('checks');
    return row?.name === 'checks' ? { masterAt: row.masterAt, failures: row.failures } : undefined;
  }

  saveUnlockChecks(checks: Omit<UnlockChecksRow, 'name'>): Promise<unknown> {
    return writing(() => this.#db.unlock.put({ ...checks, name: 'checks' }));
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
        // The opening starts now, outside this transaction: what it awaits is none of the transaction's.
        Dexie.ignoreTransaction(() => onSealed(batch));
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
      const rows = await rowsById(db.records, ids);
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
    const tracker = this.tracker;
    return writing(() =>
      db.transaction(
        'rw',
        [db.pages, db.records, db.sealed, db.syncRecords, db.syncOutbox, db.syncMeta, db.authors],
        async () => {
          const replaced = new Map<string, Uint8Array<ArrayBuffer> | null>();
          const stamps = await writeRecords(db, records, expected, replaced);
          if (tracker) await tracker(db, records, [], replaced, bases);
          const by = this.#author;
          if (by) {
            await noteAuthors(
              db,
              records.map((record) => ({ id: record.id, by, at: record.updatedAt, deleted: false })),
            );
          }
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
    const tracker = this.tracker;
    return writing(() =>
      db.transaction(
        'rw',
        [db.pages, db.records, db.sealed, db.chunks, db.syncRecords, db.syncOutbox, db.syncMeta, db.authors],
        async () => {
          const replaced = new Map<string, Uint8Array<ArrayBuffer> | null>();
          await removeRecords(db, [id], expected, replaced);
          if (tracker) await tracker(db, [], [{ id, kind }], replaced, bases);
          if (this.#author) await noteAuthors(db, [{ id, by: this.#author, at: Date.now(), deleted: true }]);
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
    return this.#db.chunks.toCollection().primaryKeys();
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

  /**
   * Records written or deleted outside the usual writes (a restore), marked as unsent edits through the tracker;
   * `replaced` holds what each replaced, sealed again by the vault (null: the record had none here).
   */
  markTracked(
    written: StoredRecord[],
    deleted: Array<{ id: string; kind: string }>,
    replaced: ReadonlyMap<string, Uint8Array<ArrayBuffer> | null>,
  ): Promise<unknown> {
    const db = this.#db;
    const tracker = this.tracker;
    if (!tracker) return Promise.resolve();
    const existed = new Map([...replaced].filter(([, sealed]) => sealed !== null));
    return writing(() =>
      db.transaction('rw', db.syncRecords, db.syncOutbox, db.syncMeta, () =>
        tracker(db, written, deleted, existed),
      ),
    );
  }

  /** The database itself, for sync's tables (src/app/sync/store.ts opens them on the same one). */
  get database(): VaultDatabase {
    return this.#db;
  }

  /** Deletes the whole vault from this device. */
  async destroy(): Promise<void> {
    await this.#db.delete();
  }

  close(): void {
    this.#db.close();
  }
}
