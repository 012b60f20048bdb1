// What the sync engine runs on, given to it so the same engine runs in the app (the server over HTTP, the event
// stream, Web Locks, the browser's online events) and in Node tests (an in-memory server that speaks the same route
// contract, a test clock): as Actual Budget tests its sync against a mock sync server.
import type { Args } from '../../client/api.js';
import type { Api, Input, Output } from '../../shared/api/index.js';

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
  /** Starts listening; answers the way to stop. */
  open(handlers: { sync: () => void; signedOut: () => void }): () => void;
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
