// Documents' chunks (docs/sync.md, "Documents"): sent before their record, each once (an interrupted transfer asks
// which the server holds and sends the others), fetched and checked before their record shows, and forgotten on the
// server once their document's deletion is stored.
import { inLanes } from '../../client/lanes.js';
import { base64ToBytes } from '../../shared/base64.js';
import type { SealedChunk } from '../vault/crypto.js';
import type { SyncOutboxRow } from './store.js';
import type { DocumentMeta } from '../vault/vault.js';
import { chunkName } from './codec.js';
import { SyncRefused, SyncStop } from './errors.js';
import type { Parts } from './parts.js';

/** What moving documents' chunks uses: the vault's documents and records, sync's rows, the server, progress. */
export type ChunkParts = Parts<'documents' | 'get' | 'open', 'syncRows', 'server' | 'progress'>;

/** Document chunks fetched (or sent) at once. */
const CHUNKS_IN_FLIGHT = 4;
/** Chunk names asked about (or forgotten) in one request. */
const NAMES_PER_REQUEST = 1000;

/** Sends the chunks of a document the server does not hold yet. */
export async function uploadChunks(parts: ChunkParts, key: CryptoKey, documentId: string): Promise<void> {
  const entry = parts.vault.get<DocumentMeta>(documentId);
  if (!entry) return;
  const { chunkCount } = entry.value;
  const names = await Promise.all(
    Array.from({ length: chunkCount }, (_, index) => chunkName(key, documentId, index)),
  );
  const held = new Set<string>();
  for (let at = 0; at < names.length; at += NAMES_PER_REQUEST) {
    const answer = await parts.server.call('syncHeldChunks', {
      body: { keys: names.slice(at, at + NAMES_PER_REQUEST) },
    });
    for (const name of answer.held) held.add(name);
  }
  const missing = names.flatMap((name, index) => (held.has(name) ? [] : [index]));
  let done = 0;
  await inLanes(missing, CHUNKS_IN_FLIGHT, async (index) => {
    const chunk = await parts.vault.documents.chunk(documentId, index);
    if (!chunk) throw new SyncStop('damaged');
    const body = new Uint8Array(chunk.iv.byteLength + chunk.data.byteLength);
    body.set(chunk.iv, 0);
    body.set(chunk.data, chunk.iv.byteLength);
    await parts.server.upload('syncUploadChunk', { params: { key: names[index]! } }, body);
    done++;
    if (missing.length > 2) parts.progress(done, missing.length);
  });
}

/** Fetches the chunks of a document this device lacks, each checked under the document's key before it is kept. */
export async function downloadChunks(
  parts: ChunkParts,
  key: CryptoKey,
  documentId: string,
  meta: DocumentMeta,
): Promise<void> {
  const salt = base64ToBytes(meta.salt);
  const missing: number[] = [];
  for (let index = 0; index < meta.chunkCount; index++) {
    if (!(await parts.vault.documents.chunk(documentId, index))) missing.push(index);
  }
  let done = 0;
  // A few chunks in flight at once: each waits on the network, then on the workers, then on the disk.
  await inLanes(missing, CHUNKS_IN_FLIGHT, async (index) => {
    const bytes = await parts.server.download('syncChunk', {
      params: { key: await chunkName(key, documentId, index) },
    });
    const chunk: SealedChunk = { iv: bytes.slice(0, 12), data: bytes.slice(12) };
    if (!(await parts.vault.documents.checkChunk(salt, documentId, index, meta.chunkCount, chunk))) {
      throw new SyncRefused('altered');
    }
    await parts.vault.documents.saveChunk({ documentId, index, ...chunk });
    done++;
    if (missing.length > 2) parts.progress(done, missing.length);
  });
}

/** The chunk names of deleted documents being sent, read from their last synced description. */
export async function chunksOfDeleted(
  parts: ChunkParts,
  key: CryptoKey,
  outbox: SyncOutboxRow[],
): Promise<string[]> {
  const deleted = outbox.filter((entry) => entry.kind === 'document' && !entry.sealed);
  if (deleted.length === 0) return [];
  const rows = await parts.store.syncRows(deleted.map((entry) => entry.id));
  const names: string[] = [];
  for (const row of rows) {
    // A deletion's row keeps the document's last synced description (made a copy of its own at the deletion).
    if (!(row?.base instanceof Uint8Array)) continue;
    const [opened] = await parts.vault.open<DocumentMeta>([{ id: row.id, kind: row.kind, sealed: row.base }]);
    if (!opened?.ok) continue;
    for (let index = 0; index < opened.value.chunkCount; index++) {
      names.push(await chunkName(key, row.id, index));
    }
  }
  return names;
}

/** Forgets chunks on the server (their document's deletion is stored). */
export async function forgetChunks(parts: ChunkParts, names: string[]): Promise<void> {
  for (let at = 0; at < names.length; at += NAMES_PER_REQUEST) {
    await parts.server.call('syncForgetChunks', { body: { keys: names.slice(at, at + NAMES_PER_REQUEST) } });
  }
}
