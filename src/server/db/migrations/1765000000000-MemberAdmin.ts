import { PostgresAdapter, type Kysely } from 'kysely';

// Members in /admin (docs/deploy.md, "Members"): an admin disables a member (who then cannot sign in, their data
// kept) and enables them again, and every action an admin takes on members, invitations or the banner is logged
// for the admins to read.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('users').addColumn('disabled_at', 'varchar(24)').execute();
  await db.schema
    .createTable('admin_log')
    // In the order written, which the log is read in (several in one millisecond included).
    .addColumn('id', postgres ? 'bigserial' : 'integer', (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('at', 'varchar(24)', (col) => col.notNull())
    // Addresses, not ids: the entry still says who and whom once either account is gone.
    .addColumn('actor', 'varchar(254)', (col) => col.notNull())
    .addColumn('action', 'varchar(40)', (col) => col.notNull())
    .addColumn('target', 'varchar(254)', (col) => col.notNull().defaultTo(''))
    .addColumn('detail', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_log').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
}
