// Queries of the quota room: the bytes a member's data takes, the room held for uploads in flight, and the member's
// lock; written once for SQLite and PostgreSQL.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, UploadReservationTable } from '../db/schema.js';
import type { Dialect } from '../db/database.js';
import { storeOf, type Trx } from '../db/stores.js';

export type Db = Kysely<Database> | Transaction<Database>;

export type ReservationRow = UploadReservationTable;

/**
 * Bytes a member's stored data takes against the quota: documents, what sync keeps (its running count, kept with
 * every insert and delete of sync's rows and files: src/server/sync/store.ts), and what the spaces the member owns
 * keep (each space's running count, kept the same way; a space's members write into its owner's quota).
 */
async function usedBytes(db: Db, userId: string): Promise<number> {
  const { rows } = await sql<{ used: number | string }>`select
    (select coalesce(sum(size), 0) from user_documents where user_id = ${userId})
    + coalesce((select bytes from sync_usage where user_id = ${userId}), 0)
    + (select coalesce(sum(u.bytes), 0) from space_usage u join spaces s on s.id = u.space_id
        where s.owner_id = ${userId}) as used`.execute(db);
  return Number(rows[0]?.used ?? 0);
}

/**
 * Takes the member's lock in the transaction `trx` until it ends: on PostgreSQL the member's row is locked; SQLite
 * runs one transaction at a time, which is the lock already. Whoever takes more than one lock takes them in one
 * order (a space's, then its owner's), so two transactions never wait on each other.
 */
async function lockMember(trx: Transaction<Database>, dialect: Dialect, userId: string): Promise<void> {
  if (dialect === 'postgres') {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  }
}

/** Runs `work` in a transaction with the member to itself (see lockMember). */
function withMemberLocked<T>(
  db: Kysely<Database>,
  dialect: Dialect,
  userId: string,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockMember(trx, dialect, userId);
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
  /** What the spaces the member owns keep. */
  spaces: number;
}

/**
 * The `top` members keeping the most (documents, sync and the spaces they own), largest first; members keeping
 * nothing are left out.
 */
async function largestMembers(db: Db, top: number): Promise<MemberUsage[]> {
  const kept = sql`coalesce(documents.bytes, 0) + coalesce(sync_usage.bytes, 0) + coalesce(owned.bytes, 0)`;
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
    .leftJoin(
      db
        .selectFrom('space_usage')
        .innerJoin('spaces', 'spaces.id', 'space_usage.space_id')
        .select(['spaces.owner_id', sql<number>`sum(space_usage.bytes)`.as('bytes')])
        .groupBy('spaces.owner_id')
        .as('owned'),
      'owned.owner_id',
      'users.id',
    )
    .select([
      'users.email',
      sql<number>`coalesce(documents.bytes, 0)`.as('documents'),
      sql<number>`coalesce(sync_usage.bytes, 0)`.as('sync'),
      sql<number>`coalesce(owned.bytes, 0)`.as('spaces'),
    ])
    .where(sql<boolean>`${kept} > 0`)
    .orderBy(kept, 'desc')
    .orderBy('users.email')
    .limit(top)
    .execute();
  return rows.map((row) => ({
    email: row.email,
    documents: Number(row.documents),
    sync: Number(row.sync),
    spaces: Number(row.spaces),
  }));
}

/** The quota's queries bound to the database (db/stores.ts), and the member's lock on it. */
export function quotaStore(db: Kysely<Database>, dialect: Dialect) {
  return {
    ...storeOf(db, { usedBytes, heldBytes, insertReservation, dropReservation, largestMembers }),
    /** Runs `work` in a transaction with the member to itself (see withMemberLocked). */
    locked: <T>(userId: string, work: (trx: Trx) => Promise<T>): Promise<T> =>
      withMemberLocked(db, dialect, userId, work),
    /** Takes the member's lock inside the transaction `trx` holds, until it ends (see lockMember). */
    lockIn: (trx: Trx, userId: string): Promise<void> => lockMember(trx, dialect, userId),
  };
}

export type QuotaStore = ReturnType<typeof quotaStore>;
