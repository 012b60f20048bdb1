// What sync keeps for a member, counted from its tables as the quota's rules say (docs/sync.md, "Quota"): tests
// compare the server's running count with it.
import type { TestApp } from './harness.js';
import { DEVICE_BYTES, HEAD_BYTES, RETIRED_DEVICE_BYTES, vaultBytes } from '../sync/store.js';

/**
 * Each change's counted size, snapshots' and chunks' sizes, each record's newest version, each device, the vault,
 * and the marker of each device removed.
 */
export async function syncKeptFromTables(app: TestApp, userId: string): Promise<number> {
  const db = app.database.db;
  const sum = async (table: 'sync_changes' | 'sync_snapshots' | 'sync_chunks') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const count = async (table: 'sync_heads' | 'sync_devices' | 'sync_retired_devices') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const vault = await db
    .selectFrom('sync_vaults')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (
    (await sum('sync_changes')) +
    (await sum('sync_snapshots')) +
    (await sum('sync_chunks')) +
    (await count('sync_heads')) * HEAD_BYTES +
    (await count('sync_devices')) * DEVICE_BYTES +
    (await count('sync_retired_devices')) * RETIRED_DEVICE_BYTES +
    (vault ? vaultBytes(vault) : 0)
  );
}
