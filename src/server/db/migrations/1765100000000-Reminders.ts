import type { Kysely } from 'kysely';

// Reminders the server cannot read (issue 46, docs/security.md "Reminders"): the push endpoints of a member's
// devices, and each reminder as a send time with one message per endpoint, sealed by the member's app for that
// device (RFC 8291). No title, no event, no key: the server cannot open what it sends.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reminder_endpoints')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'varchar(2048)', (col) => col.notNull())
    .addColumn('device_name', 'varchar(32)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addUniqueConstraint('reminder_endpoints_member_endpoint', ['user_id', 'endpoint'])
    .execute();

  await db.schema
    .createTable('reminders')
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Chosen by the app: opaque (an HMAC under a key of the vault), so it names no event.
    .addColumn('id', 'varchar(64)', (col) => col.notNull())
    .addColumn('send_at', 'varchar(24)', (col) => col.notNull())
    // A server process sending it (null: waiting); one left claimed by a process that stopped is taken up again.
    .addColumn('claimed_at', 'varchar(24)')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addPrimaryKeyConstraint('reminders_pk', ['user_id', 'id'])
    .execute();
  await db.schema.createIndex('reminders_due').on('reminders').columns(['send_at']).execute();

  await db.schema
    .createTable('reminder_messages')
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('reminder_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('endpoint_id', 'varchar(36)', (col) =>
      col.notNull().references('reminder_endpoints.id').onDelete('cascade'),
    )
    // The aes128gcm body as the app made it, base64url.
    .addColumn('body', 'text', (col) => col.notNull())
    // Its length in bytes, for the member's cap.
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('reminder_messages_pk', ['user_id', 'reminder_id', 'endpoint_id'])
    .addForeignKeyConstraint(
      'reminder_messages_reminder',
      ['user_id', 'reminder_id'],
      'reminders',
      ['user_id', 'id'],
      (constraint) => constraint.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('reminder_messages_endpoint')
    .on('reminder_messages')
    .column('endpoint_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reminder_messages').execute();
  await db.schema.dropTable('reminders').execute();
  await db.schema.dropTable('reminder_endpoints').execute();
}
