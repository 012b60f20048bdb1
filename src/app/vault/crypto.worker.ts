// A crypto worker: holds the unlocked data key and does the vault's WebCrypto work off the page's thread.
import {
  calibrateIterations,
  chunkDigest,
  openChunk,
  sealChunk,
  VaultCipher,
  type SealedChunk,
  type SealedRecord,
  type VaultHeader,
} from './crypto.js';
import type { CryptoWorkerApi, WorkerRequest, WorkerResponse } from './protocol.js';
import { compactPage, unbundlePage } from './sealed-pages.js';
import { VaultStore, type PageBundle } from './store.js';
import { runChunkJob } from '../backup/chunk-job.js';

const cipher = new VaultCipher();
const documentKeys = new Map<string, Promise<CryptoKey>>();
/** The vault's database as this worker writes a restore's chunks into it, opened once per member. */
const stores = new Map<string, VaultStore>();

function documentKey(salt: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const id = Array.from(salt).join(',');
  let key = documentKeys.get(id);
  if (!key) {
    if (documentKeys.size > 64) documentKeys.clear();
    key = cipher.documentKey(salt);
    documentKeys.set(id, key);
  }
  return key;
}

/** Whether a document's chunk opens under the document's key (its plaintext stays here). */
async function chunkOpens(
  salt: Uint8Array<ArrayBuffer>,
  documentId: string,
  index: number,
  count: number,
  chunk: SealedChunk,
): Promise<boolean> {
  return (await openChunk(await documentKey(salt), documentId, index, count, chunk)) !== null;
}

type Async<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never;
};

const api: Async<CryptoWorkerApi> = {
  calibrate: () => calibrateIterations(),
  async create(password, iterations) {
    const header = await cipher.create(password, iterations);
    return { header, key: cipher.handle() };
  },
  async unlock(header, password) {
    const result = await cipher.unlock(header, password);
    return { result, key: result.ok ? cipher.handle() : null };
  },
  async adopt(key) {
    cipher.adopt(key);
    return true;
  },
  async lock() {
    cipher.lock();
    documentKeys.clear();
    return true;
  },
  checkPassword: (header, password) => cipher.checkPassword(header, password),
  changePassword: (header, current, next, iterations) =>
    cipher.changePassword(header, current, next, iterations),
  seal: (kind, id, value) => cipher.seal(kind, id, value),
  openManyText: (records) => cipher.openManyText(records),
  openPageTexts: (pages) => Promise.all(pages.map((sealed) => cipher.openPageText(sealed))),
  compactPage: (bundle, loose) => compactPage(cipher, bundle, loose),
  unbundlePage: (bundle) => unbundlePage(cipher, bundle),
  backupMac: (listing) => cipher.backupMac(listing),
  chunkDigest: (chunk) => chunkDigest(chunk),
  async sealChunk(salt, documentId, index, count, bytes) {
    return sealChunk(await documentKey(salt), documentId, index, count, bytes);
  },
  async sealChunks(salt, documentId, first, count, chunkBytes, part) {
    const [key, bytes] = await Promise.all([documentKey(salt), part.arrayBuffer()]);
    const sealed: SealedChunk[] = [];
    for (
      let offset = 0, index = first;
      offset < bytes.byteLength || index === first;
      offset += chunkBytes, index++
    ) {
      const piece = new Uint8Array(bytes, offset, Math.min(chunkBytes, bytes.byteLength - offset));
      sealed.push(await sealChunk(key, documentId, index, count, piece));
    }
    return sealed;
  },
  async openChunk(salt, documentId, index, count, chunk) {
    return openChunk(await documentKey(salt), documentId, index, count, chunk);
  },
  restoreChunks(memberId, job) {
    let store = stores.get(memberId);
    if (!store) stores.set(memberId, (store = new VaultStore(memberId)));
    const writer = store;
    return runChunkJob(job, {
      check: chunkOpens,
      digest: chunkDigest,
      write: (chunks) => writer.writeRestoredChunks(chunks),
    });
  },
  checkChunk: chunkOpens,
};

/** Large byte arrays go back by transfer, not by copy. */
function transferables(result: unknown): Transferable[] {
  if (result instanceof Uint8Array) return [result.buffer];
  if (Array.isArray(result)) return result.flatMap(transferables);
  const bundle = result as Partial<PageBundle> | null;
  if (bundle?.sealed instanceof Uint8Array && Array.isArray(bundle.live)) return [bundle.sealed.buffer];
  const chunk = result as Partial<SealedChunk & SealedRecord & { header: VaultHeader }> | null;
  if (chunk && chunk.data instanceof Uint8Array && chunk.iv instanceof Uint8Array && !('kind' in chunk)) {
    return [chunk.data.buffer];
  }
  return [];
}

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const { id, method, args } = event.data;
  let response: WorkerResponse;
  try {
    const handler = api[method] as (...values: unknown[]) => Promise<unknown>;
    response = { id, ok: true, result: await handler(...args) };
  } catch (error) {
    response = { id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  postMessage(response, { transfer: response.ok ? transferables(response.result) : [] });
};
