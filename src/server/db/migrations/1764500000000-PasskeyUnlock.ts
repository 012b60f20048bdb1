import type { Kysely } from 'kysely';

// A passkey that also unlocks the app's vault on the device that holds it (docs/security.md, "Unlocking with a
// passkey"): when the member turned that on. The server keeps only that it may: the key it unlocks stays on the
// device. Cleared to end it (removed from the list, a new master password); the passkey still signs in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('passkeys').addColumn('vault_unlock_at', 'varchar(24)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('passkeys').dropColumn('vault_unlock_at').execute();
}
