// Queries on users, e-mail link tokens and sessions; written once for SQLite and PostgreSQL.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, EmailTokenTable, SessionTable, UserTable } from '../db/schema.js';
import { prepared } from '../db/prepared.js';
import type { ReleaseStatement } from '../ratelimit/limiter.js';

type Db = Kysely<Database> | Transaction<Database>;

export type UserRow = UserTable;
export type EmailTokenRow = EmailTokenTable;
export type SessionRow = SessionTable;

const userByEmail = prepared<{ email: string }, UserRow>((db, slot) =>
  db.selectFrom('users').selectAll().where('email', '=', slot('email')),
);

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return (await userByEmail.run(db, { email })).rows[0];
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Db, user: UserRow): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function updateUser(
  db: Db,
  id: string,
  changes: Partial<Pick<UserRow, 'password_hash' | 'email_verified' | 'lang' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export async function insertEmailToken(db: Db, token: EmailTokenRow): Promise<void> {
  await db.insertInto('email_tokens').values(token).execute();
}

export function findEmailToken(db: Db, tokenHash: string): Promise<EmailTokenRow | undefined> {
  return db.selectFrom('email_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks one token used; false when another request used it first. */
export async function useEmailToken(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('email_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Voids every open password-change link of a user (after the password changed another way). */
export async function voidResetTokens(db: Db, userId: string, at: string): Promise<void> {
  await db
    .updateTable('email_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('kind', '=', 'reset')
    .where('used_at', 'is', null)
    .execute();
}

const newSession = prepared<SessionRow, never>((db, slot) =>
  db.insertInto('sessions').values({
    id: slot('id'),
    user_id: slot('user_id'),
    token_hash: slot('token_hash'),
    device_id: slot('device_id'),
    device_name: slot('device_name'),
    user_agent: slot('user_agent'),
    created_at: slot('created_at'),
    last_seen_at: slot('last_seen_at'),
    revoked_at: slot('revoked_at'),
    approval: slot('approval'),
    idle_minutes: slot('idle_minutes'),
    expires_at: slot('expires_at'),
    reauth_at: slot('reauth_at'),
  } satisfies Record<keyof SessionRow, unknown>),
);

export async function insertSession(db: Db, session: SessionRow): Promise<void> {
  await newSession.run(db, session);
}

/** Removes an account whose address was never verified (its links and sessions go with it). */
export async function deleteUnverifiedUser(db: Db, email: string): Promise<void> {
  await db.deleteFrom('users').where('email', '=', email).where('email_verified', '=', 0).execute();
}

/** Removes accounts never verified and made before `createdBefore`; gives how many. */
export async function deleteStaleUnverifiedUsers(db: Db, createdBefore: string): Promise<number> {
  const result = await db
    .deleteFrom('users')
    .where('email_verified', '=', 0)
    .where('created_at', '<', createdBefore)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

const liveSessionByToken = prepared<
  { tokenHash: string; now: string },
  SessionRow & { email: string; email_verified: number; lang: string }
>((db, slot) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('sessions')
    .select(['users.email', 'users.email_verified', 'users.lang'])
    .where('sessions.token_hash', '=', slot('tokenHash'))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', slot('now')),
);

export async function findLiveSession(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<(SessionRow & { email: string; email_verified: number; lang: string }) | undefined> {
  return (await liveSessionByToken.run(db, { tokenHash, now })).rows[0];
}

/** Records use of a session: seen now, ending at `expiresAt` unless used again (and, if given, a new idle time). */
export async function touchSession(
  db: Db,
  id: string,
  changes: { last_seen_at: string; expires_at: string; idle_minutes?: number },
): Promise<void> {
  await db
    .updateTable('sessions')
    .set(changes)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The member proved their password or a passkey again in this session. */
export async function markReauthenticated(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ reauth_at: at }).where('id', '=', id).execute();
}

/** A pending sign-in confirmed by another device: approved, with the end a confirmed session has. */
export async function approveSession(db: Db, id: string, expiresAt: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ approval: 'approved', expires_at: expiresAt })
    .where('id', '=', id)
    .where('approval', '=', 'pending')
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends the session with this token; gives its user's id, or null when there was no such live session. */
export async function revokeSessionByToken(db: Db, tokenHash: string, at: string): Promise<string | null> {
  const row = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Ends every session of a user, or every one but `exceptId`. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  at: string,
  exceptId?: string,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptId) query = query.where('id', '!=', exceptId);
  await query.execute();
}

/** A user's sessions that still count at `now`: not ended, and not past their end. */
function live(db: Db, userId: string, now: string) {
  return db
    .selectFrom('sessions')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
}

/** One live session by its id (not ended, not past its end at `now`). */
export function findSessionById(db: Db, id: string, now: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** A user's live sessions, newest first. */
export function liveSessions(db: Db, userId: string, now: string): Promise<SessionRow[]> {
  return live(db, userId, now).selectAll().orderBy('created_at', 'desc').execute();
}

/**
 * What a sign-in needs to know of the member's live sessions, in one read (each part an index lookup, however
 * many sessions the member has had): whether this browser's device id is in use on another kind of device (a
 * copied secret), whether this browser holds a confirmed session, and whether any device does; and whether the
 * member registered another device than this browser for login notifications.
 */
const signInDevices = prepared<
  { userId: string; device: string; deviceName: string; now: string },
  { copied: unknown; here: unknown; anywhere: unknown; pushElsewhere: unknown }
>((db, slot) => {
  const live = () =>
    db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', slot('userId'))
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', slot('now'));
  const confirmed = () => live().where('approval', '=', 'approved');
  return db.selectNoFrom((eb) => [
    eb
      .exists(live().where('device_id', '=', slot('device')).where('device_name', '!=', slot('deviceName')))
      .as('copied'),
    eb.exists(confirmed().where('device_id', '=', slot('device'))).as('here'),
    eb.exists(confirmed()).as('anywhere'),
    // Read here, in the read a sign-in does anyway, so that the login notification looks the registration up
    // only for the members who have one somewhere else.
    eb
      .exists(
        db
          .selectFrom('push_subscriptions')
          .select('user_id')
          .where('user_id', '=', slot('userId'))
          .where((push) => push.or([push('device_id', 'is', null), push('device_id', '!=', slot('device'))])),
      )
      .as('pushElsewhere'),
  ]);
});

export async function devicesAtSignIn(
  db: Db,
  userId: string,
  deviceId: string | null,
  deviceName: string,
  now: string,
): Promise<{
  copiedDeviceId: boolean;
  confirmedHere: boolean;
  confirmedAnywhere: boolean;
  pushElsewhere: boolean;
}> {
  // Without a device id the browser has no sessions of its own: `device_id = ''` matches nothing.
  const device = deviceId ?? '';
  const row = (await signInDevices.run(db, { userId, device, deviceName, now })).rows[0];
  if (!row) throw new Error('the sign-in device check answered nothing');
  // PostgreSQL answers booleans, SQLite 0 or 1.
  return {
    copiedDeviceId: deviceId !== null && Boolean(row.copied),
    confirmedHere: deviceId !== null && Boolean(row.here),
    confirmedAnywhere: Boolean(row.anywhere),
    pushElsewhere: Boolean(row.pushElsewhere),
  };
}

/**
 * Ends the user's other sessions on this browser (device id), confirmed or waiting, whose cookie now holds a newer
 * one; gives how many ended.
 */
const endEarlierOnDevice = prepared<{ userId: string; deviceId: string; keepId: string; at: string }, never>(
  (db, slot) =>
    db
      .updateTable('sessions')
      .set({ revoked_at: slot('at') })
      .where('user_id', '=', slot('userId'))
      .where('device_id', '=', slot('deviceId'))
      .where('revoked_at', 'is', null)
      .where('id', '!=', slot('keepId')),
);

export async function endEarlierSessionsOnDevice(
  db: Db,
  userId: string,
  deviceId: string,
  keepId: string,
  at: string,
): Promise<number> {
  const result = await endEarlierOnDevice.run(db, { userId, deviceId, keepId, at });
  return Number(result.numAffectedRows ?? 0);
}

/**
 * PostgreSQL: a new session, the end of the user's earlier sessions on the same browser (device id) and, given,
 * a statement of the caller's (a limit reservation taken back) as one statement: one round trip, committed or
 * rolled back as a whole. Gives how many earlier sessions ended.
 */
export async function insertSessionAtOnce(
  db: Kysely<Database>,
  session: SessionRow,
  also?: ReleaseStatement,
): Promise<number> {
  const deviceId = session.device_id;
  const row = await db
    .with('released', (qc) => also?.(qc) ?? qc.selectNoFrom(sql<number>`1`.as('nothing')))
    .with('added', (qc) => qc.insertInto('sessions').values(session))
    .with('ended', (qc) =>
      qc
        .updateTable('sessions')
        .set({ revoked_at: session.created_at })
        .where('user_id', '=', session.user_id)
        // No device id: the browser has no earlier sessions (`device_id = null` matches nothing).
        .where('device_id', '=', deviceId ?? '')
        .where('revoked_at', 'is', null)
        .where('id', '!=', session.id)
        .returning('id'),
    )
    .selectFrom('ended')
    .select((eb) => eb.fn.countAll<number | string>().as('ended'))
    .executeTakeFirstOrThrow();
  return Number(row.ended);
}

/** Ends one session of a user; false when it is not theirs or already ended. */
export async function revokeUserSession(db: Db, userId: string, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every passkey of a user (a password reset); gives how many. */
export async function deletePasskeys(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A user's passkeys, for the member to review (password-changed mail). */
export function passkeysOf(
  db: Db,
  userId: string,
): Promise<Array<{ device_name: string; created_at: string }>> {
  return db
    .selectFrom('passkeys')
    .select(['device_name', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** Stops update mails to the member whose opt-out token this is; false when no member has it. */
export async function optOutOfUpdateMails(db: Db, unsubscribeToken: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ update_mails: 0 })
    .where('unsubscribe_token', '=', unsubscribeToken)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
