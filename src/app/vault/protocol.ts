// The messages between the app and its crypto workers: each request names a method a worker answers — one of the
// vault's (CryptoWorkerApi), or work another part of the app runs there (a WorkerJob: a restore's chunks).
import type { PasskeyWrap, SealedChunk, SealedRecord, Unlocked, VaultHeader } from './crypto.js';
import type { PageBundle, StoredRecord } from './db.js';

export interface CryptoWorkerApi {
  calibrate(): number;
  create(password: string, iterations: number): { header: VaultHeader; key: CryptoKey };
  unlock(header: VaultHeader, password: string): { result: Unlocked; key: CryptoKey | null };
  adopt(key: CryptoKey): true;
  /** The data key wrapped for a passkey, proven by the master password (null: wrong). */
  wrapForPasskey(
    header: VaultHeader,
    password: string,
    prfOutput: Uint8Array<ArrayBuffer>,
    wrap: { credentialId: string; prfSalt: Uint8Array<ArrayBuffer> },
  ): PasskeyWrap | null;
  /** Unlocks with a passkey: this device's wrap for it and the PRF output its check gave. */
  unlockWithPasskey(
    header: VaultHeader,
    wrap: PasskeyWrap,
    prfOutput: Uint8Array<ArrayBuffer>,
  ): { result: Unlocked; key: CryptoKey | null };
  lock(): true;
  checkPassword(header: VaultHeader, password: string): boolean;
  changePassword(header: VaultHeader, current: string, next: string, iterations: number): VaultHeader | null;
  seal(kind: string, id: string, value: unknown): SealedRecord;
  /** Records sealed each on its own, in one message (an import of thousands: see CryptoPool.sealMany). */
  sealMany(records: Array<{ kind: string; id: string; value: unknown }>): SealedRecord[];
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

/** What a worker answers, by method name: each handler takes the request's arguments. */
export type WorkerHandlers = Record<string, (...args: never[]) => Promise<unknown>>;

/**
 * Work another part of the app has the crypto workers do (its handler given to the worker where the worker is
 * made: src/app/platform/), named by its method; `A` and `R` are its arguments and answer.
 */
export interface WorkerJob<A extends unknown[], R> {
  readonly method: string;
  /** Never set: carries the job's types. */
  readonly types?: (...args: A) => R;
}

export interface WorkerRequest {
  id: number;
  method: string;
  args: unknown[];
}

export type WorkerResponse =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };
