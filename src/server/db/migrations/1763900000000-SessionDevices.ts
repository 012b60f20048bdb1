import type { Kysely } from 'kysely';

// Every sign-in asks whether the browser (device id) already holds a confirmed session of the member, whether
// the member has any, and ends the browser's earlier sessions: each question is answered from the member's live
// sessions in an index (ended ones stay in the table, and there may be many), not by reading them all.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('sessions_user_device_live')
    .on('sessions')
    .columns(['user_id', 'device_id', 'revoked_at'])
    .execute();
  await db.schema.dropIndex('sessions_user_approval').execute();
  await db.schema
    .createIndex('sessions_user_approval_live')
    .on('sessions')
    .columns(['user_id', 'approval', 'revoked_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_user_approval_live').execute();
  await db.schema
    .createIndex('sessions_user_approval')
    .on('sessions')
    .columns(['user_id', 'approval'])
    .execute();
  await db.schema.dropIndex('sessions_user_device_live').execute();
}
