import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notices')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('lang', 'varchar(2)', (col) => col.notNull())
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(24)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('notices_lang_created').on('notices').columns(['lang', 'created_at']).execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('description', 'varchar(1000)', (col) => col.notNull())
    .addColumn('version', 'varchar(50)', (col) => col.notNull())
    .addColumn('category', 'varchar(16)', (col) => col.notNull())
    .addColumn('file_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('storage_key', 'varchar(200)', (col) => col.notNull().unique())
    .addColumn('is_latest', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('download_count', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('files_category').on('files').columns(['category', 'created_at']).execute();

  await db.schema
    .createTable('user_documents')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('content_type', 'varchar(100)', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('storage_key', 'varchar(200)', (col) => col.notNull().unique())
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(24)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('user_documents_user').on('user_documents').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['user_documents', 'files', 'notices']) await db.schema.dropTable(table).execute();
}
