// Queries on users, e-mail link tokens and sessions; written once for SQLite and PostgreSQL.
import { sql, type Kysely, type QueryCreator, type Transaction } from 'kysely';
import type { Database, EmailTokenTable, InvitationTable, SessionTable, UserTable } from '../db/schema.js';
import { prepared } from '../db/prepared.js';
import { forgetEventsIn, reserveCall, type ReserveArgs } from '../ratelimit/store.js';
import { storeOf, type Executor } from '../db/stores.js';

type Db = Kysely<Database> | Transaction<Database>;

export type UserRow = UserTable;
export type EmailTokenRow = EmailTokenTable;
export type SessionRow = SessionTable;

/** Every column of a table, named (a prepared statement names its columns: db/prepared.ts); the compiler checks none is left out. */
function columns<Row>(all: Record<keyof Row & string, true>): Array<keyof Row & string> {
  return Object.keys(all) as Array<keyof Row & string>;
}
const USER_COLUMNS = columns<UserRow>({
  id: true,
  email: true,
  password_hash: true,
  email_verified: true,
  lang: true,
  created_at: true,
  updated_at: true,
  update_mails: true,
  unsubscribe_token: true,
  is_admin: true,
  disabled_at: true,
});
const SESSION_COLUMNS = columns<SessionRow>({
  id: true,
  user_id: true,
  token_hash: true,
  device_id: true,
  device_name: true,
  user_agent: true,
  created_at: true,
  last_seen_at: true,
  revoked_at: true,
  approval: true,
  idle_minutes: true,
  expires_at: true,
  reauth_at: true,
  can_confirm: true,
});

const userByEmail = prepared<{ email: string }, UserRow>((db, slot) =>
  db.selectFrom('users').select(USER_COLUMNS).where('email', '=', slot('email')),
);

async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return (await userByEmail.run(db, { email })).rows[0];
}

const userByEmailReserving = prepared<{ email: string } & ReserveArgs, UserRow & { wait: unknown }>(
  (db, slot) =>
    db
      .selectFrom(sql<{ one: number }>`(select 1)`.as('one'))
      .leftJoin('users', (join) => join.on('users.email', '=', slot('email')))
      .select(USER_COLUMNS.map((column) => `users.${column}` as const))
      .select(
        reserveCall({
          keys: slot('keys'),
          limits: slot('limits'),
          windows: slot('windows'),
          since: slot('since'),
          ids: slot('ids'),
          at: slot('at'),
          now: slot('now'),
        }).as('wait'),
      ),
);

/**
 * On PostgreSQL, the user with this e-mail, if any, and a rate-limit reservation (`rate_reserve` called with
 * `reserve`: ratelimit/limiter.ts, reserveWithRead) in one statement; the reservation's answer comes back beside.
 */
async function findUserByEmailReserving(
  db: Db,
  email: string,
  reserve: ReserveArgs,
): Promise<{ value: UserRow | undefined; answer: unknown }> {
  const row = (await userByEmailReserving.run(db, { email, ...reserve })).rows[0];
  if (!row) throw new Error('the sign-in read answered nothing');
  const { wait, ...user } = row;
  return { value: user.id === null ? undefined : user, answer: wait };
}

function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

async function insertUser(db: Db, user: UserRow): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

/** Changes an account; its address is verified by markVerified alone (invitations.ts, verifyAddress). */
async function updateUser(
  db: Db,
  id: string,
  changes: Partial<Pick<UserRow, 'password_hash' | 'lang' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** Marks an account's address verified; false when it already was (or the account is gone). */
async function markVerified(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email_verified: 1, updated_at: at })
    .where('id', '=', id)
    .where('email_verified', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function insertEmailToken(db: Db, token: EmailTokenRow): Promise<void> {
  await db.insertInto('email_tokens').values(token).execute();
}

function findEmailToken(db: Db, tokenHash: string): Promise<EmailTokenRow | undefined> {
  return db.selectFrom('email_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks one token used; false when another request used it first. */
async function useEmailToken(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('email_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Voids every open password-change link of a user (after the password changed another way). */
async function voidResetTokens(db: Db, userId: string, at: string): Promise<void> {
  await db
    .updateTable('email_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('kind', '=', 'reset')
    .where('used_at', 'is', null)
    .execute();
}

/** Voids every open verification link of a user (its address has just been verified). */
async function voidVerifyTokens(db: Db, userId: string, at: string): Promise<void> {
  await db
    .updateTable('email_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('kind', '=', 'verify')
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
    can_confirm: slot('can_confirm'),
  } satisfies Record<keyof SessionRow, unknown>),
);

async function insertSession(db: Db, session: SessionRow): Promise<void> {
  await newSession.run(db, session);
}

/** Removes an account whose address was never verified (its links and sessions go with it). */
async function deleteUnverifiedUser(db: Db, email: string): Promise<void> {
  await db.deleteFrom('users').where('email', '=', email).where('email_verified', '=', 0).execute();
}

/** Removes accounts never verified and made before `createdBefore`; gives how many. */
async function deleteStaleUnverifiedUsers(db: Db, createdBefore: string): Promise<number> {
  const result = await db
    .deleteFrom('users')
    .where('email_verified', '=', 0)
    .where('created_at', '<', createdBefore)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

const liveSessionByToken = prepared<
  { tokenHash: string; now: string },
  SessionRow & { email: string; email_verified: number; lang: string; is_admin: number }
>((db, slot) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(SESSION_COLUMNS.map((column) => `sessions.${column}` as const))
    .select(['users.email', 'users.email_verified', 'users.lang', 'users.is_admin'])
    .where('sessions.token_hash', '=', slot('tokenHash'))
    .where('sessions.revoked_at', 'is', null)
    // A disabled account's sessions count for nothing, even one opened in the moment it was disabled.
    .where('users.disabled_at', 'is', null)
    .where('sessions.expires_at', '>', slot('now')),
);

async function findLiveSession(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<
  (SessionRow & { email: string; email_verified: number; lang: string; is_admin: number }) | undefined
> {
  return (await liveSessionByToken.run(db, { tokenHash, now })).rows[0];
}

/** Records use of a session: seen now, ending at `expiresAt` unless used again (and, if given, a new idle time). */
async function touchSession(
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
async function markReauthenticated(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ reauth_at: at }).where('id', '=', id).execute();
}

/** A pending sign-in confirmed by another device: approved, with the end a confirmed session has. */
async function approveSession(db: Db, id: string, expiresAt: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ approval: 'approved', expires_at: expiresAt })
    .where('id', '=', id)
    .where('approval', '=', 'pending')
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The session's browser says it can check the master key: it may be asked to confirm new sign-ins. */
async function markCanConfirm(db: Db, id: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ can_confirm: 1 })
    .where('id', '=', id)
    .where('approval', '=', 'approved')
    .where('can_confirm', '=', 0)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * A new code for a waiting sign-in, replacing any earlier one (which stops working), unless one was sent less than
 * `resendAfter` ago or `maxSends` were sent: decided and written in one statement, so requests at once cannot pass
 * the limits. True when the code was stored (then it is to be mailed).
 */
async function putSignInCode(
  db: Db,
  code: { sessionId: string; codeHash: string; now: string; resendAfter: string; maxSends: number },
): Promise<boolean> {
  const result = await db
    .insertInto('sign_in_codes')
    .values({ session_id: code.sessionId, code_hash: code.codeHash, tries: 0, sends: 1, sent_at: code.now })
    .onConflict((conflict) =>
      conflict
        .column('session_id')
        .doUpdateSet((eb) => ({
          code_hash: code.codeHash,
          sends: eb('sign_in_codes.sends', '+', 1),
          sent_at: code.now,
        }))
        .where('sign_in_codes.sent_at', '<=', code.resendAfter)
        .where('sign_in_codes.sends', '<', code.maxSends),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Spends one try of a waiting sign-in's code, atomically: the code's hash and the tries spent with this one, or
 * undefined when there is no code or its tries are all spent.
 */
async function spendSignInCodeTry(
  db: Db,
  sessionId: string,
  maxTries: number,
): Promise<{ code_hash: string; tries: number } | undefined> {
  return db
    .updateTable('sign_in_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('session_id', '=', sessionId)
    .where('tries', '<', maxTries)
    .returning(['code_hash', 'tries'])
    .executeTakeFirst();
}

/** A waiting sign-in's code is used or its sign-in ended: it goes. */
async function deleteSignInCode(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sign_in_codes').where('session_id', '=', sessionId).execute();
}

/** When the code of a waiting sign-in was last sent and how many times (undefined: none was). */
function signInCodeOf(
  db: Db,
  sessionId: string,
): Promise<{ sent_at: string; sends: number; tries: number } | undefined> {
  return db
    .selectFrom('sign_in_codes')
    .select(['sent_at', 'sends', 'tries'])
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
}

/** Ends the session with this token; gives its user's id, or null when there was no such live session. */
async function revokeSessionByToken(db: Db, tokenHash: string, at: string): Promise<string | null> {
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
async function revokeUserSessions(db: Db, userId: string, at: string, exceptId?: string): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
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
function findSessionById(db: Db, id: string, now: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** A user's live sessions, newest first. */
function liveSessions(db: Db, userId: string, now: string): Promise<SessionRow[]> {
  return live(db, userId, now).selectAll().orderBy('created_at', 'desc').execute();
}

/**
 * What a sign-in needs to know of the member's live sessions, in one read (each part an index lookup, however
 * many sessions the member has had): whether this browser's device id is in use on another kind of device (a
 * copied secret), whether this browser holds a confirmed session, and whether any device does; and whether the
 * member registered another device than this browser for login notifications. Built with the values given, or a
 * prepared statement's slots for them (signInDevices on SQLite, signInStatement on PostgreSQL).
 */
function signInDevicesQuery(
  db: QueryCreator<Database>,
  values: { userId: string; device: string; deviceName: string; now: string },
) {
  const live = () =>
    db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', values.userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', values.now);
  const confirmed = () => live().where('approval', '=', 'approved');
  return db.selectNoFrom((eb) => [
    eb
      .exists(live().where('device_id', '=', values.device).where('device_name', '!=', values.deviceName))
      .as('copied'),
    eb.exists(confirmed().where('device_id', '=', values.device)).as('here'),
    eb.exists(confirmed()).as('anywhere'),
    // Another browser that can check the master key: only such a one is asked; where there is none, a code mailed
    // to the member confirms the sign-in.
    eb
      .exists(
        confirmed()
          .where('can_confirm', '=', 1)
          .where((other) =>
            other.or([other('device_id', 'is', null), other('device_id', '!=', values.device)]),
          ),
      )
      .as('answerable'),
    // Read here, in the read a sign-in does anyway, so that the login notification looks the registration up
    // only for the members who have one somewhere else.
    eb
      .exists(
        db
          .selectFrom('push_subscriptions')
          .select('user_id')
          .where('user_id', '=', values.userId)
          .where((push) => push.or([push('device_id', 'is', null), push('device_id', '!=', values.device)])),
      )
      .as('pushElsewhere'),
  ]);
}

const signInDevices = prepared<
  { userId: string; device: string; deviceName: string; now: string },
  { copied: unknown; here: unknown; anywhere: unknown; answerable: unknown; pushElsewhere: unknown }
>((db, slot) =>
  signInDevicesQuery(db, {
    userId: slot('userId'),
    device: slot('device'),
    deviceName: slot('deviceName'),
    now: slot('now'),
  }),
);

async function devicesAtSignIn(
  db: Db,
  userId: string,
  deviceId: string | null,
  deviceName: string,
  now: string,
): Promise<{
  copiedDeviceId: boolean;
  confirmedHere: boolean;
  confirmedAnywhere: boolean;
  answerable: boolean;
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
    answerable: Boolean(row.answerable),
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

async function endEarlierSessionsOnDevice(
  db: Db,
  userId: string,
  deviceId: string,
  keepId: string,
  at: string,
): Promise<number> {
  const result = await endEarlierOnDevice.run(db, { userId, deviceId, keepId, at });
  return Number(result.numAffectedRows ?? 0);
}

/** What a sign-in's one statement on PostgreSQL is given (signInAtOnce). */
interface SignInValues {
  /** The new session's row as approved; waiting for confirmation, its approval, end and proof time are `pending`'s. */
  approved: SessionRow;
  pending: Pick<SessionRow, 'expires_at' | 'reauth_at'>;
  /** This browser's device id, '' without one (`device_id = ''` matches nothing). */
  device: string;
  now: string;
  /** A limit reservation's events, taken back (none: an empty list). */
  releaseIds: readonly string[];
  /** Whether to NOTIFY (the live bus goes through PostgreSQL), on which channel, with which topic. */
  notify: boolean;
  channel: string;
  topic: string;
}

/** The session's fields the same whether it is approved or waits (the others are chosen in the statement). */
type SessionField = Exclude<keyof SessionRow, 'approval' | 'expires_at' | 'reauth_at' | 'can_confirm'>;

const signInStatement = prepared<
  {
    [K in SessionField as `session_${K}`]: SessionRow[K];
  } & Omit<SignInValues, 'approved' | 'pending'> & {
      approvedExpires: string;
      pendingExpires: string;
      approvedReauth: string | null;
    },
  {
    copied: unknown;
    answerable: unknown;
    pushElsewhere: unknown;
    approval: string | null;
    ended: unknown;
    told: unknown;
  }
>((db, slot) => {
  // The new session waits for another device's confirmation: another device of the member is signed in and
  // confirmed, and this browser is not one of them.
  const waits = sql<boolean>`(devices.anywhere and not devices.here)`;
  const chosen = (pending: unknown, approved: unknown) =>
    sql`case when ${waits} then ${pending} else ${approved} end`;
  const value: Record<keyof SessionRow, ReturnType<typeof sql>> = {
    id: sql`${slot('session_id')}`,
    user_id: sql`${slot('session_user_id')}`,
    token_hash: sql`${slot('session_token_hash')}`,
    device_id: sql`${slot('session_device_id')}`,
    device_name: sql`${slot('session_device_name')}`,
    user_agent: sql`${slot('session_user_agent')}`,
    created_at: sql`${slot('session_created_at')}`,
    last_seen_at: sql`${slot('session_last_seen_at')}`,
    revoked_at: sql`${slot('session_revoked_at')}`,
    approval: chosen('pending', 'approved'),
    idle_minutes: sql`${slot('session_idle_minutes')}::integer`,
    expires_at: chosen(slot('pendingExpires'), slot('approvedExpires')),
    reauth_at: chosen(null, slot('approvedReauth')),
    can_confirm: sql`0`,
  };
  return (
    db
      .with('released', (qc) => forgetEventsIn(qc, slot('releaseIds')))
      // Built from `db`: the question reads none of the tables the statement makes.
      .with('devices', () =>
        signInDevicesQuery(db, {
          userId: slot('session_user_id'),
          device: slot('device'),
          deviceName: slot('session_device_name'),
          now: slot('now'),
        }),
      )
      .with('added', (qc) =>
        qc
          .insertInto('sessions')
          .columns(SESSION_COLUMNS)
          .expression((eb) =>
            eb
              .selectFrom('devices')
              .select(SESSION_COLUMNS.map((column) => value[column].as(column)))
              .where(sql<boolean>`not devices.copied`),
          )
          .returning('approval'),
      )
      .with('ended', (qc) =>
        qc
          .updateTable('sessions')
          .set({ revoked_at: slot('session_created_at') })
          .where('user_id', '=', slot('session_user_id'))
          .where('device_id', '=', slot('device'))
          .where('revoked_at', 'is', null)
          .where('id', '!=', slot('session_id'))
          .where((eb) => eb.exists(eb.selectFrom('added').select('approval')))
          .returning('id'),
      )
      .with('told', (qc) =>
        qc
          .selectNoFrom(sql<number>`length(pg_notify(${slot('channel')}, ${slot('topic')})::text)`.as('told'))
          .where(sql<boolean>`${slot('notify')}::boolean`)
          .where((eb) =>
            eb.or([
              eb.exists(eb.selectFrom('added').select('approval').where('approval', '=', 'pending')),
              eb.exists(eb.selectFrom('ended').select('id')),
            ]),
          ),
      )
      .selectFrom('devices')
      .select((eb) => [
        'devices.copied',
        'devices.answerable',
        'devices.pushElsewhere',
        eb.selectFrom('added').select('approval').as('approval'),
        eb.selectFrom('ended').select(eb.fn.countAll<number | string>().as('n')).as('ended'),
        eb.selectFrom('told').select(eb.fn.countAll<number | string>().as('n')).as('told'),
        // The commit does not wait for the disk: set for this statement's own transaction.
        sql<string>`set_config('synchronous_commit', 'off', true)`.as('light'),
      ])
  );
});

/** What a sign-in on PostgreSQL found and did in its one statement (signInAtOnce). */
export interface SignedInAtOnce {
  /** This browser's device id is in use on another kind of device: nothing was stored. */
  copied: boolean;
  /** The session stored waits for another device's confirmation. */
  pending: boolean;
  /** Another signed-in browser of the member can check the master key (else a mailed code confirms). */
  answerable: boolean;
  /** The member registered another device than this browser for login notifications. */
  pushElsewhere: boolean;
  /** How many earlier sessions of this browser ended. */
  ended: number;
  /** Whether the statement told the other server processes (NOTIFY) that the member's sessions changed. */
  told: boolean;
}

/**
 * PostgreSQL: a whole sign-in after the password (or passkey) is proven, as one prepared statement — one round trip,
 * committed or rolled back as a whole, its commit not waiting for the disk (as SQLite's light commits):
 * - the new-device check (signInDevicesQuery): a copied device id stores nothing;
 * - the new session, approved or waiting for confirmation, as the check says;
 * - the end of the member's earlier sessions on this browser (device id);
 * - a limit reservation taken back;
 * - a NOTIFY when the member's sessions changed (the session waits, or earlier ones ended), if asked.
 */
async function signInAtOnce(db: Kysely<Database>, values: SignInValues): Promise<SignedInAtOnce> {
  const { approved, pending, ...rest } = values;
  const row = (
    await signInStatement.run(db, {
      session_id: approved.id,
      session_user_id: approved.user_id,
      session_token_hash: approved.token_hash,
      session_device_id: approved.device_id,
      session_device_name: approved.device_name,
      session_user_agent: approved.user_agent,
      session_created_at: approved.created_at,
      session_last_seen_at: approved.last_seen_at,
      session_revoked_at: approved.revoked_at,
      session_idle_minutes: approved.idle_minutes,
      approvedExpires: approved.expires_at,
      pendingExpires: pending.expires_at,
      approvedReauth: approved.reauth_at,
      ...rest,
    })
  ).rows[0];
  if (!row) throw new Error('the sign-in statement answered nothing');
  return {
    copied: Boolean(row.copied),
    pending: row.approval === 'pending',
    answerable: Boolean(row.answerable),
    pushElsewhere: Boolean(row.pushElsewhere),
    ended: Number(row.ended),
    told: Number(row.told) > 0,
  };
}

/** Ends one session of a user; false when it is not theirs or already ended. */
async function revokeUserSession(db: Db, userId: string, id: string, at: string): Promise<boolean> {
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
async function deletePasskeys(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A user's passkeys, for the member to review (password-changed mail). */
function passkeysOf(db: Db, userId: string): Promise<Array<{ device_name: string; created_at: string }>> {
  return db
    .selectFrom('passkeys')
    .select(['device_name', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** Stops update mails to the member whose opt-out token this is; false when no member has it. */
async function optOutOfUpdateMails(db: Db, unsubscribeToken: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ update_mails: 0 })
    .where('unsubscribe_token', '=', unsubscribeToken)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The address's invitation, if one lets it sign up at `at` (not spent, not lapsed). */
function findUsableInvitation(db: Db, email: string, at: string): Promise<InvitationTable | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
}

/** Spends the address's invitation that was good at `goodAt`; false when there is none. */
async function spendInvitation(db: Db, email: string, goodAt: string, now: string): Promise<boolean> {
  const spent = await db
    .updateTable('invitations')
    .set({ used_at: now })
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', goodAt)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) > 0;
}

/** The invitations, newest first, with their inviter's address (or only the one for `email`). */
function listInvitations(
  db: Db,
  email?: string,
): Promise<Array<InvitationTable & { inviter: string | null }>> {
  let query = db
    .selectFrom('invitations')
    .leftJoin('users', 'users.id', 'invitations.invited_by')
    .selectAll('invitations')
    .select('users.email as inviter');
  if (email !== undefined) query = query.where('invitations.email', '=', email);
  return query.orderBy('invitations.created_at', 'desc').orderBy('invitations.email').execute();
}

/** Invites the row's address, or renews its invitation in one statement (one row per address). */
async function upsertInvitation(db: Db, row: InvitationTable): Promise<void> {
  await db
    .insertInto('invitations')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('email').doUpdateSet({
        lang: row.lang,
        invited_by: row.invited_by,
        created_at: row.created_at,
        expires_at: row.expires_at,
        used_at: null,
      }),
    )
    .execute();
}

/** Deletes an invitation; false when it was already gone. */
/** Deletes an invitation; its address, or undefined when there was none with this id. */
async function deleteInvitation(db: Db, id: string): Promise<string | undefined> {
  const removed = await db
    .deleteFrom('invitations')
    .where('id', '=', id)
    .returning('email')
    .executeTakeFirst();
  return removed?.email;
}

/** Gives or takes the admin role made from the command line (ADMIN_EMAILS makes admins of its own). */
async function setAdmin(db: Db, id: string, admin: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_admin: admin ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** Deletes an account; every row of the member's in every table goes with it (they cascade from the account). */
async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** The verified members who are admins, by the role or by being in `adminEmails`, by address. */
async function verifiedAdmins(db: Db, adminEmails: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('email_verified', '=', 1)
    .where((where) =>
      where.or([
        where('is_admin', '=', 1),
        ...(adminEmails.length > 0 ? [where('email', 'in', adminEmails)] : []),
      ]),
    )
    .orderBy('email')
    .execute();
  return rows.map((row) => row.email);
}

/** How many members have a confirmed session that still counts at `now`. */
async function membersSignedIn(db: Db, now: string): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select(sql<number>`count(distinct user_id)`.as('count'))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('approval', '=', 'approved')
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The queries, bound to where they run (db/stores.ts). */
export const accountStore = (db: Executor) =>
  storeOf(db, {
    findUserByEmail,
    findUserByEmailReserving,
    findUserById,
    insertUser,
    updateUser,
    markVerified,
    insertEmailToken,
    findEmailToken,
    useEmailToken,
    voidResetTokens,
    voidVerifyTokens,
    insertSession,
    deleteUnverifiedUser,
    deleteStaleUnverifiedUsers,
    findLiveSession,
    touchSession,
    markReauthenticated,
    approveSession,
    markCanConfirm,
    putSignInCode,
    spendSignInCodeTry,
    deleteSignInCode,
    signInCodeOf,
    revokeSessionByToken,
    revokeUserSessions,
    findSessionById,
    liveSessions,
    devicesAtSignIn,
    endEarlierSessionsOnDevice,
    signInAtOnce,
    revokeUserSession,
    deletePasskeys,
    passkeysOf,
    optOutOfUpdateMails,
    findUsableInvitation,
    spendInvitation,
    listInvitations,
    upsertInvitation,
    deleteInvitation,
    setAdmin,
    deleteUser,
    verifiedAdmins,
    membersSignedIn,
  });

export type AccountStore = ReturnType<typeof accountStore>;
