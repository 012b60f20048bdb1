// Queries on members' documents and the quota room held for uploads in flight; written once for SQLite and
// PostgreSQL.
import type { Readable } from 'node:stream';
import { sql, type Kysely, type Transaction } from 'kysely';
import { isoAt, type Clock } from '../clock.js';
import type { Database, UploadReservationTable, UserDocumentTable } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { newId } from '../ids.js';
import { storageApiError } from '../storage/http.js';
import { StorageError, type FileStorage } from '../storage/storage.js';

type Db = Kysely<Database> | Transaction<Database>;

export type DocumentRow = UserDocumentTable;
export type ReservationRow = UploadReservationTable;

/** An upload's reservation is forgotten after this long (its process died mid-upload). */
const RESERVATION_TTL_MS = 24 * 60 * 60_000;

/**
 * Bytes a member's stored data takes against the quota: documents, and what sync keeps (its running count, kept with
 * every insert and delete of sync's rows and files: src/server/sync/store.ts).
 */
export async function usedBytes(db: Db, userId: string): Promise<number> {
  const { rows } = await sql<{ used: number | string }>`select
    (select coalesce(sum(size), 0) from user_documents where user_id = ${userId})
    + coalesce((select bytes from sync_usage where user_id = ${userId}), 0) as used`.execute(db);
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

/**
 * Holds room in the member's quota for an upload before its first byte is stored: the declared length, or all
 * the room left (up to `maxBytes`) when the length is not known. Reservations of one member are made one at a
 * time, so uploads sent at once can never together pass the quota.
 */
function reserveRoom(
  deps: QuotaDeps,
  userId: string,
  declared: number | null,
  maxBytes: number,
): Promise<{ id: string; bytes: number }> {
  return withMemberLocked(deps.db, deps.dialect, userId, async (trx) => {
    const room = deps.quotaBytes - (await usedBytes(trx, userId)) - (await heldNow(deps, trx, userId));
    if (room <= 0 || (declared !== null && declared > room)) throw new ApiError('storage/quota-exceeded');
    const bytes = declared ?? Math.min(room, maxBytes);
    const reservation = { id: newId(), user_id: userId, bytes, created_at: isoAt(deps.clock) };
    await insertReservation(trx, reservation);
    return { id: reservation.id, bytes };
  });
}

export interface Upload {
  userId: string;
  /** Where the bytes go in storage. */
  key: string;
  body: Readable;
  /** The body's declared length (null: not known, a chunked upload). */
  declared: number | null;
  maxBytes: number;
  contentType: string;
}

/**
 * Streams an upload into storage within room held in the member's quota (documents, backups, sync's snapshots and
 * chunks share it), then lets `commit` record it in the transaction that gives the room back, under the member's
 * lock; a failed upload or a refused commit keeps nothing. Answers the stored size.
 */
export async function storeWithinQuota(
  deps: QuotaDeps & { storage: FileStorage },
  upload: Upload,
  commit: (trx: Transaction<Database>, size: number) => Promise<void>,
): Promise<number> {
  const { db, storage } = deps;
  const reservation = await reserveRoom(deps, upload.userId, upload.declared, upload.maxBytes);
  let size: number;
  try {
    ({ size } = await storage.put(upload.key, upload.body, {
      maxBytes: reservation.bytes,
      contentType: upload.contentType,
    }));
  } catch (error) {
    await dropReservation(db, reservation.id);
    // Cut at the room left, not at the upload limit: the quota is what is full.
    if (
      error instanceof StorageError &&
      error.failure === 'too-large' &&
      upload.declared === null &&
      reservation.bytes < upload.maxBytes
    ) {
      throw new ApiError('storage/quota-exceeded');
    }
    throw storageApiError(error);
  }
  try {
    await withMemberLocked(db, deps.dialect, upload.userId, async (trx) => {
      await dropReservation(trx, reservation.id);
      await commit(trx, size);
    });
  } catch (error) {
    await dropReservation(db, reservation.id).catch(() => undefined);
    await storage.delete(upload.key).catch(() => undefined);
    throw error;
  }
  return size;
}

/** Bytes held for the member's uploads in flight now. */
export function heldNow(deps: { clock: Clock }, db: Db, userId: string): Promise<number> {
  return heldBytes(db, userId, isoAt(deps.clock, -RESERVATION_TTL_MS));
}

export async function insertDocument(db: Db, row: DocumentRow): Promise<void> {
  await db.insertInto('user_documents').values(row).execute();
}
