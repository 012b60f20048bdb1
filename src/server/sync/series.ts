// The rules of a series of changes (docs/sync.md, "On the server"): numbers handed out one after another to the
// changes of several devices, each device's chain kept contiguous, a change made from an older version than its
// record's newest held back, the history read a page at a time, and a signed snapshot replacing it. A member's sync
// is one series (store.ts binds it to the member); a shared space's epoch is to be another. The rules see a series
// only through a store bound to it and to the caller's transaction: who may write, the lock, the quota and the news
// stay the caller's.
import { SYNC_PAGE_BYTES, SYNC_PAGE_CHANGES } from '../../shared/constants.js';
import { originVersion, type SyncChangeBody, type SyncSnapshotQuery } from '../../shared/schemas/sync.js';
import { ApiError } from '../http/errors.js';
import { proven, signatureBytes } from './proofs.js';

/**
 * What the quota counts for a series' rows beyond their bodies (docs/sync.md, "Quota"), near what they take in the
 * database: a change's row besides its body, a record's newest version.
 */
export const CHANGE_ROW_BYTES = 200;
export const HEAD_BYTES = 200;

/** A series as its rules read it, under the caller's lock. */
export interface Series {
  /** Its id: a record of its publication is at `originVersion(id)` until the record first changes. */
  id: string;
  /** The last number handed out. */
  latest: number;
  /**
   * The key whose signature a device's joining and a snapshot carry (SPKI DER, base64; proofs.ts); null: a vault an
   * older app published without one.
   */
  signingKey: string | null;
}

/** A device of the series: the end of its chain as stored. */
export interface SeriesDevice {
  id: string;
  last_seq: number;
  last_mac: string | null;
}

/** A change as stored: its number in the series, the device's own, its MAC, the bytes it counts and its body. */
export interface SeriesChange {
  seq: number;
  device: string;
  device_seq: number;
  mac: string;
  size: number;
  /** The change as the device sent it (JSON, its record sealed), less its numbers and MAC. */
  body: string;
  created_at: string;
  /** Who sent it, in a series several members write (a space's); a member's own series names nobody. */
  author?: string;
}

/** A snapshot kept: the changes it covers, and its file in storage. */
export interface SeriesSnapshot {
  id: string;
  covers: number;
  size: number;
  storage_key: string;
  created_at: string;
}

/**
 * One series' rows, bound to the series (a member's: their id; a space's: its id and epoch) and to where they are
 * read and written; every write runs in the transaction the caller holds under its lock.
 */
export interface SeriesStore {
  /** A device's change by its number in the device's chain (absent: never stored, or compacted away). */
  findChange(device: string, deviceSeq: number): Promise<Pick<SeriesChange, 'seq' | 'mac'> | undefined>;
  /** The newest versions of these records (absent: never written). */
  headsOf(rids: string[]): Promise<Map<string, string>>;
  insertChanges(changes: SeriesChange[]): Promise<void>;
  setHeads(heads: Map<string, string>): Promise<void>;
  setLatest(latest: number): Promise<void>;
  /** Moves a device's chain end on, and when it was last seen. */
  updateDevice(
    id: string,
    end: { last_seq: number; last_mac: string | null; last_seen_at: string },
  ): Promise<void>;
  /** The numbers and sizes of the first `limit` changes after `after`, in order (no bodies). */
  changeSizes(after: number, limit: number): Promise<Array<Pick<SeriesChange, 'seq' | 'size'>>>;
  /** The changes after `after` through `last`, in order. */
  changesThrough(after: number, last: number): Promise<SeriesChange[]>;
  newestSnapshot(): Promise<SeriesSnapshot | undefined>;
  insertSnapshot(snapshot: SeriesSnapshot): Promise<void>;
  /** Deletes the changes through `covers`; answers the bytes they counted. */
  deleteChangesThrough(covers: number): Promise<number>;
  /** Deletes the snapshots other than `keep`; answers their stored files and the bytes they counted. */
  deleteOlderSnapshots(keep: string): Promise<{ files: string[]; bytes: number }>;
  /** Moves the bytes the series counts against its quota by `delta`. */
  addUsage(delta: number): Promise<void>;
}

/** A stored change as devices read it (its body is the JSON `pushChanges` wrote). */
export function presentChange(row: SeriesChange) {
  const body = JSON.parse(row.body) as Omit<SyncChangeBody, 'seq' | 'mac'>;
  return {
    ...body,
    seq: Number(row.device_seq),
    mac: row.mac,
    at: Number(row.seq),
    device: row.device,
    ...(row.author !== undefined ? { author: row.author } : {}),
  };
}

export function presentSnapshot(row: SeriesSnapshot | undefined) {
  return row ? { id: row.id, covers: Number(row.covers), size: Number(row.size) } : null;
}

/**
 * A device joins the series only with the series key's signature of `statement` (naming the series and the
 * device), once the series has a key.
 */
export function proveDevice(series: Series, statement: unknown[], proof: string | undefined): void {
  if (series.signingKey === null) return;
  if (proof === undefined || !proven(series.signingKey, statement, signatureBytes(proof, 'base64'))) {
    throw new ApiError('sync/unproven');
  }
}

/** What a stored change keeps of the change a device sent: all of it but its numbers and MAC. */
export const storedBody = (change: SyncChangeBody): Record<string, unknown> => ({
  prev: change.prev,
  rid: change.rid,
  base: change.base,
  heads: change.heads,
  hash: change.hash,
  payload: change.payload,
});

/** What a push answers: each change's number (0: stored long ago), the newest, and the first one held back. */
export interface Pushed {
  stored: number[];
  latest: number;
  stale: number | null;
  /** How many changes this push stored. */
  added: number;
}

/**
 * Takes a device's changes in its chain's order: each gets the series' next number, unless it was made from an
 * older version of its record than the newest (then it and the rest wait: `stale`). `ensureRoom` refuses bytes the
 * quota has no room for, before anything is written.
 */
export async function pushChanges<C extends SyncChangeBody>(
  store: SeriesStore,
  series: Series,
  push: {
    device: SeriesDevice;
    changes: C[];
    at: string;
    ensureRoom: (adding: number) => Promise<void>;
    /** What a stored change keeps (storedBody, unless the series' changes carry more: a space's signature). */
    stored?: (change: C) => Record<string, unknown>;
    /** The member sending, kept with each change of a series several members write. */
    author?: string;
  },
): Promise<Pushed> {
  const { device, at } = push;
  let lastSeq = Number(device.last_seq);
  let lastMac = device.last_mac;
  let latest = series.latest;
  const stored: number[] = [];
  const rows: SeriesChange[] = [];
  let stale: number | null = null;
  const fresh = push.changes.filter((change) => change.seq > lastSeq);
  const heads = await store.headsOf([...new Set(fresh.map((change) => change.rid))]);
  const known = new Set(heads.keys());
  const moved = new Map<string, string>();
  for (const change of push.changes) {
    if (change.seq <= lastSeq) {
      // Sent before (its answer was lost): the same change is not stored twice; a different one is refused.
      // One compacted away since can only be compared when it is the device's last.
      const earlier = await store.findChange(device.id, change.seq);
      const expected = earlier?.mac ?? (change.seq === lastSeq ? lastMac : change.mac);
      if (change.mac !== expected) throw new ApiError('sync/out-of-order');
      stored.push(Number(earlier?.seq ?? 0));
      continue;
    }
    if (change.seq !== lastSeq + 1 || change.prev !== lastMac) throw new ApiError('sync/out-of-order');
    // Made from an older version than the record's newest: another device was first. It and the rest wait.
    // A record of the series' publication has no version here until it first changes: its origin's.
    const head = heads.get(change.rid) ?? null;
    if (change.base !== head && !(head === null && change.base === originVersion(series.id))) {
      stale = change.seq;
      break;
    }
    const version = `${device.id}:${change.seq}`;
    heads.set(change.rid, version);
    moved.set(change.rid, version);
    const text = JSON.stringify((push.stored ?? storedBody)(change));
    latest += 1;
    rows.push({
      seq: latest,
      device: device.id,
      device_seq: change.seq,
      mac: change.mac,
      size: Buffer.byteLength(text) + CHANGE_ROW_BYTES,
      body: text,
      created_at: at,
      ...(push.author !== undefined ? { author: push.author } : {}),
    });
    stored.push(latest);
    lastSeq = change.seq;
    lastMac = change.mac;
  }
  if (rows.length > 0) {
    // Each change, and each record's newest version the first time the record is written.
    const newRecords = [...moved.keys()].filter((rid) => !known.has(rid)).length;
    const adding = rows.reduce((sum, row) => sum + row.size, 0) + newRecords * HEAD_BYTES;
    await push.ensureRoom(adding);
    await store.addUsage(adding);
    await store.insertChanges(rows);
    await store.setHeads(moved);
    await store.setLatest(latest);
  }
  await store.updateDevice(device.id, { last_seq: lastSeq, last_mac: lastMac, last_seen_at: at });
  return { stored, latest, stale, added: rows.length };
}

/**
 * The series' changes after `after`, a page at a time, or the snapshot to read first. A page holds as many changes
 * as fit in SYNC_PAGE_BYTES (at least one, however large), at most SYNC_PAGE_CHANGES: the sizes are read first and
 * the bodies of the chosen changes only, so a request holds about a page of bodies however long the history.
 */
export async function changesAfter(store: SeriesStore, series: Series, after: number) {
  const snapshot = await store.newestSnapshot();
  // The changes right after `after` were compacted: the device reads the snapshot first.
  if (snapshot && after < Number(snapshot.covers)) {
    return { changes: [], latest: series.latest, snapshot: presentSnapshot(snapshot) };
  }
  let last: number | null = null;
  let bytes = 0;
  for (const row of await store.changeSizes(after, SYNC_PAGE_CHANGES)) {
    if (last !== null && bytes + Number(row.size) > SYNC_PAGE_BYTES) break;
    last = Number(row.seq);
    bytes += Number(row.size);
  }
  const rows = last === null ? [] : await store.changesThrough(after, last);
  return { changes: rows.map(presentChange), latest: series.latest, snapshot: null };
}

/** A snapshot a device offers: the changes it covers, whether it is the series' publication, its signature. */
export type SnapshotOffer = Pick<SyncSnapshotQuery, 'covers' | 'publish' | 'proof'>;

/**
 * Checks a snapshot may replace the history now: before its bytes are read, and again by `keepSnapshot` when it
 * is kept. The caller has checked the device may send it.
 */
export async function snapshotAllowed(
  store: SeriesStore,
  series: Series,
  offer: SnapshotOffer,
): Promise<void> {
  const newest = await store.newestSnapshot();
  // The series' publication: its first device sends it whole as the series' first number, before any change. Once
  // the series has begun it is too late (it would pass for a snapshot of changes it never saw).
  if (offer.publish !== undefined) {
    if (series.latest !== 0 || newest || offer.covers !== 1) throw new ApiError('sync/stale-snapshot');
  } else if (offer.covers > series.latest) {
    throw new ApiError('request/invalid');
  }
  if (newest && offer.covers <= Number(newest.covers)) throw new ApiError('sync/stale-snapshot');
  // Only a device that holds the series' signing key replaces the history: a vault an older app published without
  // one takes no snapshot until a device gives it its key (with the member's password: see publishVault).
  if (series.signingKey === null || offer.proof === undefined) throw new ApiError('sync/unproven');
}

/**
 * Keeps a snapshot stored as `file`, replacing the history through the changes it covers, once it is still allowed
 * and its signature of `statement` (naming the series, the device, what it covers and its bytes' hash) checks out;
 * refused, nothing of the history is touched. Answers the files of the snapshots it replaced, to delete.
 */
export async function keepSnapshot(
  store: SeriesStore,
  series: Series,
  offer: SnapshotOffer,
  file: Omit<SeriesSnapshot, 'covers'>,
  statement: unknown[],
): Promise<string[]> {
  await snapshotAllowed(store, series, offer);
  if (
    series.signingKey === null ||
    !proven(series.signingKey, statement, signatureBytes(offer.proof ?? '', 'base64url'))
  ) {
    throw new ApiError('sync/unproven');
  }
  await store.insertSnapshot({ ...file, covers: offer.covers });
  if (series.latest === 0) await store.setLatest(offer.covers);
  const compacted = await store.deleteChangesThrough(offer.covers);
  const older = await store.deleteOlderSnapshots(file.id);
  await store.addUsage(file.size - compacted - older.bytes);
  return older.files;
}
