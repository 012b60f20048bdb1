import type { Kysely } from 'kysely';

// What a host controls (docs/deploy.md, "Who may sign up"): the addresses an admin invited to sign up while
// sign-ups are closed, and admins made with `npm run admin` (besides those listed in ADMIN_EMAILS).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    // One invitation per address: inviting it again renews that one.
    .addColumn('email', 'varchar(254)', (col) => col.notNull().unique())
    .addColumn('lang', 'varchar(2)', (col) => col.notNull())
    .addColumn('invited_by', 'varchar(36)', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(24)', (col) => col.notNull())
    .addColumn('used_at', 'varchar(24)')
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('is_admin', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('is_admin').execute();
  await db.schema.dropTable('invitations').execute();
}
