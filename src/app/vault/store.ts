// Where the sealed vault rests: one IndexedDB database per member on this device. Only ids, kinds and
// ciphertext are stored; nothing here is readable without the data key.
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

class VaultDatabase extends Dexie {
  header!: EntityTable<HeaderRow, 'name'>;
  records!: EntityTable<StoredRecord, 'id'>;
  chunks!: Dexie.Table<StoredChunk, [string, number]>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({
      header: 'name',
      records: 'id, kind',
      chunks: '[documentId+index], documentId',
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

  records(): Promise<StoredRecord[]> {
    return this.#db.records.toArray();
  }

  saveRecord(record: StoredRecord): Promise<unknown> {
    return writing(() => this.#db.records.put(record));
  }

  /** Writes several records in one transaction: all of them or none. */
  saveRecords(records: StoredRecord[]): Promise<unknown> {
    return writing(() =>
      this.#db.transaction('rw', this.#db.records, () => this.#db.records.bulkPut(records)),
    );
  }

  deleteRecord(id: string): Promise<void> {
    return this.#db.records.delete(id);
  }

  saveChunk(chunk: StoredChunk): Promise<unknown> {
    return writing(() => this.#db.chunks.put(chunk));
  }

  chunk(documentId: string, index: number): Promise<StoredChunk | undefined> {
    return this.#db.chunks.get([documentId, index]);
  }

  /** A document's record and its chunks go together. */
  async deleteDocument(documentId: string): Promise<void> {
    await this.#db.transaction('rw', this.#db.records, this.#db.chunks, async () => {
      await this.#db.records.delete(documentId);
      await this.#db.chunks.where('documentId').equals(documentId).delete();
    });
  }

  /** Chunks whose document record was never written (an upload cut off mid-way) are removed. */
  async removeOrphanChunks(documentIds: Set<string>): Promise<void> {
    const stored = (await this.#db.chunks.orderBy('documentId').uniqueKeys()) as string[];
    for (const id of stored) {
      if (!documentIds.has(id)) await this.#db.chunks.where('documentId').equals(id).delete();
    }
  }

  chunks(): Promise<StoredChunk[]> {
    return this.#db.chunks.toArray();
  }

  /**
   * Writes a restored vault in one transaction: with `replace`, everything there was goes first (and the header
   * is replaced when one is given). If anything fails, the database is as it was.
   */
  restore(options: {
    replace: boolean;
    header?: VaultHeader;
    records: StoredRecord[];
    chunks: StoredChunk[];
  }): Promise<void> {
    const db = this.#db;
    return writing(() =>
      db.transaction('rw', db.header, db.records, db.chunks, async () => {
        if (options.replace) {
          await db.records.clear();
          await db.chunks.clear();
        }
        if (options.header) await db.header.put({ ...options.header, name: 'vault' });
        await db.records.bulkPut(options.records);
        await db.chunks.bulkPut(options.chunks);
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
