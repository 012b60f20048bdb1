// The vault's documents (a room of the vault): a file kept as sealed chunks of a MiB under a key of its own, with a
// record describing it. Sealing and opening run in the vault's workers; the chunks rest in the vault's database,
// and sync and backups move them sealed (src/app/sync/chunks.ts, src/app/backup/).
import { base64ToBytes, bytesToBase64 } from '../../shared/base64.js';
import { randomBytes, type SealedChunk } from './crypto.js';
import { StorageFullError, type StoredChunk } from './db.js';
import { newId, type RecordKind, type VaultEntry } from './entries.js';
import type { CryptoPool } from './pool.js';
import type { VaultStore } from './store.js';

export const DOCUMENT_CHUNK_BYTES = 1024 * 1024;
/** Chunks a worker reads and seals at once (one read of the file for them all). */
const CHUNKS_PER_READ = 8;
/** One document at most: 2 GiB. */
export const MAX_DOCUMENT_BYTES = 2 * 1024 ** 3;

/** A stored document's description; its bytes are kept as sealed chunks beside it. */
export type DocumentMeta = {
  name: string;
  type: string;
  size: number;
  chunkCount: number;
  salt: string;
  addedAt: number;
  /** The record this document belongs to (a photo of a diary entry, a login's attachment), when it came with one. */
  linkedTo?: string;
};

export type DocumentAdded =
  | { ok: true; id: string }
  | { ok: false; reason: 'storage-full' | 'too-large' | 'read-failed'; needed?: number; available?: number };

/** What the documents need of the rest of the vault: its database now, its workers, and its records. */
export interface DocumentsHost {
  /** The vault's database as it is now (a vault closed and loaded again has a new one). */
  store(): VaultStore;
  pool: CryptoPool;
  get<T>(id: string): VaultEntry<T> | undefined;
  put<T>(kind: RecordKind, id: string, value: T): Promise<VaultEntry<T>>;
}

export class VaultDocuments {
  readonly #host: DocumentsHost;

  constructor(host: DocumentsHost) {
    this.#host = host;
  }

  /** Free space the browser says this site may still use, in bytes (null when it will not say). */
  static async availableSpace(): Promise<number | null> {
    if (!navigator.storage?.estimate) return null;
    const { quota, usage } = await navigator.storage.estimate();
    if (quota === undefined || usage === undefined) return null;
    return Math.max(0, quota - usage);
  }

  async add(
    file: Blob & { name: string },
    onProgress?: (done: number) => void,
    linkedTo?: string,
  ): Promise<DocumentAdded> {
    if (file.size > MAX_DOCUMENT_BYTES) return { ok: false, reason: 'too-large' };
    const needed = Math.ceil(file.size * 1.01) + 1024 * 1024;
    const available = await VaultDocuments.availableSpace();
    if (available !== null && available < needed)
      return { ok: false, reason: 'storage-full', needed, available };
    const id = newId();
    const salt = randomBytes(16);
    const chunkCount = Math.max(1, Math.ceil(file.size / DOCUMENT_CHUNK_BYTES));
    let done = 0;
    try {
      await this.sealChunks(file, id, salt, async (index, sealed) => {
        await this.#host.store().saveChunk({ documentId: id, index, ...sealed });
        done += Math.min(DOCUMENT_CHUNK_BYTES, file.size - index * DOCUMENT_CHUNK_BYTES);
        onProgress?.(done);
      });
      const meta: DocumentMeta = {
        name: file.name,
        type: file.type,
        size: file.size,
        chunkCount,
        salt: bytesToBase64(salt),
        addedAt: Date.now(),
        ...(linkedTo ? { linkedTo } : {}),
      };
      await this.#host.put('document', id, meta);
      return { ok: true, id };
    } catch (error) {
      await this.#host
        .store()
        .deleteDocument(id)
        .catch(() => undefined);
      if (error instanceof StorageFullError) return { ok: false, reason: 'storage-full', needed };
      // Unreadable, or deleted since it was picked.
      if (error instanceof DOMException && ['NotReadableError', 'NotFoundError'].includes(error.name))
        return { ok: false, reason: 'read-failed' };
      throw error;
    }
  }

  /**
   * Seals a file chunk by chunk in the workers, handing each sealed chunk to `sink` as it is ready. Each worker is
   * given a range of chunks and reads their slice of the file itself, one read for the range: reading a file in
   * 1 MiB slices (a round trip to the browser each, about 280 MB/s here) held sealing at half the speed of
   * AES-GCM. Two ranges per worker are in flight; waits for everything in flight before reporting a failure.
   */
  async sealChunks(
    file: Blob,
    documentId: string,
    salt: Uint8Array<ArrayBuffer>,
    sink: (index: number, sealed: SealedChunk) => Promise<void>,
  ): Promise<void> {
    const chunkCount = Math.max(1, Math.ceil(file.size / DOCUMENT_CHUNK_BYTES));
    const inFlight = new Set<Promise<void>>();
    const limit = this.#host.pool.size * 2;
    let failure: unknown = null;
    for (let first = 0; first < chunkCount && failure === null; first += CHUNKS_PER_READ) {
      const part = file.slice(first * DOCUMENT_CHUNK_BYTES, (first + CHUNKS_PER_READ) * DOCUMENT_CHUNK_BYTES);
      const task = (async () => {
        const sealed = await this.#host.pool.sealChunks(
          salt,
          documentId,
          first,
          chunkCount,
          DOCUMENT_CHUNK_BYTES,
          part,
        );
        if (sealed.length !== Math.min(CHUNKS_PER_READ, chunkCount - first)) {
          throw new Error('the file changed while it was read');
        }
        for (const [offset, chunk] of sealed.entries()) await sink(first + offset, chunk);
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
  async read(id: string): Promise<Blob | null> {
    const entry = this.#host.get<DocumentMeta>(id);
    if (!entry) return null;
    const meta = entry.value;
    const salt = base64ToBytes(meta.salt);
    const parts: Uint8Array<ArrayBuffer>[] = [];
    for (let index = 0; index < meta.chunkCount; index++) {
      const chunk = await this.#host.store().chunk(id, index);
      if (!chunk) return null;
      const plain = await this.#host.pool.openChunk(salt, id, index, meta.chunkCount, {
        iv: chunk.iv,
        data: chunk.data,
      });
      if (!plain) return null;
      parts.push(plain);
    }
    return new Blob(parts, { type: meta.type || 'application/octet-stream' });
  }

  /** Whether a document's sealed chunk opens under the document's key (its plaintext stays in the workers). */
  checkChunk(...args: Parameters<CryptoPool['checkChunk']>): Promise<boolean> {
    return this.#host.pool.checkChunk(...args);
  }

  /** A document's chunk as stored (sealed). */
  chunk(documentId: string, index: number): Promise<StoredChunk | undefined> {
    return this.#host.store().chunk(documentId, index);
  }

  /** Keeps a document's sealed chunk (one another device sent, checked first). */
  saveChunk(chunk: StoredChunk): Promise<unknown> {
    return this.#host.store().saveChunk(chunk);
  }
}
