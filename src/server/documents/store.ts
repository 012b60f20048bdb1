// Queries on members' documents and the quota room held for uploads in flight; written once for SQLite and
// PostgreSQL.
import type { Kysely, Transaction } from 'kysely';
import type { Database, UploadReservationTable, UserDocumentTable } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export type DocumentRow = UserDocumentTable;
export type ReservationRow = UploadReservationTable;

/** Bytes a member's stored documents take. */
export async function usedBytes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('user_documents')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('used'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.used);
}

/** A member's documents, last changed first. */
export function listDocuments(db: Db, userId: string): Promise<DocumentRow[]> {
  return db
    .selectFrom('user_documents')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .execute();
}

/** A member's own document: undefined whether it is missing or someone else's. */
export function findOwnDocument(db: Db, userId: string, id: string): Promise<DocumentRow | undefined> {
  return db
    .selectFrom('user_documents')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function deleteDocument(db: Db, id: string): Promise<void> {
  await db.deleteFrom('user_documents').where('id', '=', id).execute();
}

/**
 * Runs `work` with the member's reservations to themselves: SQLite runs one transaction at a time, and on
 * PostgreSQL the member's row is locked for the transaction.
 */
export function withMemberLocked<T>(
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
export async function heldBytes(db: Db, userId: string, staleBefore: string): Promise<number> {
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

export async function insertReservation(db: Db, reservation: ReservationRow): Promise<void> {
  await db.insertInto('upload_reservations').values(reservation).execute();
}

export async function dropReservation(db: Db, id: string): Promise<void> {
  await db.deleteFrom('upload_reservations').where('id', '=', id).execute();
}

/** The stored document takes its reservation's place, in one transaction. */
export function storeDocument(db: Kysely<Database>, reservationId: string, row: DocumentRow): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await dropReservation(trx, reservationId);
    await trx.insertInto('user_documents').values(row).execute();
  });
}
