// Restoring a backup into the vault, all or nothing, with one chunk at a time in memory whatever the backup
// weighs. The backup's MAC (over every record and a digest of every document chunk) is checked on a first pass
// over the file; every record is opened; on a second pass every chunk is opened (and sealed again under this
// vault's key when a merge needs it) and staged in the store, out of the vault's sight; then one transaction
// writes the records and moves the staged chunks in. A restore refused or failed at any point leaves the vault
// as it was and the staging empty. On a device without a vault (or one unlocked with another key) the backup's
// master password is needed. The vault applies the outcome to what it holds in memory (Vault.restoreBackup); the
// crypto and the store are given, so the same code runs on the worker pool and IndexedDB in the app and
// in-process in tests.
import type { CryptoPool } from '../vault/pool.js';
import { openChunk, VaultCipher, type SealedChunk, type VaultHeader } from '../vault/crypto.js';
import { StorageFullError, type StoredChunk, type StoredRecord, type VaultStore } from '../vault/store.js';
import type { DocumentMeta, RestoreResult, VaultState } from '../vault/vault.js';
import { base64ToBytes } from '../../shared/base64.js';
import { ahead } from './ahead.js';
import { backupListing, CHUNKS_AHEAD, type BackupChunk, type BackupContents } from './format.js';

const fromBase64 = base64ToBytes;

/** What a restore uses of the vault's platform: its crypto (the worker pool) and its store's one transaction. */
export interface RestorePlatform {
  crypto: Pick<
    CryptoPool,
    'adopt' | 'backupMac' | 'chunkDigest' | 'openChunk' | 'openMany' | 'seal' | 'sealChunk'
  >;
  store: Pick<VaultStore, 'restore' | 'stageChunks' | 'dropStaged'>;
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

/** A backup's listing, made once per backup read (asked for the password, the restore reads it again). */
const listings = new WeakMap<BackupContents, Promise<Uint8Array<ArrayBuffer>>>();

/** Staged chunks are handed to the store about this many bytes at a time. */
const STAGE_BYTES = 8 * 1024 * 1024;

export async function restoreBackup(
  platform: RestorePlatform,
  vault: RestoringVault,
  contents: BackupContents,
  options: RestoreOptions,
): Promise<Exclude<RestoreResult, 'ok'> | Restored> {
  const times: number[] = [performance.now()];
  // The steps' usual share of a restore's time, for a progress bar that moves at an even pace; the chunks'
  // pass moves it chunk by chunk.
  const shares = [0.3, 0.32, 0.35, 0.9, 0.91, 1];
  const mark = () => {
    times.push(performance.now());
    options.onProgress?.(shares[times.length - 2] ?? 1);
  };
  const listed = () => {
    let listing = listings.get(contents);
    if (!listing) {
      listing = backupListing(contents.records, contents.chunks, (chunk: SealedChunk) =>
        platform.crypto.chunkDigest(chunk),
      );
      listings.set(contents, listing);
      // A listing that failed (a chunk the file does not hold) is made again if asked again.
      listing.catch(() => listings.delete(contents));
    }
    return listing;
  };
  let listing: Uint8Array<ArrayBuffer> | null = null;
  let sameKey = false;
  try {
    if (vault.state === 'unlocked') {
      listing = await listed();
      const ours = await platform.crypto.backupMac(listing);
      sameKey =
        ours.length === contents.mac.length && ours.every((byte, index) => byte === contents.mac[index]);
    }
  } catch {
    return 'tampered';
  }
  let cipher: VaultCipher | null = null;
  if (!sameKey) {
    if (options.password === undefined) return 'needs-password';
    cipher = new VaultCipher();
    // The key derivation runs on this page's crypto thread while the workers digest the chunks for the
    // listing.
    const [unlocked, listingOfBackup] = await Promise.all([
      cipher.unlock(contents.header, options.password),
      listing ? Promise.resolve(listing) : listed().catch(() => null),
    ]);
    if (!unlocked.ok) return unlocked.reason === 'wrong-password' ? 'wrong-password' : 'tampered';
    mark();
    if (!listingOfBackup || !(await cipher.checkBackupMac(listingOfBackup, contents.mac))) return 'tampered';
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
  const belongs = (chunk: BackupChunk) => {
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
  const replace = options.mode === 'replace' || vault.state !== 'unlocked';
  const keep = (record: StoredRecord) => {
    if (replace) return true;
    const current = vault.updatedAt(record.id);
    return current === undefined || current < record.updatedAt;
  };
  let records = contents.records.filter(keep);
  const kept = new Set(records.map((record) => record.id));
  // A backup made under another key, merged: its records and chunks are sealed again under this vault's key.
  const reseal = cipher !== null && !replace;
  const documentKeys = new Map<string, Promise<CryptoKey>>();
  const documentKey = (salt: string) => {
    let key = documentKeys.get(salt);
    if (!key) documentKeys.set(salt, (key = cipher!.documentKey(fromBase64(salt))));
    return key;
  };
  /** A chunk read from the file and opened; what is staged for it (nothing when the merge keeps ours). */
  const prepare = async (place: BackupChunk): Promise<StoredChunk | null | 'tampered'> => {
    const meta = values.get(place.documentId) as DocumentMeta;
    const chunk = await place.read().catch(() => null);
    if (!chunk || chunk.documentId !== place.documentId || chunk.index !== place.index) return 'tampered';
    const plain = cipher
      ? await openChunk(await documentKey(meta.salt), chunk.documentId, chunk.index, meta.chunkCount, chunk)
      : await platform.crypto.openChunk(
          fromBase64(meta.salt),
          chunk.documentId,
          chunk.index,
          meta.chunkCount,
          chunk,
        );
    if (!plain) return 'tampered';
    if (!kept.has(chunk.documentId)) return null;
    if (!reseal) return chunk;
    const sealed = await platform.crypto.sealChunk(
      fromBase64(meta.salt),
      chunk.documentId,
      chunk.index,
      meta.chunkCount,
      plain.buffer,
    );
    return { documentId: chunk.documentId, index: chunk.index, ...sealed };
  };
  let written = false;
  try {
    await platform.store.dropStaged();
    let batch: StoredChunk[] = [];
    let batchBytes = 0;
    let done = 0;
    let staged = 0;
    for await (const [, chunk] of ahead(contents.chunks, CHUNKS_AHEAD, prepare)) {
      if (chunk === 'tampered') return 'tampered';
      done++;
      options.onProgress?.(shares[2]! + ((shares[3]! - shares[2]!) * done) / contents.chunks.length);
      if (!chunk) continue;
      batch.push(chunk);
      staged++;
      batchBytes += chunk.data.byteLength;
      if (batchBytes >= STAGE_BYTES) {
        await platform.store.stageChunks(batch);
        batch = [];
        batchBytes = 0;
      }
    }
    if (batch.length > 0) await platform.store.stageChunks(batch);
    mark();
    let header: VaultHeader | undefined;
    if (cipher && replace) {
      header = contents.header;
    } else if (reseal) {
      records = await Promise.all(
        records.map(async (record) => ({
          ...(await platform.crypto.seal(record.kind, record.id, values.get(record.id))),
          updatedAt: record.updatedAt,
        })),
      );
    }
    mark();
    await platform.store.restore({ replace, records, staged, ...(header ? { header } : {}) });
    written = true;
    mark();
    if (header && cipher) await platform.crypto.adopt(cipher.handle());
    return {
      replace,
      records,
      values,
      ...(header ? { header } : {}),
      timings: times.slice(1).map((time, index) => Math.round(time - times[index]!)),
    };
  } catch (error) {
    if (error instanceof StorageFullError) return 'storage-full';
    throw error;
  } finally {
    // The restore moved the staged chunks in; anything else leaves none behind.
    if (!written) await platform.store.dropStaged().catch(() => undefined);
  }
}
