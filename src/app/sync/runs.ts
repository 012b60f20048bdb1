// The sync engine's runs (docs/sync.md): one at a time across the tabs syncing the series (a lock by its name), each
// catching up with what the series holds besides its changes (the member vault's header), then sending this device's
// unsent edits (sending.ts) and taking in the series (receiving.ts, snapshots.ts) until nothing is unsent, then
// making a snapshot if one is due. Whatever stops a run (offline, a refusal) leaves the vault and the outbox as they
// were, for the next run to go on from; a failure is told as the engine's status and tried again after a wait that
// grows. The engine (engine.ts) starts and stops them.
import { ApiFailure, failureCode } from '../../client/api.js';
import { StorageFullError } from '../vault/db.js';
import { newId, type SyncedVault } from '../vault/vault.js';
import { SyncRefused, SyncStop, type SyncCause } from './errors.js';
import { syncMeta, timed, type SyncParts, type SyncTimings } from './parts.js';
import type { SeriesIdentity, SyncEnvironment } from './ports.js';
import { pull } from './receiving.js';
import { push } from './sending.js';
import { publish, snapshotIfDue, takeSnapshot, type SnapshotState } from './snapshots.js';
import type { SyncMetaRow, SyncStore } from './store.js';

export type SyncStatus =
  | { state: 'off' }
  | { state: 'synced'; at: number }
  | { state: 'syncing'; done: number; total: number }
  | { state: 'offline' }
  /** `unsent`: records whose edits are not on the server yet (told when it is why sync stopped). */
  /** `refused`: what did not check out (SyncRefused's verdict), for who looks into it; the member reads the cause. */
  | { state: 'error'; cause: SyncCause; unsent?: number; refused?: string };

/** Between failed runs: 2 s, doubling, at most a minute. */
const RETRY_MS = [2000, 4000, 8000, 16_000, 32_000, 60_000];
/**
 * Rounds in one run in which the server asks for a merge first (another device was quicker each time). More than
 * this, and what stays unsent is shown as stuck, and tried again later.
 */
const STALE_ROUNDS = 20;

/** A registration gone for a reason of this device's session: it registers anew (see `SyncEngine.rejoin`). */
export const REGISTRATION_GONE: ReadonlySet<string> = new Set([
  'sync/unknown-device',
  'sync/not-your-device',
]);

/** What the runs work with: the engine's parts and its state, as they are now. */
export interface SyncRunsHost {
  vault: Pick<SyncedVault, 'all' | 'seal'>;
  env: Pick<SyncEnvironment, 'server' | 'exclusive' | 'clock' | 'network' | 'snapshotEvery'>;
  identity: SeriesIdentity;
  /** The lock the tabs syncing this series take turns at (the member's vault: `mygenie-sync-<member>`). */
  lockName: string;
  store: () => SyncStore;
  /** What each step of a run works with. */
  parts: () => SyncParts;
  timings: SyncTimings;
  setStatus: (status: SyncStatus) => void;
  /** Sync is stopped here (the vault locked, signed out, turned off). */
  stopped: () => boolean;
  /** This device's first sync is under way: it ends with `joined`. */
  joining: () => boolean;
  joined: () => Promise<void>;
  /** A joining device's start failed and waits to be tried again (a failure then is retried though stopped). */
  startPending: () => boolean;
  /** Tries again: the joining device's start when it failed, else a run. */
  retry: () => void;
}

export class SyncRuns {
  readonly #host: SyncRunsHost;
  #running: Promise<void> | null = null;
  #again = false;
  #retry: unknown = null;
  #failures = 0;
  #snapshots: SnapshotState = { covered: 0 };
  /** The first run since the vault was unlocked: a registration gone meanwhile (the session ended) is made anew. */
  firstRun = false;
  /** This device registers anew at its next run (its registration went: see `SyncEngine.rejoin`). */
  rejoinDue = false;

  constructor(host: SyncRunsHost) {
    this.#host = host;
  }

  /** Runs sync now (or right after the run under way). */
  syncNow = (): void => {
    if (this.#host.stopped()) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#cancelRetry();
    this.#running = this.#host.env
      .exclusive(this.#host.lockName, () => this.#run())
      .finally(() => {
        this.#running = null;
        if (this.#again && !this.#host.stopped()) {
          this.#again = false;
          this.syncNow();
        }
      });
  };

  /** Resolves when no run is under way (the first sync of a test, a benchmark). */
  async settled(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** No run is tried again later (sync stopped). */
  cancel(): void {
    this.#cancelRetry();
  }

  #cancelRetry(): void {
    if (this.#retry) this.#host.env.clock.clearTimeout(this.#retry);
    this.#retry = null;
  }

  async #run(): Promise<void> {
    const host = this.#host;
    if (host.stopped()) return;
    if (!host.env.network.online()) {
      host.setStatus({ state: 'offline' });
      return;
    }
    host.setStatus({ state: 'syncing', done: 0, total: 0 });
    const firstRun = this.firstRun;
    this.firstRun = false;
    try {
      if (this.rejoinDue) {
        await this.#reregister();
        this.rejoinDue = false;
      }
      await host.identity.catchUp();
      const parts = host.parts();
      const meta = await syncMeta(parts);
      if (meta.publishing) await this.#publish(parts, meta);
      // A device new to the series (joining, or registered anew) takes it in before it sends anything: its records'
      // versions come from it.
      else if (meta.after === 0) {
        await timed(host.timings, 'pullMs', () => pull(parts, (id, at) => takeSnapshot(parts, id, at)));
      }
      // Until nothing is unsent: each round sends a batch (or learns it must merge first) and takes in what came.
      for (let stale = 0; ;) {
        const pushed = await push(parts).catch((error: unknown) => {
          // A member who only reads the series (a space's viewer): what the others sent still comes in.
          if (parts.readsOnly?.(error)) return { refused: error };
          throw error;
        });
        await timed(host.timings, 'pullMs', () => pull(parts, (id, meta) => takeSnapshot(parts, id, meta)));
        if (typeof pushed === 'object') throw pushed.refused;
        if (host.stopped()) return;
        if (pushed === 'done' && !(await parts.store.hasDirty())) break;
        if (pushed === 'stale' && ++stale >= STALE_ROUNDS) break;
      }
      // Never "synced" while anything stays unsent: it is shown as stuck, and tried again later.
      const unsent = await parts.store.dirtyCount();
      if (unsent > 0 || (await parts.store.outbox()).length > 0) {
        host.setStatus({ state: 'error', cause: 'stuck', unsent: Math.max(unsent, 1) });
        this.#retryLater();
        return;
      }
      await timed(host.timings, 'snapshotMs', () =>
        snapshotIfDue(parts, this.#snapshots, host.env.snapshotEvery),
      );
      this.#failures = 0;
      if (host.joining()) await host.joined();
      host.setStatus({ state: 'synced', at: host.env.clock.now() });
    } catch (error) {
      // The registration went while the vault was locked (its session ended at a logout): made anew at once, by
      // the next run. Gone while the vault is open here, it stays gone until the member turns sync on again: a
      // device removed from another one (a lost phone) must stop.
      if (firstRun && REGISTRATION_GONE.has(failureCode(error)) && !host.joining()) {
        this.rejoinDue = true;
        this.#again = true;
        return;
      }
      this.fail(error);
    }
  }

  /** The registration made anew, inside a run (one tab does it; the others then find it done). */
  async #reregister(): Promise<void> {
    const { identity } = this.#host;
    const store = this.#host.store();
    const meta = await syncMeta({ store });
    const state = await this.#host.env.server.call('syncState');
    if (state.vault?.id !== meta.vault) throw new ApiFailure('sync/other-vault', 409);
    // Another tab of this device did it already: the registration in the meta is listed again.
    if (state.devices.some((device) => device.id === meta.device && device.current)) return;
    await identity.takeSigning(state.vault);
    const device = newId();
    await identity.register(meta.vault, device);
    await store.rejoinSync({ ...meta, device, seq: 0, prev: null, after: 0, heads: {} });
    identity.heardNews();
  }

  /**
   * The vault's publication, at this device's first run: its records as the series' first snapshot. Should the series
   * have begun meanwhile (another device sent a change into the new vault first), they go as changes instead.
   */
  async #publish(parts: SyncParts, meta: SyncMetaRow): Promise<void> {
    if (await publish(parts, meta)) {
      const { publishing: _sent, ...rest } = await syncMeta(parts);
      await parts.store.saveSyncMeta({ ...rest, after: Math.max(rest.after, 1) });
      return;
    }
    const now = this.#host.env.clock.now();
    const { vault } = this.#host;
    const sealed = await Promise.all(
      vault.all().map((entry) => vault.seal(entry.kind, entry.id, entry.value)),
    );
    const { publishing: _refused, origin: _none, ...rest } = await syncMeta(parts);
    await parts.store.saveSyncMeta(rest);
    await parts.store.markEdits(
      sealed.map((record) => ({ ...record, updatedAt: now })),
      [],
    );
  }

  /** Tells why a run (or a joining device's start) stopped, and tries again later when that may help. */
  fail(error: unknown): void {
    const host = this.#host;
    if (error instanceof ApiFailure && error.code === 'sync/busy') {
      // The server asks this member's devices to slow down (its fair share of the server): the run goes on after
      // the wait it names, still syncing, with nothing to tell the member.
      this.#retryIn((error.retryAfterSeconds ?? 1) * 1000);
      return;
    }
    if (error instanceof SyncRefused) {
      // Nothing of it was applied; sync stays stopped until the member asks again (the cause is shown).
      host.setStatus({ state: 'error', cause: 'refused', refused: error.verdict });
      return;
    }
    if (error instanceof SyncStop) {
      host.setStatus({ state: 'error', cause: error.reason });
      return;
    }
    if (error instanceof StorageFullError) {
      host.setStatus({ state: 'error', cause: 'storage-full' });
    } else {
      const code = failureCode(error);
      if (code === 'network') {
        // Offline, or online with the server out of reach (down, or the way to it): told apart for the member.
        host.setStatus(
          host.env.network.online() ? { state: 'error', cause: 'unreachable' } : { state: 'offline' },
        );
      } else {
        host.setStatus({ state: 'error', cause: code });
      }
      // Waits for the member: signed in again, added again, or the account password for a new header.
      if (code === 'auth/unauthenticated' || code === 'auth/reauth-required' || REGISTRATION_GONE.has(code)) {
        return;
      }
    }
    if (host.stopped() && !host.startPending()) return;
    this.#retryLater();
  }

  /** Another try after a wait that grows with each failure in a row. */
  #retryLater(): void {
    const wait = RETRY_MS[Math.min(this.#failures, RETRY_MS.length - 1)] ?? 60_000;
    this.#failures++;
    this.#retryIn(wait);
  }

  /** Another try in `wait` milliseconds. */
  #retryIn(wait: number): void {
    this.#cancelRetry();
    this.#retry = this.#host.env.clock.setTimeout(() => {
      this.#retry = null;
      this.#host.retry();
    }, wait);
  }
}
