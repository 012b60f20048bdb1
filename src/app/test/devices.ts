// A member's devices simulated in one Node process, for the sync engine's tests: each device is the app's real Vault
// and SyncEngine over its own IndexedDB (fake-indexeddb, one factory per device) and the vault's real cryptography
// run in-process, talking to a sync server (the in-memory one, or the real one over HTTP). Nothing of the engine is
// replaced; what a browser gives it (the lock across tabs, timers, the network's state) is given here, and a test
// decides when each device syncs, goes offline or restarts.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { MIN_ITERATIONS, VaultCipher, type VaultHeader } from '../vault/crypto.js';
import { CryptoPool, inProcessWorker, type PoolWorker } from '../vault/pool.js';
import { VaultStore } from '../vault/store.js';
import type { TabNews, VaultNews } from '../vault/tabs.js';
import { Vault, type VaultPlatform } from '../vault/vault.js';
import { SyncEngine } from '../sync/engine.js';
import type { SyncClock, SyncEnvironment, SyncNewsSource, SyncServer } from '../sync/ports.js';

export const PASSWORD = 'correct horse battery staple';

/**
 * The same master password over the same header always derives the same key: a device opening a vault it opened
 * before (a restart, another device of the member) takes the key derived the first time instead of spending 600,000
 * PBKDF2 rounds again. Only the derivation is skipped; a wrong password still fails.
 */
const unlocked = new Map<string, CryptoKey>();

function rememberingWorker(): PoolWorker {
  const worker = inProcessWorker();
  const call = worker.call.bind(worker);
  worker.call = (async (method: string, args: unknown[]) => {
    if (method !== 'unlock') return call(method as never, args as never);
    const [header, password] = args as [VaultHeader, string];
    const known = `${header.salt}/${header.wrappedKey}/${password}`;
    const key = unlocked.get(known);
    if (key) {
      await call('adopt', [key]);
      return { result: { ok: true }, key };
    }
    const answer = (await call('unlock', [header, password])) as { key: CryptoKey | null };
    if (answer.key) unlocked.set(known, answer.key);
    return answer;
  }) as PoolWorker['call'];
  return worker;
}

/** A vault header made once per test file (one key derivation), for every simulated member. */
export async function newHeader(password = PASSWORD): Promise<VaultHeader> {
  return new VaultCipher().create(password, MIN_ITERATIONS);
}

/** Timers that run only when the test moves time on. */
export class ManualClock implements SyncClock {
  #now = Date.UTC(2026, 10, 27, 9);
  #timers = new Map<number, { at: number; work: () => void }>();
  #next = 1;

  now(): number {
    return this.#now;
  }

  setTimeout(work: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#timers.set(id, { at: this.#now + ms, work });
    return id;
  }

  clearTimeout(timer: unknown): void {
    this.#timers.delete(timer as number);
  }

  /** Moves time on, running the timers that fall due. */
  advance(ms: number): void {
    this.#now += ms;
    for (const [id, timer] of [...this.#timers].sort(([, a], [, b]) => a.at - b.at)) {
      if (timer.at > this.#now) continue;
      this.#timers.delete(id);
      timer.work();
    }
  }
}

/** One device of the member: its own database, vault and engine; its network state is the test's to set. */
export class SimulatedDevice {
  readonly indexedDB = new IDBFactory();
  readonly clock = new ManualClock();
  online = true;
  vault!: Vault;
  engine!: SyncEngine;
  #queue: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    readonly memberId: string,
    readonly server: SyncServer,
    readonly news: SyncNewsSource | null = null,
  ) {
    this.#open();
  }

  #open(): void {
    const platform: VaultPlatform = {
      openStore: (id) => new VaultStore(id, { indexedDB: this.indexedDB, IDBKeyRange }),
      pool: new CryptoPool(1, rememberingWorker),
      news: null,
      keepVerifier: null,
      hasVerifier: () => true,
    };
    this.vault = new Vault(this.memberId, platform);
    const env: SyncEnvironment = {
      server: this.server,
      news: this.news,
      // One run at a time on this device (its tabs would share a Web Lock).
      exclusive: (_name, work) => {
        const run = this.#queue.then(work);
        this.#queue = run.catch(() => undefined);
        return run;
      },
      clock: this.clock,
      network: { online: () => this.online, watch: () => () => undefined },
      deviceName: () => this.name,
    };
    this.engine = new SyncEngine(this.vault, env);
  }

  /** The device's first unlock of a vault: `header` made elsewhere, opened here with the master password. */
  async openVault(header: VaultHeader, password = PASSWORD): Promise<void> {
    await this.vault.load();
    const opened = await this.vault.joinSynced(header, password);
    if (opened !== 'ok') throw new Error(`the vault did not open: ${opened}`);
  }

  /** The app closed and opened again on this device: the same database, a new vault and engine, unlocked again. */
  async restart(password = PASSWORD): Promise<void> {
    this.engine.stop();
    await this.engine.settled();
    this.vault.close();
    this.#open();
    await this.vault.load();
    const opened = await this.vault.unlock(password);
    if (opened !== 'ok') throw new Error(`the vault did not open: ${opened}`);
    await this.engine.resume();
    await this.engine.settled();
  }

  /** A sync run now, to its end. */
  async sync(): Promise<void> {
    this.engine.syncNow();
    await this.engine.settled();
  }

  close(): void {
    this.engine.stop();
    this.vault.close();
  }
}

/** Tabs of one browser: what one posts, the others hear (a BroadcastChannel's behaviour, in one process). */
export function tabHub(): () => TabNews {
  const tabs = new Set<(news: VaultNews) => void>();
  return () => {
    let mine: ((news: VaultNews) => void) | null = null;
    return {
      post: (news) => {
        for (const tab of [...tabs]) if (tab !== mine) queueMicrotask(() => tab(news));
      },
      listen(handler) {
        mine = handler;
        tabs.add(handler);
        return () => tabs.delete(handler);
      },
      close: () => {
        if (mine) tabs.delete(mine);
      },
    };
  };
}

/** A tab of the app on a device: the vault over that device's database, unlocked, hearing the other tabs. */
export async function openTab(
  indexedDB: IDBFactory,
  memberId: string,
  news: TabNews | null,
  header?: VaultHeader,
): Promise<Vault> {
  const vault = new Vault(memberId, {
    openStore: (id) => new VaultStore(id, { indexedDB, IDBKeyRange }),
    pool: new CryptoPool(1, rememberingWorker),
    news,
    keepVerifier: null,
    hasVerifier: () => true,
  });
  const state = await vault.load();
  const opened =
    state === 'new' && header ? await vault.joinSynced(header, PASSWORD) : await vault.unlock(PASSWORD);
  if (opened !== 'ok') throw new Error(`the vault did not open: ${opened}`);
  return vault;
}
