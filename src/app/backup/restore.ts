// Restoring a backup into the vault, all or nothing: the backup's MAC (over every record and a digest of every
// document chunk) is checked and every record and chunk opened before anything is written, and the write is one
// transaction. On a device without a vault (or one unlocked with another key) the backup's master password is
// needed. The vault applies the outcome to what it holds in memory (Vault.restoreBackup); the crypto and the
// store are given, so the same code runs on the worker pool and IndexedDB in the app and in-process in tests.
import type { CryptoPool } from '../vault/pool.js';
import { openChunk, VaultCipher, type SealedChunk, type VaultHeader } from '../vault/crypto.js';
import { StorageFullError, type StoredChunk, type StoredRecord, type VaultStore } from '../vault/store.js';
import type { DocumentMeta, RestoreResult, VaultState } from '../vault/vault.js';
import { base64ToBytes } from '../../shared/base64.js';
import { backupListing, type BackupContents } from './format.js';

const fromBase64 = base64ToBytes;

/** What a restore uses of the vault's platform: its crypto (the worker pool) and its store's one transaction. */
export interface RestorePlatform {
  crypto: Pick<
    CryptoPool,
    'adopt' | 'backupMac' | 'chunkDigest' | 'openChunk' | 'openMany' | 'seal' | 'sealChunk'
  >;
  store: Pick<VaultStore, 'restore'>;
}

/** What a restore needs to know of the vault as it is. */
export interface RestoringVault {
  state: VaultState;
  /** When the vault's record with this id last changed; undefined when it has none. */
  updatedAt(id: string): number | undefined;
}

export interface RestoreOptions {
  mode: 'replace' | 'merge';
  password?: string;
  onProgress?: (fraction: number) => void;
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

export async function restoreBackup(
  platform: RestorePlatform,
  vault: RestoringVault,
  contents: BackupContents,
  options: RestoreOptions,
): Promise<Exclude<RestoreResult, 'ok'> | Restored> {
  const times: number[] = [performance.now()];
  // The steps' usual share of a restore's time, for a progress bar that moves at an even pace.
  const shares = [0.45, 0.52, 0.75, 0.76, 0.77, 1];
  const mark = () => {
    times.push(performance.now());
    options.onProgress?.(shares[times.length - 2] ?? 1);
  };
  const listed = () =>
    backupListing(contents.records, contents.chunks, (chunk: SealedChunk) =>
      platform.crypto.chunkDigest(chunk),
    );
  let listing: Uint8Array<ArrayBuffer> | null = null;
  let sameKey = false;
  if (vault.state === 'unlocked') {
    listing = await listed();
    const ours = await platform.crypto.backupMac(listing);
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
  const opener = cipher ?? platform.crypto;
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
      ? await openChunk(await cipher.documentKey(salt), chunk.documentId, chunk.index, meta.chunkCount, chunk)
      : await platform.crypto.openChunk(salt, chunk.documentId, chunk.index, meta.chunkCount, chunk);
    if (!plain) return 'tampered';
    // Kept only when a merge must seal them again under this vault's key.
    if (cipher && vault.state === 'unlocked' && options.mode === 'merge') plainChunks.set(chunk, plain);
  }
  mark();
  const replace = options.mode === 'replace' || vault.state !== 'unlocked';
  const keep = (record: StoredRecord) => {
    if (replace) return true;
    const current = vault.updatedAt(record.id);
    return current === undefined || current < record.updatedAt;
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
        ...(await platform.crypto.seal(record.kind, record.id, values.get(record.id))),
        updatedAt: record.updatedAt,
      })),
    );
    chunks = await Promise.all(
      chunks.map(async (chunk) => {
        const meta = values.get(chunk.documentId) as DocumentMeta;
        const sealed = await platform.crypto.sealChunk(
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
    await platform.store.restore({ replace, records, chunks, ...(header ? { header } : {}) });
    mark();
  } catch (error) {
    if (error instanceof StorageFullError) return 'storage-full';
    throw error;
  }
  if (header && cipher) await platform.crypto.adopt(cipher.handle());
  return {
    replace,
    records,
    values,
    ...(header ? { header } : {}),
    timings: times.slice(1).map((time, index) => Math.round(time - times[index]!)),
  };
}
