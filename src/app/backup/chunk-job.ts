// A part of a restore's pass over a backup's chunks, done where the key is — a crypto worker — rather than on the
// page: the worker reads each chunk from its place in the file, checks that it opens (AES-GCM authenticates it),
// lists it for the MAC and writes it out of the vault's sight (restore.ts), so a gigabyte of documents never passes
// through the page's memory, and the two workers read, parse and open side by side. What it returns is what the
// MAC's listing needs, in the order of its tasks.
import { ahead } from '../../client/lanes.js';
import type { CryptoApi } from '../vault/crypto-api.js';
import { StorageFullError, type StoredChunk } from '../vault/db.js';
import type { SealedChunk } from '../vault/crypto.js';
import type { WorkerHandlers, WorkerJob } from '../vault/protocol.js';
import { VaultStore } from '../vault/store.js';
import { listingDigest, readChunkAt, type ChunkPlace } from './format.js';

/** One chunk to restore: where it lies, what opens it, and where it goes (nowhere when the merge keeps ours). */
export interface ChunkTask {
  documentId: string;
  index: number;
  /** The document's chunk count and salt, as its record says. */
  count: number;
  salt: Uint8Array<ArrayBuffer>;
  place: ChunkPlace;
  keep: 'staged' | 'direct' | null;
}

export interface ChunkJob {
  file: Blob;
  /** The backup's format version: how a chunk is listed. */
  version: number;
  tasks: ChunkTask[];
}

export type ChunkJobResult =
  { ok: true; digests: Array<Uint8Array<ArrayBuffer>> } | { ok: false; reason: 'tampered' | 'storage-full' };

export interface ChunkJobDeps {
  /** Whether the chunk opens under its document's key. */
  check(
    salt: Uint8Array<ArrayBuffer>,
    documentId: string,
    index: number,
    count: number,
    chunk: SealedChunk,
  ): Promise<boolean>;
  /** Version 1's listing digest (SHA-256 of the chunk's bytes). */
  digest(chunk: StoredChunk): Promise<Uint8Array>;
  write(chunks: { staged: StoredChunk[]; direct: StoredChunk[] }): Promise<unknown>;
}

/** Chunks read and opened at once in one job, and the bytes written to the store at a time. */
const JOB_AHEAD = 4;
const WRITE_BYTES = 8 * 1024 * 1024;

/**
 * Restores a job's chunks. A chunk missing, another in its place, or one that does not open ends the job as
 * tampered; a full disk as storage-full. Either way what is being written is let finish first, so the restore's
 * clean-up (which removes everything it wrote) comes after it.
 */
export async function runChunkJob(job: ChunkJob, deps: ChunkJobDeps): Promise<ChunkJobResult> {
  const listed = listingDigest(job.version, deps.digest);
  const digests: Array<Uint8Array<ArrayBuffer>> = [];
  let staged: StoredChunk[] = [];
  let direct: StoredChunk[] = [];
  let bytes = 0;
  let writing: Promise<unknown> = Promise.resolve();
  const flush = async () => {
    if (staged.length + direct.length === 0) return;
    const batch = { staged, direct };
    staged = [];
    direct = [];
    bytes = 0;
    await writing;
    writing = deps.write(batch);
    writing.catch(() => undefined);
  };
  try {
    const prepared = ahead(job.tasks, JOB_AHEAD, async (task) => {
      const chunk = await readChunkAt(job.file, task.documentId, task.index, task.place).catch(() => null);
      if (!chunk) return null;
      const [digest, opens] = await Promise.all([
        listed(chunk),
        deps.check(task.salt, task.documentId, task.index, task.count, chunk),
      ]);
      // The digest is copied out of the chunk (a tag is a view of its bytes), so the chunk can go once written.
      return opens ? { chunk, digest: new Uint8Array(digest) } : null;
    });
    for await (const [task, outcome] of prepared) {
      if (!outcome) {
        await writing.catch(() => undefined);
        return { ok: false, reason: 'tampered' };
      }
      digests.push(outcome.digest);
      if (task.keep === null) continue;
      (task.keep === 'staged' ? staged : direct).push(outcome.chunk);
      bytes += outcome.chunk.data.byteLength;
      if (bytes >= WRITE_BYTES) await flush();
    }
    await flush();
    await writing;
    return { ok: true, digests };
  } catch (error) {
    await writing.catch(() => undefined);
    if (error instanceof StorageFullError) return { ok: false, reason: 'storage-full' };
    throw error;
  }
}

/** The job as the crypto workers take it: a part of a restore's chunks, written into the member's vault database. */
export const RESTORE_CHUNKS: WorkerJob<[memberId: string, job: ChunkJob], ChunkJobResult> = {
  method: 'restoreChunks',
};

/**
 * The worker's handler of RESTORE_CHUNKS, over that worker's crypto; `openStore` opens the member's vault database
 * (once per member) where the chunks are written.
 */
export function chunkJobHandlers(
  crypto: Pick<CryptoApi, 'checkChunk' | 'chunkDigest'>,
  openStore: (memberId: string) => VaultStore = (id) => new VaultStore(id),
): WorkerHandlers {
  const stores = new Map<string, VaultStore>();
  const restoreChunks = (memberId: string, job: ChunkJob): Promise<ChunkJobResult> => {
    let store = stores.get(memberId);
    if (!store) stores.set(memberId, (store = openStore(memberId)));
    const writer = store;
    return runChunkJob(job, {
      check: crypto.checkChunk,
      digest: crypto.chunkDigest,
      write: (chunks) => writer.writeRestoredChunks(chunks),
    });
  };
  return { [RESTORE_CHUNKS.method]: restoreChunks };
}
