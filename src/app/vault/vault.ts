// The member's vault as the app sees it: create, unlock, lock, and read and write records by kind. Records are
// decrypted once at unlock and kept in memory while unlocked; every write is sealed before it is stored. The vault
// is the door to three rooms — its keys (keys.ts), its records (held.ts) and its documents (documents.ts) — and
// opens, closes and locks them together; sync and backup see only their narrow faces of it (ports.ts).
import { type Opened, type SealedRecord, type VaultHeader } from './crypto.js';
import type { RecordNotice } from './notices.js';
import type { CryptoPool } from './pool.js';
import type { StoredRecord, VaultDatabase } from './db.js';
import type { EditTracker, VaultStore } from './store.js';
import { VaultDocuments, type DocumentAdded } from './documents.js';
import { Compaction, underRestoreLock } from './compaction.js';
import { sealedAsStored, sealedEverything } from './reading.js';
import { VaultKeys, type MasterPasswordDue, type PasskeyUnlock } from './keys.js';
import { ITEM_KINDS, newId, type RecordKind, type VaultEntry } from './entries.js';
import { HeldRecords, type Saved } from './held.js';
import type {
  BackedUpVault,
  RestoreAccess,
  RestoreOutcome,
  RestoreResult,
  SyncedVault,
  UnlockedWith,
  VaultPlatform,
  VaultState,
} from './ports.js';

export { ITEM_KINDS, newId, type RecordKind, type VaultEntry };
export { ONE_OF_A_KIND, type Saved } from './held.js';
export {
  DOCUMENT_CHUNK_BYTES,
  MAX_DOCUMENT_BYTES,
  type DocumentAdded,
  type DocumentMeta,
} from './documents.js';

export const MASTER_PASSWORD_MIN_LENGTH = 8;

export {
  PASSKEY_FAILURE_LIMIT,
  PASSKEY_MASTER_EVERY_MS,
  type MasterPasswordDue,
  type PasskeyUnlock,
} from './keys.js';

export type * from './ports.js';

export class Vault implements SyncedVault, BackedUpVault {
  #store: VaultStore;
  readonly #pool: CryptoPool;
  readonly #platform: VaultPlatform;
  #stopNews: () => void;
  /** False once closed, until loaded again: closing lets go of the database, the workers and the tabs' channel. */
  #open = true;
  /** Moves on with each close: a reading begun before one does not count after it. */
  #opening = 0;
  /** The records as this tab holds them, their writes and the news between tabs (held.ts). */
  readonly #records: HeldRecords;
  #listeners = new Set<() => void>();
  #state: VaultState = 'loading';
  #version = 0;
  /** Sealing records many at once in the background (compaction.ts). */
  readonly #compaction: Compaction;
  /** Called after every write or deletion made here while sync is on: sync sends it soon. */
  onLocalWrite: (() => void) | null = null;
  /** Called when this device's header changes (a new master password): sync sends it to the other devices. */
  onHeaderChange: (() => void) | null = null;
  /** How the last unlock spent its time: the key derivation, then reading and decrypting the records. */
  unlockTimings = { kdfMs: 0, readMs: 0, decryptMs: 0 };
  /** How the last restore spent its time, step by step (milliseconds), for the benchmark. */
  restoreTimings: number[] = [];
  /** How the vault was opened this time (null while locked, and for a keyed vault: its key was given). */
  unlockedWith: UnlockedWith | null = null;
  /** The vault's keys: the header, its derivation and rotation, the passkey wrap and its checks (keys.ts). */
  readonly #keys: VaultKeys;
  /** The first reading of the device's header and unlock rows (load), shared by every later call. */
  #loading: Promise<VaultState> | null = null;
  /** The vault's documents: files kept as sealed chunks beside their records (documents.ts). */
  readonly documents: VaultDocuments;

  constructor(
    readonly memberId: string,
    platform: VaultPlatform,
  ) {
    this.#platform = platform;
    this.#store = platform.openStore(memberId);
    this.#pool = platform.pool;
    this.#compaction = new Compaction({
      memberId,
      store: () => this.#store,
      pool: this.#pool,
      unlocked: () => this.#state === 'unlocked',
    });
    this.#keys = new VaultKeys({
      store: () => this.#store,
      pool: this.#pool,
      keepVerifier: platform.keepVerifier,
      hasVerifier: platform.hasVerifier,
      keyed: platform.keyed === true,
      changed: () => this.#changed(),
    });
    this.documents = new VaultDocuments({
      store: () => this.#store,
      pool: this.#pool,
      get: (id) => this.get(id),
      put: (kind, id, value) => this.put(kind, id, value),
    });
    this.#records = new HeldRecords({
      memberId,
      store: () => this.#store,
      pool: this.#pool,
      news: platform.news,
      unlocked: () => this.#state === 'unlocked',
      changed: () => this.#changed(),
      localWrite: () => this.onLocalWrite?.(),
      compaction: this.#compaction,
      addDocument: (...args) => this.documents.add(...args),
    });
    this.#stopNews = this.#listenToTabs();
  }

  #listenToTabs(): () => void {
    return this.#platform.news?.listen((news) => void this.#records.heard(news)) ?? (() => undefined);
  }

  /** Records that failed authentication at unlock: reported, never shown as data. */
  get damaged(): string[] {
    return this.#records.damaged;
  }

  /** What happened to records that the member should hear of (newest last; the same array until one comes). */
  get notices(): RecordNotice[] {
    return this.#records.notices;
  }

  get state(): VaultState {
    return this.#state;
  }

  /** Changes whenever anything in the vault changes, for React's useSyncExternalStore. */
  get version(): number {
    return this.#version;
  }

  get iterations(): number {
    return this.#keys.header?.iterations ?? 0;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #changed(): void {
    this.#version++;
    for (const listener of this.#listeners) listener();
  }

  /**
   * Reads the header from the device: once (a vault already loaded, or opened since, stays as it is). A vault
   * closed is opened again, locked — in whatever order its callers load and close it (React's StrictMode mounts an
   * effect, cleans it up and mounts it again, so a close may come while the first reading runs).
   */
  load(): Promise<VaultState> {
    if (!this.#open) this.#reopen();
    const opening = this.#opening;
    // Callers at once (the screen and a sign-in that unlocks) share the one reading.
    this.#loading ??= (async () => {
      let read: Awaited<ReturnType<VaultKeys['readStored']>>;
      try {
        read = await this.#keys.readStored();
      } catch (error) {
        // Closed while it read: the reading after the reopening is the one that counts.
        if (opening !== this.#opening) return this.#state;
        throw error;
      }
      if (opening !== this.#opening) return this.#state;
      this.#keys.adoptRead(read);
      await this.#keys.retireStalePasskey();
      if (this.#state === 'loading') this.#state = this.#keys.header || this.#keys.keyed ? 'locked' : 'new';
      this.#changed();
      return this.#state;
    })();
    // The state now: a vault opened since the reading is not loaded again; one closed and loaded again meanwhile
    // answers with its newer reading.
    return this.#loading.then(async () => {
      for (let read = opening; read !== this.#opening && this.#open && this.#loading;) {
        read = this.#opening;
        await this.#loading;
      }
      return this.#state;
    });
  }

  async create(password: string): Promise<void> {
    await this.#keys.create(password);
    this.#records.forget();
    this.#state = 'unlocked';
    this.unlockedWith = 'password';
    this.#changed();
  }

  async unlock(password: string): Promise<'ok' | 'wrong-password' | 'damaged-header'> {
    const started = performance.now();
    const result = await this.#keys.openWithPassword(password);
    if (result !== 'ok') return result;
    this.unlockTimings.kdfMs = performance.now() - started;
    await this.#decryptAll();
    this.#state = 'unlocked';
    this.unlockedWith = 'password';
    this.#changed();
    this.#compaction.later();
    return 'ok';
  }

  /**
   * Opens a keyed vault (VaultPlatform.keyed: a shared space's store) with its key — 32 bytes, a space's epoch key —
   * imported as the data key the workers hold (keys.ts, not kept), and reads its records.
   */
  async openWithKey(raw: Uint8Array<ArrayBuffer>): Promise<void> {
    await this.load();
    await this.#keys.openWithKey(raw);
    await this.#decryptAll();
    this.#state = 'unlocked';
    this.#changed();
    this.#compaction.later();
  }

  // Passkey unlock: the keys keep this device's wrap of the data key and its checks (keys.ts).

  /** This device's passkey unlock (null: none, or retired). */
  get passkey(): PasskeyUnlock | null {
    return this.#keys.passkey;
  }

  /** Moves on whenever the member's passkey unlocks may have changed (here, or told by the server). */
  get passkeyRevision(): number {
    return this.#keys.passkeyRevision;
  }

  /** Why the next unlock must take the master password though a passkey could open the vault (keys.ts). */
  masterPasswordDue(now = Date.now()): MasterPasswordDue | null {
    return this.#keys.masterPasswordDue(now);
  }

  /** Keeps the data key wrapped for a passkey of this device's, proven by the master password (keys.ts). */
  enrolPasskey(...args: Parameters<VaultKeys['enrolPasskey']>): Promise<'ok' | 'wrong-password'> {
    return this.#keys.enrolPasskey(...args);
  }

  /**
   * Unlocks with the PRF output of a check of this device's passkey. `refused`: it did not open the key (another
   * passkey's output), counted as a failed check; `master-due`: the master password is due first; `none`: this
   * device keeps no passkey unlock (removed, or retired by a new master password).
   */
  async unlockWithPasskey(
    prfOutput: Uint8Array<ArrayBuffer>,
  ): Promise<'ok' | 'refused' | 'master-due' | 'none' | 'damaged-header'> {
    const started = performance.now();
    const result = await this.#keys.openWithPasskey(prfOutput);
    if (result !== 'ok') return result;
    this.unlockTimings.kdfMs = performance.now() - started;
    await this.#decryptAll();
    await this.#keys.passkeyWorked();
    this.#state = 'unlocked';
    this.unlockedWith = 'passkey';
    this.#changed();
    this.#compaction.later();
    return 'ok';
  }

  /** A passkey check that did not unlock (cancelled, refused, not verified): counted toward the master password. */
  passkeyFailed(): Promise<void> {
    return this.#keys.passkeyFailed();
  }

  /** Forgets this device's passkey unlock (removed here or on another device, or its passkey is gone). */
  forgetPasskey(): Promise<void> {
    return this.#keys.forgetPasskey();
  }

  /** The member's passkey unlocks changed (this device's, or others' on the server): what lists them reads again. */
  passkeysChanged(): void {
    this.#keys.passkeysChanged();
  }

  async #decryptAll(): Promise<void> {
    const { readMs, decryptMs } = await this.#records.readAll();
    this.unlockTimings.readMs = readMs;
    this.unlockTimings.decryptMs = decryptMs;
  }

  /** Resolves when no compaction is under way or due (the benchmark waits for it). */
  settled(): Promise<void> {
    return this.#compaction.settled();
  }

  /** Resolves when what the other tabs wrote, as heard so far, is read here (tests wait for it). */
  caughtUp(): Promise<void> {
    return this.#records.caughtUp();
  }

  async lock(): Promise<void> {
    this.#compaction.cancel();
    this.#records.forget();
    this.unlockedWith = null;
    if (this.#state === 'unlocked') this.#state = 'locked';
    await this.#pool.lock();
    this.#changed();
  }

  checkMasterPassword(password: string): Promise<boolean> {
    return this.#keys.checkPassword(password);
  }

  async changeMasterPassword(current: string, next: string): Promise<boolean> {
    if (!(await this.#keys.changePassword(current, next))) return false;
    this.#changed();
    this.onHeaderChange?.();
    return true;
  }

  /** The entries of one kind: the same array until an entry changes. */
  list<T>(kind: RecordKind): VaultEntry<T>[] {
    return this.#records.list<T>(kind);
  }

  /** Every entry, of every kind. */
  all(): VaultEntry[] {
    return [...this.#records.entries.values()];
  }

  get<T>(id: string): VaultEntry<T> | undefined {
    return this.#records.entries.get(id) as VaultEntry<T> | undefined;
  }

  get recordCount(): number {
    return this.#records.entries.size;
  }

  /** The member's items: every record but the app's own settings. */
  get itemCount(): number {
    return this.#records.entries.size - (this.#records.entries.has('settings') ? 1 : 0);
  }

  /**
   * Writes a record whole, over the copy this tab holds: a new record, or one the caller has just read. If the
   * record changed on this device since this tab read it (another tab, sync), nothing is written: the vault reads
   * it again and answers RecordChangedError. An edit made from an earlier copy (a form) goes through `save`.
   */
  put<T>(kind: RecordKind, id: string, value: T): Promise<VaultEntry<T>> {
    return this.#records.put(kind, id, value);
  }

  /**
   * Saves `value`, edited from `from` — the record as it was read when the edit began (a form opened on it), or
   * undefined for a new record. If the record changed since (sync, another tab, a restore), the edit is merged with
   * that change as sync merges (src/app/vault/merge.ts, `planEdit`): nothing either side changed is lost; a field
   * changed both ways keeps both, as a conflict copy of the edit beside the record (the settings keep the choice
   * made here, said in a notice).
   */
  save<T>(kind: RecordKind, id: string, from: T | undefined, value: T): Promise<Saved<T>> {
    return this.#records.save(kind, id, from, value);
  }

  /**
   * Adds new records of any kinds, with the files that belong to them, all or none (an import): the files are
   * sealed first, each as a document linked to its record; if one of them or the records cannot be written, the
   * documents already written are removed again and nothing of the import stays.
   */
  importRecords(
    records: ReadonlyArray<{ kind: RecordKind; id: string; value: unknown }>,
    files: ReadonlyArray<{ recordId: string; file: Blob & { name: string } }> = [],
    onProgress?: (done: number) => void,
  ): Promise<DocumentAdded | { ok: true }> {
    return this.#records.importRecords(records, files, onProgress);
  }

  /** Adds many new records at once, all or none (a CSV import). */
  putMany<T>(kind: RecordKind, values: Array<{ id: string; value: T }>): Promise<void> {
    return this.#records.putMany(kind, values);
  }

  /**
   * Deletes a record. With `seen` (the stamp of the copy the member chose to delete), only if it is still that
   * copy: one changed since (on another device, in another tab) is kept, said in a notice, and false answers.
   */
  remove(id: string, seen?: number): Promise<boolean> {
    return this.#records.remove(id, seen);
  }

  /** Tells the member (the notices shown under the header and in the settings). */
  notify(notices: RecordNotice[]): void {
    this.#records.notify(notices);
  }

  /** Forgets a notice the member has read. */
  dismiss(notice: RecordNotice): void {
    this.#records.dismiss(notice);
  }

  // What sync (src/app/sync/) uses of the vault: the header, the key sync's own key comes from, sealing and
  // opening records and chunks, the database its tables live in, and the tracker of edits.

  /** The vault's header (the data key wrapped by the master password); undefined before there is a vault. */
  get header(): VaultHeader | undefined {
    return this.#keys.header;
  }

  /** The unlocked data key's handle (non-extractable): sync derives its own key from it. */
  get dataKey(): CryptoKey | null {
    return this.#pool.dataKey;
  }

  /** A value sealed as the vault seals a record (`kind` and `id` bound to it). */
  seal(kind: string, id: string, value: unknown): Promise<SealedRecord> {
    return this.#pool.seal(kind, id, value);
  }

  /** Sealed records opened (each `ok` with its value, or not when it fails authentication). */
  open<T>(records: SealedRecord[]): Promise<Opened<T>[]> {
    return this.#pool.openMany<T>(records);
  }

  /** The database the vault rests in: sync keeps its own tables there (src/app/sync/store.ts). */
  get database(): VaultDatabase {
    return this.#store.database;
  }

  /** Sync is on here (`tracker`): every write and deletion is also kept as an unsent edit, in the same transaction. */
  trackEdits(tracker: EditTracker | null): void {
    this.#store.tracker = tracker;
  }

  /**
   * Remote changes were written (src/app/sync/engine.ts) with these stamps: the vault in memory follows them, and
   * the other tabs are told.
   */
  followRemote(...args: Parameters<HeldRecords['followRemote']>): void {
    this.#records.followRemote(...args);
  }

  /**
   * A first unlock of the member's synced vault on this device (it has none): the header is kept only when the
   * master password opens it.
   */
  async joinSynced(
    header: VaultHeader,
    password: string,
  ): Promise<'ok' | 'wrong-password' | 'damaged-header'> {
    const result = await this.#keys.openJoined(header, password);
    if (result !== 'ok') return result;
    await this.#decryptAll();
    this.#state = 'unlocked';
    this.unlockedWith = 'password';
    this.#changed();
    return 'ok';
  }

  /** The vault header from another device (its master password changed there): the next unlock takes that password. */
  async adoptHeader(header: VaultHeader): Promise<void> {
    await this.#keys.adopt(header);
    this.#changed();
  }

  /** Free space the browser says this site may still use, in bytes (null where it does not say). */
  static availableSpace(): Promise<number | null> {
    return VaultDocuments.availableSpace();
  }

  /** Adds a file as a document (documents.ts): its chunks sealed in the workers, then its record. */
  addDocument(...args: Parameters<VaultDocuments['add']>): Promise<DocumentAdded> {
    return this.documents.add(...args);
  }

  /** The document's bytes, decrypted; null when a chunk is missing or fails authentication. */
  readDocument(id: string): Promise<Blob | null> {
    return this.documents.read(id);
  }

  /**
   * The vault as it rests on the device, for a backup (src/app/backup/create.ts): each record sealed on its own
   * (rows sealed as one are opened and their records sealed again, a few rows under way in the workers, each let
   * go once done), records that did not open left out, and the keys of its documents' chunks.
   */
  async sealedContents(): Promise<{
    header: VaultHeader;
    records: StoredRecord[];
    chunkKeys: Array<[documentId: string, index: number]>;
  }> {
    this.#keys.refuseKeyed('backup');
    const header = this.#keys.header;
    if (!header || this.#state !== 'unlocked') throw new Error('vault is locked');
    return { header, ...(await sealedEverything(this.#store, this.#pool, new Set(this.damaged))) };
  }

  /**
   * The records of `ids` as the disk holds them now, each sealed on its own (loose ones as stored, those in a row
   * sealed as one opened and sealed again): what another tab wrote is here even before this tab has heard of it,
   * which its copy in memory is not. A record not stored, or that does not open, is not in the map.
   */
  storedSealed(ids: string[]): Promise<Map<string, Uint8Array<ArrayBuffer>>> {
    return sealedAsStored(this.#store, this.#pool, ids);
  }

  /** The MAC of a backup's listing under the vault's key (docs/backup-format.md). */
  backupMac(listing: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
    return this.#pool.backupMac(listing);
  }

  /**
   * Runs a restore (src/app/backup/restore.ts) under the restore lock, all or nothing, with the small part of the
   * vault it writes through, then follows its outcome in memory. A restore always resets the detail view password
   * to the default (the description's "lost detail view password" path); `password` is the backup's master
   * password when one was given (the site's check follows it when the vault takes the backup's key).
   */
  async restoreWith(
    password: string | undefined,
    restore: (access: RestoreAccess) => Promise<RestoreOutcome>,
  ): Promise<RestoreResult> {
    this.#keys.refuseKeyed('backup to restore');
    let outcome!: RestoreOutcome;
    const held = this.#records.entries;
    // What the restore may replace, as this tab holds it: sync keeps it as the base copy of the restored records.
    const before = new Map(held);
    await underRestoreLock(this.memberId, async () => {
      outcome = await restore({
        memberId: this.memberId,
        state: this.#state,
        updatedAt: (id) => held.get(id)?.updatedAt,
        crypto: this.#pool,
        store: this.#store,
      });
    });
    if (outcome === 'changed-meanwhile' && this.#state === 'unlocked') {
      // Some record changed under the merge: this tab reads them all again before the member tries again.
      await this.#decryptAll();
      this.#changed();
    }
    if (typeof outcome === 'string') return outcome;
    if (outcome.header) {
      // The restore stored the backup's header; the site's check follows its master password.
      await this.#keys.adopt(outcome.header, {
        stored: true,
        ...(password !== undefined ? { password } : {}),
      });
    }
    // The values were all opened: the vault in memory follows without decrypting again.
    await this.#records.followRestore(outcome, before);
    this.#state = 'unlocked';
    this.unlockedWith ??= 'password';
    this.restoreTimings = outcome.timings;
    const settings = held.get('settings');
    if (settings && (settings.value as { detailPassword?: unknown }).detailPassword) {
      const value = settings.value as object;
      await this.save('settings', 'settings', value, { ...value, detailPassword: null });
    }
    this.#changed();
    this.#compaction.later();
    return 'ok';
  }

  /** Removes this member's vault from this device (the "lost detail password" path, after a backup). */
  async destroy(): Promise<void> {
    await this.lock();
    await this.#store.destroy();
    this.#store.tracker = null;
    // A deleted database stays closed: the next vault on this device gets a fresh one.
    this.#store = this.#platform.openStore(this.memberId);
    this.#keys.forget();
    this.#state = this.#keys.keyed ? 'locked' : 'new';
    this.#changed();
  }

  close(): void {
    if (!this.#open) return;
    this.#open = false;
    this.#opening++;
    this.#compaction.cancel();
    this.#stopNews();
    this.#platform.news?.close();
    this.#pool.terminate();
    this.#store.close();
  }

  /** After a close, the vault as a new one over the same device: its database, workers and news, not yet read. */
  #reopen(): void {
    this.#open = true;
    this.#store = this.#platform.openStore(this.memberId);
    this.#stopNews = this.#listenToTabs();
    this.#loading = null;
    this.#state = 'loading';
    this.#keys.forget();
    this.#records.forget();
    this.unlockedWith = null;
    this.#changed();
  }
}
