// Queries on push registrations (one per member) and the server's VAPID key pair; written once for SQLite and
// PostgreSQL.
import type { Kysely } from 'kysely';
import type { Database, PushSubscriptionTable } from '../db/schema.js';
import { storeOf, type Executor } from '../db/stores.js';

export type PushRow = PushSubscriptionTable;

function findRegistration(db: Kysely<Database>, userId: string): Promise<PushRow | undefined> {
  return db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Registers a member's device, in place of the one they registered before. */
async function saveRegistration(db: Kysely<Database>, row: PushRow): Promise<void> {
  const { user_id: _user, created_at: _created, ...changes } = row;
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(changes))
    .execute();
}

/** Removes a member's registration; with `endpoint`, only if it is still that one. */
async function deleteRegistration(db: Kysely<Database>, userId: string, endpoint?: string): Promise<void> {
  let query = db.deleteFrom('push_subscriptions').where('user_id', '=', userId);
  if (endpoint !== undefined) query = query.where('endpoint', '=', endpoint);
  await query.execute();
}

async function readServerKey(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('server_keys').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

/** Stores a server key unless one of that name exists already (another process made it first). */
async function insertServerKeyOnce(
  db: Kysely<Database>,
  name: string,
  value: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('server_keys')
    .values({ name, value, created_at: at })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

/** The queries, bound to where they run (db/stores.ts). */
export const pushStore = (db: Executor) =>
  storeOf(db, {
    findRegistration,
    saveRegistration,
    deleteRegistration,
    readServerKey,
    insertServerKeyOnce,
  });

export type PushStore = ReturnType<typeof pushStore>;
