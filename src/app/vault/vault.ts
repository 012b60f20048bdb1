// The member's vault as the app sees it: create, unlock, lock, and read and write records by kind. Records are
// decrypted once at unlock and kept in memory while unlocked; every write is sealed before it is stored.
import { base64ToBytes, bytesToBase64 } from '../../shared/base64.js';
import { STORAGE_KEYS } from '../../shared/constants.js';
import { createMasterKeyVerifier } from '../../shared/master-key.js';
import {
  backupListing,
  encodeJsonBackup,
  encodeZipBackup,
  type BackupContents,
  type BackupKind,
} from '../backup/format.js';
import { openChunk, randomBytes, VaultCipher, type SealedChunk, type VaultHeader } from './crypto.js';
import { CryptoPool } from './pool.js';
import { StorageFullError, VaultStore, type StoredChunk, type StoredRecord } from './store.js';

export const MASTER_PASSWORD_MIN_LENGTH = 8;
export const DOCUMENT_CHUNK_BYTES = 1024 * 1024;
/** One document at most: 2 GiB. */
export const MAX_DOCUMENT_BYTES = 2 * 1024 ** 3;

export type VaultState = 'loading' | 'new' | 'locked' | 'unlocked';
export type RecordKind = 'event' | 'memo' | 'personal' | 'document' | 'ledger' | 'anniversaries' | 'settings';

export interface VaultEntry<T = unknown> {
  id: string;
  kind: RecordKind;
  value: T;
  updatedAt: number;
}

/** A stored document's description; its bytes are kept as sealed chunks beside it. */
export interface DocumentMeta {
  name: string;
  type: string;
  size: number;
  chunkCount: number;
  salt: string;
  addedAt: number;
}

export type RestoreResult = 'ok' | 'needs-password' | 'wrong-password' | 'tampered' | 'storage-full';

export type DocumentAdded =
  | { ok: true; id: string }
  | { ok: false; reason: 'storage-full' | 'too-large' | 'read-failed'; needed?: number; available?: number };

export function newId(): string {
  return Array.from(randomBytes(16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const toBase64 = bytesToBase64;
const fromBase64 = base64ToBytes;

async function writeMasterKeyVerifier(password: string, iterations: number): Promise<void> {
  const verifier = await createMasterKeyVerifier(password, iterations);
  try {
    localStorage.setItem(STORAGE_KEYS.masterKeyVerifier, JSON.stringify(verifier));
  } catch {
    // Private mode without storage: the site's password-change path will say the master key is not set.
  }
}

export class Vault {
  #store: VaultStore;
  readonly #pool: CryptoPool;
  #header: VaultHeader | undefined;
  #entries = new Map<string, VaultEntry>();
  #listeners = new Set<() => void>();
  #state: VaultState = 'loading';
  #version = 0;
  /** Records that failed authentication at unlock: reported, never shown as data. */
  damaged: string[] = [];
  /** How the last unlock spent its time: the key derivation, then reading and decrypting the records. */
  unlockTimings = { kdfMs: 0, readMs: 0, decryptMs: 0 };
  /** How the last restore spent its time, step by step (milliseconds), for the benchmark. */
  restoreTimings: number[] = [];

  constructor(readonly memberId: string) {
    this.#store = new VaultStore(memberId);
    this.#pool = new CryptoPool();
  }

  get state(): VaultState {
    return this.#state;
  }

  /** Changes whenever anything in the vault changes, for React's useSyncExternalStore. */
  get version(): number {
    return this.#version;
  }

  get iterations(): number {
    return this.#header?.iterations ?? 0;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #changed(): void {
    this.#version++;
    for (const listener of this.#listeners) listener();
  }

  async load(): Promise<VaultState> {
    this.#header = await this.#store.header();
    this.#state = this.#header ? 'locked' : 'new';
    this.#changed();
    return this.#state;
  }

  async create(password: string): Promise<void> {
    const iterations = await this.#pool.calibrate();
    const header = await this.#pool.create(password, iterations);
    await this.#store.saveHeader(header);
    await writeMasterKeyVerifier(password, header.iterations);
    this.#header = header;
    this.#entries.clear();
    this.damaged = [];
    this.#state = 'unlocked';
    this.#changed();
  }

  async unlock(password: string): Promise<'ok' | 'wrong-password' | 'damaged-header'> {
    if (!this.#header) return 'damaged-header';
    const started = performance.now();
    const result = await this.#pool.unlock(this.#header, password);
    if (!result.ok) return result.reason;
    this.unlockTimings.kdfMs = performance.now() - started;
    await this.#decryptAll();
    if (!localStorage.getItem(STORAGE_KEYS.masterKeyVerifier)) {
      await writeMasterKeyVerifier(password, this.#header.iterations);
    }
    this.#state = 'unlocked';
    this.#changed();
    return 'ok';
  }

  async #decryptAll(): Promise<void> {
    const started = performance.now();
    const stored = await this.#store.records();
    const read = performance.now();
    const opened = await this.#pool.openMany(stored);
    this.unlockTimings.readMs = read - started;
    this.unlockTimings.decryptMs = performance.now() - read;
    this.#entries.clear();
    this.damaged = [];
    opened.forEach((result, index) => {
      const record = stored[index]!;
      if (result.ok) {
        this.#entries.set(record.id, {
          id: record.id,
          kind: record.kind as RecordKind,
          value: result.value,
          updatedAt: record.updatedAt,
        });
      } else {
        this.damaged.push(record.id);
      }
    });
    const documents = new Set(
      stored.filter((record) => record.kind === 'document').map((record) => record.id),
    );
    await this.#store.removeOrphanChunks(documents);
  }

  async lock(): Promise<void> {
    this.#entries.clear();
    this.damaged = [];
    if (this.#state === 'unlocked') this.#state = 'locked';
    await this.#pool.lock();
    this.#changed();
  }

  checkMasterPassword(password: string): Promise<boolean> {
    if (!this.#header) return Promise.resolve(false);
    return this.#pool.checkPassword(this.#header, password);
  }

  async changeMasterPassword(current: string, next: string): Promise<boolean> {
    if (!this.#header) return false;
    const header = await this.#pool.changePassword(this.#header, current, next, this.#header.iterations);
    if (!header) return false;
    await this.#store.saveHeader(header);
    await writeMasterKeyVerifier(next, header.iterations);
    this.#header = header;
    this.#changed();
    return true;
  }

  list<T>(kind: RecordKind): VaultEntry<T>[] {
    const found: VaultEntry<T>[] = [];
    for (const entry of this.#entries.values()) if (entry.kind === kind) found.push(entry as VaultEntry<T>);
    return found;
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

  async put<T>(kind: RecordKind, id: string, value: T): Promise<VaultEntry<T>> {
    const sealed = await this.#pool.seal(kind, id, value);
    const updatedAt = Date.now();
    await this.#store.saveRecord({ ...sealed, updatedAt });
    const entry: VaultEntry<T> = { id, kind, value, updatedAt };
    this.#entries.set(id, entry);
    this.#changed();
    return entry;
  }

  /** Adds many records at once, all or none (a CSV import). */
  async putMany<T>(kind: RecordKind, values: Array<{ id: string; value: T }>): Promise<void> {
    const updatedAt = Date.now();
    const sealed: StoredRecord[] = await Promise.all(
      values.map(async ({ id, value }) => ({ ...(await this.#pool.seal(kind, id, value)), updatedAt })),
    );
    await this.#store.saveRecords(sealed);
    for (const { id, value } of values) this.#entries.set(id, { id, kind, value, updatedAt });
    this.#changed();
  }

  async remove(id: string): Promise<void> {
    const entry = this.#entries.get(id);
    if (entry?.kind === 'document') await this.#store.deleteDocument(id);
    else await this.#store.deleteRecord(id);
    this.#entries.delete(id);
    this.#changed();
  }

  /** Free space the browser says this site may still use, in bytes (null when it will not say). */
  static async availableSpace(): Promise<number | null> {
    if (!navigator.storage?.estimate) return null;
    const { quota, usage } = await navigator.storage.estimate();
    if (quota === undefined || usage === undefined) return null;
    return Math.max(0, quota - usage);
  }

  async addDocument(
    file: Blob & { name: string },
    onProgress?: (done: number) => void,
  ): Promise<DocumentAdded> {
    if (file.size > MAX_DOCUMENT_BYTES) return { ok: false, reason: 'too-large' };
    const needed = Math.ceil(file.size * 1.01) + 1024 * 1024;
    const available = await Vault.availableSpace();
    if (available !== null && available < needed)
      return { ok: false, reason: 'storage-full', needed, available };
    const id = newId();
    const salt = randomBytes(16);
    const chunkCount = Math.max(1, Math.ceil(file.size / DOCUMENT_CHUNK_BYTES));
    let done = 0;
    try {
      await this.sealChunks(file, id, salt, async (index, sealed) => {
        await this.#store.saveChunk({ documentId: id, index, ...sealed });
        done += Math.min(DOCUMENT_CHUNK_BYTES, file.size - index * DOCUMENT_CHUNK_BYTES);
        onProgress?.(done);
      });
      const meta: DocumentMeta = {
        name: file.name,
        type: file.type,
        size: file.size,
        chunkCount,
        salt: toBase64(salt),
        addedAt: Date.now(),
      };
      await this.put('document', id, meta);
      return { ok: true, id };
    } catch (error) {
      await this.#store.deleteDocument(id).catch(() => undefined);
      if (error instanceof StorageFullError) return { ok: false, reason: 'storage-full', needed };
      // Unreadable, or deleted since it was picked.
      if (error instanceof DOMException && ['NotReadableError', 'NotFoundError'].includes(error.name))
        return { ok: false, reason: 'read-failed' };
      throw error;
    }
  }

  /**
   * Reads a file chunk by chunk and seals each chunk in the workers, two per worker in flight, handing each
   * sealed chunk to `sink` as it is ready. Waits for everything in flight before reporting a failure.
   */
  async sealChunks(
    file: Blob,
    documentId: string,
    salt: Uint8Array<ArrayBuffer>,
    sink: (index: number, sealed: SealedChunk) => Promise<void>,
  ): Promise<void> {
    const chunkCount = Math.max(1, Math.ceil(file.size / DOCUMENT_CHUNK_BYTES));
    const inFlight = new Set<Promise<void>>();
    const limit = this.#pool.size * 2;
    let failure: unknown = null;
    for (let index = 0; index < chunkCount && failure === null; index++) {
      const start = index * DOCUMENT_CHUNK_BYTES;
      const task = (async () => {
        const bytes = await file.slice(start, start + DOCUMENT_CHUNK_BYTES).arrayBuffer();
        await sink(index, await this.#pool.sealChunk(salt, documentId, index, chunkCount, bytes));
      })().catch((error: unknown) => {
        failure ??= error;
      });
      inFlight.add(task);
      void task.finally(() => inFlight.delete(task));
      if (inFlight.size >= limit) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
    if (failure !== null) throw failure;
  }

  /** The document's bytes, decrypted; null when a chunk is missing or fails authentication. */
  async readDocument(id: string): Promise<Blob | null> {
    const entry = this.get<DocumentMeta>(id);
    if (!entry) return null;
    const meta = entry.value;
    const salt = fromBase64(meta.salt);
    const parts: Uint8Array<ArrayBuffer>[] = [];
    for (let index = 0; index < meta.chunkCount; index++) {
      const chunk = await this.#store.chunk(id, index);
      if (!chunk) return null;
      const plain = await this.#pool.openChunk(salt, id, index, meta.chunkCount, {
        iv: chunk.iv,
        data: chunk.data,
      });
      if (!plain) return null;
      parts.push(plain);
    }
    return new Blob(parts, { type: meta.type || 'application/octet-stream' });
  }

  /** Chunk digests for a backup's listing, made in the crypto workers. */
  #chunkDigest = (chunk: SealedChunk) => this.#pool.chunkDigest(chunk);

  /** A backup of the vault as it rests on the device (records still sealed), in either format. */
  async createBackup(kind: BackupKind): Promise<Uint8Array<ArrayBuffer>> {
    if (!this.#header || this.#state !== 'unlocked') throw new Error('vault is locked');
    const damaged = new Set(this.damaged);
    const records = (await this.#store.records()).filter((record) => !damaged.has(record.id));
    const documents = new Set(
      records.filter((record) => record.kind === 'document').map((record) => record.id),
    );
    const chunks = (await this.#store.chunks()).filter((chunk) => documents.has(chunk.documentId));
    const mac = await this.#pool.backupMac(await backupListing(records, chunks, this.#chunkDigest));
    const contents = { createdAt: new Date().toISOString(), header: this.#header, records, chunks, mac };
    return kind === 'zip' ? encodeZipBackup(contents) : encodeJsonBackup(contents);
  }

  /**
   * Restores a backup, all or nothing: the backup's MAC (over every record and a digest of every document
   * chunk) is checked and every record opened before anything is written, and the write is one transaction.
   * On a device without a vault (or one unlocked with another key) the backup's master password is needed.
   * A restore always resets the detail view password to the default (the description's "lost detail view
   * password" path).
   */
  async restoreBackup(
    contents: BackupContents,
    options: { mode: 'replace' | 'merge'; password?: string; onProgress?: (fraction: number) => void },
  ): Promise<RestoreResult> {
    const times: number[] = [performance.now()];
    // The steps' usual share of a restore's time, for a progress bar that moves at an even pace.
    const shares = [0.45, 0.52, 0.75, 0.76, 0.77, 1];
    const mark = () => {
      times.push(performance.now());
      options.onProgress?.(shares[times.length - 2] ?? 1);
    };
    const listed = () => backupListing(contents.records, contents.chunks, this.#chunkDigest);
    let listing: Uint8Array<ArrayBuffer> | null = null;
    let sameKey = false;
    if (this.#state === 'unlocked') {
      listing = await listed();
      const ours = await this.#pool.backupMac(listing);
      sameKey =
        ours.length === contents.mac.length && ours.every((byte, index) => byte === contents.mac[index]);
    }
    let cipher: VaultCipher | null = null;
    if (!sameKey) {
      if (options.password === undefined) return 'needs-password';
      cipher = new VaultCipher();
      // The key derivation runs on this page's crypto thread while the workers digest the chunks for the
      // listing, each on its own.
      const [unlocked, listingOfBackup] = await Promise.all([
        cipher.unlock(contents.header, options.password),
        listing ?? listed(),
      ]);
      if (!unlocked.ok) return unlocked.reason === 'wrong-password' ? 'wrong-password' : 'tampered';
      mark();
      if (!(await cipher.checkBackupMac(listingOfBackup, contents.mac))) return 'tampered';
    } else {
      mark();
    }
    mark();
    const opener = cipher ?? this.#pool;
    const opened = await opener.openMany(contents.records);
    if (opened.some((result) => !result.ok)) return 'tampered';
    mark();
    const values = new Map(
      contents.records.map((record, index) => [record.id, (opened[index] as { value: unknown }).value]),
    );
    // Every chunk must belong to a document of the backup, within its chunk count, and open (AES-GCM
    // authenticates it) before anything is written. The MAC above already refuses a chunk changed, moved,
    // swapped, dropped or added since the backup was made; opening each one also refuses a backup that carries
    // a chunk already damaged on the device it was made on, so a restore never brings in a document that
    // cannot be read.
    const kinds = new Map(contents.records.map((record) => [record.id, record.kind]));
    const belongs = (chunk: StoredChunk) => {
      const meta = values.get(chunk.documentId) as DocumentMeta | undefined;
      return (
        kinds.get(chunk.documentId) === 'document' &&
        typeof meta?.salt === 'string' &&
        Number.isInteger(meta.chunkCount) &&
        Number.isInteger(chunk.index) &&
        chunk.index >= 0 &&
        chunk.index < meta.chunkCount
      );
    };
    if (!contents.chunks.every(belongs)) return 'tampered';
    const plainChunks = new Map<StoredChunk, Uint8Array<ArrayBuffer>>();
    for (const chunk of contents.chunks) {
      const meta = values.get(chunk.documentId) as DocumentMeta;
      const salt = fromBase64(meta.salt);
      const plain = cipher
        ? await openChunk(
            await cipher.documentKey(salt),
            chunk.documentId,
            chunk.index,
            meta.chunkCount,
            chunk,
          )
        : await this.#pool.openChunk(salt, chunk.documentId, chunk.index, meta.chunkCount, chunk);
      if (!plain) return 'tampered';
      // Kept only when a merge must seal them again under this vault's key.
      if (cipher && this.#state === 'unlocked' && options.mode === 'merge') plainChunks.set(chunk, plain);
    }
    mark();
    const replace = options.mode === 'replace' || this.#state !== 'unlocked';
    const keep = (record: StoredRecord) => {
      if (replace) return true;
      const current = this.#entries.get(record.id);
      return !current || current.updatedAt < record.updatedAt;
    };
    let records = contents.records.filter(keep);
    const kept = new Set(records.map((record) => record.id));
    let chunks = contents.chunks.filter((chunk) => kept.has(chunk.documentId));
    let header: VaultHeader | undefined;
    if (cipher && replace) {
      header = contents.header;
    } else if (cipher) {
      // Merging a backup made under another key: seal its records and chunks again under this vault's key.
      records = await Promise.all(
        records.map(async (record) => ({
          ...(await this.#pool.seal(record.kind, record.id, values.get(record.id))),
          updatedAt: record.updatedAt,
        })),
      );
      chunks = await Promise.all(
        chunks.map(async (chunk) => {
          const meta = values.get(chunk.documentId) as DocumentMeta;
          const sealed = await this.#pool.sealChunk(
            fromBase64(meta.salt),
            chunk.documentId,
            chunk.index,
            meta.chunkCount,
            plainChunks.get(chunk)!.buffer,
          );
          return { documentId: chunk.documentId, index: chunk.index, ...sealed };
        }),
      );
    }
    mark();
    try {
      await this.#store.restore({ replace, records, chunks, ...(header ? { header } : {}) });
      mark();
    } catch (error) {
      if (error instanceof StorageFullError) return 'storage-full';
      throw error;
    }
    if (header && cipher) {
      this.#header = header;
      await this.#pool.adopt(cipher.handle());
      // The site's check follows the restored master password; it costs a full KDF, so it is not awaited.
      void writeMasterKeyVerifier(options.password!, header.iterations);
    }
    // The values were all opened above: the vault in memory follows without decrypting again.
    if (replace) this.#entries.clear();
    for (const record of records) {
      this.#entries.set(record.id, {
        id: record.id,
        kind: record.kind as RecordKind,
        value: values.get(record.id),
        updatedAt: record.updatedAt,
      });
    }
    this.damaged = [];
    this.#state = 'unlocked';
    this.restoreTimings = times.slice(1).map((time, index) => Math.round(time - times[index]!));
    const settings = this.#entries.get('settings');
    if (settings && (settings.value as { detailPassword?: unknown }).detailPassword) {
      await this.put('settings', 'settings', { ...(settings.value as object), detailPassword: null });
    }
    this.#changed();
    return 'ok';
  }

  /** Removes this member's vault from this device (the "lost detail password" path, after a backup). */
  async destroy(): Promise<void> {
    await this.lock();
    await this.#store.destroy();
    // A deleted database stays closed: the next vault on this device gets a fresh one.
    this.#store = new VaultStore(this.memberId);
    this.#header = undefined;
    this.#state = 'new';
    this.#changed();
  }

  close(): void {
    this.#pool.terminate();
    this.#store.close();
  }
}
