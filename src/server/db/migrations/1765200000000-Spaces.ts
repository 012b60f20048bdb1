import type { Kysely } from 'kysely';

// Shared spaces (issue 47, docs/spaces-plan.md §4): a space is a vault of its own, synced like a member's vault but as
// a series per space and key epoch, with a membership log the members sign and the server checks but cannot forge.
// What the server keeps is what sync keeps (ordering numbers, sizes, device ids, times, sealed bodies), plus who is in
// which space with what role and public keys, and the e-mail addresses invited.
//
// Not the `sync_*` tables: those key every row by the member. Here a space's rows go with the space, and the space
// goes with its owner's account (the owner's quota pays for it). A member's part goes with their account: their
// keys, membership, wraps, devices and the invitations they sent or took. What a member wrote stays: the log's
// entries, changes and snapshots name their author without a foreign key, as history the others hold signed.
// Columns parallel to sync's (mac, body, size, storage_key, last_seq, …) have sync's types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A member's identity for spaces: public sign (ECDSA) and box (ECDH) keys, the private ones sealed by the vault so
  // each of the member's devices opens them, and the proofs by the identity and by the vault's sync signing key.
  await db.schema
    .createTable('member_keys')
    .addColumn('user_id', 'varchar(36)', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('alg', 'varchar(16)', (col) => col.notNull())
    .addColumn('sign_key', 'text', (col) => col.notNull())
    .addColumn('box_key', 'text', (col) => col.notNull())
    .addColumn('sealed_keys', 'text', (col) => col.notNull())
    .addColumn('proof', 'text', (col) => col.notNull())
    .addColumn('vault_proof', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(24)', (col) => col.notNull())
    .execute();

  // A space: its owner, its current key epoch and that epoch's series (as `sync_vaults.vault_id`), the last change
  // number handed out in it, and the end of its log. `handover_to`: a member offered the ownership (cleared when
  // that member's account goes).
  await db.schema
    .createTable('spaces')
    .addColumn('id', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('epoch', 'integer', (col) => col.notNull())
    .addColumn('series_id', 'varchar(32)', (col) => col.notNull())
    .addColumn('latest', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('log_seq', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('log_head', 'varchar(64)', (col) => col.notNull())
    .addColumn('rotation_due', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('handover_to', 'varchar(36)', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(24)', (col) => col.notNull())
    .execute();
  // The quota sums the spaces a member owns at every check.
  await db.schema.createIndex('spaces_owner').on('spaces').column('owner_id').execute();

  // Who is in a space, with which role, and the identity the log holds for them (`joining`: accepted, not yet added).
  await db.schema
    .createTable('space_members')
    .addColumn('space_id', 'varchar(32)', (col) => col.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(16)', (col) => col.notNull())
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('key_version', 'integer', (col) => col.notNull())
    .addColumn('sign_key', 'text', (col) => col.notNull())
    .addColumn('box_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addPrimaryKeyConstraint('space_members_pk', ['space_id', 'user_id'])
    .execute();
  await db.schema.createIndex('space_members_user').on('space_members').column('user_id').execute();

  // An invitation to an address (normalised), one per space and address; its id is the one the owner's signed
  // `invite` entry names, so the app chooses it.
  await db.schema
    .createTable('space_invitations')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('space_id', 'varchar(32)', (col) => col.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('role', 'varchar(16)', (col) => col.notNull())
    .addColumn('invited_by', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(24)', (col) => col.notNull())
    .addColumn('accepted_by', 'varchar(36)', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('accepted_at', 'varchar(24)')
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addUniqueConstraint('space_invitations_address', ['space_id', 'email'])
    .execute();
  // A member's invitations are looked up by their verified address.
  await db.schema.createIndex('space_invitations_email').on('space_invitations').column('email').execute();

  // The membership log as its authors signed it (docs/spaces-plan.md §2); `hash` is the entry's, the next one's prev.
  await db.schema
    .createTable('space_log')
    .addColumn('space_id', 'varchar(32)', (col) => col.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (col) => col.notNull())
    .addColumn('author', 'varchar(36)', (col) => col.notNull())
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('sig', 'text', (col) => col.notNull())
    .addColumn('hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addPrimaryKeyConstraint('space_log_pk', ['space_id', 'seq'])
    .execute();

  // An epoch's key wrapped to a member's box key and signed by the member who wrapped it.
  await db.schema
    .createTable('space_keys')
    .addColumn('space_id', 'varchar(32)', (col) => col.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('epoch', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('wrap', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addPrimaryKeyConstraint('space_keys_pk', ['space_id', 'epoch', 'user_id'])
    .execute();

  // The devices syncing an epoch's series, as `sync_devices` (the session that registered it may push as it).
  await db.schema
    .createTable('space_devices')
    .addColumn('space_id', 'varchar(32)', (col) => col.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('epoch', 'integer', (col) => col.notNull())
    .addColumn('id', 'varchar(32)', (col) => col.notNull())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'varchar(36)')
    .addColumn('session_device', 'varchar(64)')
    .addColumn('last_seq', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('last_mac', 'varchar(44)')
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addColumn('last_seen_at', 'varchar(24)', (col) => col.notNull())
    .addPrimaryKeyConstraint('space_devices_pk', ['space_id', 'epoch', 'id'])
    .execute();

  // Changes in the series' order, each once per device and device number, as `sync_changes`, with their author.
  await db.schema
    .createTable('space_changes')
    .addColumn('space_id', 'varchar(32)', (col) => col.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('epoch', 'integer', (col) => col.notNull())
    .addColumn('seq', 'bigint', (col) => col.notNull())
    .addColumn('device', 'varchar(32)', (col) => col.notNull())
    .addColumn('device_seq', 'bigint', (col) => col.notNull())
    .addColumn('author', 'varchar(36)', (col) => col.notNull())
    .addColumn('mac', 'varchar(44)', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addPrimaryKeyConstraint('space_changes_pk', ['space_id', 'epoch', 'seq'])
    .addUniqueConstraint('space_changes_device_seq', ['space_id', 'epoch', 'device', 'device_seq'])
    .execute();

  // Each record's newest version in the series, as `sync_heads`.
  await db.schema
    .createTable('space_heads')
    .addColumn('space_id', 'varchar(32)', (col) => col.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('epoch', 'integer', (col) => col.notNull())
    .addColumn('rid', 'varchar(43)', (col) => col.notNull())
    .addColumn('version', 'varchar(60)', (col) => col.notNull())
    .addPrimaryKeyConstraint('space_heads_pk', ['space_id', 'epoch', 'rid'])
    .execute();

  // A device-made snapshot of the series, stored as a file, as `sync_snapshots`; `staged`: the next epoch's, uploaded
  // before the rotation that publishes it.
  await db.schema
    .createTable('space_snapshots')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('space_id', 'varchar(32)', (col) => col.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('epoch', 'integer', (col) => col.notNull())
    .addColumn('covers', 'bigint', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('storage_key', 'varchar(200)', (col) => col.notNull().unique())
    .addColumn('author', 'varchar(36)', (col) => col.notNull())
    .addColumn('staged', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('space_snapshots_series')
    .on('space_snapshots')
    .columns(['space_id', 'epoch', 'covers'])
    .execute();

  // A device removed from an epoch's series, as `sync_retired_devices`: its id never registers there again.
  await db.schema
    .createTable('space_retired_devices')
    .addColumn('space_id', 'varchar(32)', (col) => col.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('epoch', 'integer', (col) => col.notNull())
    .addColumn('id', 'varchar(32)', (col) => col.notNull())
    .addColumn('retired_at', 'varchar(24)', (col) => col.notNull())
    .addPrimaryKeyConstraint('space_retired_devices_pk', ['space_id', 'epoch', 'id'])
    .execute();

  // The bytes a space keeps, as the quota counts them against its owner; moved in the transaction of every insert
  // and delete of what it counts, as `sync_usage`.
  await db.schema
    .createTable('space_usage')
    .addColumn('space_id', 'varchar(32)', (col) =>
      col.primaryKey().references('spaces.id').onDelete('cascade'),
    )
    .addColumn('bytes', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'space_usage',
    'space_retired_devices',
    'space_snapshots',
    'space_heads',
    'space_changes',
    'space_devices',
    'space_keys',
    'space_log',
    'space_invitations',
    'space_members',
    'spaces',
    'member_keys',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
