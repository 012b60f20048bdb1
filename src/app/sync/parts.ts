// What a sync run works with, handed to each of its steps (sending, receiving, snapshots, chunks): the vault and
// sync's tables beside it, the server, the sync key, where progress and time are told, and the series' own hooks.
import { originRow, type SyncMetaRow, type SyncRecordRow, type SyncStore } from './store.js';
import type { SyncedVault } from '../vault/vault.js';
import { SyncStop } from './errors.js';
import type { SeriesHooks, SyncServer } from './ports.js';

/** Where a run's time went (milliseconds, added up), for the benchmark: sending, then receiving. */
export interface SyncTimings {
  startMs: number;
  signMs: number;
  pushMs: number;
  settleMs: number;
  pullMs: number;
  snapshotMs: number;
  unlockMs: number;
  openMs: number;
  chunksMs: number;
  writeMs: number;
  applyMs: number;
}

export const noTimings = (): SyncTimings => ({
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
});

export interface SyncParts extends SeriesHooks {
  vault: SyncedVault;
  store: SyncStore;
  server: SyncServer;
  /** The sync key (derived from the unlocked vault's data key). */
  key: () => Promise<CryptoKey>;
  /** The vault's signing key (null: the vault has none, published by an older app). */
  signing: () => Promise<CryptoKey | null>;
  /** Tells how far a long transfer is. */
  progress: (done: number, total: number) => void;
  timings: SyncTimings;
}

/**
 * A step's parts, narrowed to what it uses: the members `V` of the vault, `S` of sync's tables, and `O` of the rest
 * (the server, the keys, progress, timings). A step declares its own (SendingParts, ReceivingParts, ...); the engine's
 * whole SyncParts is each of them.
 */
export type Parts<
  V extends keyof SyncedVault,
  S extends keyof SyncStore,
  O extends Exclude<keyof SyncParts, 'vault' | 'store'> = never,
> = { vault: Pick<SyncedVault, V>; store: Pick<SyncStore, S> } & Pick<SyncParts, O>;

/** This device's sync as stored; a run finding none (sync turned off, the vault erased meanwhile) stops. */
export async function syncMeta(parts: { store: Pick<SyncStore, 'syncMeta'> }): Promise<SyncMetaRow> {
  const meta = await parts.store.syncMeta();
  if (!meta) throw new SyncStop('locked');
  return meta;
}

/** Measures `work` into `timings[field]`. */
export async function timed<T>(
  timings: SyncTimings,
  field: keyof SyncTimings,
  work: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings[field] += performance.now() - started;
  }
}

/**
 * What sync keeps of these records: their rows, and for a record of a published vault that has none (it has not
 * changed since the publication), its origin row.
 */
export async function rowsOf(
  parts: Parts<'get', 'syncRows'>,
  meta: SyncMetaRow,
  ids: string[],
): Promise<Array<SyncRecordRow | undefined>> {
  const rows = await parts.store.syncRows(ids);
  if (!meta.origin) return rows;
  return rows.map((row, index) => {
    if (row) return row;
    const entry = parts.vault.get(ids[index]!);
    return entry ? originRow(meta, entry) : undefined;
  });
}
