// What sync keeps on the device (docs/sync.md, "What the device keeps"), in the vault's database beside the records
// (the tables' shape is in src/app/vault/db.ts): per record, its version, base copy and unsent edit; the outbox of
// signed changes; and the device's own sync. `markEdits` is the tracker the vault calls inside each of its writes
// while sync is on; applying another device's changes writes records and these tables in one transaction.
import { originVersion } from '../../shared/schemas/sync.js';
import {
  BASE_IS_RECORD,
  writing,
  type AuthorRow,
  type StoredRecord,
  type SyncMetaRow,
  type SyncOutboxBatch,
  type SyncOutboxRow,
  type SyncRecordRow,
  type VaultDatabase,
} from '../vault/db.js';
import { removeRecords, rowsById, writeRecords } from '../vault/records.js';
import { noteAuthors, type AuthorNote } from '../vault/authors.js';

export { BASE_IS_RECORD, type SyncMetaRow, type SyncOutboxRow, type SyncRecordRow } from '../vault/db.js';

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
  /**
   * What sync keeps of it; null for a record at the vault's origin version as sent, on a device whose records
   * without a row are at the origin (SyncMetaRow.origin): nothing to keep.
   */
  row: SyncRecordRow | null;
  /** The edit counter the decision was made on: another edit since, and the whole batch is decided again. */
  edit: number;
}

/** Another edit of a record came while a batch of remote changes was being decided. */
export class EditedMeanwhileError extends Error {
  constructor() {
    super('edited meanwhile');
  }
}

/** A batch decided again this many times at most when records keep being edited under it. */
const DECIDE_ATTEMPTS = 6;

/**
 * Decides and writes a batch with `decide`, and decides it again from the start while a record concerned was
 * edited meanwhile (EditedMeanwhileError), DECIDE_ATTEMPTS times at most; any other failure ends it at once.
 */
export async function decideUntilSettled<T>(decide: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await decide();
    } catch (error) {
      if (!(error instanceof EditedMeanwhileError) || attempt >= DECIDE_ATTEMPTS) throw error;
    }
  }
}

/**
 * Marks records written or deleted here as unsent edits, inside the current transaction. An edit of a record whose
 * base copy is the record itself (or that has no row, in a published vault) keeps the record it replaced as that copy:
 * `replaced` (the stored record, when it was sealed on its own), else `bases` (the same record sealed again by the
 * vault, which held it); a record replaced without either refuses the write rather than lose its base.
 */
export async function markEdits(
  db: VaultDatabase,
  written: StoredRecord[],
  deleted: Array<{ id: string; kind: string }>,
  replaced: ReadonlyMap<string, Uint8Array<ArrayBuffer> | null> = new Map(),
  bases: ReadonlyMap<string, Uint8Array<ArrayBuffer>> = new Map(),
): Promise<void> {
  const ids = [...written.map((record) => record.id), ...deleted.map((record) => record.id)];
  const [rows, meta] = await Promise.all([rowsById(db.syncRecords, ids), db.syncMeta.get('sync')]);
  const known = new Map(rows.map((row) => [row.id, row]));
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

/** Sync's tables, on the vault's database. */
export class SyncStore {
  readonly #db: VaultDatabase;

  constructor(db: VaultDatabase) {
    this.#db = db;
  }

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

  /** Who added and last changed each of these records, as noted (a shared space's: vault/authors.ts). */
  async authorsOf(ids: readonly string[]): Promise<AuthorRow[]> {
    return (await this.#db.authors.bulkGet([...ids])).filter((row) => row !== undefined);
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
    /** Who made each version taken (a space's series: receiving.ts), noted with it (vault/authors.ts). */
    authors: readonly AuthorNote[] = [],
  ): Promise<Map<string, number>> {
    const db = this.#db;
    return writing(() =>
      db.transaction(
        'rw',
        [db.pages, db.records, db.sealed, db.chunks, db.syncRecords, db.syncOutbox, db.syncMeta, db.authors],
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
          await db.syncRecords.bulkPut(writes.flatMap((write) => (write.row ? [write.row] : [])));
          await db.syncMeta.put(meta);
          await noteAuthors(db, authors);
          return stamps;
        },
      ),
    );
  }
}
