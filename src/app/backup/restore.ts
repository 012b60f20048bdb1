// Restoring a backup into the vault, all or nothing, with a few chunks at a time in memory whatever the backup
// weighs, and each read from the file once. Every record is opened first (with this vault's key when it opens
// them: the same vault's backup needs no password; else with the backup's master password). Then one pass over
// the file reads each chunk, digests it for the MAC and opens it (sealing it again under this vault's key when a
// merge needs it), and writes it out of the vault's sight: straight into the chunk table for a document this
// device holds no chunks of (chunks without a record are never shown, and are swept), into a staging table for
// one it does. Only when the MAC over everything holds does one transaction write the records and move the staged
// chunks in; a restore refused or failed at any point removes what it wrote and leaves the vault as it was. The
// vault applies the outcome to what it holds in memory (Vault.restoreWith); the crypto and the store are given,
// so the same code runs on the worker pool and IndexedDB in the app and in-process in tests.
import { macsEqual, openChunk, VaultCipher, type VaultHeader } from '../vault/crypto.js';
import { StorageFullError, type StoredChunk, type StoredRecord } from '../vault/db.js';
import { RecordChangedError } from '../vault/records.js';
import type {
  BackedUpVault,
  DocumentMeta,
  RestoreAccess,
  RestoreOutcome,
  RestoreResult,
} from '../vault/vault.js';
import { ahead } from '../../client/lanes.js';
import { base64ToBytes } from '../../shared/base64.js';
import { RESTORE_CHUNKS, type ChunkJob, type ChunkJobResult, type ChunkTask } from './chunk-job.js';
import {
  BACKUP_VERSION,
  BackupListing,
  CHUNKS_AHEAD,
  listingDigest,
  sealedSpaceTag,
  SPACES_SINCE,
  spaceTagFrom,
  type BackupChunk,
  type BackupContents,
  type BackupRecord,
} from './format.js';

const fromBase64 = base64ToBytes;

/**
 * The field a restored copy of a shared space's record keeps its space's name in ("from 우리집"): a space the member
 * left, or that was deleted, comes back as the member's own records (docs/spaces-plan.md §6).
 */
export const FROM_SPACE = 'fromSpace';

/**
 * Whether a backup's record is a copy of a space the member still belongs to (`stillIn`: those spaces' ids): such a
 * copy is not written, as the space itself brings the record back, current, and a copy beside it would be the same
 * entry twice.
 */
const leftToSpace = (record: BackupRecord, stillIn: ReadonlySet<string> | undefined) =>
  record.space !== undefined && stillIn?.has(record.space) === true;

/** How many of a backup's records a restore leaves to the spaces the member still belongs to (for the screen). */
export function copiesLeftToSpaces(
  contents: BackupContents,
  stillIn: ReadonlySet<string> | undefined,
): number {
  return contents.records.filter((record) => leftToSpace(record, stillIn)).length;
}

/** What a restore uses of the vault (Vault.restoreWith gives it); `chunks` restores chunks in the crypto workers. */
export interface RestorePlatform {
  crypto: Omit<RestoreAccess['crypto'], 'run'>;
  store: RestoreAccess['store'];
  /**
   * Restores a part of the chunks where the key is (chunk-job.ts): the crypto workers read, open and write them
   * themselves. Without it (or for chunks held in memory, or a merge that seals them again) the page does.
   */
  chunks?: (job: ChunkJob) => Promise<ChunkJobResult>;
}

/** What a restore needs to know of the vault as it is. */
export type RestoringVault = Pick<RestoreAccess, 'state' | 'updatedAt'>;

export interface RestoreOptions {
  mode: 'replace' | 'merge';
  password?: string;
  onProgress?: (fraction: number) => void;
  /**
   * The ids of the shared spaces the member still belongs to (the spaces service's shelf): their copies in the
   * backup are not written (copiesLeftToSpaces counts them). Without it every copy comes back as the member's own.
   */
  stillIn?: ReadonlySet<string>;
}

/**
 * Restores a backup into the vault, all or nothing, and the vault follows it in memory; a backup's chunks are
 * restored in the crypto workers.
 */
export function restoreInto(
  vault: Pick<BackedUpVault, 'restoreWith'>,
  contents: BackupContents,
  options: RestoreOptions,
): Promise<RestoreResult> {
  return vault.restoreWith(options.password, (access) =>
    restoreBackup(
      {
        crypto: access.crypto,
        store: access.store,
        chunks: (job) => access.crypto.run(RESTORE_CHUNKS, access.memberId, job),
      },
      access,
      contents,
      options,
    ),
  );
}

/** Chunks restored in the workers: this many to a job, and this many jobs under way (two per worker). */
const JOB_CHUNKS = 16;
const JOBS_AHEAD = 4;
/** Restored chunks are handed to the store about this many bytes at a time. */
const WRITE_BYTES = 8 * 1024 * 1024;

export async function restoreBackup(
  platform: RestorePlatform,
  vault: RestoringVault,
  contents: BackupContents,
  options: RestoreOptions,
): Promise<RestoreOutcome> {
  const version = contents.version ?? BACKUP_VERSION;
  // A version before 3 has no place for a space in its MAC (decodeBackup refuses such a file as damaged).
  const spaced = (contents.spaces?.length ?? 0) > 0 || contents.records.some((record) => record.space);
  if (version < SPACES_SINCE && spaced) return 'tampered';
  const times: number[] = [performance.now()];
  // The steps' usual share of a restore's time, for a progress bar that moves at an even pace; the chunks'
  // pass moves it chunk by chunk.
  const shares = [0.05, 0.9, 0.92, 1];
  const mark = () => {
    times.push(performance.now());
    options.onProgress?.(shares[times.length - 2] ?? 1);
  };
  // This vault's key opens every record of a backup made under it (AES-GCM proves the key): no password then.
  let opened: Awaited<ReturnType<typeof platform.crypto.openMany>> | null = null;
  if (vault.state === 'unlocked' && contents.records.length > 0) {
    opened = await platform.crypto.openMany(contents.records);
    if (!opened.every((result) => result.ok)) opened = null;
  }
  let cipher: VaultCipher | null = null;
  /** The crypto workers hold the backup's key. */
  let pooled = false;
  if (!opened) {
    if (options.password === undefined) {
      // A backup without records holds nothing to open: this vault's key is tried on its MAC.
      if (vault.state === 'unlocked' && contents.records.length === 0 && contents.chunks.length === 0) {
        const ours = await platform.crypto.backupMac(
          new BackupListing([], version, contents.spaces).result(),
        );
        if (!macsEqual(ours, contents.mac)) return 'needs-password';
        opened = [];
      } else {
        return 'needs-password';
      }
    } else {
      cipher = new VaultCipher();
      const unlocked = await cipher.unlock(contents.header, options.password);
      if (!unlocked.ok) return unlocked.reason === 'wrong-password' ? 'wrong-password' : 'tampered';
      // A device whose vault is not open has no key in its crypto workers that anything needs: they take the
      // backup's, so records and chunks are opened on all of them rather than on this page's one crypto thread.
      // (Should the restore be refused, the vault stays locked, and unlocking it sets its own key again.)
      if (vault.state !== 'unlocked') {
        await platform.crypto.adopt(cipher.handle());
        pooled = true;
      }
      opened = await (pooled ? platform.crypto : cipher).openMany(contents.records);
      if (opened.some((result) => !result.ok)) return 'tampered';
    }
  }
  // The spaces' names and colours open with the key that opened the records, and must be tags.
  const spaces = contents.spaces ?? [];
  const tagsOpened =
    spaces.length === 0
      ? []
      : await (cipher && !pooled ? cipher : platform.crypto).openMany(spaces.map(sealedSpaceTag));
  const tags = new Map(
    spaces.map((space, at) => {
      const result = tagsOpened[at]!;
      return [space.id, result.ok ? spaceTagFrom(space.id, result.value) : null];
    }),
  );
  if ([...tags.values()].some((tag) => tag === null)) return 'tampered';
  mark();
  const values = new Map(
    contents.records.map((record, index) => {
      const value = (opened[index] as { value: unknown }).value;
      const tag = record.space === undefined ? undefined : tags.get(record.space);
      const own = tag && isPlainObject(value) ? { ...value, [FROM_SPACE]: tag.name } : value;
      return [record.id, own];
    }),
  );
  // Every chunk must belong to a document of the backup, within its chunk count, and open (AES-GCM
  // authenticates it) before anything is kept. The MAC refuses a chunk changed, moved, swapped, dropped or added
  // since the backup was made; opening each one also refuses a backup that carries a chunk already damaged on
  // the device it was made on, so a restore never brings in a document that cannot be read.
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
  let records = contents.records.filter((record) => !leftToSpace(record, options.stillIn) && keep(record));
  const kept = new Set(records.map((record) => record.id));
  // A backup made under another key, merged: its records and chunks are sealed again under this vault's key.
  const reseal = cipher !== null && !replace;
  // Chunks are opened where the key is: the crypto workers (which only say whether each opens: the plaintext of a
  // gigabyte need not pass through this page), or (a backup made under another key, into an open vault) this
  // page's cipher, each document's key derived once.
  const documentKeys = new Map<string, Promise<CryptoKey>>();
  const openHere = (meta: DocumentMeta, chunk: StoredChunk) => {
    let key = documentKeys.get(meta.salt);
    if (!key) documentKeys.set(meta.salt, (key = cipher!.documentKey(fromBase64(meta.salt))));
    return key.then((documentKey) =>
      openChunk(documentKey, chunk.documentId, chunk.index, meta.chunkCount, chunk),
    );
  };
  const opens = async (meta: DocumentMeta, chunk: StoredChunk) =>
    !cipher || pooled
      ? platform.crypto.checkChunk(
          fromBase64(meta.salt),
          chunk.documentId,
          chunk.index,
          meta.chunkCount,
          chunk,
        )
      : (await openHere(meta, chunk)) !== null;
  const listing = new BackupListing(contents.records, version, contents.spaces);
  // How each chunk is listed: by its tag, or in version 1 by a digest made in the crypto workers.
  const listed = listingDigest(version, (chunk) => platform.crypto.chunkDigest(chunk));
  /** A chunk read from the file, digested and opened; what is kept of it (nothing when the merge keeps ours). */
  const prepare = async (
    place: BackupChunk,
  ): Promise<{ digest: Uint8Array; keep: StoredChunk | null } | 'tampered'> => {
    const meta = values.get(place.documentId) as DocumentMeta;
    const chunk = await place.read().catch(() => null);
    if (!chunk || chunk.documentId !== place.documentId || chunk.index !== place.index) return 'tampered';
    if (!reseal) {
      const [digest, ok] = await Promise.all([listed(chunk), opens(meta, chunk)]);
      if (!ok) return 'tampered';
      return { digest, keep: kept.has(chunk.documentId) ? chunk : null };
    }
    const [digest, plain] = await Promise.all([listed(chunk), openHere(meta, chunk)]);
    if (!plain) return 'tampered';
    if (!kept.has(chunk.documentId)) return { digest, keep: null };
    const sealed = await platform.crypto.sealChunk(
      fromBase64(meta.salt),
      chunk.documentId,
      chunk.index,
      meta.chunkCount,
      plain.buffer,
    );
    return { digest, keep: { documentId: chunk.documentId, index: chunk.index, ...sealed } };
  };
  // Chunks of a document this device has chunks of wait in the staging table; the others go straight in.
  const held = await platform.store.documentsWithChunks();
  const direct = new Set<string>();
  let staged = 0;
  let written = false;
  try {
    const file = contents.file;
    const places = contents.chunks.map((chunk) => chunk.place);
    if (platform.chunks && file && !reseal && (!cipher || pooled) && places.every((place) => place)) {
      // In the workers, a few jobs under way at once: each reads, opens and writes its chunks itself.
      const tasks: ChunkTask[] = contents.chunks.map((chunk, at) => {
        const meta = values.get(chunk.documentId) as DocumentMeta;
        const keep = !kept.has(chunk.documentId) ? null : held.has(chunk.documentId) ? 'staged' : 'direct';
        if (keep === 'direct') direct.add(chunk.documentId);
        if (keep === 'staged') staged++;
        const { documentId, index } = chunk;
        return {
          documentId,
          index,
          count: meta.chunkCount,
          salt: fromBase64(meta.salt),
          place: places[at]!,
          keep,
        };
      });
      const jobs: ChunkTask[][] = [];
      for (let start = 0; start < tasks.length; start += JOB_CHUNKS)
        jobs.push(tasks.slice(start, start + JOB_CHUNKS));
      let done = 0;
      for await (const [job, result] of ahead(jobs, JOBS_AHEAD, (job) =>
        platform.chunks!({ file, version, tasks: job }),
      )) {
        if (!result.ok) return result.reason;
        job.forEach((task, at) => listing.chunk(task, result.digests[at]!));
        done += job.length;
        options.onProgress?.(shares[0]! + ((shares[1]! - shares[0]!) * done) / contents.chunks.length);
      }
    } else {
      let batch: StoredChunk[] = [];
      let batchBytes = 0;
      // One batch is written while the next is read and opened: the disk and the crypto work side by side, and
      // memory holds at most two batches.
      let writing: Promise<unknown> = Promise.resolve();
      const flush = async () => {
        const toStage = batch.filter((chunk) => held.has(chunk.documentId));
        const straight = batch.filter((chunk) => !held.has(chunk.documentId));
        for (const chunk of straight) direct.add(chunk.documentId);
        staged += toStage.length;
        batch = [];
        batchBytes = 0;
        await writing;
        writing = platform.store.writeRestoredChunks({ staged: toStage, direct: straight });
        // A failure is met at the next flush or at the end; until then it must not count as unhandled.
        writing.catch(() => undefined);
      };
      let done = 0;
      for await (const [place, prepared] of ahead(contents.chunks, CHUNKS_AHEAD, prepare)) {
        if (prepared === 'tampered') {
          // What is being written is let finish, so the clean-up below removes it too.
          await writing.catch(() => undefined);
          return 'tampered';
        }
        listing.chunk(place, prepared.digest);
        done++;
        options.onProgress?.(shares[0]! + ((shares[1]! - shares[0]!) * done) / contents.chunks.length);
        if (!prepared.keep) continue;
        batch.push(prepared.keep);
        batchBytes += prepared.keep.data.byteLength;
        if (batchBytes >= WRITE_BYTES) await flush();
      }
      if (batch.length > 0) await flush();
      await writing;
    }
    const everything = listing.result();
    if (!macsEqual(await (cipher ?? platform.crypto).backupMac(everything), contents.mac)) return 'tampered';
    mark();
    let header: VaultHeader | undefined;
    if (cipher && replace) {
      header = contents.header;
    }
    // Records from another key merged in are sealed again under this vault's key; a space's record, under the key
    // it is written with, holding its space's name now that it is the member's own (and no longer its tag).
    const sealer = reseal ? platform.crypto : (cipher ?? platform.crypto);
    const again = (record: BackupRecord) => reseal || record.space !== undefined;
    if (records.some(again)) {
      records = await Promise.all(
        records.map(async (record) =>
          again(record)
            ? {
                ...(await sealer.seal(record.kind, record.id, values.get(record.id))),
                updatedAt: record.updatedAt,
              }
            : record,
        ),
      );
    }
    mark();
    // A merge replaces records as they were when it chose them: one changed since (sync, another tab) undoes it.
    const expected = replace
      ? undefined
      : new Map(records.map((record) => [record.id, vault.updatedAt(record.id) ?? null]));
    const stamps = await platform.store.restore({
      replace,
      records,
      staged,
      direct: [...direct],
      ...(header ? { header } : {}),
      ...(expected ? { expected } : {}),
    });
    records = records.map((record) => ({ ...record, updatedAt: stamps.get(record.id) ?? record.updatedAt }));
    written = true;
    mark();
    if (header && cipher && !pooled) await platform.crypto.adopt(cipher.handle());
    return {
      replace,
      records,
      values,
      ...(header ? { header } : {}),
      timings: times.slice(1).map((time, index) => Math.round(time - times[index]!)),
    };
  } catch (error) {
    if (error instanceof StorageFullError) return 'storage-full';
    if (error instanceof RecordChangedError) return 'changed-meanwhile';
    throw error;
  } finally {
    // The restore moved the staged chunks in; anything else removes what it wrote.
    if (!written) await platform.store.dropRestored(direct).catch(() => undefined);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
