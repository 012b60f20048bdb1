// What a shared space keeps, counted from its tables as the quota's rules say (docs/spaces-plan.md §4, "Quota"):
// tests compare the server's running count (`space_usage`) with it, as sync-usage.ts does for a member's sync.
import { LOG_GENESIS } from '../../shared/spaces/log.js';
import { DEVICE_BYTES, HEAD_BYTES, RETIRED_DEVICE_BYTES } from '../sync/store.js';
import type { TestApp } from './harness.js';

/**
 * Each log entry's JSON (as its author sent it), each wrap, each change's counted size, each snapshot (staged ones
 * too), each record's newest version, each device, and the marker of each device retired.
 */
export async function spaceKeptFromTables(app: TestApp, spaceId: string): Promise<number> {
  const db = app.database.db;
  const sum = async (table: 'space_changes' | 'space_snapshots') =>
    Number(
      (
        await db
          .selectFrom(table as 'space_changes')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('n'))
          .where('space_id', '=', spaceId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const count = async (table: 'space_heads' | 'space_devices' | 'space_retired_devices') =>
    Number(
      (
        await db
          .selectFrom(table as 'space_heads')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('space_id', '=', spaceId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const log = await db
    .selectFrom('space_log')
    .selectAll()
    .where('space_id', '=', spaceId)
    .orderBy('seq')
    .execute();
  let prev = LOG_GENESIS;
  let entries = 0;
  for (const row of log) {
    const entry = {
      seq: Number(row.seq),
      prev,
      kind: row.kind,
      author: row.author,
      body: JSON.parse(row.body) as unknown,
      sig: row.sig,
    };
    entries += Buffer.byteLength(JSON.stringify(entry));
    prev = row.hash;
  }
  const wraps = await db.selectFrom('space_keys').select('wrap').where('space_id', '=', spaceId).execute();
  return (
    entries +
    wraps.reduce((total, row) => total + Buffer.byteLength(row.wrap), 0) +
    (await sum('space_changes')) +
    (await sum('space_snapshots')) +
    (await count('space_heads')) * HEAD_BYTES +
    (await count('space_devices')) * DEVICE_BYTES +
    (await count('space_retired_devices')) * RETIRED_DEVICE_BYTES
  );
}

/** The space's running count of bytes against its owner's quota. */
export async function spaceUsageOf(app: TestApp, spaceId: string): Promise<number> {
  const row = await app.database.db
    .selectFrom('space_usage')
    .select('bytes')
    .where('space_id', '=', spaceId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}
