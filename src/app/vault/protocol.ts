// The messages between the app and its crypto workers: each request names a method of CryptoWorkerApi.
import type { SealedChunk, SealedRecord, Unlocked, VaultHeader } from './crypto.js';
import type { PageBundle, StoredRecord } from './db.js';
import type { ChunkJob, ChunkJobResult } from '../backup/chunk-job.js';

export interface CryptoWorkerApi {
  calibrate(): number;
  create(password: string, iterations: number): { header: VaultHeader; key: CryptoKey };
  unlock(header: VaultHeader, password: string): { result: Unlocked; key: CryptoKey | null };
  adopt(key: CryptoKey): true;
  lock(): true;
  checkPassword(header: VaultHeader, password: string): boolean;
  changePassword(header: VaultHeader, current: string, next: string, iterations: number): VaultHeader | null;
  seal(kind: string, id: string, value: unknown): SealedRecord;
  /** Each record's decrypted JSON text (null when it fails authentication): strings cross threads cheaply. */
  openManyText(records: SealedRecord[]): Array<string | null>;
  /** Each sealed page's JSON text (null when it fails authentication). */
  openPageTexts(pages: Array<Uint8Array<ArrayBuffer>>): Array<string | null>;
  /** A page's live records sealed again as one (src/app/vault/sealed-pages.ts); null when one does not open. */
  compactPage(bundle: PageBundle | undefined, loose: StoredRecord[]): PageBundle | null;
  /** A sealed page's live records sealed each on its own, for a backup; and those that did not open. */
  unbundlePage(bundle: PageBundle): { records: StoredRecord[]; damaged: string[] };
  backupMac(listing: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>;
  chunkDigest(chunk: SealedChunk): Uint8Array<ArrayBuffer>;
  sealChunk(
    salt: Uint8Array<ArrayBuffer>,
    documentId: string,
    index: number,
    count: number,
    bytes: ArrayBuffer,
  ): SealedChunk;
  /**
   * Seals the chunks `first`, `first + 1`, … of a document from `part`, the slice of the file that holds them
   * (read in the worker, one read for the whole range), each `chunkBytes` long but the file's last.
   */
  sealChunks(
    salt: Uint8Array<ArrayBuffer>,
    documentId: string,
    first: number,
    count: number,
    chunkBytes: number,
    part: Blob,
  ): SealedChunk[];
  openChunk(
    salt: Uint8Array<ArrayBuffer>,
    documentId: string,
    index: number,
    count: number,
    chunk: SealedChunk,
  ): Uint8Array<ArrayBuffer> | null;
  /** A part of a restore's pass over its chunks, written into the member's vault database by the worker. */
  restoreChunks(memberId: string, job: ChunkJob): ChunkJobResult;
  /** Whether the chunk opens (its plaintext stays in the worker: a restore only needs to know). */
  checkChunk(
    salt: Uint8Array<ArrayBuffer>,
    documentId: string,
    index: number,
    count: number,
    chunk: SealedChunk,
  ): boolean;
}

export type Method = keyof CryptoWorkerApi;

export interface WorkerRequest {
  id: number;
  method: Method;
  args: unknown[];
}

export type WorkerResponse =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };
