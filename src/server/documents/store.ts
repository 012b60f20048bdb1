// Queries on members' documents and the quota room held for uploads in flight; written once for SQLite and
// PostgreSQL.
import { sql, type Kysely, type Transaction } from 'kysely';
import { isoAt, type Clock } from '../clock.js';
import type { Database, UploadReservationTable, UserDocumentTable } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { newId } from '../ids.js';

type Db = Kysely<Database> | Transaction<Database>;

export type DocumentRow = UserDocumentTable;
export type ReservationRow = UploadReservationTable;

/** An upload's reservation is forgotten after this long (its process died mid-upload). */
const RESERVATION_TTL_MS = 24 * 60 * 60_000;

/**
 * Bytes a member's stored data takes against the quota: documents, and what sync holds (changes, snapshots,
 * documents' chunks).
 */
export async function usedBytes(db: Db, userId: string): Promise<number> {
  const sum = (table: string) =>
    sql<number>`(select coalesce(sum(size), 0) from ${sql.table(table)} where user_id = ${userId})`;
  const { rows } = await sql<{
    used: number | string;
  }>`select ${sum('user_documents')} + ${sum('sync_changes')} + ${sum(
    'sync_snapshots',
  )} + ${sum('sync_chunks')} as used`.execute(db);
  return Number(rows[0]?.used ?? 0);
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

export interface QuotaDeps {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  clock: Clock;
  quotaBytes: number;
  maxUploadBytes: number;
}

export interface Reservation {
  id: string;
  bytes: number;
  /** The length was not known and less than the upload limit was left: a cut upload means the quota is full. */
  limitedByQuota: boolean;
}

/**
 * Holds room in the member's quota for an upload before its first byte is stored: the declared length, or all
 * the room left (up to the upload limit) when the length is not known. Reservations of one member are made one
 * at a time, so uploads sent at once can never together pass the quota.
 */
export function reserveRoom(deps: QuotaDeps, userId: string, declared: number | null): Promise<Reservation> {
  return withMemberLocked(deps.db, deps.dialect, userId, async (trx) => {
    const room = deps.quotaBytes - (await usedBytes(trx, userId)) - (await heldNow(deps, trx, userId));
    if (room <= 0 || (declared !== null && declared > room)) throw new ApiError('storage/quota-exceeded');
    const bytes = declared ?? Math.min(room, deps.maxUploadBytes);
    const reservation = { id: newId(), user_id: userId, bytes, created_at: isoAt(deps.clock) };
    await insertReservation(trx, reservation);
    return { id: reservation.id, bytes, limitedByQuota: declared === null && room < deps.maxUploadBytes };
  });
}

/** Bytes held for the member's uploads in flight now. */
export function heldNow(deps: { clock: Clock }, db: Db, userId: string): Promise<number> {
  return heldBytes(db, userId, isoAt(deps.clock, -RESERVATION_TTL_MS));
}

/** The stored document takes its reservation's place, in one transaction. */
export function storeDocument(db: Kysely<Database>, reservationId: string, row: DocumentRow): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await dropReservation(trx, reservationId);
    await trx.insertInto('user_documents').values(row).execute();
  });
}
