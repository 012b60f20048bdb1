// Sync between a member's devices, on the device (docs/sync.md): sends this device's unsent edits as signed
// changes, applies the member's series of changes in order (each checked against its device's chain, then merged
// with what is unsent here), moves documents' chunks, keeps snapshots, and listens for news on the event stream.
// One run at a time across this member's tabs (a Web Lock); whatever stops a run (offline, a refusal) leaves the
// vault and the outbox as they were, for the next run to go on from.
import { base64ToBytes, bytesToBase64 } from '../../shared/base64.js';
import { SYNC_MAX_CHANGES_PER_PUSH } from '../../shared/constants.js';
import type { SyncChange, SyncState, SyncVaultHeaderJson } from '../../shared/schemas/sync.js';
import { ApiFailure, call, failureCode, failureOf, pathOf, type FailureCode } from '../../client/api.js';
import { headerFrom, headerJson as backupHeaderJson } from '../backup/format.js';
import type { SealedChunk, SealedRecord, VaultHeader } from '../vault/crypto.js';
import {
  EditedMeanwhileError,
  type RemoteWrite,
  type StoredRecord,
  type SyncMetaRow,
  type SyncOutboxRow,
  type SyncRecordRow,
} from '../vault/store.js';
import { newId, type DocumentMeta, type RecordKind, type Vault } from '../vault/vault.js';
import { decide, type Notice, type Side } from './apply.js';
import { ChainState, deriveSyncKey, sealedHash, signChange, type ChainHead, type Verdict } from './chain.js';
import type { Json } from './merge.js';

/** A push carries at most this many bytes of payload (the server takes 4 MiB of JSON). */
const PUSH_BYTES = 2_500_000;
/** A device that has applied this many changes since the last snapshot makes a new one. */
export const SNAPSHOT_EVERY = 1000;
/** A snapshot's records are applied this many at a time (one IndexedDB transaction each). */
const SNAPSHOT_PART = 2000;
/** Document chunks fetched (or sent) at once. */
const CHUNKS_IN_FLIGHT = 4;
/** A write here is sent this long after it (writes made together go together). */
const WRITE_DELAY_MS = 150;
/** Between failed runs: 2 s, doubling, at most a minute. */
const RETRY_MS = [2000, 4000, 8000, 16_000, 32_000, 60_000];
const SNAPSHOT_INFO = 'mygenie/sync-snapshot/v1';
const HEADER_INFO = 'mygenie/sync-header/v1';
/** Records merged key by key, never copied: settings (one of a kind), a document's description (its chunks are its id's). */
const ONE_OF_A_KIND: ReadonlySet<string> = new Set(['settings', 'document']);

/** Why sync stopped on a refusal of what the server sent (docs/sync.md, "Authentication"). */
export class SyncRefused extends Error {
  constructor(readonly verdict: Exclude<Verdict, 'ok'> | 'damaged') {
    super(`refused: ${verdict}`);
  }
}

export type SyncCause = FailureCode | 'refused' | 'storage-full' | 'locked' | 'damaged';

export type SyncStatus =
  | { state: 'off' }
  | { state: 'synced'; at: number }
  | { state: 'syncing'; done: number; total: number }
  | { state: 'offline' }
  | { state: 'error'; cause: SyncCause };

export interface SyncNotice {
  id: string;
  kind: RecordKind;
  notice: Notice;
  at: number;
}

/** The header as the server keeps it. */
const headerJson = (header: VaultHeader) => backupHeaderJson(header) as SyncVaultHeaderJson;

/** A record's pseudonymous id, or a chunk's name: HMAC under the sync key, base64url. */
async function keyName(key: CryptoKey, text: string): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text)));
  return bytesToBase64(mac).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const ridOf = (key: CryptoKey, kind: string, id: string) => keyName(key, `record/${kind}/${id}`);
const chunkName = (key: CryptoKey, documentId: string, index: number) =>
  keyName(key, `chunk/${documentId}/${index}`);

/** A change's payload: the sealed address (kind and id), then the record as the vault sealed it (none: deleted). */
function joinPayload(address: Uint8Array, record: Uint8Array | null): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(4 + address.byteLength + (record?.byteLength ?? 0));
  new DataView(bytes.buffer).setUint32(0, address.byteLength);
  bytes.set(address, 4);
  if (record) bytes.set(record, 4 + address.byteLength);
  return bytes;
}

function splitPayload(bytes: Uint8Array<ArrayBuffer>): {
  address: Uint8Array<ArrayBuffer>;
  record: Uint8Array<ArrayBuffer> | null;
} {
  if (bytes.byteLength < 4) throw new SyncRefused('damaged');
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0);
  if (4 + length > bytes.byteLength) throw new SyncRefused('damaged');
  const address = bytes.slice(4, 4 + length);
  const rest = bytes.slice(4 + length);
  return { address, record: rest.byteLength > 0 ? rest : null };
}

async function macOf(key: CryptoKey, parts: unknown[]): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(parts));
  return bytesToBase64(new Uint8Array(await crypto.subtle.sign('HMAC', key, bytes)));
}

async function macChecks(key: CryptoKey, mac: string, parts: unknown[]): Promise<boolean> {
  try {
    const bytes = new TextEncoder().encode(JSON.stringify(parts));
    return await crypto.subtle.verify('HMAC', key, base64ToBytes(mac), bytes);
  } catch {
    return false;
  }
}

/** The MAC a device of the vault puts on its header (the server keeps both). */
const headerMac = (key: CryptoKey, vault: string, header: string) => macOf(key, [HEADER_INFO, vault, header]);

/** Whether the server's header was made by a device of this vault (this vault's key). */
const headerGenuine = (key: CryptoKey, vault: NonNullable<SyncState['vault']>) =>
  macChecks(key, vault.headerMac, [HEADER_INFO, vault.id, JSON.stringify(vault.header)]);

const sortedHeads = (heads: Record<string, ChainHead>) =>
  Object.entries(heads).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

interface SnapshotFile {
  v: 1;
  vault: string;
  covers: number;
  heads: Record<string, ChainHead>;
  /** [rid, version, payload] for every record in the series, deletions included. */
  records: Array<[string, string, string]>;
  mac: string;
}

/** How a record opened from the series reads: its address and, unless deleted, its value and sealed bytes. */
interface Opened {
  id: string;
  kind: RecordKind;
  side: Side;
  sealed: Uint8Array<ArrayBuffer> | null;
}

export interface SyncEngineOptions {
  /** This device's name in the list of devices holding the vault. */
  deviceName: () => string;
}

export class SyncEngine {
  readonly #vault: Vault;
  readonly #options: SyncEngineOptions;
  #key: CryptoKey | null = null;
  #status: SyncStatus = { state: 'off' };
  #listeners = new Set<() => void>();
  #running: Promise<void> | null = null;
  #again = false;
  #events: EventSource | null = null;
  #retry: ReturnType<typeof setTimeout> | null = null;
  #failures = 0;
  #stopped = true;
  #lastSnapshot = 0;
  /** The server's header was read since the last news: a run for a write here need not read it again. */
  #headerRead = false;
  /** This device joined the synced vault and its first sync has not finished: the app shows it coming, not itself. */
  #joining = false;
  /** The synced vault this device is joining, until it is registered (a failed start is tried again from here). */
  #joiningState: SyncState | null = null;
  notices: SyncNotice[] = [];
  /** Where the time went (milliseconds, added up), for the benchmark: sending, then receiving. */
  timings = {
    startMs: 0,
    signMs: 0,
    pushMs: 0,
    settleMs: 0,
    pullMs: 0,
    snapshotMs: 0,
    unlockMs: 0,
    openMs: 0,
    chunksMs: 0,
    writeMs: 0,
    applyMs: 0,
  };

  constructor(vault: Vault, options: SyncEngineOptions) {
    this.#vault = vault;
    this.#options = options;
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

  get #store() {
    return this.#vault.syncParts.store;
  }

  get #pool() {
    return this.#vault.syncParts.pool;
  }

  async #syncKey(): Promise<CryptoKey> {
    if (this.#key) return this.#key;
    const dataKey = this.#pool.dataKey;
    if (!dataKey) throw new SyncStop('locked');
    this.#key = await deriveSyncKey(dataKey);
    return this.#key;
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
    this.#vault.tracking = true;
    this.#vault.onHeaderChange = () => this.syncNow();
    this.#vault.onLocalWrite = this.#soon;
    this.#stopped = false;
    this.#headerRead = false;
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
    this.#events?.close();
    this.#events = null;
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.syncNow);
      window.removeEventListener('offline', this.#offline);
    }
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    this.#vault.tracking = false;
    this.#vault.onHeaderChange = null;
    this.#vault.onLocalWrite = null;
    if (this.#soonTimer) clearTimeout(this.#soonTimer);
    this.#soonTimer = null;
  }

  #soonTimer: ReturnType<typeof setTimeout> | null = null;

  /** A write here goes up shortly: writes made together (an import, a form saving two records) go together. */
  #soon = (): void => {
    if (this.#soonTimer) return;
    this.#soonTimer = setTimeout(() => {
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
    const started = performance.now();
    const key = await this.#syncKey();
    const state = await call('syncState');
    const header = this.#vault.syncParts.header;
    if (!header) throw new SyncStop('locked');
    const known = await this.#store.syncMeta();
    // Every record goes up as new, sealed as the vault seals it (a vault that synced before sends them again from
    // the start: its records' versions went with its old device).
    const sealed = await Promise.all(
      this.#vault.all().map((entry) => this.#pool.seal(entry.kind, entry.id, entry.value)),
    );
    if (!state.vault) {
      const vaultId = known?.vault ?? newId();
      const headerText = JSON.stringify(headerJson(header));
      await call('syncPublishVault', {
        body: {
          id: vaultId,
          header: headerJson(header),
          headerMac: await headerMac(key, vaultId, headerText),
        },
      });
      await this.#begin(vaultId, headerText, sealed, []);
      this.timings.startMs += performance.now() - started;
      return;
    }
    // This very vault (its header checks out under this vault's key): sync turned on again here. Its records are
    // unsent edits made from nothing, merged with the synced ones as they arrive.
    if (state.vault.id !== known?.vault && !(await headerGenuine(key, state.vault))) {
      throw new ApiFailure('sync/other-vault', 409);
    }
    await this.#begin(state.vault.id, JSON.stringify(state.vault.header), [], sealed);
    this.timings.startMs += performance.now() - started;
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
   * The first unlock of the synced vault on this device: the master password opens the server's header here, then
   * this device joins the vault's sync from nothing. Until its first sync ends, `joining` holds the app back (the
   * settings, the detail password among them, arrive with it).
   */
  async join(state: SyncState, password: string): Promise<'ok' | 'wrong-password' | 'damaged-header'> {
    if (!state.vault) throw new ApiFailure('sync/no-vault', 404);
    this.#joining = true;
    this.#joiningState = state;
    this.#notify();
    let opened: Awaited<ReturnType<Vault['joinSynced']>> | null = null;
    try {
      const started = performance.now();
      opened = await this.#vault.joinSynced(headerFrom(state.vault.header), password);
      this.timings.unlockMs += performance.now() - started;
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
      await this.#begin(state.vault.id, JSON.stringify(state.vault.header), [], [], true);
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
   * This device joins the vault's sync as a new device: `fresh` records become its first changes, `rejoining` ones
   * unsent edits of records the series may hold already. The header kept is the one in step with the server (a
   * different one here goes up at the first run).
   */
  async #begin(
    vault: string,
    header: string,
    fresh: SealedRecord[],
    rejoining: SealedRecord[],
    joining = false,
  ): Promise<void> {
    const device = newId();
    await call('syncRegisterDevice', { params: { id: device }, body: { name: this.#options.deviceName() } });
    await this.#store.startSync(
      {
        name: 'sync',
        vault,
        device,
        seq: 0,
        prev: null,
        after: 0,
        heads: {},
        header,
        ...(joining ? { joining: true as const } : {}),
      },
      fresh,
    );
    if (rejoining.length > 0) {
      await this.#store.markEdits(
        rejoining.map((record) => ({ ...record, updatedAt: Date.now() })),
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
      await call('syncRemoveDevice', { params: { id: meta.device } }).catch((error: unknown) => {
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

  /** Forgets a notice the member has read. */
  dismiss(notice: SyncNotice): void {
    this.notices = this.notices.filter((item) => item !== notice);
    this.#notify();
  }

  /** Runs sync now (or right after the run under way). */
  syncNow = (): void => {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    this.#running = this.#locked(() => this.#run()).finally(() => {
      this.#running = null;
      if (this.#again && !this.#stopped) {
        this.#again = false;
        this.syncNow();
      }
    });
  };

  async #locked(work: () => Promise<void>): Promise<void> {
    if (typeof navigator === 'undefined' || !navigator.locks) return work();
    await navigator.locks.request(`mygenie-sync-${this.#vault.memberId}`, work);
  }

  #listen(): void {
    if (this.#events || typeof EventSource === 'undefined') return;
    const events = new EventSource('/api/events');
    events.addEventListener('sync', () => {
      // New changes, or anything else of the member's sync (a device added or removed, a new header): a run takes it
      // in (one finding nothing new costs two small requests), and what shows it reads again when the run ends.
      this.#headerRead = false;
      this.syncNow();
    });
    // This device's session ended (from another device, or it expired): sync stops at once, and says why.
    events.addEventListener('signed-out', () => {
      this.stop();
      this.#set({ state: 'error', cause: 'auth/unauthenticated' });
    });
    this.#events = events;
    window.addEventListener('online', this.syncNow);
    window.addEventListener('offline', this.#offline);
  }

  #offline = (): void => {
    if (!this.#stopped) this.#set({ state: 'offline' });
  };

  async #run(): Promise<void> {
    if (this.#stopped) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      this.#set({ state: 'offline' });
      return;
    }
    this.#set({ state: 'syncing', done: 0, total: 0 });
    try {
      await this.#header();
      // Until nothing is unsent: each round sends a batch (or learns it must merge first) and takes in what came.
      for (let stale = 0; stale < 20;) {
        const pushed = await this.#push();
        const pulling = performance.now();
        await this.#pull();
        this.timings.pullMs += performance.now() - pulling;
        if (pushed === 'done' && !(await this.#store.hasDirty())) break;
        if (pushed === 'stale') stale++;
        if (this.#stopped) return;
      }
      const snapshotting = performance.now();
      await this.#snapshotIfDue();
      this.timings.snapshotMs += performance.now() - snapshotting;
      this.#failures = 0;
      if (this.#joining) await this.#joined();
      this.#set({ state: 'synced', at: Date.now() });
    } catch (error) {
      this.#fail(error);
    }
  }

  #fail(error: unknown): void {
    if (error instanceof SyncRefused) {
      // Nothing of it was applied; sync stays stopped until the member asks again (the cause is shown).
      this.#set({ state: 'error', cause: 'refused' });
      return;
    }
    if (error instanceof SyncStop) {
      this.#set({ state: 'error', cause: error.reason });
      return;
    }
    const code = failureCode(error);
    if (code === 'network') this.#set({ state: 'offline' });
    else
      this.#set({
        state: 'error',
        cause: (error as { name?: string })?.name === 'StorageFullError' ? 'storage-full' : code,
      });
    if (code === 'auth/unauthenticated' || code === 'sync/unknown-device') return;
    if (this.#stopped && !this.#joiningState) return;
    const wait = RETRY_MS[Math.min(this.#failures, RETRY_MS.length - 1)]!;
    this.#failures++;
    this.#retry = setTimeout(() => {
      this.#retry = null;
      this.retry();
    }, wait);
  }

  /** The header: a new master password here goes up; one set on another device is taken (its MAC checked). */
  async #header(): Promise<void> {
    const meta = await this.#store.syncMeta();
    const header = this.#vault.syncParts.header;
    if (!meta || !header) throw new SyncStop('locked');
    const key = await this.#syncKey();
    const local = JSON.stringify(headerJson(header));
    if (local !== meta.header) {
      await call('syncPublishVault', {
        body: {
          id: meta.vault,
          header: headerJson(header),
          headerMac: await headerMac(key, meta.vault, local),
        },
      });
      await this.#store.saveSyncMeta({ ...meta, header: local });
      return;
    }
    // Another device's new header is announced like any news (the server says the member's sync changed).
    if (this.#headerRead) return;
    const state = await call('syncState');
    if (!state.vault) throw new ApiFailure('sync/no-vault', 404);
    if (state.vault.id !== meta.vault) throw new ApiFailure('sync/other-vault', 409);
    // Removed from the member's devices (on another device): it stops here, and says why.
    if (!state.devices.some((device) => device.id === meta.device)) {
      throw new ApiFailure('sync/unknown-device', 404);
    }
    this.#headerRead = true;
    const remote = JSON.stringify(state.vault.header);
    if (remote === local) return;
    if (!(await headerGenuine(key, state.vault))) throw new SyncRefused('altered');
    await this.#vault.adoptHeader(headerFrom(state.vault.header));
    await this.#store.saveSyncMeta({ ...meta, header: remote });
  }

  // Sending.

  /** Sends the outbox (or signs the next unsent edits into it); 'stale' when the server wants a merge first. */
  async #push(): Promise<'done' | 'more' | 'stale'> {
    let meta = (await this.#store.syncMeta())!;
    let outbox = await this.#store.outbox();
    if (outbox.length === 0) {
      const started = performance.now();
      const rows = await this.#store.dirtyRows(SYNC_MAX_CHANGES_PER_PUSH);
      if (rows.length === 0) return 'done';
      ({ outbox, meta } = await this.#sign(rows, meta));
      this.timings.signMs += performance.now() - started;
    }
    const key = await this.#syncKey();
    // A document's chunks are all on the server before its record is.
    for (const entry of outbox) {
      if (entry.kind === 'document' && entry.sealed) await this.#uploadChunks(key, entry.id);
    }
    const forget = await this.#chunksOfDeleted(key, outbox);
    const posted = performance.now();
    const answer = await call('syncPush', {
      body: { device: meta.device, changes: outbox.map((entry) => entry.change) },
    });
    const settling = performance.now();
    this.timings.pushMs += settling - posted;
    const stored = outbox.slice(0, answer.stored.length);
    const dropped = outbox.slice(answer.stored.length);
    // Changes not stored leave the chain: its end goes back to before the first of them.
    const settled: SyncMetaRow = dropped.length
      ? { ...meta, seq: dropped[0]!.seq - 1, prev: dropped[0]!.change.prev }
      : meta;
    await this.#store.settleOutbox(stored, dropped, settled);
    this.timings.settleMs += performance.now() - settling;
    // Deleted documents' chunks go from the server once their deletion is stored.
    if (stored.length === outbox.length) {
      for (let at = 0; at < forget.length; at += 1000) {
        await call('syncForgetChunks', { body: { keys: forget.slice(at, at + 1000) } });
      }
    }
    if (answer.stale !== null) return 'stale';
    return (await this.#store.hasDirty()) ? 'more' : 'done';
  }

  /** Signs changes for unsent edits and puts them in the outbox with the chain's new end. */
  async #sign(
    rows: SyncRecordRow[],
    meta: SyncMetaRow,
  ): Promise<{ outbox: SyncOutboxRow[]; meta: SyncMetaRow }> {
    const key = await this.#syncKey();
    const chain = new ChainState(meta.vault, meta.heads);
    const heads = chain.seen(meta.device);
    const outbox: SyncOutboxRow[] = [];
    let seq = meta.seq;
    let prev = meta.prev;
    let bytes = 0;
    const addresses = await this.#addresses(key, rows);
    for (const [index, row] of rows.entries()) {
      const { rid, sealed: address } = addresses[index]!;
      const sealed = row.pending;
      const payload = joinPayload(address, sealed);
      if (outbox.length > 0 && bytes + payload.byteLength > PUSH_BYTES) break;
      bytes += payload.byteLength;
      seq += 1;
      const signed = await signChange(key, {
        vault: meta.vault,
        device: meta.device,
        seq,
        prev,
        rid,
        base: row.version,
        sealedHash: await sealedHash(payload),
        heads,
      });
      prev = signed.mac;
      outbox.push({
        seq,
        id: row.id,
        kind: row.kind,
        edit: row.edit,
        sealed,
        change: {
          seq,
          prev: signed.prev,
          rid,
          base: row.version,
          heads,
          hash: signed.sealedHash,
          mac: signed.mac,
          payload: bytesToBase64(payload),
        },
      });
    }
    const next = { ...meta, seq, prev };
    await this.#store.queueChanges(outbox, next);
    return { outbox, meta: next };
  }

  /**
   * Records' pseudonymous ids and sealed addresses (kind and id), made for a batch at once (the workers share the
   * sealing).
   */
  async #addresses(
    key: CryptoKey,
    rows: Array<{ id: string; kind: string }>,
  ): Promise<Array<{ rid: string; sealed: Uint8Array<ArrayBuffer> }>> {
    const rids = await Promise.all(rows.map((row) => ridOf(key, row.kind, row.id)));
    const sealed = await Promise.all(
      rows.map((row, index) => this.#pool.seal('sync', rids[index]!, { k: row.kind, i: row.id })),
    );
    return rids.map((rid, index) => ({ rid, sealed: sealed[index]!.sealed }));
  }

  // Receiving.

  async #pull(): Promise<void> {
    for (;;) {
      const meta = (await this.#store.syncMeta())!;
      const page = await call('syncChanges', { query: { after: meta.after } });
      if (page.snapshot) {
        await this.#takeSnapshot(page.snapshot.id, meta);
        continue;
      }
      if (page.changes.length === 0) return;
      const total = page.latest - meta.after;
      if (total > page.changes.length) this.#set({ state: 'syncing', done: 0, total });
      await this.#applyPage(page.changes);
      const reached = page.changes.at(-1)!.at;
      if (this.#status.state === 'syncing' && this.#status.total > 0) {
        this.#set({ state: 'syncing', done: reached - (page.latest - total), total });
      }
      if (reached >= page.latest) return;
    }
  }

  /** Applies a page of the series, all or nothing; decided again if a record concerned was edited meanwhile. */
  async #applyPage(changes: SyncChange[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const meta = (await this.#store.syncMeta())!;
      const key = await this.#syncKey();
      // This device's own chain counts too: another device names what it had of it.
      const own = meta.prev ? { [meta.device]: { seq: meta.seq, mac: meta.prev } } : {};
      const chain = new ChainState(meta.vault, { ...meta.heads, ...own });
      const incoming: Array<{ change: SyncChange; payload: Uint8Array<ArrayBuffer> }> = [];
      let last = meta.after;
      for (const change of changes) {
        // The series only moves on: a number already passed is a replay, one out of order a reordering.
        if (change.at <= last) throw new SyncRefused(change.at <= meta.after ? 'replayed' : 'out-of-order');
        last = change.at;
        // This device's own changes, already applied here when they were stored.
        if (change.device === meta.device) continue;
        let payload: Uint8Array<ArrayBuffer>;
        try {
          payload = base64ToBytes(change.payload);
        } catch {
          throw new SyncRefused('damaged');
        }
        const verdict = await chain.accept(
          key,
          { ...change, vault: meta.vault, device: change.device, sealedHash: change.hash },
          payload,
        );
        if (verdict !== 'ok') throw new SyncRefused(verdict);
        incoming.push({ change, payload });
      }
      const opened = await this.#open(
        key,
        incoming.map(({ change, payload }) => ({ rid: change.rid, payload })),
      );
      const next: SyncMetaRow = {
        ...meta,
        after: Math.max(meta.after, changes.at(-1)!.at),
        heads: chain.heads(),
      };
      try {
        await this.#apply(
          incoming.map(({ change }, index) => ({
            version: `${change.device}:${change.seq}`,
            base: change.base,
            opened: opened[index]!,
          })),
          next,
          false,
        );
        return;
      } catch (error) {
        if (!(error instanceof EditedMeanwhileError) || attempt >= 5) throw error;
      }
    }
  }

  /** Opens the addresses and records of payloads, checking each address against its pseudonymous id. */
  async #open(
    key: CryptoKey,
    items: Array<{ rid: string; payload: Uint8Array<ArrayBuffer> }>,
  ): Promise<Opened[]> {
    const split = items.map((item) => splitPayload(item.payload));
    const addresses = await this.#pool.openMany<{ k: RecordKind; i: string }>(
      items.map((item, index) => ({ id: item.rid, kind: 'sync', sealed: split[index]!.address })),
    );
    const located = await Promise.all(
      addresses.map(async (address, index) => {
        if (!address.ok || typeof address.value?.k !== 'string' || typeof address.value.i !== 'string') {
          throw new SyncRefused('altered');
        }
        if ((await ridOf(key, address.value.k, address.value.i)) !== items[index]!.rid)
          throw new SyncRefused('altered');
        return address.value;
      }),
    );
    const withRecord = split.flatMap((part, index) =>
      part.record
        ? [{ index, record: { id: located[index]!.i, kind: located[index]!.k, sealed: part.record } }]
        : [],
    );
    const values = await this.#pool.openMany<Json>(withRecord.map((item) => item.record));
    const result: Opened[] = located.map((address) => ({
      id: address.i,
      kind: address.k,
      side: { deleted: true },
      sealed: null,
    }));
    withRecord.forEach((item, at) => {
      const value = values[at]!;
      if (!value.ok) throw new SyncRefused('altered');
      result[item.index] = {
        ...result[item.index]!,
        side: { deleted: false, value: value.value },
        sealed: item.record.sealed,
      };
    });
    return result;
  }

  /**
   * Decides and writes remote versions of records, in order, in one transaction with the chain's new state.
   * `snapshot`: versions from a snapshot, taken whatever version is here (an edit here is merged with them).
   */
  async #apply(
    items: Array<{ version: string; base: string | null; opened: Opened }>,
    meta: SyncMetaRow,
    snapshot: boolean,
  ): Promise<void> {
    const key = await this.#syncKey();
    const ids = [...new Set(items.map((item) => item.opened.id))];
    const stored = await this.#store.syncRows(ids);
    const rows = new Map<string, SyncRecordRow | undefined>(ids.map((id, index) => [id, stored[index]]));
    const readEdit = new Map(ids.map((id, index) => [id, stored[index]?.edit ?? 0]));
    const records = new Map<string, StoredRecord | null>();
    const memory = new Map<string, { id: string; kind: RecordKind; value: unknown; deleted: boolean }>();
    const copies: Array<{ kind: RecordKind; value: Json; of: string }> = [];
    const notices: SyncNotice[] = [];
    const documents: Array<{ id: string; meta: DocumentMeta }> = [];
    for (const { version, base, opened } of items) {
      const row = rows.get(opened.id);
      if (snapshot && row?.version === version) continue;
      const [baseValue, pendingSide] = await this.#localSides(row);
      const decision = decide(
        {
          version: row?.version ?? null,
          base: baseValue,
          pending: pendingSide,
          gone: !!row && row.version !== null && row.base === null,
        },
        { version, base: snapshot ? (row?.version ?? null) : base, side: opened.side },
        { oneOfAKind: ONE_OF_A_KIND.has(opened.kind) },
      );
      if (decision === 'reordered') throw new SyncRefused('out-of-order');
      const sameAsRemote =
        !decision.record.deleted && !opened.side.deleted && decision.record.value === opened.side.value;
      let recordSealed: Uint8Array<ArrayBuffer> | null = null;
      if (!decision.record.deleted) {
        recordSealed = sameAsRemote
          ? opened.sealed!
          : (await this.#pool.seal(opened.kind, opened.id, decision.record.value)).sealed;
        if (opened.kind === 'document')
          documents.push({ id: opened.id, meta: decision.record.value as unknown as DocumentMeta });
      }
      records.set(
        opened.id,
        recordSealed
          ? { id: opened.id, kind: opened.kind, sealed: recordSealed, updatedAt: Date.now() }
          : null,
      );
      memory.set(opened.id, {
        id: opened.id,
        kind: opened.kind,
        value: decision.record.deleted ? null : decision.record.value,
        deleted: decision.record.deleted,
      });
      const pending = decision.pending;
      rows.set(opened.id, {
        id: opened.id,
        kind: opened.kind,
        version,
        base: opened.sealed,
        dirty: pending ? 1 : 0,
        edit: row?.edit ?? 0,
        pending: pending ? (pending.deleted ? null : recordSealed) : null,
      });
      if (decision.conflictCopy !== undefined) {
        copies.push({ kind: opened.kind, value: decision.conflictCopy, of: opened.id });
      }
      if (decision.notice && decision.notice !== 'conflict') {
        notices.push({ id: opened.id, kind: opened.kind, notice: decision.notice, at: Date.now() });
      }
    }
    // A document's chunks come before its record shows.
    const chunksStarted = performance.now();
    for (const document of documents) await this.#downloadChunks(key, document.id, document.meta);
    this.timings.chunksMs += performance.now() - chunksStarted;
    const writes: RemoteWrite[] = [...records].map(([id, record]) => ({
      id,
      record,
      row: rows.get(id)!,
      edit: readEdit.get(id)!,
    }));
    const writeStarted = performance.now();
    await this.#store.applyRemote(writes, meta);
    this.timings.writeMs += performance.now() - writeStarted;
    this.#vault.followRemote([...memory.values()]);
    for (const copy of copies) {
      // A new record, sent as any other: every device sees the conflict and the member resolves it once.
      await this.#vault.put(copy.kind, newId(), { ...(copy.value as object), conflictOf: copy.of });
    }
    if (notices.length > 0) {
      this.notices = [...this.notices, ...notices].slice(-50);
      this.#notify();
    }
  }

  /** A record's base value and unsent edit, opened from what sync keeps. */
  async #localSides(row: SyncRecordRow | undefined): Promise<[Json | undefined, Side | null]> {
    if (!row) return [undefined, null];
    const sealed = [row.base, row.dirty ? row.pending : null];
    const opened = await this.#pool.openMany<Json>(
      sealed.flatMap((bytes) => (bytes ? [{ id: row.id, kind: row.kind, sealed: bytes }] : [])),
    );
    let at = 0;
    const next = () => {
      const value = opened[at++]!;
      if (!value.ok) throw new SyncStop('damaged');
      return value.value;
    };
    const base = row.base ? next() : undefined;
    if (!row.dirty) return [base, null];
    return [base, row.pending ? { deleted: false, value: next() } : { deleted: true }];
  }

  // Snapshots.

  async #snapshotIfDue(): Promise<void> {
    const meta = (await this.#store.syncMeta())!;
    if (meta.after - this.#lastSnapshot < SNAPSHOT_EVERY) return;
    const state = await call('syncState');
    const covered = state.snapshot?.covers ?? 0;
    this.#lastSnapshot = covered;
    if (meta.after - covered < SNAPSHOT_EVERY || state.latest !== meta.after) return;
    if ((await this.#store.outbox()).length > 0) return;
    const key = await this.#syncKey();
    const rows = (await this.#store.allSyncRows()).filter((row) => row.version !== null);
    const records: SnapshotFile['records'] = [];
    for (let at = 0; at < rows.length; at += 1000) {
      const part = rows.slice(at, at + 1000);
      const addresses = await this.#addresses(key, part);
      part.forEach((row, index) => {
        const { rid, sealed } = addresses[index]!;
        records.push([rid, row.version!, bytesToBase64(joinPayload(sealed, row.base))]);
      });
    }
    const heads: Record<string, ChainHead> = { ...meta.heads };
    if (meta.seq > 0 && meta.prev) heads[meta.device] = { seq: meta.seq, mac: meta.prev };
    const recordsHash = await sealedHash(new TextEncoder().encode(JSON.stringify(records)));
    const mac = await macOf(key, [SNAPSHOT_INFO, meta.vault, meta.after, sortedHeads(heads), recordsHash]);
    const file: SnapshotFile = { v: 1, vault: meta.vault, covers: meta.after, heads, records, mac };
    const response = await fetch(
      pathOf('syncUploadSnapshot', { query: { device: meta.device, covers: meta.after } }),
      { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: JSON.stringify(file) },
    );
    if (response.ok) this.#lastSnapshot = meta.after;
  }

  /** Takes a snapshot (this device is behind the changes it replaced, or new): checked, then merged like changes. */
  async #takeSnapshot(id: string, meta: SyncMetaRow): Promise<void> {
    const key = await this.#syncKey();
    const response = await fetch(pathOf('syncSnapshot', { params: { id } }));
    if (!response.ok) throw await failureOf(response);
    let file: SnapshotFile;
    try {
      file = JSON.parse(await response.text()) as SnapshotFile;
    } catch {
      throw new SyncRefused('altered');
    }
    const recordsHash = await sealedHash(new TextEncoder().encode(JSON.stringify(file.records)));
    const genuine =
      file.v === 1 &&
      file.vault === meta.vault &&
      (await macChecks(key, file.mac, [
        SNAPSHOT_INFO,
        file.vault,
        file.covers,
        sortedHeads(file.heads),
        recordsHash,
      ]));
    if (!genuine) throw new SyncRefused(file.vault !== meta.vault ? 'other-vault' : 'altered');
    // An older snapshot than what this device has applied is a replay.
    if (file.covers <= meta.after) throw new SyncRefused('replayed');
    for (const [device, head] of Object.entries(meta.heads)) {
      if ((file.heads[device]?.seq ?? 0) < head.seq) throw new SyncRefused('replayed');
    }
    const heads = Object.fromEntries(Object.entries(file.heads).filter(([device]) => device !== meta.device));
    const items = file.records.map(([rid, version, payload]) => ({
      rid,
      version,
      payload: base64ToBytes(payload),
    }));
    this.#set({ state: 'syncing', done: 0, total: items.length });
    const next: SyncMetaRow = { ...meta, after: file.covers, heads };
    // Applied in parts of a couple of thousand records, the chain's state moving with the last part; the next part
    // is opened in the workers while this one is written.
    const parts: Array<typeof items> = [];
    for (let at = 0; at < items.length; at += SNAPSHOT_PART) parts.push(items.slice(at, at + SNAPSHOT_PART));
    if (parts.length === 0) parts.push([]);
    const open = (part: typeof items) => {
      const started = performance.now();
      const opening = this.#open(key, part).then((opened) => {
        this.timings.openMs += performance.now() - started;
        return opened;
      });
      // Met below; until then a failure must not count as unhandled.
      opening.catch(() => undefined);
      return opening;
    };
    let opening = open(parts[0]!);
    let done = 0;
    for (const [index, part] of parts.entries()) {
      const opened = await opening;
      if (index + 1 < parts.length) opening = open(parts[index + 1]!);
      const last = index + 1 === parts.length;
      for (let attempt = 0; ; attempt++) {
        try {
          const applyStarted = performance.now();
          await this.#apply(
            part.map((item, at) => ({ version: item.version, base: null, opened: opened[at]! })),
            last ? next : meta,
            true,
          );
          this.timings.applyMs += performance.now() - applyStarted;
          break;
        } catch (error) {
          if (!(error instanceof EditedMeanwhileError) || attempt >= 5) throw error;
        }
      }
      done += part.length;
      this.#set({ state: 'syncing', done, total: items.length });
    }
  }

  // Documents' chunks.

  async #uploadChunks(key: CryptoKey, documentId: string): Promise<void> {
    const entry = this.#vault.get<DocumentMeta>(documentId);
    if (!entry) return;
    const { chunkCount } = entry.value;
    const names = await Promise.all(
      Array.from({ length: chunkCount }, (_, index) => chunkName(key, documentId, index)),
    );
    const held = new Set<string>();
    for (let at = 0; at < names.length; at += 1000) {
      const answer = await call('syncHeldChunks', { body: { keys: names.slice(at, at + 1000) } });
      for (const name of answer.held) held.add(name);
    }
    const missing = names.flatMap((name, index) => (held.has(name) ? [] : [index]));
    let done = 0;
    const sendOne = async (index: number) => {
      const chunk = await this.#store.chunk(documentId, index);
      if (!chunk) throw new SyncStop('damaged');
      const body = new Uint8Array(chunk.iv.byteLength + chunk.data.byteLength);
      body.set(chunk.iv, 0);
      body.set(chunk.data, chunk.iv.byteLength);
      const response = await fetch(pathOf('syncUploadChunk', { params: { key: names[index]! } }), {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream' },
        body,
      });
      if (!response.ok) throw await failureOf(response);
      done++;
      if (missing.length > 2) this.#set({ state: 'syncing', done, total: missing.length });
    };
    await inLanes(missing, CHUNKS_IN_FLIGHT, sendOne);
  }

  async #downloadChunks(key: CryptoKey, documentId: string, meta: DocumentMeta): Promise<void> {
    const salt = base64ToBytes(meta.salt);
    const missing: number[] = [];
    for (let index = 0; index < meta.chunkCount; index++) {
      if (!(await this.#store.chunk(documentId, index))) missing.push(index);
    }
    let done = 0;
    // A few chunks in flight at once: each waits on the network, then on the workers, then on the disk.
    const fetchOne = async (index: number) => {
      const response = await fetch(
        pathOf('syncChunk', { params: { key: await chunkName(key, documentId, index) } }),
      );
      if (!response.ok) throw await failureOf(response);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const chunk: SealedChunk = { iv: bytes.slice(0, 12), data: bytes.slice(12) };
      if (!(await this.#pool.checkChunk(salt, documentId, index, meta.chunkCount, chunk))) {
        throw new SyncRefused('altered');
      }
      await this.#store.saveChunk({ documentId, index, ...chunk });
      done++;
      if (missing.length > 2) this.#set({ state: 'syncing', done, total: missing.length });
    };
    await inLanes(missing, CHUNKS_IN_FLIGHT, fetchOne);
  }

  /** The chunk names of deleted documents being sent, read from their last synced description. */
  async #chunksOfDeleted(key: CryptoKey, outbox: SyncOutboxRow[]): Promise<string[]> {
    const deleted = outbox.filter((entry) => entry.kind === 'document' && !entry.sealed);
    if (deleted.length === 0) return [];
    const rows = await this.#store.syncRows(deleted.map((entry) => entry.id));
    const names: string[] = [];
    for (const row of rows) {
      if (!row?.base) continue;
      const [opened] = await this.#pool.openMany<DocumentMeta>([
        { id: row.id, kind: row.kind, sealed: row.base },
      ]);
      if (!opened?.ok) continue;
      for (let index = 0; index < opened.value.chunkCount; index++)
        names.push(await chunkName(key, row.id, index));
    }
    return names;
  }
}

/** Runs `work` on each item, `lanes` at a time, in order of start; stops taking items at the first failure. */
async function inLanes<T>(items: T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  // Once one fails, the others take nothing more: what is left waits for the next run.
  const lane = async () => {
    while (next < items.length && !failed) {
      try {
        await work(items[next++]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}

/** A run stopped for a cause of this device's (the vault locked, the disk full). */
class SyncStop extends Error {
  readonly reason: SyncCause;
  constructor(reason: SyncCause) {
    super(reason);
    this.reason = reason;
  }
}
