// What the database holds, counted for the operator's metrics (http/metrics.ts): bytes kept and member accounts.
import { sql } from 'kysely';
import type { DatabaseHandle } from './database.js';

/** What the database holds, for the metrics' gauges: five small aggregates. */
export async function storedFigures(database: DatabaseHandle) {
  const db = database.db;
  const [documents, files, synced, spaces, members] = await Promise.all([
    db
      .selectFrom('user_documents')
      .select(sql<number>`coalesce(sum(size), 0)`.as('bytes'))
      .executeTakeFirst(),
    db
      .selectFrom('files')
      .select(sql<number>`coalesce(sum(size), 0)`.as('bytes'))
      .executeTakeFirst(),
    db
      .selectFrom('sync_usage')
      .select(sql<number>`coalesce(sum(bytes), 0)`.as('bytes'))
      .executeTakeFirst(),
    db
      .selectFrom('space_usage')
      .select(sql<number>`coalesce(sum(bytes), 0)`.as('bytes'))
      .executeTakeFirst(),
    db
      .selectFrom('users')
      .select(['email_verified', sql<number>`count(*)`.as('count')])
      .groupBy('email_verified')
      .execute(),
  ]);
  return {
    storage: {
      documents: Number(documents?.bytes ?? 0),
      files: Number(files?.bytes ?? 0),
      sync: Number(synced?.bytes ?? 0),
      spaces: Number(spaces?.bytes ?? 0),
    },
    members: {
      verified: Number(members.find((row) => row.email_verified === 1)?.count ?? 0),
      unverified: Number(members.find((row) => row.email_verified !== 1)?.count ?? 0),
    },
  };
}
