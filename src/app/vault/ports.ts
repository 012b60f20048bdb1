// What sync and backup see of the vault: each a narrow face of it (the vault, vault.ts, has both), so that neither
// depends on the rest — unlock, the records' writes, the modules' reads — and a change there reaches neither. And
// what the vault runs on (VaultPlatform), given to it.
import type { SealedRecord, Opened, VaultHeader } from './crypto.js';
import type { StoredRecord, VaultDatabase } from './db.js';
import type { VaultDocuments } from './documents.js';
import type { RecordKind, VaultEntry } from './entries.js';
import type { HeldRecords } from './held.js';
import type { RecordNotice } from './notices.js';
import type { CryptoPool } from './pool.js';
import type { EditTracker, VaultStore } from './store.js';
import type { TabNews } from './tabs.js';

/** What the vault runs on: the browser's (src/app/platform/vault-platform.ts), or a test's own. */
export interface VaultPlatform {
  openStore: (memberId: string) => VaultStore;
  pool: CryptoPool;
  /** News between this member's tabs (null: none). */
  news: TabNews | null;
  /** Keeps the site's check of the master password (null: there is no site here). */
  keepVerifier: ((password: string, iterations: number) => Promise<void>) | null;
  /** Whether the site's check is kept already (it costs a key derivation to make). */
  hasVerifier: () => boolean;
  /** A keyed vault (a shared space's store): its key is given (`openWithKey`); it has no header or passwords. */
  keyed?: boolean;
}

export type VaultState = 'loading' | 'new' | 'locked' | 'unlocked';

/** How the vault was last opened on this device (the app session's biometric flag: description §3). */
export type UnlockedWith = 'password' | 'passkey';
export type RestoreResult =
  | 'ok'
  | 'needs-password'
  | 'wrong-password'
  | 'tampered'
  | 'storage-full'
  /** A merge found records changed since it chose them (another tab, sync): nothing was restored. */
  | 'changed-meanwhile';

/** What a restore (src/app/backup/restore.ts) uses of the vault while it runs, under the vault's restore lock. */
export interface RestoreAccess {
  memberId: string;
  state: VaultState;
  /** When the vault's record with this id last changed; undefined when it has none. */
  updatedAt(id: string): number | undefined;
  /** The crypto workers: the vault's key, or the backup's once adopted. */
  crypto: Pick<
    CryptoPool,
    'adopt' | 'backupMac' | 'checkChunk' | 'chunkDigest' | 'openMany' | 'run' | 'seal' | 'sealChunk'
  >;
  /** The store's restore: chunks written out of sight, then records and chunks moved in in one transaction. */
  store: Pick<VaultStore, 'documentsWithChunks' | 'writeRestoredChunks' | 'dropRestored' | 'restore'>;
}

/** A restore that was written: what the vault now holds, for the vault to follow in memory. */
export interface Restored {
  /** Everything there was was replaced (else the backup was merged in). */
  replace: boolean;
  /** The records written, sealed under the vault's key. */
  records: StoredRecord[];
  /** Every record of the backup, opened, by id. */
  values: Map<string, unknown>;
  /** The backup's header, when the vault now uses the backup's key. */
  header?: VaultHeader;
  /** How long each step took (milliseconds), for the benchmark. */
  timings: number[];
}

export type RestoreOutcome = Exclude<RestoreResult, 'ok'> | Restored;

/** What sync (src/app/sync/) uses of the vault. */
export interface SyncedVault {
  readonly memberId: string;
  readonly state: VaultState;
  /** The vault's header (the data key wrapped by the master password); undefined before there is a vault. */
  readonly header: VaultHeader | undefined;
  /** The unlocked data key's handle (non-extractable): sync derives its own key from it. */
  readonly dataKey: CryptoKey | null;
  /** The database the vault rests in: sync keeps its own tables there (src/app/sync/store.ts). */
  readonly database: VaultDatabase;
  /** Documents' sealed chunks: read to send, checked and kept when received. */
  readonly documents: Pick<VaultDocuments, 'chunk' | 'checkChunk' | 'saveChunk'>;
  /** Called after every write or deletion made here while sync is on: sync sends it soon. */
  onLocalWrite: (() => void) | null;
  /** Called when this device's header changes (a new master password): sync sends it to the other devices. */
  onHeaderChange: (() => void) | null;
  get<T>(id: string): VaultEntry<T> | undefined;
  all(): VaultEntry[];
  list<T>(kind: RecordKind): VaultEntry<T>[];
  /** A value sealed as the vault seals a record (`kind` and `id` bound to it). */
  seal(kind: string, id: string, value: unknown): Promise<SealedRecord>;
  /** Sealed records opened (each `ok` with its value, or not when it fails authentication). */
  open<T>(records: SealedRecord[]): Promise<Opened<T>[]>;
  /** The records of `ids` as the disk holds them now, each sealed on its own. */
  storedSealed(ids: string[]): Promise<Map<string, Uint8Array<ArrayBuffer>>>;
  /** Sync is on here (`tracker`): every write and deletion is also kept as an unsent edit, in the same transaction. */
  trackEdits(tracker: EditTracker | null): void;
  /** Remote changes were written with these stamps: the vault in memory follows them. */
  followRemote(...args: Parameters<HeldRecords['followRemote']>): void;
  /** A first unlock of the member's synced vault on this device. */
  joinSynced(header: VaultHeader, password: string): Promise<'ok' | 'wrong-password' | 'damaged-header'>;
  /** The vault header from another device (its master password changed there). */
  adoptHeader(header: VaultHeader): Promise<void>;
  notify(notices: RecordNotice[]): void;
}

/** What a backup (src/app/backup/) uses of the vault: its contents as they rest, and a restore under its lock. */
export interface BackedUpVault {
  readonly documents: Pick<VaultDocuments, 'chunk'>;
  /** The vault as it rests on the device, each record sealed on its own, and its documents' chunk keys. */
  sealedContents(): Promise<{
    header: VaultHeader;
    records: StoredRecord[];
    chunkKeys: Array<[documentId: string, index: number]>;
  }>;
  /** The MAC of a backup's listing under the vault's key (docs/backup-format.md). */
  backupMac(listing: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>>;
  /** Runs a restore under the restore lock, all or nothing, and follows its outcome. */
  restoreWith(
    password: string | undefined,
    restore: (access: RestoreAccess) => Promise<RestoreOutcome>,
  ): Promise<RestoreResult>;
}
