import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Keys the server makes for itself on first start (the VAPID key pair), shared by every server process.
  await db.schema
    .createTable('server_keys')
    .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .execute();

  // One push registration per member (description §3 "push token"): a new one replaces the old.
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('user_id', 'varchar(36)', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'varchar(2048)', (col) => col.notNull())
    .addColumn('p256dh', 'varchar(128)', (col) => col.notNull())
    .addColumn('auth', 'varchar(64)', (col) => col.notNull())
    .addColumn('device_id', 'varchar(64)')
    .addColumn('device_name', 'varchar(32)', (col) => col.notNull())
    .addColumn('user_agent', 'varchar(512)', (col) => col.notNull())
    .addColumn('language', 'varchar(16)', (col) => col.notNull())
    .addColumn('platform', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(24)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('server_keys').execute();
}
