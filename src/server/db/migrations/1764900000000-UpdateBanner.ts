import type { Kysely } from 'kysely';

// The update banner on the home page, written by an admin (until one is, the home page shows none): one row, its
// words in both languages, the version the admin chose, and a revision that changes with every write, so a form
// filled from an older one cannot silently replace it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('update_banner')
    // Where it shows: 'home', the only place one does.
    .addColumn('id', 'varchar(16)', (col) => col.primaryKey())
    .addColumn('version', 'varchar(40)', (col) => col.notNull())
    .addColumn('title_ko', 'varchar(100)', (col) => col.notNull())
    .addColumn('title_en', 'varchar(100)', (col) => col.notNull())
    .addColumn('body_ko', 'varchar(500)', (col) => col.notNull())
    .addColumn('body_en', 'varchar(500)', (col) => col.notNull())
    .addColumn('revision', 'varchar(36)', (col) => col.notNull())
    .addColumn('updated_by', 'varchar(36)', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'varchar(24)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('update_banner').execute();
}
