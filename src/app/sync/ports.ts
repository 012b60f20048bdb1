// What the sync engine runs on, given to it so the same engine runs in the app (the server over HTTP, the event
// stream, Web Locks, the browser's online events) and in Node tests (an in-memory server that speaks the same route
// contract, a test clock): as Actual Budget tests its sync against a mock sync server.
import type { Args } from '../../client/api.js';
import type { Api, Input, Output } from '../../shared/api/index.js';
import type { SyncChange, SyncChangeBody, SyncState } from '../../shared/schemas/sync.js';
import type { Json } from '../vault/merge.js';
import type { Verdict } from './chain.js';
import type { SyncMetaRow } from './store.js';

/** The sync routes answered in JSON (src/shared/api/); a refusal is an ApiFailure with the route's error code. */
export type SyncJsonRoute =
  | 'syncState'
  | 'syncPublishVault'
  | 'syncDeleteVault'
  | 'syncRegisterDevice'
  | 'syncRenameDevice'
  | 'syncRemoveDevice'
  | 'syncPush'
  | 'syncChanges'
  | 'syncHeldChunks'
  | 'syncForgetChunks';

/** The sync routes that take raw bytes. */
export type SyncUploadRoute = 'syncUploadSnapshot' | 'syncUploadChunk';

/** The sync routes that answer raw bytes. */
export type SyncDownloadRoute = 'syncSnapshot' | 'syncChunk';

/** The server's sync routes, by their names in the API table, with its inputs, answers and error codes. */
export interface SyncServer {
  call<N extends SyncJsonRoute>(name: N, ...args: Args<N>): Promise<Output<Api[N]>>;
  upload<N extends SyncUploadRoute>(name: N, input: Input<Api[N]>, body: Uint8Array | string): Promise<void>;
  download<N extends SyncDownloadRoute>(name: N, input: Input<Api[N]>): Promise<Uint8Array<ArrayBuffer>>;
}

/** News of the member's sync (the event stream's `sync` and `signed-out` events). */
export interface SyncNewsSource {
  /** Starts listening; answers the way to stop. `sync` hears what the news said (its event's data), if anything. */
  open(handlers: { sync: (news?: unknown) => void; signedOut: () => void }): () => void;
}

export interface SyncClock {
  now(): number;
  setTimeout(work: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

export interface SyncNetwork {
  /** False when the device says it is offline. */
  online(): boolean;
  /** Calls back when the device goes online or offline; answers the way to stop. */
  watch(online: () => void, offline: () => void): () => void;
}

export interface SyncEnvironment {
  server: SyncServer;
  news: SyncNewsSource | null;
  /** Runs `work` alone among everything holding the same name (this member's tabs: a Web Lock). */
  exclusive: (name: string, work: () => Promise<void>) => Promise<void>;
  clock: SyncClock;
  network: SyncNetwork;
  /** This device's name in the list of devices holding the vault. */
  deviceName: () => string;
  /** A snapshot is made after this many changes (a test makes them often). */
  snapshotEvery?: number;
}

/** A series as the server's state tells it: its id, and its signing key's public half and sealed copy. */
export type PublishedSeries = NonNullable<SyncState['vault']>;

/**
 * The series the engine syncs, as the server knows it: the member's own vault (identity.ts, `SyncIdentity`) or, given
 * the same way, a shared space's. Its keys, what a run reads of it before the changes, and this device's registration.
 */
export interface SeriesIdentity {
  /** The key that MACs the changes and names the records (derived from the unlocked vault's key: `locked` without). */
  syncKey(): Promise<CryptoKey>;
  /** The key that signs snapshots, reading the server's state when not known yet; null: the series has none. */
  signingKey(): Promise<CryptoKey | null>;
  /** The signing key taken from the server's state of the series (a device starting, or registering anew). */
  takeSigning(series: PublishedSeries): Promise<void>;
  /** Registers this device as `device` in `series`, with the proof that it holds the series' signing key. */
  register(series: string, device: string): Promise<void>;
  /** A run's first step: what the series holds besides its changes (the vault's header), sent or taken. */
  catchUp(): Promise<void>;
  /**
   * News of the series came (`news`: what it said) or this device registered anew: the next `catchUp` reads the
   * server again — unless the news says nothing it holds moved.
   */
  heardNews(news?: unknown): void;
  /** Forgets the keys (the vault locked, sync stopped): they are derived and opened again at the next start. */
  forget(): void;
}

/**
 * The series an engine syncs: the member's own vault (`memberSeries`) or, given the same way, a shared space. Turning
 * sync on and a new header's password are the member vault's alone (`this: SyncEngine<VaultIdentity>`).
 */
export interface SyncEngineOptions<I extends SeriesIdentity> {
  identity: I;
  /** The lock the tabs syncing the series take turns at. */
  lockName: string;
  hooks?: SeriesHooks;
}

/** What a series adds to each change it sends (a space: its author's signature and the log head it was made at). */
export type ChangeAdditions = Readonly<Record<string, Json>>;

/** A change as the server sent it: the chain's fields, and what its series added (`attest`) or the server did. */
export type ReceivedChange = SyncChange & Readonly<Record<string, unknown>>;

/**
 * A series' own checks and additions, beside the chain's (none for the member's vault; a shared space signs each
 * change by its author and checks who may write). The engine hands them to a run's steps (parts.ts).
 */
export interface SeriesHooks {
  /**
   * What goes with `change` as this device signs it into the outbox (`meta`: this device's sync as it stands), kept
   * there with it, so a retry sends the very same; it can add fields, never alter the chain's.
   */
  attest?: (change: SyncChangeBody, meta: SyncMetaRow) => Promise<ChangeAdditions>;
  /**
   * Checks a change of another device before its chain does and before anything of it is applied; a refusal stops
   * the run as a change that does not check out does (SyncRefused), with nothing of its page applied. A page decided
   * again (edited here meanwhile) is checked again.
   */
  guard?: (change: ReceivedChange, meta: SyncMetaRow) => Promise<Verdict>;
  /**
   * Whether a push's refusal says this member only reads the series (a space's viewer): the run still takes the
   * series in, then stops with the refusal, the edits here kept unsent.
   */
  readsOnly?: (refusal: unknown) => boolean;
  /** Who made a change, as a conflict copy it causes names the other side (`conflictBy`); undefined: no one to name. */
  authorOf?: (change: ReceivedChange) => string | undefined;
  /**
   * The member this device writes as (a space's): a conflict copy it makes keeps this device's side, and names them
   * as its maker (`conflictFrom`), so every member's device reads whose each side is.
   */
  self?: string;
}
