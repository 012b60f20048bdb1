import { PostgresAdapter, sql, type Kysely } from 'kysely';

// A sign-in writes less (docs/deploy.md, "What a crash may lose"):
// - On PostgreSQL the rate-limit events are an UNLOGGED table: counters, not the member's data, written and taken
//   back at every sign-in. Their writes skip the write-ahead log; a crash of the database empties the table (every
//   limit starts over), as a restart of Redis would where REDIS_URL is set.
// - `sessions_user` goes: the two indexes on (user_id, …, revoked_at) answer every question it answered, and each
//   sign-in's insert and each ended session's update kept it up to date for nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table rate_events set unlogged`.execute(db);
  }
  await db.schema.dropIndex('sessions_user').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table rate_events set logged`.execute(db);
  }
}
