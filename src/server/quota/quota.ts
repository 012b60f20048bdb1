// A member's quota and lock, shared by everything that stores a member's bytes (documents, backups, sync's
// changes, snapshots and chunks, the spaces the member owns): one count of what is used, room held for uploads in
// flight, and one lock per member under which every check of the room and every write that takes it happen
// together, so requests sent at once can never together pass the quota.
import type { Readable } from 'node:stream';
import { isoAt, type Clock } from '../core/clock.js';
import { newId } from '../core/ids.js';
import type { Executor, Trx } from '../db/stores.js';
import { ApiError } from '../http/errors.js';
import { storageApiError } from '../storage/http.js';
import { StorageError, type FileStorage } from '../storage/storage.js';
import type { QuotaStore } from './store.js';

/** An upload's reservation is forgotten after this long (its process died mid-upload). */
const RESERVATION_TTL_MS = 24 * 60 * 60_000;

export interface QuotaDeps {
  /** The bytes members keep, the room held for uploads, and each member's lock (store.ts). */
  store: QuotaStore;
  clock: Clock;
  storage: FileStorage;
  quotaBytes: number;
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

export type MemberQuota = ReturnType<typeof memberQuota>;

export function memberQuota(deps: QuotaDeps) {
  const { store, clock, storage } = deps;

  /** Runs `work` in a transaction under the member's lock. */
  const locked = <T>(userId: string, work: (trx: Trx) => Promise<T>): Promise<T> =>
    store.locked(userId, work);

  /** Bytes held for the member's uploads in flight now. */
  const held = (trx: Executor, userId: string) =>
    store.on(trx).heldBytes(userId, isoAt(clock, -RESERVATION_TTL_MS));

  /**
   * Holds room in the member's quota for an upload before its first byte is stored: the declared length, or all
   * the room left (up to `maxBytes`) when the length is not known.
   */
  const reserveRoom = (userId: string, declared: number | null, maxBytes: number) =>
    locked(userId, async (trx) => {
      const room = deps.quotaBytes - (await store.on(trx).usedBytes(userId)) - (await held(trx, userId));
      if (room <= 0 || (declared !== null && declared > room)) throw new ApiError('storage/quota-exceeded');
      const bytes = declared ?? Math.min(room, maxBytes);
      const reservation = { id: newId(), user_id: userId, bytes, created_at: isoAt(clock) };
      await store.on(trx).insertReservation(reservation);
      return { id: reservation.id, bytes };
    });

  return {
    quotaBytes: deps.quotaBytes,
    locked,

    /**
     * Takes the member's lock inside a transaction already open (a space's, whose writes its owner's quota pays
     * for), held until it ends: what `locked` takes for a transaction of its own. Locks are taken space first, then
     * the member, never the other way round.
     */
    lockIn: (trx: Trx, userId: string): Promise<void> => store.lockIn(trx, userId),

    /** Bytes the member's stored data takes against the quota. */
    used: (userId: string, trx?: Executor) => (trx ? store.on(trx) : store).usedBytes(userId),

    /**
     * Refuses `adding` more bytes when the member's quota (documents, sync, spaces owned, uploads in flight) has
     * no room for them; call it under the member's lock, in the transaction that adds them.
     */
    async ensureRoom(trx: Trx, userId: string, adding: number): Promise<void> {
      if (adding <= 0) return;
      const used = (await store.on(trx).usedBytes(userId)) + (await held(trx, userId));
      if (used + adding > deps.quotaBytes) throw new ApiError('storage/quota-exceeded');
    },

    /**
     * Streams an upload into storage within room held in the member's quota, then lets `commit` record it in the
     * transaction that gives the room back, under the member's lock; a failed upload or a refused commit keeps
     * nothing. Answers the stored size.
     */
    async storeWithin(upload: Upload, commit: (trx: Trx, size: number) => Promise<void>): Promise<number> {
      const reservation = await reserveRoom(upload.userId, upload.declared, upload.maxBytes);
      let size: number;
      try {
        ({ size } = await storage.put(upload.key, upload.body, {
          maxBytes: reservation.bytes,
          contentType: upload.contentType,
        }));
      } catch (error) {
        await store.dropReservation(reservation.id);
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
        await locked(upload.userId, async (trx) => {
          await store.on(trx).dropReservation(reservation.id);
          await commit(trx, size);
        });
      } catch (error) {
        await store.dropReservation(reservation.id).catch(() => undefined);
        await storage.delete(upload.key).catch(() => undefined);
        throw error;
      }
      return size;
    },
  };
}
