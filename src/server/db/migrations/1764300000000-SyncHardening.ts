import { sql, type Kysely } from 'kysely';

// Sync that a session, a stranger or a large body cannot bend (docs/sync.md, docs/security.md "Sync").
//
// `sync_usage`: the bytes each member's sync keeps, as the quota counts them, kept in the same transaction as every
// insert and delete of what it counts: changes (their size), snapshots and chunks (their files' sizes), each
// record's newest version (200 bytes), each device (500) and the vault (its header, its MAC and 200). Filled here
// from what is stored already; the figures are those of src/server/sync/store.ts at this migration.
//
// `sync_retired_devices`: a small marker for each device removed from sync, so its id never registers again with
// that vault (its chain would start over under numbers its old changes, versions and snapshots hold). Counted
// against the quota too (100 bytes); a vault published under another id drops the markers of the one before.
//
// `sync_devices.session_id`: the session that registered the device; only it may push to the device's chain,
// upload a snapshot as it or register it again, and the device leaves sync when that session ends. A device of
// before is bound to the newest confirmed session still open in its browser; one with none is retired on the next
// sync request of its member.
//
// `sync_vaults.signing_*`: the vault's signing key (ECDSA P-256), whose private half only a device that opened the
// vault can use: registrations and snapshots of a vault that has one carry a signature checked against it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sync_vaults').addColumn('signing_public_key', 'text').execute();
  await db.schema.alterTable('sync_vaults').addColumn('signing_sealed_key', 'text').execute();
  await db.schema.alterTable('sync_devices').addColumn('session_id', 'varchar(36)').execute();
  await sql`
    update sync_devices set session_id = (
      select s.id from sessions s
      where s.user_id = sync_devices.user_id and s.device_id = sync_devices.session_device
        and s.revoked_at is null and s.approval = 'approved'
      order by s.created_at desc
      limit 1
    )`.execute(db);

  await db.schema
    .createTable('sync_retired_devices')
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'varchar(32)', (col) => col.notNull())
    .addColumn('vault_id', 'varchar(32)', (col) => col.notNull())
    .addColumn('retired_at', 'varchar(24)', (col) => col.notNull())
    .addPrimaryKeyConstraint('sync_retired_devices_pk', ['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('sync_usage')
    .addColumn('user_id', 'varchar(36)', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('bytes', 'bigint', (col) => col.notNull())
    .execute();
  await sql`
    insert into sync_usage (user_id, bytes)
    select user_id, sum(bytes) from (
      select user_id, size as bytes from sync_changes
      union all select user_id, size from sync_snapshots
      union all select user_id, size from sync_chunks
      union all select user_id, 200 from sync_heads
      union all select user_id, 500 from sync_devices
      union all select user_id, 200 + length(header) + length(header_mac) from sync_vaults
    ) kept
    group by user_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sync_usage').execute();
  await db.schema.dropTable('sync_retired_devices').execute();
  await db.schema.alterTable('sync_devices').dropColumn('session_id').execute();
  await db.schema.alterTable('sync_vaults').dropColumn('signing_sealed_key').execute();
  await db.schema.alterTable('sync_vaults').dropColumn('signing_public_key').execute();
}
