import type { Kysely } from 'kysely';

// Who confirms a sign-in on a new device (docs/security.md, "A sign-in on a new device"): only a session whose
// browser can check the master key is asked (`can_confirm`, told by that browser: the app holds the vault, or the
// site the master key's verifier); where none can, a one-time code mailed to the member confirms it. A code is kept
// hashed, with the tries spent on it and how often it was sent, and goes with its session.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('can_confirm', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('sign_in_codes')
    .addColumn('session_id', 'varchar(36)', (col) =>
      col.primaryKey().references('sessions.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('tries', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sends', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('sent_at', 'varchar(24)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_codes').execute();
  await db.schema.alterTable('sessions').dropColumn('can_confirm').execute();
}
