// A member's devices simulated in one Node process, for the sync engine's tests: each device is the app's real Vault
// and SyncEngine over its own IndexedDB (fake-indexeddb, one factory per device) and the vault's real cryptography
// run in-process, talking to a sync server (the in-memory one, or the real one over HTTP). Nothing of the engine is
// replaced; what a browser gives it (the lock across tabs, timers, the network's state) is given here, and a test
// decides when each device syncs, goes offline or restarts.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { MIN_ITERATIONS, VaultCipher, type VaultHeader } from '../vault/crypto.js';
import { cryptoApi } from '../vault/crypto-api.js';
import { CryptoPool, inProcessWorker, type PoolWorker } from '../vault/pool.js';
import { VaultStore } from '../vault/store.js';
import { SyncStore } from '../sync/store.js';
import type { TabNews, VaultNews } from '../vault/tabs.js';
import { Vault, type VaultPlatform } from '../vault/vault.js';
import { SyncEngine } from '../sync/engine.js';
import { memberSeries, type VaultIdentity } from '../sync/identity.js';
import type {
  SyncClock,
  SyncEngineOptions,
  SyncEnvironment,
  SyncNewsSource,
  SyncServer,
} from '../sync/ports.js';

export const PASSWORD = 'correct horse battery staple';

/**
 * The same master password over the same header always derives the same key: a device opening a vault it opened
 * before (a restart, another device of the member) takes the key derived the first time instead of spending 600,000
 * PBKDF2 rounds again. Only the derivation is skipped; a wrong password still fails.
 */
const unlocked = new Map<string, CryptoKey>();

export function rememberingWorker(): PoolWorker {
  const worker = inProcessWorker(cryptoApi());
  const call = worker.call.bind(worker);
  worker.call = async (method, args, transfer) => {
    if (method !== 'unlock') return call(method, args, transfer);
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
  };
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

/** A tab of the app: its own vault (over the device's database) and sync engine. */
export interface Tab {
  vault: Vault;
  engine: SyncEngine;
}

/**
 * One device of the member: its own database, and the app open in one tab or more, each with its vault and engine
 * (they hear each other's writes and take turns at sync, as tabs sharing a Web Lock do); its network state is the
 * test's to set.
 */
export class SimulatedDevice {
  readonly indexedDB = new IDBFactory();
  readonly clock = new ManualClock();
  online = true;
  tabs: Tab[] = [];
  /** The names of the locks this device's runs took turns at. */
  readonly lockNames = new Set<string>();
  /** While true, what one tab writes is not yet heard by the others here (see holdNews). */
  #newsHeld = false;
  #hub = tabHub(() => this.#newsHeld);
  #queue: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    readonly memberId: string,
    readonly server: SyncServer,
    readonly options: {
      tabs?: number;
      news?: SyncNewsSource | null;
      snapshotEvery?: number;
      /** The series each tab's engine syncs: the member's vault unless a test gives its own. */
      series?: (vault: Vault, env: SyncEnvironment) => SyncEngineOptions<VaultIdentity>;
    } = {},
  ) {
    this.tabs = [this.#tab()];
  }

  /** The first tab's vault. */
  get vault(): Vault {
    return this.tabs[0]!.vault;
  }

  /** The first tab's engine. */
  /** Sync's tables on this device (the first tab's vault database). */
  get syncStore(): SyncStore {
    return new SyncStore(this.vault.database);
  }

  get engine(): SyncEngine {
    return this.tabs[0]!.engine;
  }

  #tab(): Tab {
    const platform: VaultPlatform = {
      openStore: (id) => new VaultStore(id, { indexedDB: this.indexedDB, IDBKeyRange }),
      pool: new CryptoPool(1, rememberingWorker),
      news: this.#hub(),
      keepVerifier: null,
      hasVerifier: () => true,
    };
    const vault = new Vault(this.memberId, platform);
    const env: SyncEnvironment = {
      server: this.server,
      news: this.options.news ?? null,
      // One run at a time on this device, whichever tab (they share a Web Lock).
      exclusive: (name, work) => {
        this.lockNames.add(name);
        const run = this.#queue.then(work);
        this.#queue = run.catch(() => undefined);
        return run;
      },
      clock: this.clock,
      network: { online: () => this.online, watch: () => () => undefined },
      deviceName: () => this.name,
      ...(this.options.snapshotEvery ? { snapshotEvery: this.options.snapshotEvery } : {}),
    };
    const series = this.options.series ?? memberSeries;
    return { vault, engine: new SyncEngine(vault, env, series(vault, env)) };
  }

  /** The device's first unlock of a vault: `header` made elsewhere, opened here with the master password. */
  async openVault(header: VaultHeader, password = PASSWORD): Promise<void> {
    await this.vault.load();
    const opened = await this.vault.joinSynced(header, password);
    if (opened !== 'ok') throw new Error(`the vault did not open: ${opened}`);
  }

  /** The device's first unlock of the member's synced vault, to the end of its first sync. */
  async join(password = PASSWORD): Promise<'ok' | 'wrong-password' | 'damaged-header'> {
    await this.vault.load();
    const joined = await this.engine.join(await this.server.call('syncState'), password);
    await this.engine.settled();
    return joined;
  }

  /** Opens the other tabs (the vault is on the device by now), each unlocked and syncing. */
  async openTabs(password = PASSWORD): Promise<void> {
    while (this.tabs.length < (this.options.tabs ?? 1)) {
      const tab = this.#tab();
      this.tabs.push(tab);
      await this.#unlock(tab, password);
    }
  }

  async #unlock(tab: Tab, password: string): Promise<void> {
    await tab.vault.load();
    const opened = await tab.vault.unlock(password);
    if (opened !== 'ok') throw new Error(`the vault did not open: ${opened}`);
    await tab.engine.resume();
    await tab.engine.settled();
  }

  /** The app closed and opened again on this device: the same database, new tabs, unlocked again. */
  async restart(password = PASSWORD): Promise<void> {
    const count = this.tabs.length;
    for (const tab of this.tabs) tab.engine.stop();
    await this.settled();
    this.close();
    this.#hub = tabHub(() => this.#newsHeld);
    this.tabs = [];
    for (let index = 0; index < count; index++) {
      const tab = this.#tab();
      this.tabs.push(tab);
      await this.#unlock(tab, password);
    }
  }

  /**
   * What each tab writes from now on reaches the others only when the answer is called: a tab that has not heard
   * yet holds an older copy in memory than the disk.
   */
  holdNews(): () => void {
    this.#newsHeld = true;
    return () => {
      this.#newsHeld = false;
      this.#hub.release();
    };
  }

  /** A sync run now in one tab, to its end. */
  async sync(tab = 0): Promise<void> {
    const { engine } = this.tabs[tab] ?? this.tabs[0]!;
    engine.syncNow();
    await engine.settled();
  }

  /** Waits for every tab's run under way, and for each tab to have read what the others wrote. */
  async settled(): Promise<void> {
    for (const tab of this.tabs) await tab.engine.settled();
    // News between tabs goes out as a microtask: one turn of the loop lets the last of it arrive.
    await new Promise((resolve) => setImmediate(resolve));
    for (const tab of this.tabs) await tab.vault.caughtUp();
  }

  close(): void {
    for (const tab of this.tabs) {
      tab.engine.stop();
      tab.vault.close();
    }
  }
}

/**
 * Tabs of one browser: what one posts, the others hear (a BroadcastChannel's behaviour, in one process). `held`:
 * while it answers true, news waits (a tab that has not heard yet, as a busy browser delays a message).
 */
export function tabHub(held: () => boolean = () => false): (() => TabNews) & { release: () => void } {
  const tabs = new Set<(news: VaultNews) => void>();
  const waiting: Array<() => void> = [];
  const hub = () => {
    let mine: ((news: VaultNews) => void) | null = null;
    return {
      post: (news: VaultNews) => {
        for (const tab of [...tabs]) {
          if (tab === mine) continue;
          if (held()) waiting.push(() => tab(news));
          else queueMicrotask(() => tab(news));
        }
      },
      listen(handler) {
        mine = handler;
        tabs.add(handler);
        return () => tabs.delete(handler);
      },
      close: () => {
        if (mine) tabs.delete(mine);
      },
    } satisfies TabNews;
  };
  /** What waited is heard now. */
  const release = () => {
    for (const deliver of waiting.splice(0)) queueMicrotask(deliver);
  };
  return Object.assign(hub, { release });
}

/** The app opened on a device: the vault over that device's database, loaded (locked, or new), not unlocked. */
export async function openLocked(
  indexedDB: IDBFactory,
  memberId: string,
  news: TabNews | null = null,
): Promise<Vault> {
  const vault = new Vault(memberId, {
    openStore: (id) => new VaultStore(id, { indexedDB, IDBKeyRange }),
    pool: new CryptoPool(1, rememberingWorker),
    news,
    keepVerifier: null,
    hasVerifier: () => true,
  });
  await vault.load();
  return vault;
}

/** A tab of the app on a device: the vault over that device's database, unlocked, hearing the other tabs. */
export async function openTab(
  indexedDB: IDBFactory,
  memberId: string,
  news: TabNews | null,
  header?: VaultHeader,
): Promise<Vault> {
  const vault = await openLocked(indexedDB, memberId, news);
  const state = vault.state;
  const opened =
    state === 'new' && header ? await vault.joinSynced(header, PASSWORD) : await vault.unlock(PASSWORD);
  if (opened !== 'ok') throw new Error(`the vault did not open: ${opened}`);
  return vault;
}
