// The vault's WebCrypto work, as the crypto workers do it (src/app/platform/crypto.worker.ts): each call of
// `cryptoApi()` is one worker's state — its copy of the unlocked key, its documents' keys. Run in-process it is the
// same work on the same thread (Node tests of several devices, src/app/vault/pool.ts `inProcessWorker`).
import {
  calibrateIterations,
  chunkDigest,
  openChunk,
  sealChunk,
  VaultCipher,
  type SealedChunk,
} from './crypto.js';
import type { CryptoWorkerApi } from './protocol.js';
import { compactPage, unbundlePage } from './sealed-pages.js';

type Async<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never;
};

export type CryptoApi = Async<CryptoWorkerApi>;

/** One worker's crypto: its own cipher (the key it holds) and documents' keys. */
export function cryptoApi(): CryptoApi {
  const cipher = new VaultCipher();
  const documentKeys = new Map<string, Promise<CryptoKey>>();

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

  const api: CryptoApi = {
    calibrate: () => calibrateIterations(),
    async create(password, iterations) {
      const header = await cipher.create(password, iterations);
      return { header, key: cipher.handle() };
    },
    async unlock(header, password) {
      const result = await cipher.unlock(header, password);
      return { result, key: result.ok ? cipher.handle() : null };
    },
    wrapForPasskey: (header, password, prfOutput, wrap) =>
      cipher.wrapForPasskey(header, password, prfOutput, wrap),
    async unlockWithPasskey(header, wrap, prfOutput) {
      const result = await cipher.unlockWithPasskey(header, wrap, prfOutput);
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
    sealMany: (records) => Promise.all(records.map(({ kind, id, value }) => cipher.seal(kind, id, value))),
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
    checkChunk: chunkOpens,
  };
  return api;
}
