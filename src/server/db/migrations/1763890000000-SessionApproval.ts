import type { Kysely } from 'kysely';

// The new-device check asks for a member's confirmed sessions at every sign-in; a member can have many
// sessions waiting for confirmation, so the question is answered from an index, not by reading them all.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('sessions_user_approval')
    .on('sessions')
    .columns(['user_id', 'approval'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_user_approval').execute();
}
