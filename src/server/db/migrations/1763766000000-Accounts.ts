import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('email', 'varchar(254)', (col) => col.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (col) => col.notNull())
    .addColumn('email_verified', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('lang', 'varchar(2)', (col) => col.notNull().defaultTo('ko'))
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(24)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('email_tokens')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('new_password_hash', 'varchar(255)')
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(24)', (col) => col.notNull())
    .addColumn('used_at', 'varchar(24)')
    .execute();
  await db.schema.createIndex('email_tokens_user').on('email_tokens').columns(['user_id', 'kind']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('device_id', 'varchar(64)')
    .addColumn('device_name', 'varchar(32)', (col) => col.notNull())
    .addColumn('user_agent', 'varchar(512)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addColumn('last_seen_at', 'varchar(24)', (col) => col.notNull())
    .addColumn('revoked_at', 'varchar(24)')
    .addColumn('approval', 'varchar(16)', (col) => col.notNull().defaultTo('approved'))
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('rate_events')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('key', 'varchar(320)', (col) => col.notNull())
    .addColumn('at', 'varchar(24)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('rate_events_key_at').on('rate_events').columns(['key', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rate_events', 'sessions', 'email_tokens', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
