// Queries on passkeys and their single-use WebAuthn challenges; written once for SQLite and PostgreSQL.
import type { Kysely } from 'kysely';
import type { Database, PasskeyTable, WebauthnChallengeTable } from '../db/schema.js';
import { storeOf, type Executor } from '../db/stores.js';

export type PasskeyRow = PasskeyTable;
export type ChallengeRow = WebauthnChallengeTable;

/** Stores a new challenge, forgetting the expired ones. */
async function insertChallenge(db: Kysely<Database>, row: ChallengeRow, now: string): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<', now).execute();
  await db.insertInto('webauthn_challenges').values(row).execute();
}

/** Takes a challenge out, once: of two answers racing with it, only one gets the row. */
function takeChallenge(db: Kysely<Database>, challenge: string): Promise<ChallengeRow | undefined> {
  return db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .returningAll()
    .executeTakeFirst();
}

/** The passkey with this credential id (and of this member, when given). */
function findPasskeyByCredential(
  db: Kysely<Database>,
  credentialId: string,
  userId: string | null,
): Promise<PasskeyRow | undefined> {
  let query = db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId);
  if (userId !== null) query = query.where('user_id', '=', userId);
  return query.executeTakeFirst();
}

/**
 * Moves a passkey's signature counter forward from the value it was read with; false when another answer moved
 * it first (a copied key racing the real one).
 */
async function advanceCounter(
  db: Kysely<Database>,
  passkey: Pick<PasskeyRow, 'id' | 'counter'>,
  counter: number,
  usedAt: string,
): Promise<boolean> {
  const updated = await db
    .updateTable('passkeys')
    .set({ counter, last_used_at: usedAt })
    .where('id', '=', passkey.id)
    .where('counter', '=', passkey.counter)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** A member's passkeys, newest first. */
function listPasskeys(db: Kysely<Database>, userId: string): Promise<PasskeyRow[]> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Adds a passkey; false when its credential is registered already. */
async function insertPasskey(db: Kysely<Database>, row: PasskeyRow): Promise<boolean> {
  try {
    await db.insertInto('passkeys').values(row).execute();
    return true;
  } catch {
    return false;
  }
}

/** The passkey now unlocks the app's vault on its device (since `at`). */
async function markVaultUnlock(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db.updateTable('passkeys').set({ vault_unlock_at: at }).where('id', '=', id).execute();
}

/**
 * Ends the vault unlock of one of a member's passkeys (`id`) or of all of them; gives how many ended (0 for `id`
 * when the member has no passkey with that id).
 */
async function endVaultUnlock(db: Kysely<Database>, userId: string, id?: string): Promise<number> {
  let query = db.updateTable('passkeys').set({ vault_unlock_at: null }).where('user_id', '=', userId);
  if (id !== undefined) query = query.where('id', '=', id);
  const result = await query.where('vault_unlock_at', 'is not', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether the member has a passkey with this id. */
async function hasPasskey(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('passkeys')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes one of a member's passkeys; false when they have none with this id. */
async function deletePasskey(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The queries, bound to where they run (db/stores.ts). */
export const passkeyStore = (db: Executor) =>
  storeOf(db, {
    insertChallenge,
    takeChallenge,
    findPasskeyByCredential,
    advanceCounter,
    listPasskeys,
    insertPasskey,
    markVaultUnlock,
    endVaultUnlock,
    hasPasskey,
    deletePasskey,
  });

export type PasskeyStore = ReturnType<typeof passkeyStore>;
