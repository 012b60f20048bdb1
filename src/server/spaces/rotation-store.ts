// Queries of a space's rotation (docs/spaces-plan.md §3 "Rotation", §4), written once for SQLite and PostgreSQL and
// run in the transaction that holds the space's lock: the one snapshot staged for the next epoch, its publication,
// and the end of the epochs before it — every row kept under their keys goes, with the bytes it took from the
// owner's quota (sync's unit costs), so nothing sealed under an old epoch's key stays on the server.
import type { Executor } from '../db/stores.js';
import { DEVICE_BYTES, HEAD_BYTES, RETIRED_DEVICE_BYTES } from '../sync/store.js';
import type { SpaceSnapshotRow } from './series-store.js';
import { addUsage } from './store.js';

/** The snapshot staged for the space's next epoch, if any (one at most). */
export function stagedSnapshot(db: Executor, spaceId: string): Promise<SpaceSnapshotRow | undefined> {
  return db
    .selectFrom('space_snapshots')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('staged', '=', 1)
    .executeTakeFirst();
}

/** Deletes a staged snapshot's row and gives its bytes back; answers where its file is. */
export async function dropStaged(db: Executor, row: SpaceSnapshotRow): Promise<string> {
  await db.deleteFrom('space_snapshots').where('id', '=', row.id).execute();
  await addUsage(db, row.space_id, -Number(row.size));
  return row.storage_key;
}

/** Keeps a snapshot staged for the next epoch, its bytes counted as any snapshot's. */
export async function insertStaged(db: Executor, row: Omit<SpaceSnapshotRow, 'staged'>): Promise<void> {
  await db
    .insertInto('space_snapshots')
    .values({ ...row, staged: 1 })
    .execute();
  await addUsage(db, row.space_id, Number(row.size));
}

/** Makes the staged snapshot its epoch's series' publication: read, listed and replaced as any snapshot from now. */
export async function publishStaged(db: Executor, id: string): Promise<void> {
  await db.updateTable('space_snapshots').set({ staged: 0 }).where('id', '=', id).execute();
}

/** The bytes the space's changes of its epochs before `epoch` take. */
async function changesBefore(db: Executor, spaceId: string, epoch: number): Promise<number> {
  const row = await db
    .selectFrom('space_changes')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'))
    .where('space_id', '=', spaceId)
    .where('epoch', '<', epoch)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/**
 * Deletes everything the space keeps of its epochs before `epoch`: changes, record heads, devices and their
 * retired markers, snapshots and the wraps of those epochs' keys, and gives their bytes back. Answers the files of
 * the snapshots, to delete once the transaction is committed.
 */
export async function dropEpochsBefore(db: Executor, spaceId: string, epoch: number): Promise<string[]> {
  const before = <T extends 'space_heads' | 'space_devices' | 'space_retired_devices'>(table: T) =>
    db
      .deleteFrom(table as 'space_heads')
      .where('space_id', '=', spaceId)
      .where('epoch', '<', epoch)
      .executeTakeFirst()
      .then((result) => Number(result.numDeletedRows));
  const changes = await changesBefore(db, spaceId, epoch);
  await db.deleteFrom('space_changes').where('space_id', '=', spaceId).where('epoch', '<', epoch).execute();
  const snapshots = await db
    .deleteFrom('space_snapshots')
    .where('space_id', '=', spaceId)
    .where('epoch', '<', epoch)
    .returning(['storage_key', 'size'])
    .execute();
  const wraps = await db
    .deleteFrom('space_keys')
    .where('space_id', '=', spaceId)
    .where('epoch', '<', epoch)
    .returning('wrap')
    .execute();
  const freed =
    changes +
    (await before('space_heads')) * HEAD_BYTES +
    (await before('space_devices')) * DEVICE_BYTES +
    (await before('space_retired_devices')) * RETIRED_DEVICE_BYTES +
    snapshots.reduce((sum, row) => sum + Number(row.size), 0) +
    wraps.reduce((sum, row) => sum + Buffer.byteLength(row.wrap), 0);
  await addUsage(db, spaceId, -freed);
  return snapshots.map((row) => row.storage_key);
}

/** Whether the space's next rotation is due (a member left or was removed): an editor may make it then. */
export async function rotationDue(db: Executor, spaceId: string): Promise<boolean> {
  const row = await db
    .selectFrom('spaces')
    .select('rotation_due')
    .where('id', '=', spaceId)
    .executeTakeFirst();
  return Number(row?.rotation_due) === 1;
}

/** The bytes the space takes from its owner's quota. */
export async function spaceUsage(db: Executor, spaceId: string): Promise<number> {
  const row = await db
    .selectFrom('space_usage')
    .select('bytes')
    .where('space_id', '=', spaceId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}
