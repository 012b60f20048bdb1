import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('update_mails', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('users').addColumn('unsubscribe_token', 'varchar(64)').execute();

  await db.schema
    .createTable('mail_jobs')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('not_before', 'varchar(24)', (col) => col.notNull())
    .addColumn('claimed_at', 'varchar(24)')
    .addColumn('sent_at', 'varchar(24)')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addUniqueConstraint('mail_jobs_once', ['kind', 'user_id', 'subject_id'])
    .execute();
  await db.schema.createIndex('mail_jobs_status').on('mail_jobs').columns(['status', 'not_before']).execute();

  await db.schema
    .createTable('inquiries')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(16)', (col) => col.notNull())
    .addColumn('subject', 'varchar(200)', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('inquiries').execute();
  await db.schema.dropTable('mail_jobs').execute();
  await db.schema.alterTable('users').dropColumn('unsubscribe_token').execute();
  await db.schema.alterTable('users').dropColumn('update_mails').execute();
}
