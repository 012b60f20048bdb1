// The member's vault as the app sees it: create, unlock, lock, and read and write records by kind. Records are
// decrypted once at unlock and kept in memory while unlocked; every write is sealed before it is stored.
import { type Opened, type SealedRecord, type VaultHeader } from './crypto.js';
import { planEdit, type EditMet, type Json } from './merge.js';
import { NOTICES_KEPT, type Notice, type RecordNotice } from './notices.js';
import type { CryptoPool } from './pool.js';
import { StorageFullError, type StoredChunk, type StoredRecord, type VaultDatabase } from './db.js';
import { RecordChangedError } from './records.js';
import type { VaultStore } from './store.js';
import { type EditTracker } from './store.js';
import type { TabNews, VaultNews } from './tabs.js';
import { VaultDocuments, type DocumentAdded } from './documents.js';
import { Compaction, underRestoreLock } from './compaction.js';
import { openContents, readEverything, sealedAsStored, sealedEverything } from './reading.js';
import { VaultKeys, type MasterPasswordDue, type PasskeyUnlock } from './keys.js';
import { EntryMap, ITEM_KINDS, newId, type RecordKind, type VaultEntry } from './entries.js';

export { ITEM_KINDS, newId, type RecordKind, type VaultEntry };
export {
  DOCUMENT_CHUNK_BYTES,
  MAX_DOCUMENT_BYTES,
  type DocumentAdded,
  type DocumentMeta,
} from './documents.js';

export const MASTER_PASSWORD_MIN_LENGTH = 8;

export type VaultState = 'loading' | 'new' | 'locked' | 'unlocked';

export {
  PASSKEY_FAILURE_LIMIT,
  PASSKEY_MASTER_EVERY_MS,
  type MasterPasswordDue,
  type PasskeyUnlock,
} from './keys.js';

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

/** Records merged key by key when edited two ways, never copied: the settings, a document's description. */
export const ONE_OF_A_KIND: ReadonlySet<RecordKind> = new Set(['settings', 'document']);

/** What saving an edit did (Vault.save). */
export interface Saved<T> {
  entry: VaultEntry<T>;
  met: EditMet;
  /** The conflict copy made of the edit (met `conflict`). */
  copyId?: string;
}

/** A write found the record changed too often while it tried (another tab writing it again and again). */
const SAVE_ATTEMPTS = 5;

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
}

export class Vault {
  #store: VaultStore;
  readonly #pool: CryptoPool;
  readonly #platform: VaultPlatform;
  #stopNews: () => void;
  /** False once closed, until loaded again: closing lets go of the database, the workers and the tabs' channel. */
  #open = true;
  /** Moves on with each close: a reading begun before one does not count after it. */
  #opening = 0;
  #entries = new EntryMap();
  /** Each kind's list, kept until an entry changes (the same array, so what is built from it is not rebuilt). */
  #lists = new Map<RecordKind, { revision: number; list: VaultEntry[] }>();
  #listeners = new Set<() => void>();
  #state: VaultState = 'loading';
  #version = 0;
  /** Readings of records another tab wrote, one after another. */
  #rereading: Promise<void> = Promise.resolve();
  /** Sealing records many at once in the background (compaction.ts). */
  readonly #compaction: Compaction;
  /** Called after every write or deletion made here while sync is on: sync sends it soon. */
  onLocalWrite: (() => void) | null = null;
  /** Called when this device's header changes (a new master password): sync sends it to the other devices. */
  onHeaderChange: (() => void) | null = null;
  /** Records that failed authentication at unlock: reported, never shown as data. */
  damaged: string[] = [];
  /** What happened to records that the member should hear of (newest last; the same array until one comes). */
  notices: RecordNotice[] = [];
  /** How the last unlock spent its time: the key derivation, then reading and decrypting the records. */
  unlockTimings = { kdfMs: 0, readMs: 0, decryptMs: 0 };
  /** How the last restore spent its time, step by step (milliseconds), for the benchmark. */
  restoreTimings: number[] = [];
  /** How the vault was opened this time (null while locked). */
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
      changed: () => this.#changed(),
    });
    this.documents = new VaultDocuments({
      store: () => this.#store,
      pool: this.#pool,
      get: (id) => this.get(id),
      put: (kind, id, value) => this.put(kind, id, value),
    });
    this.#stopNews = platform.news?.listen((news) => void this.#heard(news)) ?? (() => undefined);
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
      if (this.#state === 'loading') this.#state = this.#keys.header ? 'locked' : 'new';
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
    this.#entries.clear();
    this.damaged = [];
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
    const found = await readEverything(this.#store, this.#pool);
    this.unlockTimings.readMs = found.readMs;
    this.unlockTimings.decryptMs = found.decryptMs;
    this.#entries.clear();
    for (const entry of found.entries) this.#entries.set(entry.id, entry);
    this.damaged = found.damaged;
    // Chunks without a record (an upload cut off, a restore cut off by a closed tab) and chunks left staged are
    // removed, unless a restore is under way in another tab of this member's (its chunks have no record yet).
    const sweep = async () => {
      await this.#store.removeOrphanChunks(found.documents);
      await this.#store.dropRestored([]);
    };
    await this.#underRestoreLock(sweep, { ifAvailable: true });
  }

  /** Resolves when no compaction is under way or due (the benchmark waits for it). */
  settled(): Promise<void> {
    return this.#compaction.settled();
  }

  /** Resolves when what the other tabs wrote, as heard so far, is read here (tests wait for it). */
  async caughtUp(): Promise<void> {
    await this.#rereading;
  }

  /** Work done one at a time across this member's tabs (compaction.ts). */
  #underRestoreLock(work: () => Promise<void>, options: { ifAvailable?: boolean } = {}): Promise<void> {
    return underRestoreLock(this.memberId, work, options);
  }

  async lock(): Promise<void> {
    this.#compaction.cancel();
    this.#entries.clear();
    this.damaged = [];
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
    const cached = this.#lists.get(kind);
    if (cached?.revision === this.#entries.revision) return cached.list as VaultEntry<T>[];
    const found: VaultEntry[] = [];
    for (const entry of this.#entries.values()) if (entry.kind === kind) found.push(entry);
    this.#lists.set(kind, { revision: this.#entries.revision, list: found });
    return found as VaultEntry<T>[];
  }

  /** Every entry, of every kind. */
  all(): VaultEntry[] {
    return [...this.#entries.values()];
  }

  get<T>(id: string): VaultEntry<T> | undefined {
    return this.#entries.get(id) as VaultEntry<T> | undefined;
  }

  get recordCount(): number {
    return this.#entries.size;
  }

  /** The member's items: every record but the app's own settings. */
  get itemCount(): number {
    return this.#entries.size - (this.#entries.has('settings') ? 1 : 0);
  }

  /**
   * Writes a record whole, over the copy this tab holds: a new record, or one the caller has just read. If the
   * record changed on this device since this tab read it (another tab, sync), nothing is written: the vault reads
   * it again and answers RecordChangedError. An edit made from an earlier copy (a form) goes through `save`.
   */
  async put<T>(kind: RecordKind, id: string, value: T): Promise<VaultEntry<T>> {
    const current = this.#entries.get(id);
    const [entry] = await this.#write([{ kind, id, value, expected: current?.updatedAt ?? null }]);
    return entry as VaultEntry<T>;
  }

  /**
   * Saves `value`, edited from `from` — the record as it was read when the edit began (a form opened on it), or
   * undefined for a new record. If the record changed since (sync, another tab, a restore), the edit is merged with
   * that change as sync merges (src/app/vault/merge.ts, `planEdit`): nothing either side changed is lost; a field
   * changed both ways keeps both, as a conflict copy of the edit beside the record (the settings keep the choice
   * made here, said in a notice).
   */
  async save<T>(kind: RecordKind, id: string, from: T | undefined, value: T): Promise<Saved<T>> {
    for (let attempt = 1; ; attempt++) {
      const current = this.#entries.get(id);
      const plan = planEdit(from as Json | undefined, value as Json, current?.value as Json | undefined, {
        oneOfAKind: ONE_OF_A_KIND.has(kind),
      });
      const copyId = plan.copy === undefined ? undefined : newId();
      try {
        const [entry] = await this.#write([
          { kind, id, value: plan.value, expected: current?.updatedAt ?? null },
          ...(copyId
            ? [{ kind, id: copyId, value: { ...(plan.copy as object), conflictOf: id }, expected: null }]
            : []),
        ]);
        // A conflict shows as its copy (the conflict banner); the others are told as notices.
        const notice: Notice | null =
          plan.met === 'replaced' ? 'setting-replaced' : plan.met === 'restored' ? 'kept-edited-here' : null;
        if (notice) this.notify([{ id, kind, notice, at: Date.now() }]);
        return { entry: entry as VaultEntry<T>, met: plan.met, ...(copyId ? { copyId } : {}) };
      } catch (error) {
        if (!(error instanceof RecordChangedError) || attempt >= SAVE_ATTEMPTS) throw error;
      }
    }
  }

  /**
   * Adds new records of any kinds, with the files that belong to them, all or none (an import): the files are
   * sealed first, each as a document linked to its record; if one of them or the records cannot be written, the
   * documents already written are removed again and nothing of the import stays.
   */
  async importRecords(
    records: ReadonlyArray<{ kind: RecordKind; id: string; value: unknown }>,
    files: ReadonlyArray<{ recordId: string; file: Blob & { name: string } }> = [],
    onProgress?: (done: number) => void,
  ): Promise<DocumentAdded | { ok: true }> {
    const added: string[] = [];
    let done = 0;
    try {
      for (const { recordId, file } of files) {
        const result = await this.addDocument(file, (bytes) => onProgress?.(done + bytes), recordId);
        if (!result.ok) {
          await this.#dropDocuments(added);
          return result;
        }
        added.push(result.id);
        done += file.size;
      }
      await this.#write(records.map(({ kind, id, value }) => ({ kind, id, value, expected: null })));
    } catch (error) {
      await this.#dropDocuments(added);
      if (error instanceof StorageFullError) return { ok: false, reason: 'storage-full', needed: done };
      throw error;
    }
    this.#compaction.whenQuiet();
    return { ok: true };
  }

  async #dropDocuments(ids: readonly string[]): Promise<void> {
    for (const id of ids) await this.remove(id).catch(() => undefined);
  }

  /** Adds many new records at once, all or none (a CSV import). */
  async putMany<T>(kind: RecordKind, values: Array<{ id: string; value: T }>): Promise<void> {
    await this.#write(values.map(({ id, value }) => ({ kind, id, value, expected: null })));
    this.#compaction.whenQuiet();
  }

  /**
   * Seals and writes records in one transaction, each only if it is still as this tab last read it (`expected`:
   * its stamp, null for none); then this tab's copy follows and the other tabs are told. A record changed
   * meanwhile is read again before RecordChangedError goes to the caller.
   */
  async #write(
    writes: Array<{ kind: RecordKind; id: string; value: unknown; expected: number | null }>,
  ): Promise<VaultEntry[]> {
    const now = Date.now();
    const sealed: StoredRecord[] = (await this.#pool.sealMany(writes)).map((record) => ({
      ...record,
      updatedAt: now,
    }));
    let stamps: Map<string, number>;
    try {
      stamps = await this.#store.saveRecords(
        sealed,
        new Map(writes.map((write) => [write.id, write.expected])),
        await this.#replaced(writes.map((write) => write.id)),
      );
    } catch (error) {
      if (error instanceof RecordChangedError) await this.#reread(error.ids);
      throw error;
    }
    const entries = writes.map(({ kind, id, value }) => {
      const entry: VaultEntry = { id, kind, value, updatedAt: stamps.get(id) ?? now };
      this.#entries.set(id, entry);
      return entry;
    });
    this.#changed();
    this.#wrote(writes.map((write) => write.id));
    return entries;
  }

  /**
   * Deletes a record. With `seen` (the stamp of the copy the member chose to delete), only if it is still that
   * copy: one changed since (on another device, in another tab) is kept, said in a notice, and false answers.
   */
  async remove(id: string, seen?: number): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      const entry = this.#entries.get(id);
      if (!entry) return true;
      if (seen !== undefined && entry.updatedAt !== seen) {
        this.notify([{ id, kind: entry.kind, notice: 'not-deleted', at: Date.now() }]);
        return false;
      }
      try {
        await this.#store.deleteRecord(
          id,
          entry.kind,
          new Map([[id, entry.updatedAt]]),
          await this.#replaced([id]),
        );
      } catch (error) {
        if (!(error instanceof RecordChangedError) || attempt >= SAVE_ATTEMPTS) throw error;
        await this.#reread(error.ids);
        continue;
      }
      this.#entries.delete(id);
      this.#changed();
      this.#wrote([id]);
      return true;
    }
  }

  /**
   * While sync is on, the records a write replaces, sealed again from this tab's copy (which the write checks is the
   * stored one): sync keeps what a record was as the base copy of the edit (store.ts, markEdits).
   */
  async #replaced(ids: string[]): Promise<Map<string, Uint8Array<ArrayBuffer>> | undefined> {
    if (!this.tracking) return undefined;
    const held = ids.flatMap((id) => {
      const entry = this.#entries.get(id);
      return entry ? [entry] : [];
    });
    const sealed = await this.#pool.sealMany(held);
    return new Map(sealed.map((record) => [record.id, record.sealed]));
  }

  /** Sync is told of a write here; the other tabs are told which records to read again. */
  #wrote(ids: string[]): void {
    if (this.tracking) this.onLocalWrite?.();
    this.#announce({ ids });
  }

  #announce(news: VaultNews): void {
    try {
      this.#platform.news?.post(news);
    } catch {
      // A closed channel (the tab is going): the others read everything at their next unlock.
    }
  }

  /** Another tab wrote: its records are read again here (a form open on one then says it changed). */
  async #heard(news: VaultNews): Promise<void> {
    if (this.#state !== 'unlocked') return;
    try {
      if ('all' in news) {
        await this.#decryptAll();
        this.#changed();
      } else {
        await this.#reread(news.ids);
      }
    } catch {
      // Locked meanwhile, or the database closed: the next unlock reads everything.
    }
  }

  /**
   * Reads records again from the disk into this tab's copy (gone ones go; unreadable ones are reported damaged), one
   * reading at a time. A record this tab changed itself while the disk was read (its own write, sync applying a
   * change) keeps that newer copy: the reading began before it.
   */
  #reread(ids: string[]): Promise<void> {
    const reading = this.#rereading.then(async () => {
      if (ids.length === 0 || this.#state !== 'unlocked') return;
      const began = this.#entries.revision;
      const found = await openContents(this.#pool, await this.#store.readRecords(ids));
      const fresh = ids.filter((id) => !this.#entries.changedSince(id, began));
      for (const id of fresh) {
        const entry = found.entries.get(id);
        if (entry) this.#entries.set(id, entry);
        else if (this.#entries.has(id)) this.#entries.delete(id);
      }
      const damaged = found.damaged.filter((id) => fresh.includes(id));
      this.damaged = [...new Set([...this.damaged.filter((id) => !fresh.includes(id)), ...damaged])];
      this.#changed();
    });
    this.#rereading = reading.catch(() => undefined);
    return reading;
  }

  /** Opens stored records, loose and sealed many at once, into entries. */
  /** Tells the member (the notices shown under the header and in the settings). */
  notify(notices: RecordNotice[]): void {
    if (notices.length === 0) return;
    this.notices = [...this.notices, ...notices].slice(-NOTICES_KEPT);
    this.#changed();
  }

  /** Forgets a notice the member has read. */
  dismiss(notice: RecordNotice): void {
    this.notices = this.notices.filter((item) => item !== notice);
    this.#changed();
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

  /** Whether a document's sealed chunk opens under the document's key (its plaintext stays in the workers). */
  checkChunk(...args: Parameters<VaultDocuments['checkChunk']>): Promise<boolean> {
    return this.documents.checkChunk(...args);
  }

  /** A document's chunk as stored (sealed). */
  chunk(documentId: string, index: number): Promise<StoredChunk | undefined> {
    return this.documents.chunk(documentId, index);
  }

  /** Keeps a document's sealed chunk (one another device sent, checked first). */
  saveChunk(chunk: StoredChunk): Promise<unknown> {
    return this.documents.saveChunk(chunk);
  }

  /** The database the vault rests in: sync keeps its own tables there (src/app/sync/store.ts). */
  get database(): VaultDatabase {
    return this.#store.database;
  }

  /** Sync is on here (`tracker`): every write and deletion is also kept as an unsent edit, in the same transaction. */
  trackEdits(tracker: EditTracker | null): void {
    this.#store.tracker = tracker;
  }

  get tracking(): boolean {
    return this.#store.tracker !== null;
  }

  /**
   * Remote changes were written (src/app/sync/engine.ts) with these stamps: the vault in memory follows them, and
   * the other tabs are told.
   */
  followRemote(
    changes: Array<{ id: string; kind: RecordKind; value: unknown; deleted: boolean }>,
    stamps: ReadonlyMap<string, number>,
  ): void {
    if (changes.length === 0) return;
    const now = Date.now();
    for (const change of changes) {
      if (change.deleted) this.#entries.delete(change.id);
      else {
        const updatedAt = stamps.get(change.id) ?? now;
        this.#entries.set(change.id, { id: change.id, kind: change.kind, value: change.value, updatedAt });
      }
    }
    this.#changed();
    this.#announce({ ids: changes.map((change) => change.id) });
    this.#compaction.whenQuiet();
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
    let outcome!: RestoreOutcome;
    // What the restore may replace, as this tab holds it: sync keeps it as the base copy of the restored records.
    const before = new Map(this.#entries);
    await this.#underRestoreLock(async () => {
      outcome = await restore({
        memberId: this.memberId,
        state: this.#state,
        updatedAt: (id) => this.#entries.get(id)?.updatedAt,
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
    if (this.tracking) {
      // Sync is on: what the restore wrote, and with a replacing restore what it removed, goes to the other devices.
      const restored = new Set(outcome.records.map((record) => record.id));
      const removed = outcome.replace
        ? [...this.#entries.values()]
            .filter((entry) => !restored.has(entry.id))
            .map((entry) => ({ id: entry.id, kind: entry.kind }))
        : [];
      const replaced = new Map<string, Uint8Array<ArrayBuffer> | null>();
      for (const id of [...outcome.records.map((record) => record.id), ...removed.map((entry) => entry.id)]) {
        const old = before.get(id);
        replaced.set(id, old ? (await this.#pool.seal(old.kind, old.id, old.value)).sealed : null);
      }
      await this.#store.markTracked(outcome.records, removed, replaced);
    }
    // The values were all opened: the vault in memory follows without decrypting again.
    if (outcome.replace) this.#entries.clear();
    for (const record of outcome.records) {
      this.#entries.set(record.id, {
        id: record.id,
        kind: record.kind as RecordKind,
        value: outcome.values.get(record.id),
        updatedAt: record.updatedAt,
      });
    }
    this.damaged = [];
    this.#state = 'unlocked';
    this.unlockedWith ??= 'password';
    this.restoreTimings = outcome.timings;
    if (this.tracking) this.onLocalWrite?.();
    this.#announce({ all: true });
    const settings = this.#entries.get('settings');
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
    this.#state = 'new';
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
    this.#stopNews = this.#platform.news?.listen((news) => void this.#heard(news)) ?? (() => undefined);
    this.#loading = null;
    this.#state = 'loading';
    this.#keys.forget();
    this.#entries.clear();
    this.#lists.clear();
    this.damaged = [];
    this.unlockedWith = null;
    this.#changed();
  }
}
