// The app's side of the crypto workers. One worker unlocks; the key handle is then shared with the other, so
// the page's thread stays free while a large vault opens. (Chromium runs every WebCrypto operation of a page
// on one crypto thread, so more workers do not decrypt faster; two share the JavaScript side of the work.)
// Each of the vault's methods is sent to the first worker (the key's own work) or the least busy one; another
// part of the app's work there (a WorkerJob) goes to the least busy.
import {
  parseOpened,
  type Opened,
  type PasskeyWrap,
  type SealedChunk,
  type SealedRecord,
  type Unlocked,
  type VaultHeader,
} from './crypto.js';
import { answer } from './worker-host.js';
import type {
  CryptoWorkerApi,
  Method,
  WorkerHandlers,
  WorkerJob,
  WorkerRequest,
  WorkerResponse,
} from './protocol.js';

/** Records sealed per message by sealMany: large enough to spare the messages, small enough to share the work. */
const SEAL_BATCH = 256;

type Result<M extends Method> = ReturnType<CryptoWorkerApi[M]>;
type Call<M extends Method> = (...args: Parameters<CryptoWorkerApi[M]>) => Promise<Result<M>>;

/** What the pool asks of a worker: a Web Worker in the app, the same work in-process in Node tests. */
export interface PoolWorker {
  /** Requests sent and not yet answered: the pool gives new work to the least busy worker. */
  busy: number;
  /** The answer of the worker's handler for `method` (untyped: the pool knows what each method answers). */
  call(method: string, args: unknown[], transfer?: Transferable[]): Promise<unknown>;
  terminate(): void;
}

/**
 * A worker's work done on this thread (several simulated devices in one Node process): the same handlers, the
 * same key handling, without the messages.
 */
export function inProcessWorker(handlers: WorkerHandlers): PoolWorker {
  let next = 1;
  return {
    busy: 0,
    async call(method, args) {
      this.busy++;
      try {
        const response = await answer(handlers, { id: next++, method, args });
        if (!response.ok) throw new Error(response.error);
        return response.result;
      } finally {
        this.busy--;
      }
    },
    terminate: () => undefined,
  };
}

/** A Web Worker running the crypto handlers (made by the app: src/app/platform/). */
export class WebPoolWorker implements PoolWorker {
  #worker: Worker;
  #next = 1;
  #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  /** Requests sent and not yet answered: the pool gives new work to the least busy worker. */
  busy = 0;

  constructor(worker: Worker) {
    this.#worker = worker;
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

  call(method: string, args: unknown[], transfer: Transferable[] = []): Promise<unknown> {
    const id = this.#next++;
    this.busy++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
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
  readonly #size: number;
  readonly #spawn: () => PoolWorker;
  #running: PoolWorker[];
  /** The unlocked data key's handle (non-extractable): sync derives its own key from it. */
  #key: CryptoKey | null = null;

  constructor(size: number, spawn: () => PoolWorker) {
    this.#size = size;
    this.#spawn = spawn;
    this.#running = Array.from({ length: size }, spawn);
  }

  get size(): number {
    return this.#size;
  }

  /** The workers, started again after `terminate` when work comes (a vault closed and loaded again). */
  get #workers(): PoolWorker[] {
    if (this.#running.length === 0) this.#running = Array.from({ length: this.#size }, this.#spawn);
    return this.#running;
  }

  #first(): PoolWorker {
    return this.#workers[0]!;
  }

  #leastBusy(): PoolWorker {
    return this.#workers.reduce((best, worker) => (worker.busy < best.busy ? worker : best));
  }

  /** A vault method asked of `worker`: its answer is what CryptoWorkerApi says the method returns. */
  #ask<M extends Method>(
    worker: PoolWorker,
    method: M,
    args: Parameters<CryptoWorkerApi[M]>,
    transfer?: Transferable[],
  ): Promise<Result<M>> {
    return worker.call(method, args, transfer) as Promise<Result<M>>;
  }

  /** The method, asked of the first worker (the one that unlocks: the key's own work). */
  #onFirst<M extends Method>(method: M): Call<M> {
    return (...args) => this.#ask(this.#first(), method, args);
  }

  /** The method, asked of the least busy worker. */
  #onLeastBusy<M extends Method>(method: M): Call<M> {
    return (...args) => this.#ask(this.#leastBusy(), method, args);
  }

  async #share(key: CryptoKey): Promise<void> {
    this.#key = key;
    await Promise.all(this.#workers.slice(1).map((worker) => this.#ask(worker, 'adopt', [key])));
  }

  /** Every worker takes an already unlocked key (a restore that has just unwrapped one). */
  async adopt(key: CryptoKey): Promise<void> {
    this.#key = key;
    await Promise.all(this.#workers.map((worker) => this.#ask(worker, 'adopt', [key])));
  }

  readonly calibrate = this.#onFirst('calibrate');

  async create(password: string, iterations: number): Promise<VaultHeader> {
    const { header, key } = await this.#ask(this.#first(), 'create', [password, iterations]);
    await this.#share(key);
    return header;
  }

  async unlock(header: VaultHeader, password: string): Promise<Unlocked> {
    const { result, key } = await this.#ask(this.#first(), 'unlock', [header, password]);
    if (key) await this.#share(key);
    return result;
  }

  /** Unlocks with a passkey's PRF output and this device's wrap for it. */
  async unlockWithPasskey(
    header: VaultHeader,
    wrap: PasskeyWrap,
    prfOutput: Uint8Array<ArrayBuffer>,
  ): Promise<Unlocked> {
    const { result, key } = await this.#ask(this.#first(), 'unlockWithPasskey', [header, wrap, prfOutput]);
    if (key) await this.#share(key);
    return result;
  }

  readonly wrapForPasskey = this.#onFirst('wrapForPasskey');

  /** The data key's handle while unlocked (sync's key is derived from it: src/app/sync/chain.ts). */
  get dataKey(): CryptoKey | null {
    return this.#key;
  }

  async lock(): Promise<void> {
    this.#key = null;
    await Promise.all(this.#workers.map((worker) => this.#ask(worker, 'lock', [])));
  }

  readonly checkPassword = this.#onFirst('checkPassword');
  readonly changePassword = this.#onFirst('changePassword');
  readonly seal = this.#onLeastBusy('seal');

  /**
   * Records sealed each on its own, in batches split between the workers: a message per batch rather than per
   * record (sealing a 50,000-row import one message each spent seconds of the page's thread on the messages).
   */
  async sealMany(
    records: ReadonlyArray<{ kind: string; id: string; value: unknown }>,
  ): Promise<SealedRecord[]> {
    const batches: Array<Promise<SealedRecord[]>> = [];
    for (let start = 0; start < records.length; start += SEAL_BATCH) {
      const batch = records.slice(start, start + SEAL_BATCH);
      batches.push(this.#ask(this.#leastBusy(), 'sealMany', [batch]));
    }
    return (await Promise.all(batches)).flat();
  }

  /** Records opened, split between the workers. */
  async openMany<T>(records: SealedRecord[]): Promise<Opened<T>[]> {
    if (records.length === 0) return [];
    const share = Math.ceil(records.length / this.#workers.length);
    const parts = await Promise.all(
      this.#workers.map((worker, index) =>
        this.#ask(worker, 'openManyText', [records.slice(index * share, (index + 1) * share)]),
      ),
    );
    return parts.flat().map((text) => parseOpened<T>(text));
  }

  /** Sealed pages' JSON texts, opened by the least busy worker (a batch at a time as they are read). */
  readonly openPageTexts = this.#onLeastBusy('openPageTexts');
  readonly compactPage = this.#onLeastBusy('compactPage');
  readonly unbundlePage = this.#onLeastBusy('unbundlePage');
  readonly backupMac = this.#onFirst('backupMac');

  /**
   * A backup chunk's digest for the MAC listing. Each worker has its own crypto thread, so the digests of a
   * large backup run beside the page's own work (a restore's key derivation) and split between the workers.
   */
  chunkDigest(chunk: SealedChunk): Promise<Uint8Array<ArrayBuffer>> {
    return this.#ask(this.#leastBusy(), 'chunkDigest', [{ iv: chunk.iv, data: chunk.data }]);
  }

  /** A chunk sealed; its plaintext goes to the worker by transfer (it is not used here after). */
  sealChunk(...args: Parameters<CryptoWorkerApi['sealChunk']>): Promise<SealedChunk> {
    return this.#ask(this.#leastBusy(), 'sealChunk', args, [args[4]]);
  }

  /** Several chunks of a document sealed in one worker from their slice of the file: see the protocol. */
  readonly sealChunks = this.#onLeastBusy('sealChunks');
  readonly openChunk = this.#onLeastBusy('openChunk');
  readonly checkChunk = this.#onLeastBusy('checkChunk');

  /** Work another part of the app has the workers do (a restore's chunks: src/app/backup/chunk-job.ts). */
  run<A extends unknown[], R>(job: WorkerJob<A, R>, ...args: A): Promise<R> {
    return this.#leastBusy().call(job.method, args) as Promise<R>;
  }

  /** Stops the workers (their keys go with them); work asked later starts new ones, locked. */
  terminate(): void {
    for (const worker of this.#running) worker.terminate();
    this.#running = [];
    this.#key = null;
  }
}
