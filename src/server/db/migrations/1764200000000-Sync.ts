import type { Kysely } from 'kysely';

// Sync between a member's devices (docs/sync.md). Nothing here is readable by the server but ordering numbers,
// device ids, sizes and times: headers, changes, snapshots and chunks are sealed on the devices.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The member's synced vault: its id, its header as a device sent it (the data key wrapped by the master
  // password), the last change number handed out, and the number up to which changes were compacted.
  await db.schema
    .createTable('sync_vaults')
    .addColumn('user_id', 'varchar(36)', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('vault_id', 'varchar(32)', (col) => col.notNull())
    .addColumn('header', 'text', (col) => col.notNull())
    .addColumn('header_mac', 'varchar(44)', (col) => col.notNull())
    .addColumn('latest', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(24)', (col) => col.notNull())
    .execute();

  // The devices holding the vault; `session_device` is the browser's device key, to tell the caller's own;
  // `last_seq` and `last_mac` end the device's chain as stored, so a push must continue it (even once compacted).
  await db.schema
    .createTable('sync_devices')
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'varchar(32)', (col) => col.notNull())
    .addColumn('name', 'varchar(64)', (col) => col.notNull())
    .addColumn('session_device', 'varchar(64)')
    .addColumn('last_seq', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('last_mac', 'varchar(44)')
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addColumn('last_seen_at', 'varchar(24)', (col) => col.notNull())
    .addPrimaryKeyConstraint('sync_devices_pk', ['user_id', 'id'])
    .execute();

  // Changes in the member's order (`seq`), each once per device and device number.
  await db.schema
    .createTable('sync_changes')
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (col) => col.notNull())
    .addColumn('device', 'varchar(32)', (col) => col.notNull())
    .addColumn('device_seq', 'bigint', (col) => col.notNull())
    .addColumn('mac', 'varchar(44)', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addPrimaryKeyConstraint('sync_changes_pk', ['user_id', 'seq'])
    .addUniqueConstraint('sync_changes_device_seq', ['user_id', 'device', 'device_seq'])
    .execute();

  // Each record's newest version (`device:seq`, a deletion too), under its pseudonymous id: a change must be made
  // from it, so two devices that edited one record at once cannot both land (the second merges first).
  await db.schema
    .createTable('sync_heads')
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rid', 'varchar(43)', (col) => col.notNull())
    .addColumn('version', 'varchar(60)', (col) => col.notNull())
    .addPrimaryKeyConstraint('sync_heads_pk', ['user_id', 'rid'])
    .execute();

  // A device-made snapshot of the whole vault, stored as a file; the changes it covers are deleted.
  await db.schema
    .createTable('sync_snapshots')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('covers', 'bigint', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('storage_key', 'varchar(200)', (col) => col.notNull().unique())
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('sync_snapshots_user')
    .on('sync_snapshots')
    .columns(['user_id', 'covers'])
    .execute();

  // Documents' sealed chunks, named by a key only the devices can derive.
  await db.schema
    .createTable('sync_chunks')
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'varchar(43)', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('storage_key', 'varchar(200)', (col) => col.notNull().unique())
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addPrimaryKeyConstraint('sync_chunks_pk', ['user_id', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sync_chunks',
    'sync_snapshots',
    'sync_heads',
    'sync_changes',
    'sync_devices',
    'sync_vaults',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
