// Queries of the quota room: the bytes a member's data takes, the room held for uploads in flight, and the member's
// lock; written once for SQLite and PostgreSQL.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, UploadReservationTable } from '../db/schema.js';
import type { Dialect } from '../db/database.js';
import { storeOf, type Trx } from '../db/stores.js';

export type Db = Kysely<Database> | Transaction<Database>;

export type ReservationRow = UploadReservationTable;

/**
 * Bytes a member's stored data takes against the quota: documents, and what sync keeps (its running count, kept with
 * every insert and delete of sync's rows and files: src/server/sync/store.ts).
 */
async function usedBytes(db: Db, userId: string): Promise<number> {
  const { rows } = await sql<{ used: number | string }>`select
    (select coalesce(sum(size), 0) from user_documents where user_id = ${userId})
    + coalesce((select bytes from sync_usage where user_id = ${userId}), 0) as used`.execute(db);
  return Number(rows[0]?.used ?? 0);
}

/**
 * Runs `work` in a transaction with the member to itself: SQLite runs one transaction at a time, and on
 * PostgreSQL the member's row is locked for the transaction.
 */
function withMemberLocked<T>(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  userId: string,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    }
    return work(trx);
  });
}

/** Bytes held for a member's uploads in flight, after forgetting reservations made before `staleBefore`. */
async function heldBytes(db: Db, userId: string, staleBefore: string): Promise<number> {
  await db
    .deleteFrom('upload_reservations')
    .where('user_id', '=', userId)
    .where('created_at', '<', staleBefore)
    .execute();
  const held = await db
    .selectFrom('upload_reservations')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bytes'), eb.lit(0)).as('held'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(held.held);
}

async function insertReservation(db: Db, reservation: ReservationRow): Promise<void> {
  await db.insertInto('upload_reservations').values(reservation).execute();
}

async function dropReservation(db: Db, id: string): Promise<void> {
  await db.deleteFrom('upload_reservations').where('id', '=', id).execute();
}

/** A member's stored bytes against the quota, by kind. */
export interface MemberUsage {
  email: string;
  documents: number;
  sync: number;
}

/** The `top` members keeping the most (documents and sync), largest first; members keeping nothing are left out. */
async function largestMembers(db: Db, top: number): Promise<MemberUsage[]> {
  const rows = await db
    .selectFrom('users')
    .leftJoin(
      db
        .selectFrom('user_documents')
        .select(['user_id', sql<number>`sum(size)`.as('bytes')])
        .groupBy('user_id')
        .as('documents'),
      'documents.user_id',
      'users.id',
    )
    .leftJoin('sync_usage', 'sync_usage.user_id', 'users.id')
    .select([
      'users.email',
      sql<number>`coalesce(documents.bytes, 0)`.as('documents'),
      sql<number>`coalesce(sync_usage.bytes, 0)`.as('sync'),
    ])
    .where(sql<boolean>`coalesce(documents.bytes, 0) + coalesce(sync_usage.bytes, 0) > 0`)
    .orderBy(sql`coalesce(documents.bytes, 0) + coalesce(sync_usage.bytes, 0)`, 'desc')
    .orderBy('users.email')
    .limit(top)
    .execute();
  return rows.map((row) => ({ email: row.email, documents: Number(row.documents), sync: Number(row.sync) }));
}

/** The quota's queries bound to the database (db/stores.ts), and the member's lock on it. */
export function quotaStore(db: Kysely<Database>, dialect: Dialect) {
  return {
    ...storeOf(db, { usedBytes, heldBytes, insertReservation, dropReservation, largestMembers }),
    /** Runs `work` in a transaction with the member to itself (see withMemberLocked). */
    locked: <T>(userId: string, work: (trx: Trx) => Promise<T>): Promise<T> =>
      withMemberLocked(db, dialect, userId, work),
  };
}

export type QuotaStore = ReturnType<typeof quotaStore>;
