// What the account flows share: the dependencies, the session cache, mail, password checks, sessions and
// mailed-link helpers. The flows themselves are in sign-in.ts, devices.ts, email-links.ts, invitations.ts and
// proofs.ts; service.ts makes each a capability of its own, handed to the features that use it.
import type { FastifyBaseLogger } from 'fastify';
import {
  LOGIN_ADDRESS_FAILURE_LIMIT,
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_MS,
  PENDING_SESSION_TTL_MS,
  RESET_LINK_TTL_MS,
  SESSION_ABSOLUTE_TTL_MS,
  SESSION_IDLE_GRACE_MS,
  SESSION_IDLE_TTL_MS,
  SESSION_TOUCH_INTERVAL_MS,
  SIGN_IN_CODE_DIGITS,
  SIGN_IN_CODE_RESEND_MS,
  SIGN_IN_CODE_SENDS,
  VERIFY_LINK_TTL_MS,
  type Language,
} from '../../shared/constants.js';
import { deviceNameFromUserAgent, type DeviceName } from '../../shared/device.js';
import { type DeviceSession, type SessionResponse, type SessionUser } from '../../shared/schemas/auth.js';
import { isoAt, type Clock } from '../core/clock.js';
import type { LightCommits } from '../db/commits.js';
import type { Dialect } from '../db/database.js';
import { ApiError } from '../http/errors.js';
import { confirmsSignIns, isAskedToConfirm, recentlyProven } from '../policies/devices.js';
import type { Mail, Mailer } from '../mail/mailer.js';
import { accountMail, passwordChangedMail, signInCodeMail, type MailKind } from '../mail/templates.js';
import type { LiveBus } from '../core/bus.js';
import {
  reserveOrRefuse,
  reserveWithRead,
  type Limit,
  type RateLimiter,
  type Release,
} from '../ratelimit/limiter.js';
import { isCommonPassword, isContextPassword } from './common-passwords.js';
import { argon2Hashing, type PasswordHashing } from './passwords.js';
import type { EmailTokenRow, SessionRow, UserRow, AccountStore } from './store.js';
import { newId } from '../core/ids.js';
import { hashToken, randomCode, randomToken } from './tokens.js';
import type { SignupSettings } from './signup-settings.js';
import type { AdminLog } from '../audit/log.js';

/**
 * The password of an account made behind the sign-up door (email-links.ts) until its address is verified: none.
 * Each of its verification links carries the password of the sign-up that asked for it, so that whoever made the
 * account learns nothing by signing in with their own password (every password is wrong here, at the cost of a
 * real check). Not a hash: no password is ever checked against it.
 */
export const NO_PASSWORD = '!';

export interface AccountDeps {
  /** The accounts' users, sessions, mailed links and invitations (store.ts). */
  store: AccountStore;
  dialect: Dialect;
  /** Commits for what is not the member's data (see lightCommits): the sessions a sign-in opens and ends. */
  lightly: LightCommits;
  limiter: RateLimiter;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  adminEmails: readonly string[];
  /** Who may make an account besides ADMIN_EMAILS and invited addresses (invitations.ts). */
  signups: SignupSettings;
  log: FastifyBaseLogger;
  /** Tells the member's connected devices, on any server process, that their sessions changed. */
  live: LiveBus;
  /** How passwords are hashed (argon2id at full cost unless a test of the rules passes a cheaper one). */
  passwords?: PasswordHashing;
  /** Where what admins do to invitations is written for the admins to read (audit/log.ts). */
  adminLog?: Pick<AdminLog, 'record'>;
}

/** Who is asking: the caller's address, browser, and the browser's device key (its HttpOnly device secret). */
export interface Caller {
  ip: string;
  userAgent: string;
  deviceKey: string | null;
}

export interface SignInEvent {
  signedIn: SignedIn;
  /** The browser's device key. */
  deviceId: string | null;
  deviceName: string;
  /** Whether another device than this browser was registered for login notifications at the sign-in. */
  pushElsewhere: boolean;
}

export interface SignedIn {
  sessionId: string;
  user: SessionUser;
  /** Waiting for the new-device check: it may learn its own state and log out, nothing more. */
  pending: boolean;
}

/** A new session: its token for the cookie, who it is, and what the browser is told. */
export interface SignInResult {
  token: string;
  signedIn: SignedIn;
  answer: SessionResponse;
}

export function presentDevice(row: SessionRow, currentSessionId: string): DeviceSession {
  return {
    id: row.id,
    deviceName: row.device_name as DeviceSession['deviceName'],
    current: row.id === currentSessionId,
    pending: row.approval === 'pending',
    canConfirm: row.can_confirm === 1,
    signedInAt: row.created_at,
    lastSeenAt: row.last_seen_at,
  };
}

/** How long a session may sit unused: the member's auto logout (plus a grace), or the long idle time with none. */
export function idleMs(idleMinutes: number): number {
  return idleMinutes > 0 ? idleMinutes * 60_000 + SESSION_IDLE_GRACE_MS : SESSION_IDLE_TTL_MS;
}

/** Where a session's end is after use at `now`: its idle end, never past its absolute end (or its wait's end). */
export function sessionEnd(
  session: { created_at: string; approval: string; idle_minutes: number },
  now: number,
): number {
  const created = Date.parse(session.created_at);
  if (session.approval === 'pending') return created + PENDING_SESSION_TTL_MS;
  return Math.min(now + idleMs(session.idle_minutes), created + SESSION_ABSOLUTE_TTL_MS);
}

/** The end is written again only when it would move this much, so most requests only read. */
export function touchInterval(idleMinutes: number): number {
  return Math.min(SESSION_TOUCH_INTERVAL_MS, idleMs(idleMinutes) / 10);
}

/** How long a checked session is remembered by this process; any change to it is announced and drops it sooner. */
const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_SIZE = 20_000;

interface CachedSession {
  signedIn: SignedIn;
  row: Pick<SessionRow, 'created_at' | 'approval' | 'idle_minutes' | 'expires_at'>;
  until: number;
}

/**
 * Checked sessions by token hash, so a busy member's every request does not read the database. An entry lives
 * SESSION_CACHE_MS at most and is dropped at once when the live bus says the member's sessions changed (sign-out,
 * a device ended or approved, a password changed), from whichever process. A session read from the database before
 * such news and answered after it is not kept (`put` with the `version` seen before the read): a request under way
 * while a sign-in was ended would otherwise put the ended session back, usable until the entry expires.
 */
export function sessionCache(clock: Clock) {
  const byToken = new Map<string, CachedSession>();
  const byUser = new Map<string, Set<string>>();
  let version = 0;
  const forget = (tokenHash: string) => {
    const entry = byToken.get(tokenHash);
    if (!entry) return;
    byToken.delete(tokenHash);
    byUser.get(entry.signedIn.user.uid)?.delete(tokenHash);
  };
  return {
    get: (tokenHash: string) => byToken.get(tokenHash),
    forget,
    /** Moves on whenever a member's sessions change: what was read from the database before is not kept. */
    version: () => version,
    /** Keeps a session read from the database when no member's sessions changed since `readAt` (`version()`). */
    put(tokenHash: string, entry: Omit<CachedSession, 'until'>, readAt: number): CachedSession {
      const cached = { ...entry, until: clock() + SESSION_CACHE_MS };
      if (readAt !== version) return cached;
      while (byToken.size >= SESSION_CACHE_SIZE) forget(byToken.keys().next().value as string);
      byToken.set(tokenHash, cached);
      const uid = entry.signedIn.user.uid;
      byUser.set(uid, (byUser.get(uid) ?? new Set()).add(tokenHash));
      return cached;
    },
    forgetUser(uid: string) {
      version += 1;
      for (const tokenHash of byUser.get(uid) ?? []) byToken.delete(tokenHash);
      byUser.delete(uid);
    },
  };
}

export function accountContext(deps: AccountDeps) {
  const { store, limiter, clock, live } = deps;
  const passwords = deps.passwords ?? argon2Hashing;
  /** Mails being sent, and other work that follows an answer (settle waits for them). */
  const pendingWork = new Set<Promise<void>>();
  const sessions = sessionCache(clock);
  // Any change to a member's sessions, on any process, drops what this process remembers of them.
  live.subscribeAll((topic) => {
    if (topic.startsWith('devices:')) sessions.forgetUser(topic.slice('devices:'.length));
  });
  const signInListeners: Array<(event: SignInEvent) => void> = [];

  function presentUser(user: {
    id: string;
    email: string;
    email_verified: number;
    lang: string;
    is_admin: number;
  }): SessionUser {
    const emailVerified = user.email_verified === 1;
    return {
      uid: user.id,
      email: user.email,
      emailVerified,
      lang: user.lang === 'en' ? 'en' : 'ko',
      isAdmin: emailVerified && (user.is_admin === 1 || deps.adminEmails.includes(user.email)),
    };
  }

  const languageOf = (user: { lang: string }): Language => (user.lang === 'en' ? 'en' : 'ko');

  /** Mails go out after the answer, so the answer's timing never depends on the mail server. */
  function send(mail: Mail): void {
    const sending = deps.mailer
      .send(mail)
      .catch((err: unknown) => deps.log.error({ err, to: mail.to }, 'mail could not be sent'))
      .finally(() => pendingWork.delete(sending));
    pendingWork.add(sending);
  }

  /**
   * Work done once the answer is on its way (started in the event loop's next turn, so that not even SQLite's
   * synchronous calls hold the answer back): its timing does not tell whether there was any.
   */
  function afterAnswer(what: string, work: () => Promise<void>): void {
    const running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => deps.log.error({ err }, `${what} failed after the answer`))
      .finally(() => pendingWork.delete(running));
    pendingWork.add(running);
  }

  function deliver(kind: MailKind, lang: Language, to: string, token: string): void {
    const mode = kind === 'verify' ? 'verifyEmail' : 'resetPassword';
    send(
      accountMail(kind, lang, to, `${deps.publicUrl}/auth/action?mode=${mode}&oobCode=${token}&lang=${lang}`),
    );
  }

  async function mailPasswordChanged(
    user: UserRow,
    device: DeviceName,
    passkeysRemoved: number,
  ): Promise<void> {
    const lang = languageOf(user);
    const passkeys = (await store.passkeysOf(user.id)).map((row) => ({
      device: row.device_name as DeviceName,
      createdAt: row.created_at,
    }));
    send(
      passwordChangedMail(
        lang,
        user.email,
        { at: new Date(clock()), device, passkeysRemoved, passkeys },
        `${deps.publicUrl}/?auth=forgot&lang=${lang}`,
      ),
    );
  }

  function newEmailToken(userId: string, kind: 'verify' | 'reset', newPasswordHash: string | null) {
    const token = randomToken();
    const row: EmailTokenRow = {
      id: newId(),
      user_id: userId,
      kind,
      token_hash: hashToken(token),
      new_password_hash: newPasswordHash,
      created_at: isoAt(clock),
      expires_at: isoAt(clock, kind === 'verify' ? VERIFY_LINK_TTL_MS : RESET_LINK_TTL_MS),
      used_at: null,
    };
    return { token, row };
  }

  /** A password being set must not be one of the most common ones, nor our product's name or the member's address. */
  function refuseCommon(password: string, email?: string): void {
    if (isCommonPassword(password) || isContextPassword(password, email)) {
      throw new ApiError('auth/common-password');
    }
  }

  /** The failures a password check counts against: the account's, and the caller's address's (softer). */
  function passwordFailureLimits(email: string, caller: Caller): Limit[] {
    return [
      { key: `login-fail:account:${email}`, limit: LOGIN_FAILURE_LIMIT, windowMs: LOGIN_FAILURE_WINDOW_MS },
      {
        key: `login-fail:address:${caller.ip}`,
        limit: LOGIN_ADDRESS_FAILURE_LIMIT,
        windowMs: LOGIN_FAILURE_WINDOW_MS,
      },
    ];
  }

  /**
   * Whether `password` is the account's, as a failure reserved before the hash is checked: at most the limit of
   * guesses is ever evaluated, however many arrive at once. A right password answers the reservation's release
   * (it is not a failure), for the caller to call, inside its own transaction where it has one; a wrong one (or
   * no account) answers null and the failure counts.
   */
  async function reservedPasswordCheck(
    user: Pick<UserRow, 'email' | 'password_hash'> | undefined,
    email: string,
    password: string,
    caller: Caller,
  ): Promise<Release | null> {
    const release = await reserveOrRefuse(limiter, passwordFailureLimits(email, caller));
    return (await passwordIsTheirs(user, password)) ? release : null;
  }

  /**
   * Whether `password` is the account's: the same work whether or not there is an account, or it has a password
   * (a decoy hash).
   */
  async function passwordIsTheirs(
    user: Pick<UserRow, 'password_hash'> | undefined,
    password: string,
  ): Promise<boolean> {
    const hash = user && user.password_hash !== NO_PASSWORD ? user.password_hash : undefined;
    const matches = await passwords.verify(hash ?? (await passwords.decoy()), password);
    return hash !== undefined && matches;
  }

  /** Whether `password` is the account's, counted as a failure when it is not (see reservedPasswordCheck). */
  async function passwordMatches(
    user: Pick<UserRow, 'email' | 'password_hash'> | undefined,
    email: string,
    password: string,
    caller: Caller,
  ): Promise<boolean> {
    const release = await reservedPasswordCheck(user, email, password, caller);
    await release?.();
    return release !== null;
  }

  /**
   * Checks an e-mail and password; the same answer and work whether or not the e-mail exists. The right password's
   * reservation is the caller's to release (see reservedPasswordCheck).
   */
  async function checkCredentials(
    email: string,
    password: string,
    caller: Caller,
  ): Promise<{ user: UserRow; release: Release }> {
    // The account and the reservation of a failure in one round trip where the limits are in PostgreSQL.
    const { value: user, release } = await reserveWithRead(
      limiter,
      passwordFailureLimits(email, caller),
      async (reserve) =>
        reserve
          ? store.findUserByEmailReserving(email, reserve)
          : { value: await store.findUserByEmail(email) },
    );
    // A wrong password (or no account) keeps its reservation: a failure.
    const matches = await passwordIsTheirs(user, password);
    if (!user || !matches) throw new ApiError('auth/invalid-login-credentials');
    return { user, release };
  }

  /** A member's sessions that still count. */
  function liveSessions(userId: string) {
    return store.liveSessions(userId, isoAt(clock));
  }

  /** The caller's own session, while it still counts. */
  function ownSession(signedIn: SignedIn) {
    return store.findSessionById(signedIn.sessionId, isoAt(clock));
  }

  /**
   * What a sign-in (or the session check) tells the browser: the member, or the sign-in waiting for approval and
   * how it is confirmed (`answerable`: another signed-in browser can check the master key; else a mailed code).
   */
  function answerFor(signedIn: SignedIn, row: SessionRow | undefined, answerable = false): SessionResponse {
    if (!signedIn.pending) return { user: signedIn.user };
    if (!row) return { user: null };
    return {
      user: null,
      pending: {
        email: signedIn.user.email,
        deviceName: row.device_name as DeviceName,
        signedInAt: row.created_at,
        confirmBy: answerable ? 'device' : 'code',
      },
    };
  }

  /** Whether a confirmed session of another browser of the member can check the master key (it is asked). */
  function canAnswer(rows: readonly SessionRow[], waiting: SessionRow): boolean {
    return rows.some((row) => isAskedToConfirm(row, waiting));
  }

  /**
   * Mails a new one-time code for a waiting sign-in that no device can confirm — the first at the sign-in, another
   * when the member asks (at most SIGN_IN_CODE_SENDS, one per SIGN_IN_CODE_RESEND_MS: decided in one statement).
   * The code is kept only hashed. False when the limits held it back.
   */
  async function mailSignInCode(
    user: Pick<UserRow, 'email' | 'lang'>,
    session: Pick<SessionRow, 'id' | 'device_name'>,
  ): Promise<boolean> {
    const code = randomCode(SIGN_IN_CODE_DIGITS);
    const stored = await store.putSignInCode({
      sessionId: session.id,
      codeHash: hashToken(`${session.id}:${code}`),
      now: isoAt(clock),
      resendAfter: isoAt(clock, -SIGN_IN_CODE_RESEND_MS),
      maxSends: SIGN_IN_CODE_SENDS,
    });
    if (!stored) return false;
    const lang = languageOf(user);
    send(
      signInCodeMail(lang, user.email, {
        code,
        at: new Date(clock()),
        device: session.device_name as DeviceName,
        minutes: PENDING_SESSION_TTL_MS / 60_000,
      }),
    );
    return true;
  }

  /**
   * Whether this sign-in waits for another device's confirmation: another device of the member is signed in and
   * confirmed, and this browser is not one of them; and whether this browser already holds a confirmed session
   * (which the new one replaces). The browser is known by its device secret, an HttpOnly cookie; one found in
   * use by the member on another kind of device has been copied, and is refused before anything is stored.
   */
  async function newDeviceCheck(
    userId: string,
    deviceKey: string | null,
    deviceName: string,
  ): Promise<{ pending: boolean; answerable: boolean; knownDevice: boolean; pushElsewhere: boolean }> {
    const devices = await store.devicesAtSignIn(userId, deviceKey, deviceName, isoAt(clock));
    if (devices.copiedDeviceId) throw new ApiError('session/device-mismatch');
    return {
      pending: devices.confirmedAnywhere && !devices.confirmedHere,
      answerable: devices.answerable,
      knownDevice: devices.confirmedHere,
      pushElsewhere: devices.pushElsewhere,
    };
  }

  /**
   * A pending sign-in of the caller's account, answered by one of its confirmed devices that can check the master
   * key (a device that cannot is never asked, and never blocks anyone).
   */
  async function ownPending(signedIn: SignedIn, sessionId: string): Promise<SessionRow> {
    const rows = await liveSessions(signedIn.user.uid);
    const caller = rows.find((row) => row.id === signedIn.sessionId);
    if (!caller || !confirmsSignIns(caller)) throw new ApiError('session/not-allowed');
    const target = rows.find((row) => row.id === sessionId);
    if (!target || target.approval !== 'pending') throw new ApiError('session/not-found');
    return target;
  }

  /**
   * A new session for a member who has just proven who they are, and the end of the browser's earlier ones: the
   * browser signs in again, so its earlier session ends with the new one's start (its cookie held the only copy of
   * that session's token, now replaced), the member's devices list shows each browser once, and a browser waiting
   * for approval waits once. `release` (a right password's reservation) is taken back with them. All of it or
   * nothing, committed without a disk flush (a session is not the member's data, and one lost to a power cut means
   * signing in again): on PostgreSQL one statement with the new-device check (store.signInAtOnce), on SQLite the
   * check, then one transaction.
   */
  async function openSession(
    user: UserRow,
    caller: Caller,
    idleMinutes: number,
    release?: Release,
  ): Promise<SignInResult> {
    const deviceName = deviceNameFromUserAgent(caller.userAgent);
    const deviceKey = caller.deviceKey;
    const token = randomToken();
    const now = clock();
    const nowIso = new Date(now).toISOString();
    const id = newId();
    const tokenHash = hashToken(token);
    const userAgent = caller.userAgent.slice(0, 512);
    const row = (approval: 'approved' | 'pending'): SessionRow => {
      const session: SessionRow = {
        id,
        user_id: user.id,
        token_hash: tokenHash,
        device_id: deviceKey,
        device_name: deviceName,
        user_agent: userAgent,
        created_at: nowIso,
        last_seen_at: nowIso,
        revoked_at: null,
        approval,
        idle_minutes: idleMinutes,
        expires_at: '',
        // Signing in proves the password (or passkey) just now; a sign-in still waiting has proven nothing yet.
        reauth_at: approval === 'pending' ? null : nowIso,
        // Until the browser says it can check the master key (src/client/can-confirm.ts), it is not asked.
        can_confirm: 0,
      };
      session.expires_at = new Date(sessionEnd(session, now)).toISOString();
      return session;
    };
    const topic = `devices:${user.id}`;
    let session: SessionRow;
    let pushElsewhere: boolean;
    let answerable: boolean;
    if (deps.dialect === 'postgres') {
      // A release outside the database (Redis) goes first: were the session not stored, it would be taken back
      // all the same (a right password is no failed guess).
      if (release && !release.eventIds) await release();
      const approved = row('approved');
      const pending = row('pending');
      const done = await store.signInAtOnce({
        approved,
        pending,
        device: deviceKey ?? '',
        now: nowIso,
        releaseIds: release?.eventIds ?? [],
        notify: live.notifyChannel !== null,
        channel: live.notifyChannel ?? '',
        topic,
      });
      if (done.copied) throw new ApiError('session/device-mismatch');
      session = done.pending ? pending : approved;
      pushElsewhere = done.pushElsewhere;
      answerable = done.answerable;
      // The statement told the other processes; this one hears it now (else it is told as usual).
      if (done.told) live.heardHere(topic);
      else if (done.pending || done.ended > 0) await live.publish(topic);
    } else {
      const check = await newDeviceCheck(user.id, deviceKey, deviceName);
      session = row(check.pending ? 'pending' : 'approved');
      pushElsewhere = check.pushElsewhere;
      answerable = check.answerable;
      const ended = await deps.lightly((connection) =>
        store.on(connection).transaction(async (tx, trx) => {
          await tx.insertSession(session);
          await release?.(trx);
          return deviceKey === null
            ? 0
            : tx.endEarlierSessionsOnDevice(user.id, deviceKey, session.id, session.created_at);
        }),
      );
      if (check.pending || ended > 0) await live.publish(topic);
    }
    const waiting = session.approval === 'pending';
    // No other browser can check the master key: a code mailed to the member confirms this sign-in.
    if (waiting && !answerable) await mailSignInCode(user, session);
    const signedIn = { sessionId: session.id, user: presentUser(user), pending: waiting };
    const event = { signedIn, deviceId: deviceKey, deviceName, pushElsewhere };
    for (const listener of signInListeners) listener(event);
    return { token, signedIn, answer: answerFor(signedIn, session, answerable) };
  }

  /** A mailed link that can still be used for `kind`. */
  async function usableLink(token: string) {
    const row = await store.findEmailToken(hashToken(token));
    if (!row || row.used_at) throw new ApiError('auth/invalid-action-code');
    if (row.expires_at <= isoAt(clock)) throw new ApiError('auth/expired-action-code');
    const user = await store.findUserById(row.user_id);
    if (!user) throw new ApiError('auth/invalid-action-code');
    return { row, user };
  }

  /**
   * The member proves it is them for a sensitive change: with the current password now (counted against the
   * login limits), or by a password or passkey proof within the last few minutes of this session.
   */
  async function proveMember(
    signedIn: SignedIn,
    currentPassword: string | undefined,
    caller: Caller,
  ): Promise<void> {
    if (currentPassword !== undefined) {
      const user = await store.findUserById(signedIn.user.uid);
      if (!(await passwordMatches(user, signedIn.user.email, currentPassword, caller))) {
        throw new ApiError('auth/wrong-password');
      }
      await store.markReauthenticated(signedIn.sessionId, isoAt(clock));
      return;
    }
    if (!recentlyProven(await ownSession(signedIn), clock())) throw new ApiError('auth/reauth-required');
  }

  return {
    deps,
    store,
    passwords,
    limiter,
    clock,
    live,
    presentUser,
    send,
    afterAnswer,
    deliver,
    mailPasswordChanged,
    newEmailToken,
    refuseCommon,
    passwordFailureLimits,
    passwordMatches,
    checkCredentials,
    liveSessions,
    ownSession,
    answerFor,
    canAnswer,
    mailSignInCode,
    newDeviceCheck,
    ownPending,
    openSession,
    usableLink,
    proveMember,
    pendingWork,
    sessions,
    signInListeners,
    languageOf,
  };
}

export type AccountContext = ReturnType<typeof accountContext>;

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
