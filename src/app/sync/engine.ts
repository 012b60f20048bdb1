// Sync between a member's devices, on the device (docs/sync.md): the engine's life — turned on, joined, resumed at
// unlock, stopped — over its two parts: the series as the server knows it (given: the member's vault, identity.ts:
// keys, header, registration) and its runs (runs.ts: one at a time across the tabs, each sending and taking in until
// nothing is unsent). Everything outside the device — the server, its news, the lock, the clock, the network — comes
// in through `SyncEnvironment` (ports.ts).
import { ApiFailure, failureCode } from '../../client/api.js';
import type { SyncState } from '../../shared/schemas/sync.js';
import { headerFrom } from '../vault/header.js';
import type { SealedRecord } from '../vault/crypto.js';
import { newId, type SyncedVault } from '../vault/vault.js';
import { headerGenuine } from './codec.js';
import { SyncRefused, SyncStop, type SyncCause } from './errors.js';
import { headerJson, headerKept, type VaultIdentity } from './identity.js';
import { noTimings, timed, type SyncParts } from './parts.js';
import type { SeriesHooks, SeriesIdentity, SyncEngineOptions, SyncEnvironment } from './ports.js';
import { SyncRuns, type SyncStatus } from './runs.js';
import { markEdits, SyncStore } from './store.js';

export { SyncRefused } from './errors.js';
export type { SyncCause } from './errors.js';
export type { SyncStatus } from './runs.js';
export { SNAPSHOT_EVERY } from './snapshots.js';

/** A write here is sent this long after it (writes made together go together). */
const WRITE_DELAY_MS = 150;

export class SyncEngine<I extends SeriesIdentity = VaultIdentity> {
  readonly #vault: SyncedVault;
  readonly #env: SyncEnvironment;
  /** The series as the server knows it: the sync and signing keys, the header, this device's registration. */
  readonly #identity: I;
  readonly #hooks: SeriesHooks;
  /** The runs, one at a time, and their retries. */
  readonly #runs: SyncRuns;
  #status: SyncStatus = { state: 'off' };
  #listeners = new Set<() => void>();
  #stopListening: (() => void) | null = null;
  #soonTimer: unknown = null;
  #stopped = true;
  /** This device joined the synced vault and its first sync has not finished: the app shows it coming, not itself. */
  #joining = false;
  /** The synced vault this device is joining, until it is registered (a failed start is tried again from here). */
  #joiningState: SyncState | null = null;
  /** Where the time went, for the benchmark. */
  readonly timings = noTimings();

  constructor(vault: SyncedVault, env: SyncEnvironment, options: SyncEngineOptions<I>) {
    this.#vault = vault;
    this.#env = env;
    this.#identity = options.identity;
    this.#hooks = options.hooks ?? {};
    this.#runs = new SyncRuns({
      vault,
      env,
      identity: this.#identity,
      lockName: options.lockName,
      store: () => this.#store,
      parts: () => this.#parts,
      timings: this.timings,
      setStatus: (status) => this.#set(status),
      stopped: () => this.#stopped,
      joining: () => this.#joining,
      joined: () => this.#joined(),
      startPending: () => this.#joiningState !== null,
      retry: () => this.retry(),
    });
  }

  get status(): SyncStatus {
    return this.#status;
  }

  get joining(): boolean {
    return this.#joining;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #set(status: SyncStatus): void {
    this.#status = status;
    this.#notify();
  }

  #notify(): void {
    for (const listener of this.#listeners) listener();
  }

  /** Sync's tables, in the vault's database (a new one after the vault was destroyed and made again). */
  get #store(): SyncStore {
    return new SyncStore(this.#vault.database);
  }

  /** What each step of a run works with. */
  get #parts(): SyncParts {
    return {
      vault: this.#vault,
      store: this.#store,
      server: this.#env.server,
      key: () => this.#identity.syncKey(),
      signing: () => this.#identity.signingKey(),
      progress: (done, total) => this.#set({ state: 'syncing', done, total }),
      timings: this.timings,
      ...this.#hooks,
    };
  }

  /** Whether sync is on for this device (its vault is unlocked). */
  async isOn(): Promise<boolean> {
    return (await this.#store.syncMeta()) !== undefined;
  }

  /** Starts syncing an unlocked vault whose sync is on: writes are tracked, news is listened for, a run starts. */
  async resume(): Promise<boolean> {
    const meta = await this.#store.syncMeta();
    if (!meta) {
      // Joining: the vault unlocked before this device was registered; the join goes on.
      if (!this.#joiningState) this.#set({ state: 'off' });
      return false;
    }
    this.#joining = meta.joining === true;
    this.#vault.trackEdits(markEdits);
    this.#vault.onHeaderChange = () => this.syncNow();
    this.#vault.onLocalWrite = this.#soon;
    this.#stopped = false;
    this.#identity.heardNews();
    this.#runs.firstRun = true;
    this.#listen();
    this.syncNow();
    return true;
  }

  /** Stops syncing (the vault locked, the member signed out): nothing is lost, the next resume goes on. */
  stop(): void {
    this.#stopped = true;
    this.#joining = false;
    this.#joiningState = null;
    this.#identity.forget();
    this.#stopListening?.();
    this.#stopListening = null;
    this.#runs.cancel();
    this.#vault.trackEdits(null);
    this.#vault.onHeaderChange = null;
    this.#vault.onLocalWrite = null;
    if (this.#soonTimer) this.#env.clock.clearTimeout(this.#soonTimer);
    this.#soonTimer = null;
  }

  /** A write here goes up shortly: writes made together (an import, a form saving two records) go together. */
  #soon = (): void => {
    if (this.#soonTimer) return;
    this.#soonTimer = this.#env.clock.setTimeout(() => {
      this.#soonTimer = null;
      this.syncNow();
    }, WRITE_DELAY_MS);
  };

  /**
   * Turns sync on for this unlocked vault. With nothing synced yet, this vault becomes the member's synced vault and
   * every record goes up; with this vault already synced, this device joins it again. Another vault synced already:
   * `sync/other-vault` (the member chooses: use the synced vault here, or erase it).
   */
  async enable(this: SyncEngine<VaultIdentity>): Promise<void> {
    const identity = this.#identity;
    await timed(this.timings, 'startMs', async () => {
      const key = await identity.syncKey();
      const state = await this.#env.server.call('syncState');
      const header = this.#vault.header;
      if (!header) throw new SyncStop('locked');
      const known = await this.#store.syncMeta();
      if (!state.vault) {
        const vaultId = known?.vault ?? newId();
        const headerText = JSON.stringify(headerJson(header));
        const signing = await identity.makeSigning();
        await identity.sendHeader(vaultId, headerJson(header), 1, { signing });
        // The vault goes up whole, as its first snapshot, at the first run (docs/sync.md, "Publishing a vault").
        await this.#begin(vaultId, { header: headerText, headerVersion: 1 }, [], { publish: true });
        return;
      }
      // This very vault (its header checks out under this vault's key): sync turned on again here. Its records are
      // unsent edits made from nothing, merged with the synced ones as they arrive.
      if (state.vault.id !== known?.vault && !(await headerGenuine(key, state.vault))) {
        throw new ApiFailure('sync/other-vault', 409);
      }
      await identity.takeSigning(state.vault);
      // Every record goes up as an edit made from nothing, merged with the synced ones as they arrive (its records'
      // versions went with its old registration).
      const sealed = await Promise.all(
        this.#vault.all().map((entry) => this.#vault.seal(entry.kind, entry.id, entry.value)),
      );
      await this.#begin(state.vault.id, headerKept(state.vault), sealed);
    });
  }

  /**
   * Sync turned on as the vault is made (the setup's default): a failure shows in the header, and the settings offer
   * to turn it on again.
   */
  async enableNew(this: SyncEngine<VaultIdentity>): Promise<void> {
    try {
      await this.enable();
    } catch (error) {
      this.#set({ state: 'error', cause: failureCode(error) });
    }
  }

  /**
   * This device's registration is gone (removed from another device, or its session ended): it registers anew and
   * takes in the member's series from the start, its unsent edits kept — merged against the versions they were made
   * from as those arrive — and nothing else of what it kept.
   */
  async rejoin(this: SyncEngine<VaultIdentity>): Promise<void> {
    if (!(await this.#store.syncMeta())) return this.enable();
    this.#runs.rejoinDue = true;
    if (this.#stopped) await this.resume();
    else this.syncNow();
  }

  /**
   * The first unlock of the synced vault on this device: the master password opens the server's header here, then
   * this device joins the vault's sync from nothing. Until its first sync ends, `joining` holds the app back (the
   * settings, the detail password among them, arrive with it).
   */
  async join(state: SyncState, password: string): Promise<'ok' | 'wrong-password' | 'damaged-header'> {
    if (!state.vault) throw new ApiFailure('sync/no-vault', 404);
    this.#joining = true;
    this.#joiningState = state;
    this.#notify();
    let opened: Awaited<ReturnType<SyncedVault['joinSynced']>> | null = null;
    try {
      const header = headerFrom(state.vault.header);
      opened = await timed(this.timings, 'unlockMs', () => this.#vault.joinSynced(header, password));
    } finally {
      // Not opened (a wrong password, or a failure): nothing is joining.
      if (opened !== 'ok') {
        this.#joining = false;
        this.#joiningState = null;
        this.#notify();
      }
    }
    if (opened === 'ok') await this.#start();
    return opened;
  }

  /** Registers the joining device and starts its first sync; a failure shows, and `retry` starts again. */
  async #start(): Promise<void> {
    const state = this.#joiningState;
    if (!state?.vault) return;
    this.#set({ state: 'syncing', done: 0, total: 0 });
    try {
      if (!(await headerGenuine(await this.#identity.syncKey(), state.vault)))
        throw new SyncRefused('altered');
      await this.#identity.takeSigning(state.vault);
      await this.#begin(state.vault.id, headerKept(state.vault), [], { joining: true });
      this.#joiningState = null;
    } catch (error) {
      this.#runs.fail(error);
    }
  }

  /** The joining device's first sync ended: from now on it is one of the member's devices like any other. */
  async #joined(): Promise<void> {
    const meta = await this.#store.syncMeta();
    if (meta?.joining) {
      const { joining: _done, ...rest } = meta;
      await this.#store.saveSyncMeta(rest);
    }
    this.#joining = false;
  }

  /** Tries again now: the joining device's start when it failed, else a sync run. */
  retry = (): void => {
    if (this.#joiningState) void this.#start();
    else this.syncNow();
  };

  /**
   * This device joins the vault's sync as a new device: `publish`, the vault's first device, whose records go up as
   * the publication; `joining`, a device new to the vault, which the app holds back until its first sync ends;
   * `rejoining`, records here that become unsent edits of records the series may hold already. The header kept is
   * the one in step with the server (a different one here goes up at the first run).
   */
  async #begin(
    vault: string,
    header: { header: string; headerVersion: number },
    rejoining: SealedRecord[],
    options: { publish?: boolean; joining?: boolean } = {},
  ): Promise<void> {
    const device = newId();
    await this.#identity.register(vault, device);
    await this.#store.startSync(
      {
        name: 'sync',
        vault,
        device,
        seq: 0,
        prev: null,
        after: 0,
        heads: {},
        ...header,
        ...(options.joining ? { joining: true as const } : {}),
        ...(options.publish ? { origin: true as const, publishing: true as const } : {}),
      },
      [],
    );
    if (rejoining.length > 0) {
      const now = this.#env.clock.now();
      await this.#store.markEdits(
        rejoining.map((record) => ({ ...record, updatedAt: now })),
        [],
      );
    }
    await this.resume();
  }

  /** Turns sync off here: this device leaves the list; its vault stays, local, as it is. */
  async disable(): Promise<void> {
    const meta = await this.#store.syncMeta();
    this.stop();
    if (meta) {
      await this.#env.server
        .call('syncRemoveDevice', { params: { id: meta.device } })
        .catch((error: unknown) => {
          if (!(error instanceof ApiFailure && error.code === 'sync/unknown-device')) throw error;
        });
    }
    await this.#store.forgetSync();
    this.#set({ state: 'off' });
  }

  /** Sends what is unsent now (before a logout); false when it could not. */
  async flush(): Promise<boolean> {
    if (!(await this.isOn())) return true;
    this.syncNow();
    await this.#runs.settled();
    return !(await this.#store.hasDirty()) && (await this.#store.outbox()).length === 0;
  }

  /** Runs sync now (or right after the run under way). */
  syncNow = (): void => {
    this.#runs.syncNow();
  };

  /** Resolves when no run is under way (the first sync of a test, a benchmark). */
  settled(): Promise<void> {
    return this.#runs.settled();
  }

  #listen(): void {
    if (this.#stopListening) return;
    const stopNews = this.#env.news?.open({
      // New changes, or anything else of the member's sync (a device added or removed, a new header): a run takes
      // it in (one finding nothing new costs two small requests), and what shows it reads again when the run ends.
      sync: (news) => {
        this.#identity.heardNews(news);
        this.syncNow();
      },
      // This device's session ended (from another device, or it expired): sync stops at once, and says why.
      signedOut: () => {
        this.stop();
        this.#set({ state: 'error', cause: 'auth/unauthenticated' });
      },
    });
    const stopWatching = this.#env.network.watch(this.syncNow, this.#offline);
    this.#stopListening = () => {
      stopNews?.();
      stopWatching();
    };
  }

  #offline = (): void => {
    if (!this.#stopped) this.#set({ state: 'offline' });
  };

  /**
   * The member gives the account password for a new header this device could not send without it
   * (`auth/reauth-required`): it goes with the next run's header and is forgotten after it. Answers why the header
   * did not go (the password refused, or what stopped the run), or null once it went.
   */
  async confirmHeader(this: SyncEngine<VaultIdentity>, password: string): Promise<SyncCause | null> {
    const refusal = await this.#identity.withPassword(password, () => {
      this.syncNow();
      return this.settled();
    });
    return refusal ?? (this.#status.state === 'error' ? this.#status.cause : null);
  }
}
