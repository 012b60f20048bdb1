// A shared space's records synced between its members' devices (docs/spaces-plan.md §3): the space's epoch is a
// keyed vault of its own (its data key K_e) synced by the app's own SyncEngine against the space's series on the
// server. `SpaceIdentity` is that series as the engine knows it — the sync key derived from K_e as the member vault's
// is from its data key, the member's identity key proving devices and snapshots, a run's first step reading the
// space's state and its log (an epoch moved on is told, for rotation to take over); `openSpaceEpoch` opens the
// epoch's key from the wrap the server keeps, only when signed by the member the log says let this one into the epoch
// and committed to in the log (epoch-keys.ts openWrap, the memberships' own rule); `openSpaceSeries` opens the
// epoch's vault and starts its engine. The log is the space's one book (log-view.ts), shared with the memberships.
import { ApiFailure } from '../../client/api.js';
import { listenLive } from '../../client/live-events.js';
import type { SpaceState } from '../../shared/spaces/log.js';
import { deriveSyncKey } from '../sync/chain.js';
import { SyncEngine } from '../sync/engine.js';
import { SyncRefused, SyncStop } from '../sync/errors.js';
import type { PublishedSeries, SeriesIdentity, SyncEnvironment, SyncNewsSource } from '../sync/ports.js';
import { SyncStore } from '../sync/store.js';
import { newId, type SyncedVault, type Vault } from '../vault/vault.js';
import { openWrap, type OpenedWrap } from './epoch-keys.js';
import { signStatement, type MemberIdentity } from './identity-keys.js';
import { SpaceLogBook } from './log-view.js';
import { spaceHooks } from './space-hooks.js';
import { deviceStatement, spaceServer, type SpaceApi } from './space-server.js';

export { SpaceLogBook } from './log-view.js';

/** The member on this device, as a space knows them: their uid and their opened identity. */
export interface SpaceMe {
  uid: string;
  identity: MemberIdentity;
}

/** The lock the member's tabs take turns at to sync one space. */
export const spaceLockName = (uid: string, spaceId: string) => `mygenie-space-sync-${uid}-${spaceId}`;

export interface SpaceIdentityHost {
  spaceId: string;
  epoch: number;
  /** The epoch's series id (the log's `S_e`). */
  series: string;
  vault: Pick<SyncedVault, 'dataKey' | 'database'>;
  me: SpaceMe;
  api: Pick<SpaceApi, 'call'>;
  book: SpaceLogBook;
  /** The space moved on to a newer epoch: this series is done, and rotation (plan §3) takes it from here. */
  onEpoch?: (epoch: number) => void;
}

/** A space's epoch as the sync engine's series (ports.ts, SeriesIdentity). */
export class SpaceIdentity implements SeriesIdentity {
  readonly #host: SpaceIdentityHost;
  #key: CryptoKey | null = null;
  /** The space's state and log were read since the last news: a run for a write here need not read them again. */
  #read = false;
  /** The newer epoch the space moved on to, once seen (null: still this one). */
  epochChanged: number | null = null;

  constructor(host: SpaceIdentityHost) {
    this.#host = host;
  }

  /** HKDF of the vault's data key, K_e, as the member vault's sync key is of its own (chain.ts). */
  async syncKey(): Promise<CryptoKey> {
    if (this.#key) return this.#key;
    const dataKey = this.#host.vault.dataKey;
    if (!dataKey) throw new SyncStop('locked');
    this.#key = await deriveSyncKey(dataKey);
    return this.#key;
  }

  /** A space's snapshots are proven by their maker's identity (space-server.ts signs the space's statement). */
  signingKey(): Promise<CryptoKey | null> {
    return Promise.resolve(this.#host.me.identity.sign);
  }

  /** The identity is the member's, known already: nothing to take from the series. */
  takeSigning(_series: PublishedSeries): Promise<void> {
    return Promise.resolve();
  }

  /** Registers `device` in the epoch's series, proven by the member's identity (SPACE_DEVICE). */
  async register(series: string, device: string): Promise<void> {
    const { spaceId, epoch, me, api } = this.#host;
    if (series !== this.#host.series) throw new SyncRefused('other-vault');
    const proof = await signStatement(me.identity, deviceStatement(spaceId, epoch, device));
    await api.call('spaceRegisterDevice', { params: { id: spaceId, device }, body: { epoch, proof } });
  }

  /**
   * A run's first step: the space's state and the log after what this device checked. A newer epoch (in either) is
   * told and stops this series; a series other than the log's for this epoch is the server's doing; this device no
   * longer among the member's stops it as a member vault's device does.
   */
  async catchUp(): Promise<void> {
    if (this.#read) return;
    const { spaceId, epoch, api, book } = this.#host;
    const state = await api.call('spaceSync', { params: { id: spaceId } });
    await book.catchUp();
    const log = book.state;
    if (!log) throw new SyncRefused('withheld');
    const newest = Math.max(state.epoch, log.epoch);
    if (newest > epoch) {
      this.epochChanged = newest;
      this.#host.onEpoch?.(newest);
      throw new SyncStop('space/stale-epoch');
    }
    if (state.epoch !== epoch || log.epoch !== epoch) throw new SyncRefused('altered');
    if (state.series !== this.#host.series || log.series !== this.#host.series) {
      throw new SyncRefused('other-vault');
    }
    const meta = await new SyncStore(this.#host.vault.database).syncMeta();
    if (meta && !state.devices.some((device) => device.id === meta.device)) {
      throw new ApiFailure('sync/unknown-device', 404);
    }
    this.#read = true;
  }

  /**
   * The space's news says its epoch and the log's newest entry: when both are what this device checked last, only
   * the series moved and the next run reads its changes alone (a change naming a log head not held yet still reads
   * the log first, space-hooks.ts guard). Anything else, or no news, and the state and the log are read again.
   */
  heardNews(news?: unknown): void {
    const { epoch, book } = this.#host;
    const said = news as { epoch?: unknown; log?: unknown } | undefined;
    if (this.#read && said?.epoch === epoch && said.log === book.state?.seq) return;
    this.#read = false;
  }

  forget(): void {
    this.#key = null;
  }
}

export type OpenedEpoch =
  | { ok: true; epoch: number; series: string; key: Uint8Array<ArrayBuffer>; log: SpaceState }
  /**
   * `no-wrap`: nobody wrapped the epoch's key to this member yet; `altered`: the state and the log disagree; the
   * others as openWrap says (`not-granted`: signed by another than the member the log says let this one in).
   */
  | {
      ok: false;
      reason: Exclude<Extract<OpenedWrap, { ok: false }>['reason'], 'none'> | 'no-wrap' | 'altered';
    };

/**
 * The space's current epoch and its key, opened from the wrap the server keeps for this member: signed by the member
 * the log says let this one into the epoch and holding the key the log's commitment names — a key of the server's
 * own, wrapped to this member's public key, opens as nothing.
 */
export async function openSpaceEpoch(options: {
  spaceId: string;
  me: SpaceMe;
  api: Pick<SpaceApi, 'call'>;
  book: SpaceLogBook;
}): Promise<OpenedEpoch> {
  const { spaceId, me, api, book } = options;
  const state = await api.call('spaceSync', { params: { id: spaceId } });
  const log = await book.catchUp();
  if (log.state.epoch !== state.epoch || log.state.series !== state.series)
    return { ok: false, reason: 'altered' };
  const opened = await openWrap(me, log, state.wrap);
  if (!opened.ok) return { ok: false, reason: opened.reason === 'none' ? 'no-wrap' : opened.reason };
  return { ok: true, epoch: log.state.epoch, series: log.state.series, key: opened.key, log: log.state };
}

/** A space's epoch open on this device: its vault, the engine syncing it, and the series as the engine knows it. */
export interface SpaceSeries {
  vault: Vault;
  engine: SyncEngine<SpaceIdentity>;
  identity: SpaceIdentity;
  book: SpaceLogBook;
  /** Stops syncing (the vault stays open). */
  stop(): void;
  /** Stops syncing and closes the vault. */
  close(): void;
}

export interface SpaceSeriesOptions {
  spaceId: string;
  epoch: number;
  series: string;
  /** K_e: imported into the vault's workers, not kept. */
  key: Uint8Array<ArrayBuffer>;
  me: SpaceMe;
  /**
   * The epoch's keyed vault, not yet opened: in the browser `new Vault(id, platform)` of `spacePlatform(member,
   * space, epoch)` (platform/vault-platform.ts), on a simulated device its own (test/space-devices.ts).
   */
  vault: Vault;
  /** Everything of the engine's environment but its server, which is the space's. */
  env: Omit<SyncEnvironment, 'server'>;
  api: SpaceApi;
  /** The space's log as this device checked it (a new one reads it from the start). */
  book?: SpaceLogBook;
  onEpoch?: (epoch: number) => void;
}

/**
 * Opens a ready space's epoch on this device (its key opened by `openSpaceEpoch`) and starts syncing it: the first
 * time, this device registers in the epoch's series and whatever its store already holds goes up as edits made from
 * nothing (merged with the series' as it arrives, as a member vault's records do when sync is turned on again).
 */
export async function openSpaceSeries(options: SpaceSeriesOptions): Promise<SpaceSeries> {
  const { spaceId, epoch, series, me, vault, env, api } = options;
  if (vault.state !== 'unlocked') await vault.openWithKey(options.key);
  const book = options.book ?? new SpaceLogBook(spaceId, api);
  const identity = new SpaceIdentity({
    spaceId,
    epoch,
    series,
    vault,
    me,
    api,
    book,
    ...(options.onEpoch ? { onEpoch: options.onEpoch } : {}),
  });
  const server = spaceServer(
    { spaceId, epoch, sign: (statement) => signStatement(me.identity, statement) },
    api,
  );
  const engine = new SyncEngine<SpaceIdentity>(
    vault,
    { ...env, server },
    {
      identity,
      lockName: spaceLockName(me.uid, spaceId),
      hooks: spaceHooks({ book, epoch, me, clock: env.clock }),
    },
  );
  const store = new SyncStore(vault.database);
  const known = await store.syncMeta();
  // The store is the epoch's own (space-stores.ts): another series in it is not this epoch's.
  if (known && known.vault !== series) throw new SyncRefused('other-vault');
  if (!known) {
    const device = newId();
    await identity.register(series, device);
    await store.startSync(
      { name: 'sync', vault: series, device, seq: 0, prev: null, after: 0, heads: {}, header: '' },
      [],
    );
    const sealed = await Promise.all(
      vault.all().map((entry) => vault.seal(entry.kind, entry.id, entry.value)),
    );
    if (sealed.length > 0) {
      const now = env.clock.now();
      await store.markEdits(
        sealed.map((record) => ({ ...record, updatedAt: now })),
        [],
      );
    }
  }
  await engine.resume();
  return {
    vault,
    engine,
    identity,
    book,
    stop: () => engine.stop(),
    close: () => {
      engine.stop();
      vault.close();
    },
  };
}

/** News of one space in the browser: the event stream's `space` events naming it (and `signed-out`). */
export function spaceNews(spaceId: string): SyncNewsSource | null {
  if (typeof EventSource === 'undefined') return null;
  return {
    open: (handlers) =>
      listenLive({
        space: (data) => {
          if ((data as { id?: unknown } | undefined)?.id === spaceId) handlers.sync(data);
        },
        'signed-out': handlers.signedOut,
      }),
  };
}
