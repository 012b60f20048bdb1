// The account flows of the description (§4, §5, §7, §8) as docs/design.md §3 builds them: argon2id hashes, opaque
// session tokens stored hashed, single-use e-mail links, and answers that do not reveal whether an e-mail exists.
// Everything fails closed (docs/design.md §3.9): a sign-in waiting for the new-device check grants nothing, a mailed link
// changes nothing by being opened, limits are reserved before the work they guard, and sensitive changes need
// the password (or a passkey) again and are mailed to the member.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  LOGIN_ADDRESS_FAILURE_LIMIT,
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_MS,
  MAIL_LIMIT,
  MAIL_WINDOW_MS,
  PENDING_SESSION_TTL_MS,
  REAUTH_TTL_MS,
  RESET_LINK_TTL_MS,
  RESET_REQUEST_ADDRESS_LIMIT,
  RESET_REQUEST_WINDOW_MS,
  SESSION_ABSOLUTE_TTL_MS,
  SESSION_IDLE_GRACE_MS,
  SESSION_IDLE_TTL_MS,
  SESSION_TOUCH_INTERVAL_MS,
  SIGNUP_LIMIT,
  SIGNUP_WINDOW_MS,
  UNVERIFIED_ACCOUNT_TTL_MS,
  VERIFY_LINK_TTL_MS,
  AUTO_LOGOUT_DEFAULT_MIN,
  type Language,
} from '../../shared/constants.js';
import { deviceNameFromUserAgent, type DeviceName } from '../../shared/device.js';
import {
  newPassword as newPasswordRule,
  type ActionInfo,
  type DeviceSession,
  type LoginBody,
  type PasswordResetBody,
  type ResetPasswordBody,
  type ResetPasswordResponse,
  type SessionResponse,
  type SessionUser,
  type SignupBody,
} from '../../shared/schemas/auth.js';
import { isoAt, type Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { parseBody } from '../http/validate.js';
import type { Mail, Mailer } from '../mail/mailer.js';
import { accountMail, passkeyAddedMail, passwordChangedMail, type MailKind } from '../mail/templates.js';
import type { LiveBus } from '../live/bus.js';
import { reserveOrRefuse, type Limit, type RateLimiter } from '../ratelimit/limiter.js';
import { isCommonPassword, isContextPassword } from './common-passwords.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import * as store from './store.js';
import { newId } from '../ids.js';
import { hashToken, randomToken } from './tokens.js';

export interface AccountDeps {
  db: Kysely<Database>;
  limiter: RateLimiter;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  adminEmails: readonly string[];
  log: FastifyBaseLogger;
  /** Tells the member's connected devices, on any server process, that their sessions changed. */
  live: LiveBus;
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

export type AccountService = ReturnType<typeof accountService>;

function presentDevice(row: store.SessionRow, currentSessionId: string): DeviceSession {
  return {
    id: row.id,
    deviceName: row.device_name as DeviceSession['deviceName'],
    current: row.id === currentSessionId,
    pending: row.approval === 'pending',
    signedInAt: row.created_at,
    lastSeenAt: row.last_seen_at,
  };
}

/** How long a session may sit unused: the member's auto logout (plus a grace), or the long idle time with none. */
function idleMs(idleMinutes: number): number {
  return idleMinutes > 0 ? idleMinutes * 60_000 + SESSION_IDLE_GRACE_MS : SESSION_IDLE_TTL_MS;
}

/** Where a session's end is after use at `now`: its idle end, never past its absolute end (or its wait's end). */
function sessionEnd(
  session: { created_at: string; approval: string; idle_minutes: number },
  now: number,
): number {
  const created = Date.parse(session.created_at);
  if (session.approval === 'pending') return created + PENDING_SESSION_TTL_MS;
  return Math.min(now + idleMs(session.idle_minutes), created + SESSION_ABSOLUTE_TTL_MS);
}

/** The end is written again only when it would move this much, so most requests only read. */
function touchInterval(idleMinutes: number): number {
  return Math.min(SESSION_TOUCH_INTERVAL_MS, idleMs(idleMinutes) / 10);
}

/** How long a checked session is remembered by this process; any change to it is announced and drops it sooner. */
const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_SIZE = 20_000;

interface CachedSession {
  signedIn: SignedIn;
  row: Pick<store.SessionRow, 'created_at' | 'approval' | 'idle_minutes' | 'expires_at'>;
  until: number;
}

/**
 * Checked sessions by token hash, so a busy member's every request does not read the database. An entry lives
 * SESSION_CACHE_MS at most and is dropped at once when the live bus says the member's sessions changed (sign-out,
 * a device ended or approved, a password changed), from whichever process.
 */
function sessionCache(clock: Clock) {
  const byToken = new Map<string, CachedSession>();
  const byUser = new Map<string, Set<string>>();
  const forget = (tokenHash: string) => {
    const entry = byToken.get(tokenHash);
    if (!entry) return;
    byToken.delete(tokenHash);
    byUser.get(entry.signedIn.user.uid)?.delete(tokenHash);
  };
  return {
    get: (tokenHash: string) => byToken.get(tokenHash),
    forget,
    put(tokenHash: string, entry: Omit<CachedSession, 'until'>): CachedSession {
      while (byToken.size >= SESSION_CACHE_SIZE) forget(byToken.keys().next().value as string);
      const cached = { ...entry, until: clock() + SESSION_CACHE_MS };
      byToken.set(tokenHash, cached);
      const uid = entry.signedIn.user.uid;
      byUser.set(uid, (byUser.get(uid) ?? new Set()).add(tokenHash));
      return cached;
    },
    forgetUser(uid: string) {
      for (const tokenHash of byUser.get(uid) ?? []) byToken.delete(tokenHash);
      byUser.delete(uid);
    },
  };
}

export function accountService(deps: AccountDeps) {
  const { db, limiter, clock, live } = deps;
  const pendingMails = new Set<Promise<void>>();
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
  }): SessionUser {
    const emailVerified = user.email_verified === 1;
    return {
      uid: user.id,
      email: user.email,
      emailVerified,
      lang: user.lang === 'en' ? 'en' : 'ko',
      isAdmin: emailVerified && deps.adminEmails.includes(user.email),
    };
  }

  const languageOf = (user: { lang: string }): Language => (user.lang === 'en' ? 'en' : 'ko');

  /** Mails go out after the answer, so the answer's timing never depends on the mail server. */
  function send(mail: Mail): void {
    const sending = deps.mailer
      .send(mail)
      .catch((err: unknown) => deps.log.error({ err, to: mail.to }, 'mail could not be sent'))
      .finally(() => pendingMails.delete(sending));
    pendingMails.add(sending);
  }

  function deliver(kind: MailKind, lang: Language, to: string, token: string): void {
    const mode = kind === 'verify' ? 'verifyEmail' : 'resetPassword';
    send(
      accountMail(kind, lang, to, `${deps.publicUrl}/auth/action?mode=${mode}&oobCode=${token}&lang=${lang}`),
    );
  }

  async function mailPasswordChanged(
    user: store.UserRow,
    device: DeviceName,
    passkeysRemoved: number,
  ): Promise<void> {
    const lang = languageOf(user);
    const passkeys = (await store.passkeysOf(db, user.id)).map((row) => ({
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
    const row: store.EmailTokenRow = {
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
   * guesses is ever evaluated, however many arrive at once. A right password takes its reservation back.
   */
  async function passwordMatches(
    user: Pick<store.UserRow, 'email' | 'password_hash'> | undefined,
    email: string,
    password: string,
    caller: Caller,
  ): Promise<boolean> {
    const release = await reserveOrRefuse(limiter, passwordFailureLimits(email, caller));
    // The same work whether or not the e-mail exists.
    const matches = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), password);
    if (!user || !matches) return false;
    await release();
    return true;
  }

  /** Checks an e-mail and password; the same answer and work whether or not the e-mail exists. */
  async function checkCredentials(email: string, password: string, caller: Caller) {
    const user = await store.findUserByEmail(db, email);
    if (!(await passwordMatches(user, email, password, caller)) || !user) {
      throw new ApiError('auth/invalid-login-credentials');
    }
    return user;
  }

  /** A member's sessions that still count. */
  function liveSessions(userId: string) {
    return store.liveSessions(db, userId, isoAt(clock));
  }

  /** The caller's own session, while it still counts. */
  function ownSession(signedIn: SignedIn) {
    return store.findSessionById(db, signedIn.sessionId, isoAt(clock));
  }

  /** What a sign-in (or the session check) tells the browser: the member, or the sign-in waiting for approval. */
  function answerFor(signedIn: SignedIn, row: store.SessionRow | undefined): SessionResponse {
    if (!signedIn.pending) return { user: signedIn.user };
    if (!row) return { user: null };
    return {
      user: null,
      pending: {
        email: signedIn.user.email,
        deviceName: row.device_name as DeviceName,
        signedInAt: row.created_at,
      },
    };
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
  ): Promise<{ pending: boolean; knownDevice: boolean }> {
    const now = isoAt(clock);
    if (deviceKey !== null && (await store.deviceIdOnOtherDevice(db, userId, deviceKey, deviceName, now))) {
      throw new ApiError('session/device-mismatch');
    }
    const confirmed = await store.confirmedSessions(db, userId, deviceKey, now);
    return { pending: confirmed.any && !confirmed.onThisDevice, knownDevice: confirmed.onThisDevice };
  }

  /** A pending sign-in of the caller's account, answered by one of its confirmed devices. */
  async function ownPending(signedIn: SignedIn, sessionId: string): Promise<store.SessionRow> {
    const rows = await liveSessions(signedIn.user.uid);
    const caller = rows.find((row) => row.id === signedIn.sessionId);
    if (!caller || caller.approval !== 'approved') throw new ApiError('session/not-allowed');
    const target = rows.find((row) => row.id === sessionId);
    if (!target || target.approval !== 'pending') throw new ApiError('session/not-found');
    return target;
  }

  async function openSession(
    user: store.UserRow,
    caller: Caller,
    idleMinutes: number,
  ): Promise<SignInResult> {
    const deviceName = deviceNameFromUserAgent(caller.userAgent);
    const deviceKey = caller.deviceKey;
    const check = await newDeviceCheck(user.id, deviceKey, deviceName);
    const token = randomToken();
    const now = clock();
    const approval = check.pending ? 'pending' : 'approved';
    const session: store.SessionRow = {
      id: newId(),
      user_id: user.id,
      token_hash: hashToken(token),
      device_id: deviceKey,
      device_name: deviceName,
      user_agent: caller.userAgent.slice(0, 512),
      created_at: new Date(now).toISOString(),
      last_seen_at: new Date(now).toISOString(),
      revoked_at: null,
      approval,
      idle_minutes: idleMinutes,
      expires_at: '',
      // Signing in proves the password (or passkey) just now; a sign-in still waiting has proven nothing yet.
      reauth_at: check.pending ? null : new Date(now).toISOString(),
    };
    session.expires_at = new Date(sessionEnd(session, now)).toISOString();
    let replaced = 0;
    if (deviceKey !== null) {
      // The browser signs in again: its earlier session ends with the new one's start (its cookie held the only
      // copy of that session's token, now replaced), so the member's devices list shows each browser once, and a
      // browser waiting for approval waits once.
      replaced = await db.transaction().execute(async (trx) => {
        await store.insertSession(trx, session);
        return store.endEarlierSessionsOnDevice(trx, user.id, deviceKey, session.id, session.created_at);
      });
    } else {
      await store.insertSession(db, session);
    }
    if (session.approval === 'pending' || replaced > 0) await live.publish(`devices:${user.id}`);
    const signedIn = { sessionId: session.id, user: presentUser(user), pending: check.pending };
    for (const listener of signInListeners) listener({ signedIn, deviceId: deviceKey, deviceName });
    return { token, signedIn, answer: answerFor(signedIn, session) };
  }

  /** A mailed link that can still be used for `kind`. */
  async function usableLink(token: string) {
    const row = await store.findEmailToken(db, hashToken(token));
    if (!row || row.used_at) throw new ApiError('auth/invalid-action-code');
    if (row.expires_at <= isoAt(clock)) throw new ApiError('auth/expired-action-code');
    const user = await store.findUserById(db, row.user_id);
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
      const user = await store.findUserById(db, signedIn.user.uid);
      if (!(await passwordMatches(user, signedIn.user.email, currentPassword, caller))) {
        throw new ApiError('auth/wrong-password');
      }
      await store.markReauthenticated(db, signedIn.sessionId, isoAt(clock));
      return;
    }
    const row = await ownSession(signedIn);
    if (!row?.reauth_at || row.reauth_at <= isoAt(clock, -REAUTH_TTL_MS)) {
      throw new ApiError('auth/reauth-required');
    }
  }

  return {
    /** Tells `listener` of every sign-in (password or passkey), after its session exists. */
    onSignIn(listener: (event: SignInEvent) => void): void {
      signInListeners.push(listener);
    },

    /**
     * A new account, unverified until the person at the mailed link proves they made it (with its password). An
     * unverified account for the same address is replaced (its links die): whoever registered an address first
     * cannot keep its owner out.
     */
    async signup(body: SignupBody, caller: Caller): Promise<void> {
      refuseCommon(body.password, body.email);
      await reserveOrRefuse(limiter, [
        { key: `signup:address:${caller.ip}`, limit: SIGNUP_LIMIT, windowMs: SIGNUP_WINDOW_MS },
      ]);
      const existing = await store.findUserByEmail(db, body.email);
      if (existing?.email_verified === 1) throw new ApiError('auth/email-already-in-use');
      const releaseMail = await reserveOrRefuse(limiter, [
        { key: `mail:${body.email}`, limit: MAIL_LIMIT, windowMs: MAIL_WINDOW_MS },
      ]);
      const passwordHash = await hashPassword(body.password);
      const now = isoAt(clock);
      const user: store.UserRow = {
        id: newId(),
        email: body.email,
        password_hash: passwordHash,
        email_verified: 0,
        lang: body.lang,
        created_at: now,
        updated_at: now,
        update_mails: 1,
        unsubscribe_token: randomToken(),
      };
      const { token, row } = newEmailToken(user.id, 'verify', null);
      try {
        await db.transaction().execute(async (trx) => {
          await store.deleteUnverifiedUser(trx, body.email);
          await store.insertUser(trx, user);
          await store.insertEmailToken(trx, row);
        });
      } catch (error) {
        await releaseMail();
        if (isUniqueViolation(error)) throw new ApiError('auth/email-already-in-use');
        throw error;
      }
      deliver('verify', body.lang, user.email, token);
    },

    async login(body: LoginBody, caller: Caller): Promise<SignInResult> {
      const user = await checkCredentials(body.email, body.password, caller);
      if (user.email_verified !== 1) throw new ApiError('auth/email-not-verified');
      return openSession(user, caller, body.idleMinutes ?? AUTO_LOGOUT_DEFAULT_MIN);
    },

    /** A sign-in proven another way (a passkey): a session for a verified member. */
    async signInAs(userId: string, caller: Caller, idleMinutes: number | undefined): Promise<SignInResult> {
      const user = await store.findUserById(db, userId);
      if (!user) throw new ApiError('auth/invalid-login-credentials');
      if (user.email_verified !== 1) throw new ApiError('auth/email-not-verified');
      return openSession(user, caller, idleMinutes ?? AUTO_LOGOUT_DEFAULT_MIN);
    },

    /** What the session check tells this browser: its member, or its sign-in waiting for approval. */
    async sessionAnswer(signedIn: SignedIn | null): Promise<SessionResponse> {
      if (!signedIn) return { user: null };
      return answerFor(signedIn, signedIn.pending ? await ownSession(signedIn) : undefined);
    },

    /**
     * The browser reports the member's auto logout (and, by calling, their activity): the server ends the session
     * after that long unused, so a closed tab or a copied cookie does not keep it alive.
     */
    async reportActivity(signedIn: SignedIn, idleMinutes: number): Promise<void> {
      const row = await ownSession(signedIn);
      if (!row) return;
      const now = clock();
      const changed = { ...row, idle_minutes: idleMinutes };
      await store.touchSession(db, row.id, {
        last_seen_at: new Date(now).toISOString(),
        expires_at: new Date(sessionEnd(changed, now)).toISOString(),
        idle_minutes: idleMinutes,
      });
      if (row.idle_minutes !== idleMinutes) sessions.forgetUser(signedIn.user.uid);
    },

    /** The member's devices that are signed in (description §3 "active sessions"). */
    async devices(signedIn: SignedIn): Promise<DeviceSession[]> {
      const rows = await liveSessions(signedIn.user.uid);
      return rows.map((row) => presentDevice(row, signedIn.sessionId));
    },

    /** Ends one of the member's other sessions. */
    async endDevice(signedIn: SignedIn, sessionId: string): Promise<void> {
      if (sessionId === signedIn.sessionId) throw new ApiError('session/current');
      if (!(await store.revokeUserSession(db, signedIn.user.uid, sessionId, isoAt(clock)))) {
        throw new ApiError('session/not-found');
      }
      await live.publish(`devices:${signedIn.user.uid}`);
    },

    /** Ends every session of the member but this one. */
    async endOtherDevices(signedIn: SignedIn): Promise<void> {
      await store.revokeUserSessions(db, signedIn.user.uid, isoAt(clock), signedIn.sessionId);
      await live.publish(`devices:${signedIn.user.uid}`);
    },

    /**
     * The new-device check (description §4 "multi-device login"): another signed-in device confirms a pending
     * sign-in once its member has entered the master key on that device.
     */
    async approveDevice(signedIn: SignedIn, sessionId: string): Promise<void> {
      const target = await ownPending(signedIn, sessionId);
      const now = clock();
      const end = sessionEnd({ ...target, approval: 'approved' }, now);
      if (!(await store.approveSession(db, sessionId, new Date(end).toISOString()))) {
        throw new ApiError('session/not-found');
      }
      await live.publish(`devices:${signedIn.user.uid}`);
    },

    /** Refused (or the master key failed): the new sign-in ends, and so does the device that refused. */
    async blockDevice(signedIn: SignedIn, sessionId: string): Promise<void> {
      await ownPending(signedIn, sessionId);
      const at = isoAt(clock);
      await db.transaction().execute(async (trx) => {
        await store.revokeUserSession(trx, signedIn.user.uid, sessionId, at);
        await store.revokeUserSession(trx, signedIn.user.uid, signedIn.sessionId, at);
      });
      await live.publish(`devices:${signedIn.user.uid}`);
    },

    /** Calls `listener` whenever the member's sessions change, on whichever server process; returns the unsubscribe. */
    onDeviceNews(uid: string, listener: () => void): () => void {
      return live.subscribe(`devices:${uid}`, listener);
    },

    /**
     * What a device is told live: a confirmed one, sign-ins waiting for its confirmation; a pending one, whether it
     * has been approved; either, whether it was signed out.
     */
    async deviceEvents(
      signedIn: SignedIn,
    ): Promise<{ pending: DeviceSession[]; ended: boolean; approved: boolean }> {
      const rows = await liveSessions(signedIn.user.uid);
      const own = rows.find((row) => row.id === signedIn.sessionId);
      if (!own) return { pending: [], ended: true, approved: false };
      if (own.approval !== 'approved') return { pending: [], ended: false, approved: false };
      return {
        pending: rows
          .filter((row) => row.approval === 'pending' && row.id !== signedIn.sessionId)
          .map((row) => presentDevice(row, signedIn.sessionId)),
        ended: false,
        approved: true,
      };
    },

    async resendVerification(
      body: { email: string; password: string; lang?: Language | undefined },
      caller: Caller,
    ): Promise<void> {
      const user = await checkCredentials(body.email, body.password, caller);
      if (user.email_verified === 1) return;
      await reserveOrRefuse(limiter, [
        { key: `mail:${user.email}`, limit: MAIL_LIMIT, windowMs: MAIL_WINDOW_MS },
      ]);
      const lang = body.lang ?? languageOf(user);
      const { token, row } = newEmailToken(user.id, 'verify', null);
      await store.insertEmailToken(db, row);
      deliver('verify', lang, user.email, token);
    },

    proveMember,

    /** A passkey of the member's was just used in this session: sensitive changes may follow for a few minutes. */
    async markProven(signedIn: SignedIn): Promise<void> {
      await store.markReauthenticated(db, signedIn.sessionId, isoAt(clock));
    },

    /** Mails the member that a passkey was added to their account. */
    passkeyAdded(signedIn: SignedIn, device: DeviceName): void {
      const lang = signedIn.user.lang;
      send(
        passkeyAddedMail(
          lang,
          signedIn.user.email,
          { at: new Date(clock()), device },
          `${deps.publicUrl}/?lang=${lang}`,
        ),
      );
    },

    /**
     * Signed in, with the current password (or a fresh passkey proof): every other session of the account ends,
     * and the member is mailed.
     */
    async changePassword(
      signedIn: SignedIn,
      body: { currentPassword?: string | undefined; newPassword: string },
      caller: Caller,
    ): Promise<void> {
      await proveMember(signedIn, body.currentPassword, caller);
      refuseCommon(body.newPassword, signedIn.user.email);
      const passwordHash = await hashPassword(body.newPassword);
      const now = isoAt(clock);
      await db.transaction().execute(async (trx) => {
        await store.updateUser(trx, signedIn.user.uid, { password_hash: passwordHash, updated_at: now });
        await store.voidResetTokens(trx, signedIn.user.uid, now);
        await store.revokeUserSessions(trx, signedIn.user.uid, now, signedIn.sessionId);
      });
      await live.publish(`devices:${signedIn.user.uid}`);
      const user = await store.findUserById(db, signedIn.user.uid);
      if (user) await mailPasswordChanged(user, deviceNameFromUserAgent(caller.userAgent), 0);
    },

    /**
     * Signed out: a link is mailed. With a new password (the description's path, after the device checked the
     * master key) its hash travels with the link, and the person at the link must type that password again to
     * apply it; without one (a forgotten password) the person at the link sets one. Limits are reserved before
     * any hashing, and unknown e-mails get the same answer after the same work.
     */
    async requestPasswordReset(body: PasswordResetBody, caller: Caller): Promise<void> {
      if (body.newPassword !== undefined) refuseCommon(body.newPassword, body.email);
      await reserveOrRefuse(limiter, [
        {
          key: `reset:address:${caller.ip}`,
          limit: RESET_REQUEST_ADDRESS_LIMIT,
          windowMs: RESET_REQUEST_WINDOW_MS,
        },
        { key: `mail:${body.email}`, limit: MAIL_LIMIT, windowMs: MAIL_WINDOW_MS },
      ]);
      const passwordHash = body.newPassword === undefined ? null : await hashPassword(body.newPassword);
      const user = await store.findUserByEmail(db, body.email);
      if (!user) return;
      const link = newEmailToken(user.id, 'reset', passwordHash);
      await store.insertEmailToken(db, link.row);
      deliver(passwordHash ? 'reset' : 'forgot', body.lang, user.email, link.token);
    },

    /** What a mailed link is for; using nothing (a link that is merely opened changes nothing). */
    async actionInfo(token: string): Promise<ActionInfo> {
      const { row, user } = await usableLink(token);
      return {
        kind: row.kind === 'verify' ? 'verifyEmail' : 'resetPassword',
        email: user.email,
        chosenPassword: row.kind === 'reset' && row.new_password_hash !== null,
      };
    },

    /**
     * Verifies an address: the person at the link types the password the account was made with, so opening a
     * link to an account someone else made (for this address) activates nothing.
     */
    async verifyEmail(token: string, password: string, caller: Caller): Promise<{ email: string }> {
      const { row, user } = await usableLink(token);
      if (row.kind !== 'verify') throw new ApiError('auth/invalid-action-code');
      if (!(await passwordMatches(user, user.email, password, caller)))
        throw new ApiError('auth/wrong-password');
      const now = isoAt(clock);
      await db.transaction().execute(async (trx) => {
        if (!(await store.useEmailToken(trx, row.id, now))) throw new ApiError('auth/invalid-action-code');
        await store.updateUser(trx, user.id, { email_verified: 1, updated_at: now });
      });
      return { email: user.email };
    },

    /**
     * Applies a password change at its link: the password chosen at the request, typed again (refused if it is
     * not that one), or one set here. Every session and passkey of the account ends: whoever held them, only the
     * person reading this mailbox holds the account now.
     */
    async resetPassword(body: ResetPasswordBody, caller: Caller): Promise<ResetPasswordResponse> {
      const { row, user } = await usableLink(body.token);
      if (row.kind !== 'reset') throw new ApiError('auth/invalid-action-code');
      let passwordHash: string;
      if (body.chosen) {
        if (row.new_password_hash === null) throw new ApiError('auth/reset-password-mismatch');
        const release = await reserveOrRefuse(limiter, [
          { key: `reset-confirm:${row.id}`, limit: LOGIN_FAILURE_LIMIT, windowMs: RESET_LINK_TTL_MS },
          {
            key: `login-fail:address:${caller.ip}`,
            limit: LOGIN_ADDRESS_FAILURE_LIMIT,
            windowMs: LOGIN_FAILURE_WINDOW_MS,
          },
        ]);
        if (!(await verifyPassword(row.new_password_hash, body.newPassword))) {
          throw new ApiError('auth/reset-password-mismatch');
        }
        await release();
        passwordHash = row.new_password_hash;
      } else {
        parseBody(newPasswordRule, body.newPassword);
        refuseCommon(body.newPassword, user.email);
        passwordHash = await hashPassword(body.newPassword);
      }
      const now = isoAt(clock);
      const passkeysRemoved = await db.transaction().execute(async (trx) => {
        if (!(await store.useEmailToken(trx, row.id, now))) throw new ApiError('auth/invalid-action-code');
        await store.updateUser(trx, user.id, {
          password_hash: passwordHash,
          email_verified: 1,
          updated_at: now,
        });
        await store.voidResetTokens(trx, user.id, now);
        await store.revokeUserSessions(trx, user.id, now);
        return store.deletePasskeys(trx, user.id);
      });
      await live.publish(`devices:${user.id}`);
      await mailPasswordChanged(user, deviceNameFromUserAgent(caller.userAgent), passkeysRemoved);
      return { email: user.email, passkeysRemoved };
    },

    async authenticate(token: string | undefined): Promise<SignedIn | null> {
      if (!token || token.length > 128) return null;
      const tokenHash = hashToken(token);
      const now = clock();
      const nowIso = new Date(now).toISOString();
      let session = sessions.get(tokenHash);
      if (!session || session.until <= now || session.row.expires_at <= nowIso) {
        sessions.forget(tokenHash);
        const row = await store.findLiveSession(db, tokenHash, nowIso);
        if (!row) return null;
        session = sessions.put(tokenHash, {
          signedIn: {
            sessionId: row.id,
            user: presentUser({
              id: row.user_id,
              email: row.email,
              email_verified: row.email_verified,
              lang: row.lang,
            }),
            pending: row.approval !== 'approved',
          },
          row: {
            created_at: row.created_at,
            approval: row.approval,
            idle_minutes: row.idle_minutes,
            expires_at: row.expires_at,
          },
        });
      }
      // Use moves the session's end forward (up to its absolute end), written only when it moved enough.
      const end = sessionEnd(session.row, now);
      if (end - Date.parse(session.row.expires_at) >= touchInterval(session.row.idle_minutes)) {
        const expiresAt = new Date(end).toISOString();
        await store.touchSession(db, session.signedIn.sessionId, {
          last_seen_at: nowIso,
          expires_at: expiresAt,
        });
        session.row.expires_at = expiresAt;
      }
      return session.signedIn;
    },

    async logout(token: string | undefined): Promise<void> {
      if (!token || token.length > 128) return;
      const userId = await store.revokeSessionByToken(db, hashToken(token), isoAt(clock));
      if (userId) await live.publish(`devices:${userId}`);
    },

    /** Removes accounts whose address was never verified in time (the address is free again). */
    async prune(): Promise<number> {
      return store.deleteStaleUnverifiedUsers(db, isoAt(clock, -UNVERIFIED_ACCOUNT_TTL_MS));
    },

    /** Waits for mails still being sent (graceful shutdown, tests). */
    async settle(): Promise<void> {
      await Promise.allSettled([...pendingMails]);
    },
  };
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
