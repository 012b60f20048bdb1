// Queries on members' synced vaults (docs/sync.md), written once for SQLite and PostgreSQL. Everything that hands
// out change numbers or checks the quota runs inside `withMemberLocked`, so two processes (or two requests) never
// give the same number twice nor together pass the quota.
import type { Kysely, Transaction } from 'kysely';
import type {
  Database,
  SyncChangeTable,
  SyncChunkTable,
  SyncDeviceTable,
  SyncSnapshotTable,
  SyncVaultTable,
} from '../db/schema.js';
import { storeOf, type Executor } from '../db/stores.js';
import type { SeriesStore } from './series.js';

// What a series' rows count (series.ts), here too beside the rest of what sync's rows count.
export { CHANGE_ROW_BYTES, HEAD_BYTES } from './series.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What the quota counts for sync's rows beyond their payloads (docs/sync.md, "Quota"), near what they take in the
 * database: a device, the vault besides its header (a change's row and a record's newest version: series.ts).
 */
export const DEVICE_BYTES = 500;
export const VAULT_ROW_BYTES = 200;
/** A removed device's marker (its id, never to register again with the vault). */
export const RETIRED_DEVICE_BYTES = 100;

/** The bytes the quota counts for the vault's row: its header, MAC and signing key beside the row. */
export function vaultBytes(
  vault: Pick<VaultRow, 'header' | 'header_mac'> &
    Partial<Pick<VaultRow, 'header_proof' | 'signing_public_key' | 'signing_sealed_key'>>,
): number {
  return (
    VAULT_ROW_BYTES +
    Buffer.byteLength(vault.header) +
    Buffer.byteLength(vault.header_mac) +
    Buffer.byteLength(vault.header_proof ?? '') +
    Buffer.byteLength(vault.signing_public_key ?? '') +
    Buffer.byteLength(vault.signing_sealed_key ?? '')
  );
}

export type VaultRow = SyncVaultTable;
export type DeviceRow = SyncDeviceTable;
export type ChangeRow = SyncChangeTable;
export type SnapshotRow = SyncSnapshotTable;
export type ChunkRow = SyncChunkTable;

/** Moves the member's count of sync's bytes by `delta`, in the transaction that stores or deletes them. */
async function addUsage(db: Db, userId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .insertInto('sync_usage')
    .values({ user_id: userId, bytes: delta })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet((eb) => ({ bytes: eb('sync_usage.bytes', '+', eb.ref('excluded.bytes')) })),
    )
    .execute();
}

async function setUsage(db: Db, userId: string, bytes: number): Promise<void> {
  await db
    .insertInto('sync_usage')
    .values({ user_id: userId, bytes })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ bytes }))
    .execute();
}

function findVault(db: Db, userId: string): Promise<VaultRow | undefined> {
  return db.selectFrom('sync_vaults').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

async function insertVault(db: Db, row: VaultRow): Promise<void> {
  await db.insertInto('sync_vaults').values(row).execute();
}

async function updateVault(
  db: Db,
  userId: string,
  set: Pick<
    VaultRow,
    | 'header'
    | 'header_mac'
    | 'header_version'
    | 'header_proof'
    | 'signing_public_key'
    | 'signing_sealed_key'
    | 'updated_at'
  >,
): Promise<void> {
  await db.updateTable('sync_vaults').set(set).where('user_id', '=', userId).execute();
}

async function setLatest(db: Db, userId: string, latest: number): Promise<void> {
  await db.updateTable('sync_vaults').set({ latest }).where('user_id', '=', userId).execute();
}

/**
 * Everything synced of a member's, rows only (the caller deletes the stored files it is given). Its devices are
 * retired: their markers are all that stays, and all the count keeps.
 */
async function deleteSynced(db: Db, userId: string, at: string): Promise<string[]> {
  const vault = await findVault(db, userId);
  const devices = await db.selectFrom('sync_devices').select('id').where('user_id', '=', userId).execute();
  if (vault)
    await retireDevices(
      db,
      userId,
      devices.map((device) => device.id),
      vault.vault_id,
      at,
    );
  const files = [
    ...(await db.selectFrom('sync_snapshots').select('storage_key').where('user_id', '=', userId).execute()),
    ...(await db.selectFrom('sync_chunks').select('storage_key').where('user_id', '=', userId).execute()),
  ].map((row) => row.storage_key);
  for (const table of [
    'sync_changes',
    'sync_heads',
    'sync_snapshots',
    'sync_chunks',
    'sync_devices',
    'sync_vaults',
  ] as const) {
    await db.deleteFrom(table).where('user_id', '=', userId).execute();
  }
  const { markers } = await db
    .selectFrom('sync_retired_devices')
    .select((eb) => eb.fn.countAll<number>().as('markers'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  await setUsage(db, userId, Number(markers) * RETIRED_DEVICE_BYTES);
  return files;
}

/**
 * Removes these devices of the vault for good: each leaves a marker, so its id never registers again with the
 * vault. Answers the ids removed (those that were there).
 */
async function retireDevices(
  db: Db,
  userId: string,
  ids: string[],
  vaultId: string,
  at: string,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const present = await db
    .selectFrom('sync_devices')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
  if (present.length === 0) return [];
  const removed = present.map((row) => row.id);
  await db.deleteFrom('sync_devices').where('user_id', '=', userId).where('id', 'in', removed).execute();
  await db
    .insertInto('sync_retired_devices')
    .values(removed.map((id) => ({ user_id: userId, id, vault_id: vaultId, retired_at: at })))
    .onConflict((conflict) => conflict.columns(['user_id', 'id']).doNothing())
    .execute();
  await addUsage(db, userId, removed.length * (RETIRED_DEVICE_BYTES - DEVICE_BYTES));
  return removed;
}

/** Whether this device id was removed from the member's sync. */
async function isRetired(db: Db, userId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('sync_retired_devices')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Drops the markers of devices of another vault than `vaultId` (one published anew under another id): no device
 * of the new vault can know their chains, and no proof of theirs names the new vault.
 */
async function forgetOtherVaultsDevices(db: Db, userId: string, vaultId: string): Promise<void> {
  const result = await db
    .deleteFrom('sync_retired_devices')
    .where('user_id', '=', userId)
    .where('vault_id', '!=', vaultId)
    .executeTakeFirst();
  await addUsage(db, userId, -Number(result.numDeletedRows) * RETIRED_DEVICE_BYTES);
}

// A device counts while the session that registered it does: not ended, and not past its end (the accounts
// feature's rule for a live session, read here in the same query so the answer is exact under the member's lock).

/** The member's devices whose session still counts at `now`, last seen first. */
function listDevices(db: Db, userId: string, now: string): Promise<DeviceRow[]> {
  return db
    .selectFrom('sync_devices as d')
    .innerJoin('sessions as s', (join) =>
      join.onRef('s.id', '=', 'd.session_id').on('s.revoked_at', 'is', null).on('s.expires_at', '>', now),
    )
    .selectAll('d')
    .where('d.user_id', '=', userId)
    .orderBy('d.last_seen_at', 'desc')
    .execute();
}

/** The member's devices whose session has ended at `now` (or that have none): they are to be retired. */
async function devicesOfEndedSessions(db: Db, userId: string, now: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sync_devices as d')
    .leftJoin('sessions as s', (join) =>
      join.onRef('s.id', '=', 'd.session_id').on('s.revoked_at', 'is', null).on('s.expires_at', '>', now),
    )
    .select('d.id')
    .where('d.user_id', '=', userId)
    .where('s.id', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

function findDevice(db: Db, userId: string, id: string): Promise<DeviceRow | undefined> {
  return db
    .selectFrom('sync_devices')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

async function insertDevice(db: Db, row: DeviceRow): Promise<void> {
  await db.insertInto('sync_devices').values(row).execute();
}

async function updateDevice(
  db: Db,
  userId: string,
  id: string,
  set: Partial<Pick<DeviceRow, 'name' | 'session_device' | 'last_seq' | 'last_mac' | 'last_seen_at'>>,
): Promise<void> {
  await db.updateTable('sync_devices').set(set).where('user_id', '=', userId).where('id', '=', id).execute();
}

function findChange(
  db: Db,
  userId: string,
  device: string,
  deviceSeq: number,
): Promise<Pick<ChangeRow, 'seq' | 'mac'> | undefined> {
  return db
    .selectFrom('sync_changes')
    .select(['seq', 'mac'])
    .where('user_id', '=', userId)
    .where('device', '=', device)
    .where('device_seq', '=', deviceSeq)
    .executeTakeFirst();
}

async function insertChanges(db: Db, rows: ChangeRow[]): Promise<void> {
  // A few hundred rows per statement keeps within SQLite's and PostgreSQL's bound-parameter limits.
  for (let at = 0; at < rows.length; at += 100) {
    await db
      .insertInto('sync_changes')
      .values(rows.slice(at, at + 100))
      .execute();
  }
}

/** The newest versions of these records (absent: never written). */
async function headsOf(db: Db, userId: string, rids: string[]): Promise<Map<string, string>> {
  const heads = new Map<string, string>();
  for (let at = 0; at < rids.length; at += 500) {
    const rows = await db
      .selectFrom('sync_heads')
      .select(['rid', 'version'])
      .where('user_id', '=', userId)
      .where('rid', 'in', rids.slice(at, at + 500))
      .execute();
    for (const row of rows) heads.set(row.rid, row.version);
  }
  return heads;
}

async function setHeads(db: Db, userId: string, heads: Map<string, string>): Promise<void> {
  const rows = [...heads].map(([rid, version]) => ({ user_id: userId, rid, version }));
  for (let at = 0; at < rows.length; at += 200) {
    await db
      .insertInto('sync_heads')
      .values(rows.slice(at, at + 200))
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'rid']).doUpdateSet((eb) => ({ version: eb.ref('excluded.version') })),
      )
      .execute();
  }
}

/** The numbers and sizes of the first `limit` changes after `after`, in order (series.ts chooses a page by them). */
function changeSizes(
  db: Db,
  userId: string,
  after: number,
  limit: number,
): Promise<Array<Pick<ChangeRow, 'seq' | 'size'>>> {
  return db
    .selectFrom('sync_changes')
    .select(['seq', 'size'])
    .where('user_id', '=', userId)
    .where('seq', '>', after)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** The changes after `after` through `last`, in order. */
function changesThrough(db: Db, userId: string, after: number, last: number): Promise<ChangeRow[]> {
  return db
    .selectFrom('sync_changes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('seq', '>', after)
    .where('seq', '<=', last)
    .orderBy('seq')
    .execute();
}

/** Deletes the changes through `covers` (a snapshot covers them); answers the bytes they counted. */
async function deleteChangesThrough(db: Db, userId: string, covers: number): Promise<number> {
  const { bytes } = await db
    .selectFrom('sync_changes')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'))
    .where('user_id', '=', userId)
    .where('seq', '<=', covers)
    .executeTakeFirstOrThrow();
  await db.deleteFrom('sync_changes').where('user_id', '=', userId).where('seq', '<=', covers).execute();
  return Number(bytes);
}

/** The member's newest snapshot. */
function newestSnapshot(db: Db, userId: string): Promise<SnapshotRow | undefined> {
  return db
    .selectFrom('sync_snapshots')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('covers', 'desc')
    .limit(1)
    .executeTakeFirst();
}

function findSnapshot(db: Db, userId: string, id: string): Promise<SnapshotRow | undefined> {
  return db
    .selectFrom('sync_snapshots')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

async function insertSnapshot(db: Db, row: SnapshotRow): Promise<void> {
  await db.insertInto('sync_snapshots').values(row).execute();
}

/** Removes the member's snapshots other than `keep`; answers their stored files and the bytes they counted. */
async function deleteOlderSnapshots(
  db: Db,
  userId: string,
  keep: string,
): Promise<{ files: string[]; bytes: number }> {
  const old = await db
    .selectFrom('sync_snapshots')
    .select(['id', 'storage_key', 'size'])
    .where('user_id', '=', userId)
    .where('id', '!=', keep)
    .execute();
  if (old.length > 0) {
    await db
      .deleteFrom('sync_snapshots')
      .where(
        'id',
        'in',
        old.map((row) => row.id),
      )
      .execute();
  }
  return {
    files: old.map((row) => row.storage_key),
    bytes: old.reduce((sum, row) => sum + Number(row.size), 0),
  };
}

function findChunk(db: Db, userId: string, key: string): Promise<ChunkRow | undefined> {
  return db
    .selectFrom('sync_chunks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

async function heldChunks(db: Db, userId: string, keys: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('sync_chunks')
    .select('key')
    .where('user_id', '=', userId)
    .where('key', 'in', keys)
    .execute();
  return rows.map((row) => row.key);
}

/** Adds a chunk unless the member has one of that key; answers whether it was added. */
async function insertChunk(db: Db, row: ChunkRow): Promise<boolean> {
  const result = await db
    .insertInto('sync_chunks')
    .values(row)
    .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Removes the member's chunks of these keys; answers their stored files and the bytes they counted. */
async function deleteChunks(
  db: Db,
  userId: string,
  keys: string[],
): Promise<{ files: string[]; bytes: number }> {
  const rows = await db
    .selectFrom('sync_chunks')
    .select(['storage_key', 'size'])
    .where('user_id', '=', userId)
    .where('key', 'in', keys)
    .execute();
  await db.deleteFrom('sync_chunks').where('user_id', '=', userId).where('key', 'in', keys).execute();
  return {
    files: rows.map((row) => row.storage_key),
    bytes: rows.reduce((sum, row) => sum + Number(row.size), 0),
  };
}

/** Where a member's synced files (documents' chunks and snapshots) are stored. */
async function storageKeysOf(db: Db, userId: string): Promise<string[]> {
  const [chunks, snapshots] = await Promise.all([
    db.selectFrom('sync_chunks').select('storage_key').where('user_id', '=', userId).execute(),
    db.selectFrom('sync_snapshots').select('storage_key').where('user_id', '=', userId).execute(),
  ]);
  return [...chunks, ...snapshots].map((row) => row.storage_key);
}

/** The queries, bound to where they run (db/stores.ts). */
export const syncStore = (db: Executor) =>
  storeOf(db, {
    addUsage,
    findVault,
    insertVault,
    updateVault,
    setLatest,
    deleteSynced,
    retireDevices,
    isRetired,
    forgetOtherVaultsDevices,
    listDevices,
    devicesOfEndedSessions,
    findDevice,
    insertDevice,
    updateDevice,
    findChange,
    insertChanges,
    headsOf,
    setHeads,
    changeSizes,
    changesThrough,
    deleteChangesThrough,
    newestSnapshot,
    findSnapshot,
    insertSnapshot,
    deleteOlderSnapshots,
    findChunk,
    heldChunks,
    insertChunk,
    deleteChunks,
    storageKeysOf,
  });

export type SyncStore = ReturnType<typeof syncStore>;

/** The member's series (series.ts) on `store`: their sync's changes, heads, devices' chain ends and snapshots. */
export function memberSeries(store: SyncStore, userId: string): SeriesStore {
  return {
    findChange: (device, deviceSeq) => store.findChange(userId, device, deviceSeq),
    headsOf: (rids) => store.headsOf(userId, rids),
    insertChanges: (changes) =>
      store.insertChanges(changes.map((change) => ({ user_id: userId, ...change }))),
    setHeads: (heads) => store.setHeads(userId, heads),
    setLatest: (latest) => store.setLatest(userId, latest),
    updateDevice: (id, end) => store.updateDevice(userId, id, end),
    changeSizes: (after, limit) => store.changeSizes(userId, after, limit),
    changesThrough: (after, last) => store.changesThrough(userId, after, last),
    newestSnapshot: () => store.newestSnapshot(userId),
    insertSnapshot: (snapshot) => store.insertSnapshot({ user_id: userId, ...snapshot }),
    deleteChangesThrough: (covers) => store.deleteChangesThrough(userId, covers),
    deleteOlderSnapshots: (keep) => store.deleteOlderSnapshots(userId, keep),
    addUsage: (delta) => store.addUsage(userId, delta),
  };
}
