// The account flows of the description (§4, §5, §7, §8) as DESIGN §3 builds them: argon2id hashes, opaque
// session tokens stored hashed, single-use e-mail links, and answers that do not reveal whether an e-mail exists.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_MS,
  MAIL_LIMIT,
  MAIL_WINDOW_MS,
  RESET_LINK_TTL_MS,
  SESSION_IDLE_TTL_MS,
  SESSION_TOUCH_INTERVAL_MS,
  SIGNUP_LIMIT,
  SIGNUP_WINDOW_MS,
  VERIFY_LINK_TTL_MS,
  type Language,
} from '../../shared/constants.js';
import { deviceNameFromUserAgent } from '../../shared/device.js';
import type {
  ActionResponse,
  DeviceSession,
  LoginBody,
  PasswordResetBody,
  SessionUser,
  SignupBody,
} from '../../shared/schemas/auth.js';
import { isoAt, type Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import type { Mailer } from '../mail/mailer.js';
import { accountMail, type MailKind } from '../mail/templates.js';
import type { LiveBus } from '../live/bus.js';
import type { RateLimiter } from '../ratelimit/limiter.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import * as store from './store.js';
import { hashToken, newId, randomToken } from './tokens.js';

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

/** Who is asking: the caller's address and browser, for rate limits and the session's device. */
export interface Caller {
  ip: string;
  userAgent: string;
}

export interface SignInEvent {
  signedIn: SignedIn;
  deviceId: string | null;
  deviceName: string;
}

export interface SignedIn {
  sessionId: string;
  user: SessionUser;
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

/** How long a checked session is remembered by this process; any change to it is announced and drops it sooner. */
const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_SIZE = 20_000;

interface CachedSession {
  signedIn: SignedIn;
  lastSeenAt: string;
  until: number;
}

/**
 * Checked sessions by token hash, so a busy member's every request does not read the database. An entry lives
 * SESSION_CACHE_MS at most and is dropped at once when the live bus says the member's sessions changed (sign-out,
 * a device ended, a password changed), from whichever process.
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

  async function refuseWhenOver(key: string, limit: number, windowMs: number): Promise<void> {
    if ((await limiter.count(key, windowMs)) >= limit) throw new ApiError('auth/too-many-requests');
  }

  /** Mails go out after the answer, so the answer's timing never depends on the mail server. */
  function deliver(kind: MailKind, lang: Language, to: string, token: string): void {
    const mode = kind === 'verify' ? 'verifyEmail' : 'resetPassword';
    const link = `${deps.publicUrl}/auth/action?mode=${mode}&oobCode=${token}&lang=${lang}`;
    const sending = deps.mailer
      .send(accountMail(kind, lang, to, link))
      .catch((err: unknown) => deps.log.error({ err, to }, 'mail could not be sent'))
      .finally(() => pendingMails.delete(sending));
    pendingMails.add(sending);
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

  /** Checks an e-mail and password, counting failures; the same work whether or not the e-mail exists. */
  async function checkCredentials(email: string, password: string, caller: Caller) {
    const accountKey = `login-fail:account:${email}`;
    const addressKey = `login-fail:address:${caller.ip}`;
    const [accountFailures = 0, addressFailures = 0] = await limiter.counts(
      [accountKey, addressKey],
      LOGIN_FAILURE_WINDOW_MS,
    );
    if (accountFailures >= LOGIN_FAILURE_LIMIT || addressFailures >= LOGIN_FAILURE_LIMIT) {
      throw new ApiError('auth/too-many-requests');
    }
    const user = await store.findUserByEmail(db, email);
    const matches = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), password);
    if (!user || !matches) {
      await limiter.record(accountKey, addressKey);
      throw new ApiError('auth/invalid-login-credentials');
    }
    // A success forgets the account's failures (the address's stay counted); with none, there is nothing to do.
    if (accountFailures > 0) await limiter.clear(accountKey);
    return user;
  }

  /** A member's sessions that still count (not ended, seen within the idle time). */
  function liveSessions(userId: string) {
    return store.liveSessions(db, userId, isoAt(clock, -SESSION_IDLE_TTL_MS));
  }

  /**
   * Whether this sign-in waits for another device's confirmation: another device of the member is signed in
   * and confirmed, and this browser is not one of them; and whether this browser already holds a confirmed
   * session (which the new one replaces). A device id already in use by the member on another kind of device is
   * a forgery (copied to pass as a known device), refused before anything is stored.
   */
  async function newDeviceCheck(
    userId: string,
    deviceId: string | null,
    deviceName: string,
  ): Promise<{ pending: boolean; knownDevice: boolean }> {
    // Small queries on the member's live sessions, however many sessions the member has had.
    const seenSince = isoAt(clock, -SESSION_IDLE_TTL_MS);
    if (
      deviceId !== null &&
      (await store.deviceIdOnOtherDevice(db, userId, deviceId, deviceName, seenSince))
    ) {
      throw new ApiError('session/device-mismatch');
    }
    const confirmed = await store.confirmedSessions(db, userId, deviceId, seenSince);
    return { pending: confirmed.any && !confirmed.onThisDevice, knownDevice: confirmed.onThisDevice };
  }

  /** A pending sign-in of the caller's account, answered by one of its confirmed devices. */
  async function ownPending(signedIn: SignedIn, sessionId: string): Promise<void> {
    const rows = await liveSessions(signedIn.user.uid);
    const caller = rows.find((row) => row.id === signedIn.sessionId);
    if (!caller || caller.approval !== 'approved') throw new ApiError('session/not-allowed');
    const target = rows.find((row) => row.id === sessionId);
    if (!target || target.approval !== 'pending') throw new ApiError('session/not-found');
  }

  async function openSession(
    user: store.UserRow,
    caller: Caller,
    deviceId: string | null,
  ): Promise<{ token: string; signedIn: SignedIn }> {
    const deviceName = deviceNameFromUserAgent(caller.userAgent);
    const check = await newDeviceCheck(user.id, deviceId, deviceName);
    const token = randomToken();
    const now = isoAt(clock);
    const session: store.SessionRow = {
      id: newId(),
      user_id: user.id,
      token_hash: hashToken(token),
      device_id: deviceId,
      device_name: deviceName,
      user_agent: caller.userAgent.slice(0, 512),
      created_at: now,
      last_seen_at: now,
      revoked_at: null,
      approval: check.pending ? 'pending' : 'approved',
    };
    let replaced = 0;
    if (deviceId !== null && check.knownDevice) {
      // The browser signs in again: its earlier session ends with the new one's start (its cookie held the only
      // copy of that session's token, now replaced), so the member's devices list shows each browser once.
      replaced = await db.transaction().execute(async (trx) => {
        await store.insertSession(trx, session);
        return store.endEarlierSessionsOnDevice(trx, user.id, deviceId, session.id, now);
      });
    } else {
      await store.insertSession(db, session);
    }
    if (session.approval === 'pending' || replaced > 0) await live.publish(`devices:${user.id}`);
    const signedIn = { sessionId: session.id, user: presentUser(user) };
    for (const listener of signInListeners) listener({ signedIn, deviceId, deviceName });
    return { token, signedIn };
  }

  return {
    /** Tells `listener` of every sign-in (password or passkey), after its session exists. */
    onSignIn(listener: (event: SignInEvent) => void): void {
      signInListeners.push(listener);
    },

    async signup(body: SignupBody, caller: Caller): Promise<void> {
      const signupKey = `signup:address:${caller.ip}`;
      await refuseWhenOver(signupKey, SIGNUP_LIMIT, SIGNUP_WINDOW_MS);
      await refuseWhenOver(`mail:${body.email}`, MAIL_LIMIT, MAIL_WINDOW_MS);
      await limiter.record(signupKey);
      if (await store.findUserByEmail(db, body.email)) throw new ApiError('auth/email-already-in-use');
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
          await store.insertUser(trx, user);
          await store.insertEmailToken(trx, row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError('auth/email-already-in-use');
        throw error;
      }
      await limiter.record(`mail:${body.email}`);
      deliver('verify', body.lang, user.email, token);
    },

    async login(body: LoginBody, caller: Caller): Promise<{ token: string; signedIn: SignedIn }> {
      const user = await checkCredentials(body.email, body.password, caller);
      if (user.email_verified !== 1) throw new ApiError('auth/email-not-verified');
      return openSession(user, caller, body.deviceId ?? null);
    },

    /** A sign-in proven another way (a passkey): a session for a verified member. */
    async signInAs(
      userId: string,
      caller: Caller,
      deviceId: string | null,
    ): Promise<{ token: string; signedIn: SignedIn }> {
      const user = await store.findUserById(db, userId);
      if (!user) throw new ApiError('auth/invalid-login-credentials');
      if (user.email_verified !== 1) throw new ApiError('auth/email-not-verified');
      return openSession(user, caller, deviceId);
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
      await ownPending(signedIn, sessionId);
      await db.updateTable('sessions').set({ approval: 'approved' }).where('id', '=', sessionId).execute();
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

    /** What a signed-in device is told live: sign-ins waiting for confirmation, and whether it was signed out. */
    async deviceEvents(signedIn: SignedIn): Promise<{ pending: DeviceSession[]; ended: boolean }> {
      const rows = await liveSessions(signedIn.user.uid);
      const own = rows.find((row) => row.id === signedIn.sessionId);
      if (!own) return { pending: [], ended: true };
      if (own.approval !== 'approved') return { pending: [], ended: false };
      return {
        pending: rows
          .filter((row) => row.approval === 'pending' && row.id !== signedIn.sessionId)
          .map((row) => presentDevice(row, signedIn.sessionId)),
        ended: false,
      };
    },

    async resendVerification(
      body: { email: string; password: string; lang?: Language | undefined },
      caller: Caller,
    ): Promise<void> {
      const user = await checkCredentials(body.email, body.password, caller);
      if (user.email_verified === 1) return;
      const mailKey = `mail:${user.email}`;
      await refuseWhenOver(mailKey, MAIL_LIMIT, MAIL_WINDOW_MS);
      const lang = body.lang ?? (user.lang === 'en' ? 'en' : 'ko');
      const { token, row } = newEmailToken(user.id, 'verify', null);
      await store.insertEmailToken(db, row);
      await limiter.record(mailKey);
      deliver('verify', lang, user.email, token);
    },

    /** Signed in: the new password only (description §6); every other session of the account ends. */
    async changePassword(signedIn: SignedIn, newPassword: string): Promise<void> {
      const passwordHash = await hashPassword(newPassword);
      const now = isoAt(clock);
      await db.transaction().execute(async (trx) => {
        await store.updateUser(trx, signedIn.user.uid, { password_hash: passwordHash, updated_at: now });
        await store.voidResetTokens(trx, signedIn.user.uid, now);
        await store.revokeUserSessions(trx, signedIn.user.uid, now, signedIn.sessionId);
      });
      await live.publish(`devices:${signedIn.user.uid}`);
    },

    /**
     * Signed out, after the device checked the master key: the new password travels with the request and is
     * applied when the mailed link is opened. Unknown e-mails get the same answer after the same work.
     */
    async requestPasswordReset(body: PasswordResetBody): Promise<void> {
      const mailKey = `mail:${body.email}`;
      await refuseWhenOver(mailKey, MAIL_LIMIT, MAIL_WINDOW_MS);
      const passwordHash = await hashPassword(body.newPassword);
      const user = await store.findUserByEmail(db, body.email);
      const link = user ? newEmailToken(user.id, 'reset', passwordHash) : undefined;
      if (link) await store.insertEmailToken(db, link.row);
      await limiter.record(mailKey);
      if (user && link) deliver('reset', body.lang, user.email, link.token);
    },

    /** Opens an e-mail link: verifies the address, or applies the new password and ends every session. */
    async applyAction(token: string): Promise<ActionResponse> {
      const row = await store.findEmailToken(db, hashToken(token));
      if (!row || row.used_at) throw new ApiError('auth/invalid-action-code');
      if (row.expires_at <= isoAt(clock)) throw new ApiError('auth/expired-action-code');
      const user = await store.findUserById(db, row.user_id);
      if (!user) throw new ApiError('auth/invalid-action-code');
      const now = isoAt(clock);
      await db.transaction().execute(async (trx) => {
        if (!(await store.useEmailToken(trx, row.id, now))) throw new ApiError('auth/invalid-action-code');
        if (row.kind === 'verify') {
          await store.updateUser(trx, user.id, { email_verified: 1, updated_at: now });
        } else {
          await store.updateUser(trx, user.id, {
            password_hash: row.new_password_hash ?? user.password_hash,
            email_verified: 1,
            updated_at: now,
          });
          await store.voidResetTokens(trx, user.id, now);
          await store.revokeUserSessions(trx, user.id, now);
        }
      });
      if (row.kind === 'reset') await live.publish(`devices:${user.id}`);
      return { kind: row.kind === 'verify' ? 'verifyEmail' : 'resetPassword', email: user.email };
    },

    async authenticate(token: string | undefined): Promise<SignedIn | null> {
      if (!token || token.length > 128) return null;
      const tokenHash = hashToken(token);
      const seenSince = isoAt(clock, -SESSION_IDLE_TTL_MS);
      let session = sessions.get(tokenHash);
      if (!session || session.until <= clock() || session.lastSeenAt <= seenSince) {
        sessions.forget(tokenHash);
        const row = await store.findLiveSession(db, tokenHash, seenSince);
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
          },
          lastSeenAt: row.last_seen_at,
        });
      }
      if (session.lastSeenAt < isoAt(clock, -SESSION_TOUCH_INTERVAL_MS)) {
        const now = isoAt(clock);
        await store.touchSession(db, session.signedIn.sessionId, now);
        session.lastSeenAt = now;
      }
      return session.signedIn;
    },

    async logout(token: string | undefined): Promise<void> {
      if (!token || token.length > 128) return;
      const userId = await store.revokeSessionByToken(db, hashToken(token), isoAt(clock));
      if (userId) await live.publish(`devices:${userId}`);
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
