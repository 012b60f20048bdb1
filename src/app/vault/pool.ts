// The app's side of the crypto workers. One worker unlocks; the key handle is then shared with the other, so
// the page's thread stays free while a large vault opens. (Chromium runs every WebCrypto operation of a page
// on one crypto thread, so more workers do not decrypt faster; two share the JavaScript side of the work.)
import {
  parseOpened,
  type Opened,
  type SealedChunk,
  type SealedRecord,
  type Unlocked,
  type VaultHeader,
} from './crypto.js';
import { cryptoApi } from './crypto-api.js';
import type { CryptoWorkerApi, Method, WorkerRequest, WorkerResponse } from './protocol.js';
import type { PageBundle, StoredRecord } from './db.js';
import type { VaultStore } from './store.js';
import type { ChunkJob, ChunkJobResult } from '../backup/chunk-job.js';

type Result<M extends Method> = ReturnType<CryptoWorkerApi[M]>;

/** What the pool asks of a worker: a Web Worker in the app, the same work in-process in Node tests. */
export interface PoolWorker {
  /** Requests sent and not yet answered: the pool gives new work to the least busy worker. */
  busy: number;
  call<M extends Method>(
    method: M,
    args: Parameters<CryptoWorkerApi[M]>,
    transfer?: Transferable[],
  ): Promise<Result<M>>;
  terminate(): void;
}

/**
 * A worker's work done on this thread (several simulated devices in one Node process): the same functions, the
 * same key handling, without the messages.
 */
export function inProcessWorker(openStore?: (memberId: string) => VaultStore): PoolWorker {
  const api = cryptoApi(openStore);
  return {
    busy: 0,
    async call(method, args) {
      this.busy++;
      try {
        const handler = api[method] as (...values: unknown[]) => Promise<unknown>;
        return (await handler(...args)) as never;
      } finally {
        this.busy--;
      }
    },
    terminate: () => undefined,
  };
}

class CryptoWorker implements PoolWorker {
  #worker: Worker;
  #next = 1;
  #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  /** Requests sent and not yet answered: the pool gives new work to the least busy worker. */
  busy = 0;

  constructor() {
    this.#worker = new Worker(new URL('./crypto.worker.ts', import.meta.url), { type: 'module' });
    this.#worker.onmessage = (event: MessageEvent<WorkerResponse>) => {
      const response = event.data;
      const pending = this.#pending.get(response.id);
      if (!pending) return;
      this.#pending.delete(response.id);
      this.busy--;
      if (response.ok) pending.resolve(response.result);
      else pending.reject(new Error(response.error));
    };
    this.#worker.onerror = (event) => {
      event.preventDefault();
      for (const pending of this.#pending.values())
        pending.reject(new Error(event.message || 'worker failed'));
      this.#pending.clear();
      this.busy = 0;
    };
  }

  call<M extends Method>(
    method: M,
    args: Parameters<CryptoWorkerApi[M]>,
    transfer: Transferable[] = [],
  ): Promise<Result<M>> {
    const id = this.#next++;
    this.busy++;
    return new Promise<Result<M>>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      const request: WorkerRequest = { id, method, args };
      this.#worker.postMessage(request, { transfer });
    });
  }

  /** Stops the worker; what was asked of it and not answered fails, so nothing waits on it forever. */
  terminate(): void {
    this.#worker.terminate();
    for (const pending of this.#pending.values()) pending.reject(new Error('worker terminated'));
    this.#pending.clear();
    this.busy = 0;
  }
}

export class CryptoPool {
  readonly #workers: PoolWorker[];
  /** The unlocked data key's handle (non-extractable): sync derives its own key from it. */
  #key: CryptoKey | null = null;

  constructor(size = 2, spawn: () => PoolWorker = () => new CryptoWorker()) {
    this.#workers = Array.from({ length: size }, spawn);
  }

  get size(): number {
    return this.#workers.length;
  }

  #first(): PoolWorker {
    return this.#workers[0]!;
  }

  #leastBusy(): PoolWorker {
    return this.#workers.reduce((best, worker) => (worker.busy < best.busy ? worker : best));
  }

  async #share(key: CryptoKey): Promise<void> {
    this.#key = key;
    await Promise.all(this.#workers.slice(1).map((worker) => worker.call('adopt', [key])));
  }

  /** Every worker takes an already unlocked key (a restore that has just unwrapped one). */
  async adopt(key: CryptoKey): Promise<void> {
    this.#key = key;
    await Promise.all(this.#workers.map((worker) => worker.call('adopt', [key])));
  }

  calibrate(): Promise<number> {
    return this.#first().call('calibrate', []);
  }

  async create(password: string, iterations: number): Promise<VaultHeader> {
    const { header, key } = await this.#first().call('create', [password, iterations]);
    await this.#share(key);
    return header;
  }

  async unlock(header: VaultHeader, password: string): Promise<Unlocked> {
    const { result, key } = await this.#first().call('unlock', [header, password]);
    if (key) await this.#share(key);
    return result;
  }

  /** The data key's handle while unlocked (sync's key is derived from it: src/app/sync/chain.ts). */
  get dataKey(): CryptoKey | null {
    return this.#key;
  }

  async lock(): Promise<void> {
    this.#key = null;
    await Promise.all(this.#workers.map((worker) => worker.call('lock', [])));
  }

  checkPassword(header: VaultHeader, password: string): Promise<boolean> {
    return this.#first().call('checkPassword', [header, password]);
  }

  changePassword(
    header: VaultHeader,
    current: string,
    next: string,
    iterations: number,
  ): Promise<VaultHeader | null> {
    return this.#first().call('changePassword', [header, current, next, iterations]);
  }

  seal(kind: string, id: string, value: unknown): Promise<SealedRecord> {
    return this.#leastBusy().call('seal', [kind, id, value]);
  }

  async openMany<T>(records: SealedRecord[]): Promise<Opened<T>[]> {
    if (records.length === 0) return [];
    const share = Math.ceil(records.length / this.#workers.length);
    const parts = await Promise.all(
      this.#workers.map((worker, index) =>
        worker.call('openManyText', [records.slice(index * share, (index + 1) * share)]),
      ),
    );
    return parts.flat().map((text) => parseOpened<T>(text));
  }

  /** Sealed pages' JSON texts, opened by the least busy worker (a batch at a time as they are read). */
  openPageTexts(pages: Array<Uint8Array<ArrayBuffer>>): Promise<Array<string | null>> {
    return this.#leastBusy().call('openPageTexts', [pages]);
  }

  compactPage(bundle: PageBundle | undefined, loose: StoredRecord[]): Promise<PageBundle | null> {
    return this.#leastBusy().call('compactPage', [bundle, loose]);
  }

  unbundlePage(bundle: PageBundle): Promise<{ records: StoredRecord[]; damaged: string[] }> {
    return this.#leastBusy().call('unbundlePage', [bundle]);
  }

  backupMac(listing: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
    return this.#first().call('backupMac', [listing]);
  }

  /**
   * A backup chunk's digest for the MAC listing. Each worker has its own crypto thread, so the digests of a
   * large backup run beside the page's own work (a restore's key derivation) and split between the workers.
   */
  chunkDigest(chunk: SealedChunk): Promise<Uint8Array<ArrayBuffer>> {
    return this.#leastBusy().call('chunkDigest', [{ iv: chunk.iv, data: chunk.data }]);
  }

  sealChunk(
    salt: Uint8Array<ArrayBuffer>,
    documentId: string,
    index: number,
    count: number,
    bytes: ArrayBuffer,
  ): Promise<SealedChunk> {
    return this.#leastBusy().call('sealChunk', [salt, documentId, index, count, bytes], [bytes]);
  }

  /** Several chunks of a document sealed in one worker from their slice of the file: see the protocol. */
  sealChunks(
    salt: Uint8Array<ArrayBuffer>,
    documentId: string,
    first: number,
    count: number,
    chunkBytes: number,
    part: Blob,
  ): Promise<SealedChunk[]> {
    return this.#leastBusy().call('sealChunks', [salt, documentId, first, count, chunkBytes, part]);
  }

  openChunk(
    salt: Uint8Array<ArrayBuffer>,
    documentId: string,
    index: number,
    count: number,
    chunk: SealedChunk,
  ): Promise<Uint8Array<ArrayBuffer> | null> {
    return this.#leastBusy().call('openChunk', [salt, documentId, index, count, chunk]);
  }

  /** A part of a restore's chunks, restored by the least busy worker into the member's database. */
  restoreChunks(memberId: string, job: ChunkJob): Promise<ChunkJobResult> {
    return this.#leastBusy().call('restoreChunks', [memberId, job]);
  }

  checkChunk(
    salt: Uint8Array<ArrayBuffer>,
    documentId: string,
    index: number,
    count: number,
    chunk: SealedChunk,
  ): Promise<boolean> {
    return this.#leastBusy().call('checkChunk', [salt, documentId, index, count, chunk]);
  }

  terminate(): void {
    for (const worker of this.#workers) worker.terminate();
  }
}
