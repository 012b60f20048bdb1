import { sql, type Kysely } from 'kysely';

// Sessions that fail closed: each has an end (`expires_at`, the earlier of its idle end — the member's auto
// logout, moved forward by activity — and its absolute end), and a time the member last proved their password
// or passkey again (`reauth_at`). Uploads reserve their bytes against the member's quota before streaming.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('idle_minutes', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('sessions').addColumn('expires_at', 'varchar(24)').execute();
  await db.schema.alterTable('sessions').addColumn('reauth_at', 'varchar(24)').execute();
  // Sessions from before keep the rules they were made under (30 days, no idle end on the server) until their
  // browser reports its auto logout; an ended one needs no end.
  const live = await sql<{ id: string; created_at: string }>`
    select id, created_at from sessions where revoked_at is null`.execute(db);
  for (const row of live.rows) {
    const end = new Date(Date.parse(row.created_at) + 30 * 24 * 60 * 60_000).toISOString();
    await sql`update sessions set expires_at = ${end} where id = ${row.id}`.execute(db);
  }
  await sql`update sessions set expires_at = coalesce(revoked_at, created_at) where expires_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('upload_reservations')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bytes', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'varchar(24)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('upload_reservations_user')
    .on('upload_reservations')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('users_unverified')
    .on('users')
    .columns(['email_verified', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_unverified').execute();
  await db.schema.dropTable('upload_reservations').execute();
  for (const column of ['reauth_at', 'expires_at', 'idle_minutes']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
}
