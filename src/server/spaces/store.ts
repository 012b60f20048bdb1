// Queries on shared spaces (docs/spaces-plan.md §4), written once for SQLite and PostgreSQL. A space's rows go with
// the space, and the space with its owner's account (the migration's cascades); the files its snapshots are stored
// in are named here for whoever deletes them. Whatever changes a space's log or members runs under the space's lock
// (`lockSpace`, in the transaction that writes), then its members' (quota.lockIn), never the other way round.
import type {
  MemberKeyTable,
  SpaceInvitationTable,
  SpaceLogTable,
  SpaceMemberTable,
  SpaceTable,
} from '../db/schema.js';
import type { Dialect } from '../db/database.js';
import { storeOf, type Executor, type Trx } from '../db/stores.js';
import { DEVICE_BYTES, RETIRED_DEVICE_BYTES } from '../sync/store.js';

export type MemberKeyRow = MemberKeyTable;
export type SpaceRow = SpaceTable;
export type SpaceMemberRow = SpaceMemberTable;
export type SpaceLogRow = SpaceLogTable;
export type SpaceInvitationRow = SpaceInvitationTable;

/** Where the snapshots of the spaces a member owns are stored: they go when the member's account goes. */
async function storageKeysOwnedBy(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('space_snapshots')
    .innerJoin('spaces', 'spaces.id', 'space_snapshots.space_id')
    .select('space_snapshots.storage_key')
    .where('spaces.owner_id', '=', userId)
    .execute();
  return rows.map((row) => row.storage_key);
}

/**
 * Takes the space's lock in the transaction `trx` until it ends: on PostgreSQL its row is locked; SQLite runs one
 * transaction at a time, which is the lock already. Answers the row (undefined: no such space).
 */
async function lockSpace(trx: Trx, dialect: Dialect, id: string): Promise<SpaceRow | undefined> {
  let query = trx.selectFrom('spaces').selectAll().where('id', '=', id);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

function findSpace(db: Executor, id: string) {
  return db.selectFrom('spaces').selectAll().where('id', '=', id).executeTakeFirst();
}

async function insertSpace(db: Executor, row: SpaceRow): Promise<void> {
  await db.insertInto('spaces').values(row).execute();
}

async function updateSpace(
  db: Executor,
  id: string,
  changes: Partial<Omit<SpaceRow, 'id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('spaces').set(changes).where('id', '=', id).execute();
}

/** Deletes a space and, by the cascades, every row it keeps; answers where its snapshots' files are. */
async function deleteSpace(db: Executor, id: string): Promise<string[]> {
  const files = await db
    .selectFrom('space_snapshots')
    .select('storage_key')
    .where('space_id', '=', id)
    .execute();
  await db.deleteFrom('spaces').where('id', '=', id).execute();
  return files.map((row) => row.storage_key);
}

/** Moves the space's count of bytes (against its owner's quota) by `delta`, in the transaction that writes them. */
export async function addUsage(db: Executor, spaceId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .insertInto('space_usage')
    .values({ space_id: spaceId, bytes: delta })
    .onConflict((conflict) =>
      conflict
        .column('space_id')
        .doUpdateSet((eb) => ({ bytes: eb('space_usage.bytes', '+', eb.ref('excluded.bytes')) })),
    )
    .execute();
}

function findIdentity(db: Executor, userId: string) {
  return db.selectFrom('member_keys').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

async function putIdentity(db: Executor, row: MemberKeyRow, known: boolean): Promise<void> {
  if (known) {
    const { user_id: userId, created_at: _created, ...changes } = row;
    await db.updateTable('member_keys').set(changes).where('user_id', '=', userId).execute();
  } else {
    await db.insertInto('member_keys').values(row).execute();
  }
}

/** The public signing key of the member's synced vault (standard base64 SPKI), or null without one. */
async function vaultSigningKey(db: Executor, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('sync_vaults')
    .select('signing_public_key')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.signing_public_key ?? null;
}

function membershipOf(db: Executor, spaceId: string, userId: string) {
  return db
    .selectFrom('space_members')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** How many spaces the member belongs to, joining ones included. */
async function countMemberships(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('space_members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function putMember(db: Executor, row: SpaceMemberRow): Promise<void> {
  const { space_id: _space, user_id: _user, created_at: _created, ...changes } = row;
  await db
    .insertInto('space_members')
    .values(row)
    .onConflict((conflict) => conflict.columns(['space_id', 'user_id']).doUpdateSet(changes))
    .execute();
}

async function deleteMember(db: Executor, spaceId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('space_members')
    .where('space_id', '=', spaceId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * What a member who left or was removed keeps in the space goes: their wraps of its keys (every epoch's) and their
 * devices, retired for good (a marker each, so no device of theirs comes back), with the bytes they took.
 */
async function departMember(db: Executor, spaceId: string, userId: string, at: string): Promise<void> {
  const wraps = await db
    .deleteFrom('space_keys')
    .where('space_id', '=', spaceId)
    .where('user_id', '=', userId)
    .returning('wrap')
    .execute();
  const devices = await db
    .deleteFrom('space_devices')
    .where('space_id', '=', spaceId)
    .where('user_id', '=', userId)
    .returning(['epoch', 'id'])
    .execute();
  for (const device of devices) {
    await db
      .insertInto('space_retired_devices')
      .values({ space_id: spaceId, epoch: Number(device.epoch), id: device.id, retired_at: at })
      .onConflict((conflict) => conflict.columns(['space_id', 'epoch', 'id']).doNothing())
      .execute();
  }
  const freed =
    wraps.reduce((sum, row) => sum + Buffer.byteLength(row.wrap), 0) +
    devices.length * (DEVICE_BYTES - RETIRED_DEVICE_BYTES);
  await addUsage(db, spaceId, -freed);
}

/** The space's log after `after`, in order. */
function logAfter(db: Executor, spaceId: string, after: number): Promise<SpaceLogRow[]> {
  return db
    .selectFrom('space_log')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('seq', '>', after)
    .orderBy('seq')
    .execute();
}

async function insertLog(db: Executor, row: SpaceLogRow): Promise<void> {
  await db.insertInto('space_log').values(row).execute();
}

async function insertWrap(
  db: Executor,
  row: { space_id: string; epoch: number; user_id: string; wrap: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('space_keys')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(['space_id', 'epoch', 'user_id'])
        .doUpdateSet({ wrap: row.wrap, created_at: row.created_at }),
    )
    .execute();
}

/** The spaces the member belongs to, with the member's own row of each. */
function spacesOf(db: Executor, userId: string) {
  return db
    .selectFrom('space_members')
    .innerJoin('spaces', 'spaces.id', 'space_members.space_id')
    .selectAll('spaces')
    .select(['space_members.role as my_role', 'space_members.state as my_state'])
    .where('space_members.user_id', '=', userId)
    .orderBy('spaces.created_at')
    .orderBy('spaces.id')
    .execute();
}

/** The members of these spaces, with their e-mail addresses. */
function membersOf(db: Executor, spaceIds: readonly string[]) {
  if (spaceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('space_members')
    .innerJoin('users', 'users.id', 'space_members.user_id')
    .selectAll('space_members')
    .select('users.email')
    .where('space_members.space_id', 'in', spaceIds)
    .orderBy('space_members.created_at')
    .orderBy('space_members.user_id')
    .execute();
}

function findInvitation(db: Executor, id: string) {
  return db.selectFrom('space_invitations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The space's invitation to an address, if any (one per space and address). */
function invitationTo(db: Executor, spaceId: string, email: string) {
  return db
    .selectFrom('space_invitations')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('email', '=', email)
    .executeTakeFirst();
}

/** Invitations of the space still waiting for an answer (not accepted, not expired at `now`). */
async function countPending(db: Executor, spaceId: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('space_invitations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('space_id', '=', spaceId)
    .where('accepted_by', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The invitations of these spaces still waiting for an answer at `now`, oldest first (an owner's list). */
function pendingOf(db: Executor, spaceIds: readonly string[], now: string) {
  if (spaceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('space_invitations')
    .select(['id', 'space_id', 'email', 'role', 'expires_at'])
    .where('space_id', 'in', spaceIds)
    .where('accepted_by', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

async function insertInvitation(db: Executor, row: SpaceInvitationRow): Promise<void> {
  await db.insertInto('space_invitations').values(row).execute();
}

/** Deletes an invitation not yet accepted; false when there was none. */
async function deletePendingInvitation(db: Executor, id: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('space_invitations')
    .where('id', '=', id)
    .where('accepted_by', 'is', null)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

async function deleteInvitation(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('space_invitations').where('id', '=', id).execute();
}

async function markAccepted(db: Executor, id: string, userId: string, at: string): Promise<void> {
  await db
    .updateTable('space_invitations')
    .set({ accepted_by: userId, accepted_at: at })
    .where('id', '=', id)
    .execute();
}

/**
 * Invitations to an address still waiting for an answer, with their inviters' addresses and their spaces' log heads
 * (which the invitee's `accept` entry follows).
 */
function invitationsTo(db: Executor, email: string, now: string) {
  return db
    .selectFrom('space_invitations')
    .innerJoin('users', 'users.id', 'space_invitations.invited_by')
    .innerJoin('spaces', 'spaces.id', 'space_invitations.space_id')
    .selectAll('space_invitations')
    .select(['users.email as inviter', 'spaces.log_seq', 'spaces.log_head'])
    .where('space_invitations.email', '=', email)
    .where('space_invitations.accepted_by', 'is', null)
    .where('space_invitations.expires_at', '>', now)
    .orderBy('space_invitations.created_at')
    .orderBy('space_invitations.id')
    .execute();
}

/** The account of an address, if any: whether it is verified, and its language (an invitation's mail). */
function accountOf(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'lang', 'email_verified'])
    .where('email', '=', email)
    .executeTakeFirst();
}

/** The queries, bound to where they run (db/stores.ts). */
export const spaceStore = (db: Executor) =>
  storeOf(db, {
    storageKeysOwnedBy,
    findSpace,
    insertSpace,
    updateSpace,
    deleteSpace,
    addUsage,
    findIdentity,
    putIdentity,
    vaultSigningKey,
    membershipOf,
    countMemberships,
    putMember,
    deleteMember,
    departMember,
    logAfter,
    insertLog,
    insertWrap,
    spacesOf,
    membersOf,
    findInvitation,
    invitationTo,
    countPending,
    insertInvitation,
    deletePendingInvitation,
    deleteInvitation,
    markAccepted,
    invitationsTo,
    pendingOf,
    accountOf,
  });

/** The space's lock, taken in a transaction the caller holds (see lockSpace). */
export const spaceLock = (dialect: Dialect) => (trx: Trx, id: string) => lockSpace(trx, dialect, id);

export type SpaceStore = ReturnType<typeof spaceStore>;
