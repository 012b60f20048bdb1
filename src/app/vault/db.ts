// The vault's IndexedDB database, one per member on this device, and the shape of every table in it: the records
// (pages of records sealed on their own, rows sealed many at once, documents' own rows), documents' chunks, the
// header, and the tables sync keeps beside them (what they mean is sync's: src/app/sync/store.ts). Only ids, the
// kinds of records sealed on their own, times and ciphertext are stored (and in a shared space's store, which member
// wrote a record: the space's server knows as much); nothing here is readable without the data key.
import { Dexie, type DexieOptions, type EntityTable } from 'dexie';
import type { PasskeyWrap, SealedChunk, SealedRecord, VaultHeader } from './crypto.js';

export interface HeaderRow extends VaultHeader {
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

// The tables sync keeps (docs/sync.md, "What the device keeps").

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
  /** That header's version (docs/sync.md, "The header"): a device takes none older. Absent: 0, before versions. */
  headerVersion?: number;
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

/**
 * This device's passkey unlock (docs/security.md, "Unlocking with a passkey"): the data key wrapped for one passkey,
 * made under the header whose salt it keeps (a new header retires it). This device's only; never synced or backed up.
 */
export interface PasskeyUnlockRow extends PasskeyWrap {
  name: 'passkey';
  /** The server's id of the passkey (its list of the member's passkeys names it so). */
  passkeyId: string;
  /** The header's salt it was made under. */
  headerSalt: Uint8Array<ArrayBuffer>;
  enrolledAt: number;
}

/**
 * When this device last unlocked with the master password, and the passkey checks failed since: after 14 days or
 * 5 failures the next unlock asks for the master password once (nothing secret: a nudge, not a lock).
 */
export interface UnlockChecksRow {
  name: 'checks';
  masterAt: number;
  failures: number;
}

/**
 * Who added a record of a shared space's store and who last changed it, and when (docs/spaces-plan.md §3, "Who,
 * when, conflicts"): member ids and times, as the space's server holds them too; the member's own vault keeps none.
 */
export interface AuthorRow {
  id: string;
  addedBy: string;
  addedAt: number;
  changedBy: string;
  changedAt: number;
}

export class VaultDatabase extends Dexie {
  /** This device's passkey unlock and its checks (version 6). */
  unlock!: EntityTable<PasskeyUnlockRow | UnlockChecksRow, 'name'>;
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
  /** Who added and last changed each record of a space's store (version 7). */
  authors!: EntityTable<AuthorRow, 'id'>;

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
    this.version(6).stores({
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
    // A new table only: every existing table and row stays as it was.
    this.version(7).stores({
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
      authors: 'id',
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

export async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isQuotaError(error) ? new StorageFullError() : error;
  }
}
