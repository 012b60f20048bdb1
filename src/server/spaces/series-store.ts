// Queries on a shared space's series (docs/spaces-plan.md §3–§4), written once for SQLite and PostgreSQL: the
// membership the space's sync routes read, the space's lock, its devices, and a `SeriesStore` (sync/series.ts)
// bound to one space's epoch, so a space's changes follow the very rules a member's sync does. Every write that
// keeps bytes moves `space_usage` in its transaction (sync's unit costs), which the owner's quota counts.
import type { LiveBus } from '../core/bus.js';
import type { Clock } from '../core/clock.js';
import type { Dialect } from '../db/database.js';
import type { MemberQuota } from '../quota/quota.js';
import type { FileStorage } from '../storage/storage.js';
import type { SpaceChangeTable, SpaceDeviceTable, SpaceSnapshotTable } from '../db/schema.js';
import { storeOf, type Executor, type Store, type Trx } from '../db/stores.js';
import type { SeriesStore } from '../sync/series.js';
import { DEVICE_BYTES, RETIRED_DEVICE_BYTES } from '../sync/store.js';

/** What a space's series service is made of (app.ts gives it). */
export interface SpaceSyncDeps {
  store: SpaceSeriesStore;
  quota: MemberQuota;
  storage: FileStorage;
  clock: Clock;
  live: LiveBus;
  maxUploadBytes: number;
}
import { addUsage } from './store.js';

export type SpaceDeviceRow = SpaceDeviceTable;
export type SpaceChangeRow = SpaceChangeTable;
export type SpaceSnapshotRow = SpaceSnapshotTable;

/** A space as its series' routes read it, with the caller's membership (none: not a member). */
export interface SpaceMembership {
  id: string;
  owner_id: string;
  epoch: number;
  series_id: string;
  latest: number;
  /** The membership log's newest entry: news tells it too, so an accept reaches who lets the member in. */
  log_seq: number;
  role: string;
  state: string;
}

/** The space and the caller's place in it; undefined when the space is not there or the caller not in it. */
async function membership(
  db: Executor,
  spaceId: string,
  userId: string,
): Promise<SpaceMembership | undefined> {
  const row = await db
    .selectFrom('spaces')
    .innerJoin('space_members', 'space_members.space_id', 'spaces.id')
    .select([
      'spaces.id',
      'spaces.owner_id',
      'spaces.epoch',
      'spaces.series_id',
      'spaces.latest',
      'spaces.log_seq',
      'space_members.role',
      'space_members.state',
    ])
    .where('spaces.id', '=', spaceId)
    .where('space_members.user_id', '=', userId)
    .executeTakeFirst();
  return row
    ? { ...row, epoch: Number(row.epoch), latest: Number(row.latest), log_seq: Number(row.log_seq) }
    : undefined;
}

/** The ids of the spaces the member is in (a member, not still joining): their live news. */
async function spacesOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('space_members')
    .select('space_id')
    .where('user_id', '=', userId)
    .where('state', '=', 'member')
    .execute();
  return rows.map((row) => row.space_id);
}

/** The space's epoch and newest change number, if the member is in it (a member, not still joining). */
async function latestFor(
  db: Executor,
  spaceId: string,
  userId: string,
): Promise<{ epoch: number; latest: number; log: number } | undefined> {
  const row = await membership(db, spaceId, userId);
  return row && row.state === 'member'
    ? { epoch: row.epoch, latest: row.latest, log: row.log_seq }
    : undefined;
}

/** The member's identity sign key (SPKI DER, base64url), if they published one. */
async function signKeyOf(db: Executor, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('member_keys')
    .select('sign_key')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.sign_key;
}

/** The epoch's key wrapped to the member, as the wrapper sent it. */
async function wrapOf(db: Executor, spaceId: string, epoch: number, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('space_keys')
    .select('wrap')
    .where('space_id', '=', spaceId)
    .where('epoch', '=', epoch)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.wrap ?? null;
}

/** The member's devices in the epoch whose session still counts at `now`, last seen first (as sync's). */
function listDevices(
  db: Executor,
  spaceId: string,
  epoch: number,
  userId: string,
  now: string,
): Promise<SpaceDeviceRow[]> {
  return db
    .selectFrom('space_devices as d')
    .innerJoin('sessions as s', (join) =>
      join.onRef('s.id', '=', 'd.session_id').on('s.revoked_at', 'is', null).on('s.expires_at', '>', now),
    )
    .selectAll('d')
    .where('d.space_id', '=', spaceId)
    .where('d.epoch', '=', epoch)
    .where('d.user_id', '=', userId)
    .orderBy('d.last_seen_at', 'desc')
    .execute();
}

function findDevice(
  db: Executor,
  spaceId: string,
  epoch: number,
  id: string,
): Promise<SpaceDeviceRow | undefined> {
  return db
    .selectFrom('space_devices')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('epoch', '=', epoch)
    .where('id', '=', id)
    .executeTakeFirst();
}

async function insertDevice(db: Executor, row: SpaceDeviceRow): Promise<void> {
  await db.insertInto('space_devices').values(row).execute();
  await addUsage(db, row.space_id, DEVICE_BYTES);
}

async function isRetired(db: Executor, spaceId: string, epoch: number, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('space_retired_devices')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('epoch', '=', epoch)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes a device from the epoch for good, leaving its marker; answers whether it was there. */
async function retireDevice(
  db: Executor,
  spaceId: string,
  epoch: number,
  id: string,
  at: string,
): Promise<boolean> {
  const removed = await db
    .deleteFrom('space_devices')
    .where('space_id', '=', spaceId)
    .where('epoch', '=', epoch)
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return false;
  await db
    .insertInto('space_retired_devices')
    .values({ space_id: spaceId, epoch, id, retired_at: at })
    .onConflict((conflict) => conflict.columns(['space_id', 'epoch', 'id']).doNothing())
    .execute();
  await addUsage(db, spaceId, RETIRED_DEVICE_BYTES - DEVICE_BYTES);
  return true;
}

/** A snapshot of the space's, published (not staged for a rotation), in the epoch. */
function findSnapshot(
  db: Executor,
  spaceId: string,
  epoch: number,
  id: string,
): Promise<SpaceSnapshotRow | undefined> {
  return db
    .selectFrom('space_snapshots')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('epoch', '=', epoch)
    .where('staged', '=', 0)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** One epoch's series (sync/series.ts) of a space, on `db`; `author`: the member whose changes it inserts. */
function seriesOf(db: Executor, spaceId: string, epoch: number, author = ''): SeriesStore {
  const where = { space_id: spaceId, epoch };
  return {
    async findChange(device, deviceSeq) {
      return db
        .selectFrom('space_changes')
        .select(['seq', 'mac'])
        .where('space_id', '=', spaceId)
        .where('epoch', '=', epoch)
        .where('device', '=', device)
        .where('device_seq', '=', deviceSeq)
        .executeTakeFirst();
    },
    async headsOf(rids) {
      const heads = new Map<string, string>();
      for (let at = 0; at < rids.length; at += 500) {
        const rows = await db
          .selectFrom('space_heads')
          .select(['rid', 'version'])
          .where('space_id', '=', spaceId)
          .where('epoch', '=', epoch)
          .where('rid', 'in', rids.slice(at, at + 500))
          .execute();
        for (const row of rows) heads.set(row.rid, row.version);
      }
      return heads;
    },
    async insertChanges(changes) {
      const rows = changes.map((change) => ({ ...where, ...change, author: change.author ?? author }));
      for (let at = 0; at < rows.length; at += 100) {
        await db
          .insertInto('space_changes')
          .values(rows.slice(at, at + 100))
          .execute();
      }
    },
    async setHeads(heads) {
      const rows = [...heads].map(([rid, version]) => ({ ...where, rid, version }));
      for (let at = 0; at < rows.length; at += 200) {
        await db
          .insertInto('space_heads')
          .values(rows.slice(at, at + 200))
          .onConflict((conflict) =>
            conflict
              .columns(['space_id', 'epoch', 'rid'])
              .doUpdateSet((eb) => ({ version: eb.ref('excluded.version') })),
          )
          .execute();
      }
    },
    async setLatest(latest) {
      await db
        .updateTable('spaces')
        .set({ latest })
        .where('id', '=', spaceId)
        .where('epoch', '=', epoch)
        .execute();
    },
    async updateDevice(id, end) {
      await db
        .updateTable('space_devices')
        .set(end)
        .where('space_id', '=', spaceId)
        .where('epoch', '=', epoch)
        .where('id', '=', id)
        .execute();
    },
    changeSizes(after, limit) {
      return db
        .selectFrom('space_changes')
        .select(['seq', 'size'])
        .where('space_id', '=', spaceId)
        .where('epoch', '=', epoch)
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(limit)
        .execute();
    },
    changesThrough(after, last) {
      return db
        .selectFrom('space_changes')
        .select(['seq', 'device', 'device_seq', 'mac', 'size', 'body', 'created_at', 'author'])
        .where('space_id', '=', spaceId)
        .where('epoch', '=', epoch)
        .where('seq', '>', after)
        .where('seq', '<=', last)
        .orderBy('seq')
        .execute();
    },
    newestSnapshot() {
      return db
        .selectFrom('space_snapshots')
        .selectAll()
        .where('space_id', '=', spaceId)
        .where('epoch', '=', epoch)
        .where('staged', '=', 0)
        .orderBy('covers', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    async insertSnapshot(snapshot) {
      await db
        .insertInto('space_snapshots')
        .values({ ...where, ...snapshot, author, staged: 0 })
        .execute();
    },
    async deleteChangesThrough(covers) {
      const { bytes } = await db
        .selectFrom('space_changes')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'))
        .where('space_id', '=', spaceId)
        .where('epoch', '=', epoch)
        .where('seq', '<=', covers)
        .executeTakeFirstOrThrow();
      await db
        .deleteFrom('space_changes')
        .where('space_id', '=', spaceId)
        .where('epoch', '=', epoch)
        .where('seq', '<=', covers)
        .execute();
      return Number(bytes);
    },
    async deleteOlderSnapshots(keep) {
      const old = await db
        .selectFrom('space_snapshots')
        .select(['id', 'storage_key', 'size'])
        .where('space_id', '=', spaceId)
        .where('epoch', '=', epoch)
        .where('staged', '=', 0)
        .where('id', '!=', keep)
        .execute();
      if (old.length > 0) {
        await db
          .deleteFrom('space_snapshots')
          .where(
            'id',
            'in',
            old.map((row) => row.id),
          )
          .execute();
      }
      return {
        files: old.map((row) => row.storage_key),
        bytes: old.reduce((sum, row) => sum + Number(row.size), 0),
      };
    },
    addUsage: (delta) => addUsage(db, spaceId, delta),
  };
}

/** The queries, bound to where they run (db/stores.ts). */
const queries = {
  membership,
  spacesOf,
  latestFor,
  signKeyOf,
  wrapOf,
  listDevices,
  findDevice,
  insertDevice,
  isRetired,
  retireDevice,
  findSnapshot,
  seriesOf,
};

/** The space series' queries bound to where they run: inside the space's lock, the transaction holding it. */
export type SpaceSeriesQueries = Store<typeof queries>;

/**
 * The space series' queries on `db`, and the space's lock: `locked(spaceId, work)` runs `work` in a transaction
 * holding the space's row (PostgreSQL `FOR UPDATE`; SQLite's one writer is the lock already). Whoever also takes
 * the owner's lock (quota.lockIn) takes it after this one, never before.
 */
export function spaceSeriesStore(db: Executor, dialect: Dialect) {
  const store = storeOf(db, queries);
  return {
    ...store,
    async locked<T>(spaceId: string, work: (tx: SpaceSeriesQueries, trx: Trx) => Promise<T>): Promise<T> {
      return store.transaction(async (tx, trx) => {
        if (dialect === 'postgres') {
          await trx.selectFrom('spaces').select('id').where('id', '=', spaceId).forUpdate().execute();
        }
        return work(tx, trx);
      });
    },
  };
}

export type SpaceSeriesStore = ReturnType<typeof spaceSeriesStore>;
