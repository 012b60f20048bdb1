// Sync between a member's devices, on the device (docs/sync.md): the engine's life — turned on, joined, resumed at
// unlock, stopped — and its runs. A run reads the server's header, then sends this device's unsent edits
// (sending.ts) and takes in the member's series (receiving.ts, snapshots.ts) until nothing is unsent, then makes a
// snapshot if one is due. One run at a time across this member's tabs; whatever stops a run (offline, a refusal)
// leaves the vault and the outbox as they were, for the next run to go on from. Everything outside the device —
// the server, its news, the lock, the clock, the network — comes in through `SyncEnvironment` (ports.ts).
import { ApiFailure, failureCode } from '../../client/api.js';
import { DEVICE_NAMES } from '../../shared/device.js';
import { base64ToBytes, bytesToBase64 } from '../../shared/base64.js';
import type { SyncState, SyncVaultHeaderJson } from '../../shared/schemas/sync.js';
import { headerFrom, headerJson as vaultHeaderJson } from '../vault/header.js';
import type { SealedRecord, VaultHeader } from '../vault/crypto.js';
import { StorageFullError } from '../vault/db.js';
import { newId, type SyncedVault } from '../vault/vault.js';
import { deriveSyncKey } from './chain.js';
import {
  deviceProof,
  headerGenuine,
  headerMac,
  headerProof,
  newSigningKey,
  signingKeyFrom,
  type SigningSecret,
} from './codec.js';
import { SyncRefused, SyncStop, type SyncCause } from './errors.js';
import { noTimings, syncMeta, timed, type SyncParts } from './parts.js';
import type { SyncEnvironment } from './ports.js';
import { pull } from './receiving.js';
import { push } from './sending.js';
import { publish, snapshotIfDue, takeSnapshot, type SnapshotState } from './snapshots.js';
import { markEdits, SyncStore, type SyncMetaRow } from './store.js';

export { SyncRefused } from './errors.js';
export type { SyncCause } from './errors.js';
export { SNAPSHOT_EVERY } from './snapshots.js';

/** A write here is sent this long after it (writes made together go together). */
const WRITE_DELAY_MS = 150;
/** Between failed runs: 2 s, doubling, at most a minute. */
const RETRY_MS = [2000, 4000, 8000, 16_000, 32_000, 60_000];
/**
 * Rounds in one run in which the server asks for a merge first (another device was quicker each time). More than
 * this, and what stays unsent is shown as stuck, and tried again later.
 */
const STALE_ROUNDS = 20;

export type SyncStatus =
  | { state: 'off' }
  | { state: 'synced'; at: number }
  | { state: 'syncing'; done: number; total: number }
  | { state: 'offline' }
  /** `unsent`: records whose edits are not on the server yet (told when it is why sync stopped). */
  /** `refused`: what did not check out (SyncRefused's verdict), for who looks into it; the member reads the cause. */
  | { state: 'error'; cause: SyncCause; unsent?: number; refused?: string };

/** The header as the server keeps it. */
const headerJson = (header: VaultHeader) => vaultHeaderJson(header) as SyncVaultHeaderJson;

/** The id the vault's signing key is sealed under (kind `sync`, as a change's address is). */
const SIGNING_ID = 'signing-key';

/** A registration gone for a reason of this device's session: it registers anew (see `rejoin`). */
const REGISTRATION_GONE: ReadonlySet<string> = new Set(['sync/unknown-device', 'sync/not-your-device']);

type PublishedVault = NonNullable<SyncState['vault']>;

/** The server's header as the device keeps it: its JSON and version. */
const headerKept = (vault: PublishedVault) => ({
  header: JSON.stringify(vault.header),
  headerVersion: vault.version,
});

export class SyncEngine {
  readonly #vault: SyncedVault;
  readonly #env: SyncEnvironment;
  #key: CryptoKey | null = null;
  /** The vault's signing key, once opened (null: the vault has none yet, or it is not known here yet). */
  #signing: CryptoKey | null = null;
  #status: SyncStatus = { state: 'off' };
  #listeners = new Set<() => void>();
  #running: Promise<void> | null = null;
  #again = false;
  #stopListening: (() => void) | null = null;
  #retry: unknown = null;
  #soonTimer: unknown = null;
  #failures = 0;
  #stopped = true;
  #snapshots: SnapshotState = { covered: 0 };
  /** The account password the member gave for a new header (`confirmHeader`), held for one run only. */
  #headerPassword: string | null = null;
  /** Why that password was refused (wrong, or too many tries), for `confirmHeader` to tell. */
  #headerRefusal: SyncCause | null = null;
  /** The server's header was read since the last news: a run for a write here need not read it again. */
  #headerRead = false;
  /** This device joined the synced vault and its first sync has not finished: the app shows it coming, not itself. */
  #joining = false;
  /** The synced vault this device is joining, until it is registered (a failed start is tried again from here). */
  #joiningState: SyncState | null = null;
  /** The first run since the vault was unlocked: a registration gone meanwhile (the session ended) is made anew. */
  #firstRun = false;
  /** This device registers anew at its next run (its registration went: see `rejoin`). */
  #rejoinDue = false;
  /** Where the time went, for the benchmark. */
  timings = noTimings();

  constructor(vault: SyncedVault, env: SyncEnvironment) {
    this.#vault = vault;
    this.#env = env;
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
      key: () => this.#syncKey(),
      signing: () => this.#signingKey(),
      progress: (done, total) => this.#set({ state: 'syncing', done, total }),
      timings: this.timings,
    };
  }

  async #syncKey(): Promise<CryptoKey> {
    if (this.#key) return this.#key;
    const dataKey = this.#vault.dataKey;
    if (!dataKey) throw new SyncStop('locked');
    this.#key = await deriveSyncKey(dataKey);
    return this.#key;
  }

  /**
   * The vault's signing key from the server's copy of it: opened with the vault's key (only a device of this vault
   * can), and its public half the one the server keeps. Null for a vault an older app published without one.
   */
  async #openSigning(vault: PublishedVault): Promise<CryptoKey | null> {
    if (!vault.signing) return null;
    if (this.#signing) return this.#signing;
    let secret: SigningSecret | null = null;
    try {
      const sealed = base64ToBytes(vault.signing.sealedKey);
      const [opened] = await this.#vault.open<SigningSecret>([{ id: SIGNING_ID, kind: 'sync', sealed }]);
      if (opened?.ok) secret = opened.value;
    } catch {
      secret = null;
    }
    if (!secret || secret.spki !== vault.signing.publicKey) throw new SyncRefused('altered');
    this.#signing = await signingKeyFrom(secret);
    return this.#signing;
  }

  /** The signing key, reading the server's state if it is not known yet. */
  async #signingKey(): Promise<CryptoKey | null> {
    if (this.#signing) return this.#signing;
    const state = await this.#env.server.call('syncState');
    return state.vault ? this.#openSigning(state.vault) : null;
  }

  /** A new signing key, sealed with the vault, as the server keeps it; the key signs here from now on. */
  async #makeSigning(): Promise<{ publicKey: string; sealedKey: string }> {
    const { secret, key } = await newSigningKey();
    const sealed = await this.#vault.seal('sync', SIGNING_ID, secret);
    this.#signing = key;
    return { publicKey: secret.spki, sealedKey: bytesToBase64(sealed.sealed) };
  }

  /**
   * A vault published by an older app has no signing key: a device of this version gives it one, signing the header
   * as it is at the next version. Anyone with a session could otherwise claim the vault, so the server asks a fresh
   * proof of the member (a sign-in moments ago, or the account password): without one, the vault syncs on as it was
   * (unsigned, no snapshot) until a later run has one. Another device quicker: its key is taken.
   */
  async #addSigning(vault: PublishedVault): Promise<void> {
    if (!(await headerGenuine(await this.#syncKey(), vault))) throw new SyncRefused('altered');
    const signing = await this.#makeSigning();
    try {
      await this.#sendHeader(vault.id, vault.header, vault.version + 1, { signing });
    } catch (error) {
      this.#signing = null;
      const code = error instanceof ApiFailure ? error.code : null;
      if (code === 'auth/reauth-required') return;
      if (code !== 'sync/other-vault' && code !== 'sync/stale-header') throw error;
      const state = await this.#env.server.call('syncState');
      if (state.vault?.id === vault.id && state.vault.signing) await this.#openSigning(state.vault);
    }
  }

  /**
   * Sends `header` at `version`, its MAC and the signing key's signature over both (docs/sync.md, "The header");
   * `signing` gives a key to a vault without one, `currentPassword` proves the member for a new header.
   */
  async #sendHeader(
    vault: string,
    header: SyncVaultHeaderJson,
    version: number,
    extra: { signing?: { publicKey: string; sealedKey: string }; currentPassword?: string } = {},
  ): Promise<void> {
    const signing = this.#signing;
    if (!signing) throw new SyncRefused('altered');
    await this.#env.server.call('syncPublishVault', {
      body: {
        id: vault,
        header,
        headerMac: await headerMac(await this.#syncKey(), vault, version, JSON.stringify(header)),
        version,
        proof: await headerProof(signing, vault, version, header),
        ...extra,
      },
    });
  }

  /** Registers this device as `device` in `vault`, with the proof that it holds the vault's signing key. */
  async #register(vault: string, device: string): Promise<void> {
    const signing = this.#signing;
    await this.#env.server.call('syncRegisterDevice', {
      params: { id: device },
      body: {
        name: this.#env.deviceName(),
        ...(signing ? { proof: await deviceProof(signing, vault, device) } : {}),
      },
    });
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
    this.#headerRead = false;
    this.#firstRun = true;
    this.#listen();
    this.syncNow();
    return true;
  }

  /** Stops syncing (the vault locked, the member signed out): nothing is lost, the next resume goes on. */
  stop(): void {
    this.#stopped = true;
    this.#joining = false;
    this.#joiningState = null;
    this.#key = null;
    this.#signing = null;
    this.#stopListening?.();
    this.#stopListening = null;
    if (this.#retry) this.#env.clock.clearTimeout(this.#retry);
    this.#retry = null;
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
  async enable(): Promise<void> {
    await timed(this.timings, 'startMs', async () => {
      const key = await this.#syncKey();
      const state = await this.#env.server.call('syncState');
      const header = this.#vault.header;
      if (!header) throw new SyncStop('locked');
      const known = await this.#store.syncMeta();
      if (!state.vault) {
        const vaultId = known?.vault ?? newId();
        const headerText = JSON.stringify(headerJson(header));
        const signing = await this.#makeSigning();
        await this.#sendHeader(vaultId, headerJson(header), 1, { signing });
        // The vault goes up whole, as its first snapshot, at the first run (docs/sync.md, "Publishing a vault").
        await this.#begin(vaultId, { header: headerText, headerVersion: 1 }, [], { publish: true });
        return;
      }
      // This very vault (its header checks out under this vault's key): sync turned on again here. Its records are
      // unsent edits made from nothing, merged with the synced ones as they arrive.
      if (state.vault.id !== known?.vault && !(await headerGenuine(key, state.vault))) {
        throw new ApiFailure('sync/other-vault', 409);
      }
      if (state.vault.signing) await this.#openSigning(state.vault);
      else await this.#addSigning(state.vault);
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
  async enableNew(): Promise<void> {
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
  async rejoin(): Promise<void> {
    if (!(await this.#store.syncMeta())) return this.enable();
    this.#rejoinDue = true;
    if (this.#stopped) await this.resume();
    else this.syncNow();
  }

  /** The registration made anew, inside a run (one tab does it; the others then find it done). */
  async #reregister(): Promise<void> {
    const meta = await syncMeta({ store: this.#store });
    const state = await this.#env.server.call('syncState');
    if (state.vault?.id !== meta.vault) throw new ApiFailure('sync/other-vault', 409);
    // Another tab of this device did it already: the registration in the meta is listed again.
    if (state.devices.some((device) => device.id === meta.device && device.current)) return;
    if (state.vault.signing) await this.#openSigning(state.vault);
    else await this.#addSigning(state.vault);
    const device = newId();
    await this.#register(meta.vault, device);
    await this.#store.rejoinSync({ ...meta, device, seq: 0, prev: null, after: 0, heads: {} });
    this.#headerRead = false;
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
      if (!(await headerGenuine(await this.#syncKey(), state.vault))) throw new SyncRefused('altered');
      if (state.vault.signing) await this.#openSigning(state.vault);
      else await this.#addSigning(state.vault);
      await this.#begin(state.vault.id, headerKept(state.vault), [], { joining: true });
      this.#joiningState = null;
    } catch (error) {
      this.#fail(error);
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
    await this.#register(vault, device);
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

  /**
   * The vault's publication, at this device's first run: its records as the series' first snapshot. Should the series
   * have begun meanwhile (another device sent a change into the new vault first), they go as changes instead.
   */
  async #publish(parts: SyncParts, meta: SyncMetaRow): Promise<void> {
    if (await publish(parts, meta)) {
      const { publishing: _sent, ...rest } = await syncMeta(parts);
      await this.#store.saveSyncMeta({ ...rest, after: Math.max(rest.after, 1) });
      return;
    }
    const now = this.#env.clock.now();
    const sealed = await Promise.all(
      this.#vault.all().map((entry) => this.#vault.seal(entry.kind, entry.id, entry.value)),
    );
    const { publishing: _refused, origin: _none, ...rest } = await syncMeta(parts);
    await this.#store.saveSyncMeta(rest);
    await this.#store.markEdits(
      sealed.map((record) => ({ ...record, updatedAt: now })),
      [],
    );
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
    while (this.#running) await this.#running;
    return !(await this.#store.hasDirty()) && (await this.#store.outbox()).length === 0;
  }

  /** Runs sync now (or right after the run under way). */
  syncNow = (): void => {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    if (this.#retry) this.#env.clock.clearTimeout(this.#retry);
    this.#retry = null;
    this.#running = this.#env
      .exclusive(`mygenie-sync-${this.#vault.memberId}`, () => this.#run())
      .finally(() => {
        this.#running = null;
        if (this.#again && !this.#stopped) {
          this.#again = false;
          this.syncNow();
        }
      });
  };

  /** Resolves when no run is under way (the first sync of a test, a benchmark). */
  async settled(): Promise<void> {
    while (this.#running) await this.#running;
  }

  #listen(): void {
    if (this.#stopListening) return;
    const stopNews = this.#env.news?.open({
      // New changes, or anything else of the member's sync (a device added or removed, a new header): a run takes
      // it in (one finding nothing new costs two small requests), and what shows it reads again when the run ends.
      sync: () => {
        this.#headerRead = false;
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

  async #run(): Promise<void> {
    if (this.#stopped) return;
    if (!this.#env.network.online()) {
      this.#set({ state: 'offline' });
      return;
    }
    this.#set({ state: 'syncing', done: 0, total: 0 });
    const firstRun = this.#firstRun;
    this.#firstRun = false;
    try {
      if (this.#rejoinDue) {
        await this.#reregister();
        this.#rejoinDue = false;
      }
      await this.#header();
      const parts = this.#parts;
      const meta = await syncMeta(parts);
      if (meta.publishing) await this.#publish(parts, meta);
      // A device new to the series (joining, or registered anew) takes it in before it sends anything: its records'
      // versions come from it.
      else if (meta.after === 0) {
        await timed(this.timings, 'pullMs', () => pull(parts, (id, at) => takeSnapshot(parts, id, at)));
      }
      // Until nothing is unsent: each round sends a batch (or learns it must merge first) and takes in what came.
      for (let stale = 0; ;) {
        const pushed = await push(parts);
        await timed(this.timings, 'pullMs', () => pull(parts, (id, meta) => takeSnapshot(parts, id, meta)));
        if (this.#stopped) return;
        if (pushed === 'done' && !(await this.#store.hasDirty())) break;
        if (pushed === 'stale' && ++stale >= STALE_ROUNDS) break;
      }
      // Never "synced" while anything stays unsent: it is shown as stuck, and tried again later.
      const unsent = await this.#store.dirtyCount();
      if (unsent > 0 || (await this.#store.outbox()).length > 0) {
        this.#set({ state: 'error', cause: 'stuck', unsent: Math.max(unsent, 1) });
        this.#retryLater();
        return;
      }
      await timed(this.timings, 'snapshotMs', () =>
        snapshotIfDue(parts, this.#snapshots, this.#env.snapshotEvery),
      );
      this.#failures = 0;
      if (this.#joining) await this.#joined();
      this.#set({ state: 'synced', at: this.#env.clock.now() });
    } catch (error) {
      // The registration went while the vault was locked (its session ended at a logout): made anew at once, by
      // the next run. Gone while the vault is open here, it stays gone until the member turns sync on again: a
      // device removed from another one (a lost phone) must stop.
      if (firstRun && REGISTRATION_GONE.has(failureCode(error)) && !this.#joining) {
        this.#rejoinDue = true;
        this.#again = true;
        return;
      }
      this.#fail(error);
    }
  }

  #fail(error: unknown): void {
    if (error instanceof ApiFailure && error.code === 'sync/busy') {
      // The server asks this member's devices to slow down (its fair share of the server): the run goes on after
      // the wait it names, still syncing, with nothing to tell the member.
      this.#retryIn((error.retryAfterSeconds ?? 1) * 1000);
      return;
    }
    if (error instanceof SyncRefused) {
      // Nothing of it was applied; sync stays stopped until the member asks again (the cause is shown).
      this.#set({ state: 'error', cause: 'refused', refused: error.verdict });
      return;
    }
    if (error instanceof SyncStop) {
      this.#set({ state: 'error', cause: error.reason });
      return;
    }
    if (error instanceof StorageFullError) {
      this.#set({ state: 'error', cause: 'storage-full' });
    } else {
      const code = failureCode(error);
      if (code === 'network') {
        // Offline, or online with the server out of reach (down, or the way to it): told apart for the member.
        this.#set(
          this.#env.network.online() ? { state: 'error', cause: 'unreachable' } : { state: 'offline' },
        );
      } else {
        this.#set({ state: 'error', cause: code });
      }
      // Waits for the member: signed in again, added again, or the account password for a new header.
      if (code === 'auth/unauthenticated' || code === 'auth/reauth-required' || REGISTRATION_GONE.has(code)) {
        return;
      }
    }
    if (this.#stopped && !this.#joiningState) return;
    this.#retryLater();
  }

  /** Another run after a wait that grows with each failure in a row. */
  #retryLater(): void {
    const wait = RETRY_MS[Math.min(this.#failures, RETRY_MS.length - 1)] ?? 60_000;
    this.#failures++;
    this.#retryIn(wait);
  }

  /** Another run in `wait` milliseconds. */
  #retryIn(wait: number): void {
    if (this.#retry) this.#env.clock.clearTimeout(this.#retry);
    this.#retry = this.#env.clock.setTimeout(() => {
      this.#retry = null;
      this.retry();
    }, wait);
  }

  /**
   * The header: a new master password here goes up; one set on another device is taken (its MAC checked), never one
   * older than this device had (a header put back after a master password's change).
   */
  async #header(): Promise<void> {
    const meta = await syncMeta({ store: this.#store });
    const header = this.#vault.header;
    if (!header) throw new SyncStop('locked');
    const key = await this.#syncKey();
    const local = JSON.stringify(headerJson(header));
    if (local !== meta.header) {
      await this.#sendNewHeader(meta, headerJson(header));
      return;
    }
    // Another device's new header is announced like any news (the server says the member's sync changed).
    if (this.#headerRead) return;
    const state = await this.#env.server.call('syncState');
    if (!state.vault) throw new ApiFailure('sync/no-vault', 404);
    if (state.vault.id !== meta.vault) throw new ApiFailure('sync/other-vault', 409);
    // Removed from the member's devices (on another device): it stops here, and says why.
    const here = state.devices.find((device) => device.id === meta.device);
    if (!here) throw new ApiFailure('sync/unknown-device', 404);
    // Registered by an earlier version under the description's coarse name ("Desktop"): named by its browser and
    // system now, unless the member renamed it.
    const name = this.#env.deviceName();
    if ((DEVICE_NAMES as readonly string[]).includes(here.name) && name !== here.name) {
      await this.#env.server.call('syncRenameDevice', { params: { id: meta.device }, body: { name } });
    }
    this.#headerRead = true;
    const known = meta.headerVersion ?? 0;
    if (state.vault.version < known) throw new SyncRefused('altered');
    // The vault's signing key: opened here (the next snapshot is signed with it), or given to a vault without one.
    if (state.vault.signing) await this.#openSigning(state.vault);
    else await this.#addSigning(state.vault);
    const remote = JSON.stringify(state.vault.header);
    if (remote === local && state.vault.version === known) return;
    if (!(await headerGenuine(key, state.vault))) throw new SyncRefused('altered');
    if (remote !== local) await this.#vault.adoptHeader(headerFrom(state.vault.header));
    await this.#store.saveSyncMeta({ ...meta, ...headerKept(state.vault) });
  }

  /**
   * A new master password here: its header goes up, signed, at the version after the newest (another device's new
   * header meanwhile is overtaken: the last change wins, as on one device). A sensitive change, so the server asks
   * a proof of the member: the master password's form makes one as it changes it; later (offline until then) the
   * account password given to `confirmHeader` goes with it, else sync stops with `auth/reauth-required`.
   */
  async #sendNewHeader(meta: SyncMetaRow, header: SyncVaultHeaderJson): Promise<void> {
    // A vault an older app published has no signing key yet: this header brings one.
    const signing = (await this.#signingKey()) ? undefined : await this.#makeSigning();
    const extra = {
      ...(signing ? { signing } : {}),
      ...(this.#headerPassword !== null ? { currentPassword: this.#headerPassword } : {}),
    };
    let version = (meta.headerVersion ?? 0) + 1;
    try {
      try {
        await this.#sendHeader(meta.vault, header, version, extra);
      } catch (error) {
        if (!(error instanceof ApiFailure && error.code === 'sync/stale-header')) throw error;
        const state = await this.#env.server.call('syncState');
        if (state.vault?.id !== meta.vault) throw new ApiFailure('sync/other-vault', 409);
        version = state.vault.version + 1;
        await this.#sendHeader(meta.vault, header, version, extra);
      }
    } catch (error) {
      if (signing) this.#signing = null;
      // The account password given was refused: told to the one who gave it; sync waits for it as before.
      const code = failureCode(error);
      if (
        this.#headerPassword !== null &&
        (code === 'auth/wrong-password' || code === 'auth/too-many-requests')
      ) {
        this.#headerRefusal = code;
        throw new ApiFailure('auth/reauth-required', 403);
      }
      throw error;
    }
    await this.#store.saveSyncMeta({ ...meta, header: JSON.stringify(header), headerVersion: version });
  }

  /**
   * The member gives the account password for a new header this device could not send without it
   * (`auth/reauth-required`): it goes with the next run's header and is forgotten after it. Answers why the header
   * did not go (the password refused, or what stopped the run), or null once it went.
   */
  async confirmHeader(password: string): Promise<SyncCause | null> {
    this.#headerPassword = password;
    this.#headerRefusal = null;
    try {
      this.syncNow();
      await this.settled();
    } finally {
      this.#headerPassword = null;
    }
    const refusal = this.#headerRefusal;
    this.#headerRefusal = null;
    return refusal ?? (this.#status.state === 'error' ? this.#status.cause : null);
  }
}
