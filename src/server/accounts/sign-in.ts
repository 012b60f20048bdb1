// Signing in and staying signed in: password and passkey sign-ins, the session check, activity and idle ends,
// logout, and changing the password (the proofs other features ask for are proofs.ts's).
import { AUTO_LOGOUT_DEFAULT_MIN } from '../../shared/constants.js';
import { deviceNameFromUserAgent } from '../../shared/device.js';
import { type LoginBody, type SessionResponse } from '../../shared/schemas/auth.js';
import { isoAt } from '../core/clock.js';
import { ApiError } from '../http/errors.js';
import { hashToken } from './tokens.js';
import {
  type AccountContext,
  type Caller,
  sessionEnd,
  type SignedIn,
  type SignInEvent,
  type SignInResult,
  touchInterval,
} from './context.js';

export function signInService(ctx: AccountContext) {
  const {
    passwords,
    store,
    clock,
    live,
    presentUser,
    mailPasswordChanged,
    refuseCommon,
    checkCredentials,
    ownSession,
    liveSessions,
    answerFor,
    canAnswer,
    openSession,
    proveMember,
    sessions,
    signInListeners,
  } = ctx;
  return {
    /** Tells `listener` of every sign-in (password or passkey), after its session exists. */
    onSignIn(listener: (event: SignInEvent) => void): void {
      signInListeners.push(listener);
    },

    /**
     * Signs in with e-mail and password: a session for a verified member (waiting for another device's approval
     * when the browser is new to an account signed in elsewhere); wrong passwords count against the limits. An
     * account an admin disabled is refused, said only to the right password.
     */
    async login(body: LoginBody, caller: Caller): Promise<SignInResult> {
      const { user, release } = await checkCredentials(body.email, body.password, caller);
      try {
        if (user.email_verified !== 1) throw new ApiError('auth/email-not-verified');
        if (user.disabled_at !== null) throw new ApiError('auth/account-disabled');
        return await openSession(user, caller, body.idleMinutes ?? AUTO_LOGOUT_DEFAULT_MIN, release);
      } catch (error) {
        // The password was right: whatever refused the sign-in (an unverified address, a copied device secret),
        // it was no failed guess. (Released already when the session's transaction committed: then a no-op.)
        await release();
        throw error;
      }
    },

    /** A sign-in proven another way (a passkey): a session for a verified member whose account is enabled. */
    async signInAs(userId: string, caller: Caller, idleMinutes: number | undefined): Promise<SignInResult> {
      const user = await store.findUserById(userId);
      if (!user) throw new ApiError('auth/invalid-login-credentials');
      if (user.email_verified !== 1) throw new ApiError('auth/email-not-verified');
      if (user.disabled_at !== null) throw new ApiError('auth/account-disabled');
      return openSession(user, caller, idleMinutes ?? AUTO_LOGOUT_DEFAULT_MIN);
    },

    /** What the session check tells this browser: its member, or its sign-in waiting for approval. */
    async sessionAnswer(signedIn: SignedIn | null): Promise<SessionResponse> {
      if (!signedIn) return { user: null };
      if (!signedIn.pending) return answerFor(signedIn, undefined);
      const rows = await liveSessions(signedIn.user.uid);
      const own = rows.find((row) => row.id === signedIn.sessionId);
      return answerFor(signedIn, own, own ? canAnswer(rows, own) : false);
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
      await store.touchSession(row.id, {
        last_seen_at: new Date(now).toISOString(),
        expires_at: new Date(sessionEnd(changed, now)).toISOString(),
        idle_minutes: idleMinutes,
      });
      if (row.idle_minutes !== idleMinutes) sessions.forgetUser(signedIn.user.uid);
    },

    /** The session a browser's token names, while it counts (remembered briefly); its use moves its end on. */
    async authenticate(token: string | undefined): Promise<SignedIn | null> {
      if (!token || token.length > 128) return null;
      const tokenHash = hashToken(token);
      const now = clock();
      const nowIso = new Date(now).toISOString();
      let session = sessions.get(tokenHash);
      if (!session || session.until <= now || session.row.expires_at <= nowIso) {
        sessions.forget(tokenHash);
        const readAt = sessions.version();
        const row = await store.findLiveSession(tokenHash, nowIso);
        if (!row) return null;
        session = sessions.put(
          tokenHash,
          {
            signedIn: {
              sessionId: row.id,
              user: presentUser({
                id: row.user_id,
                email: row.email,
                email_verified: row.email_verified,
                lang: row.lang,
                is_admin: row.is_admin,
              }),
              pending: row.approval !== 'approved',
            },
            row: {
              created_at: row.created_at,
              approval: row.approval,
              idle_minutes: row.idle_minutes,
              expires_at: row.expires_at,
            },
          },
          readAt,
        );
      }
      // Use moves the session's end forward (up to its absolute end), written only when it moved enough.
      const end = sessionEnd(session.row, now);
      if (end - Date.parse(session.row.expires_at) >= touchInterval(session.row.idle_minutes)) {
        const expiresAt = new Date(end).toISOString();
        await store.touchSession(session.signedIn.sessionId, {
          last_seen_at: nowIso,
          expires_at: expiresAt,
        });
        session.row.expires_at = expiresAt;
      }
      return session.signedIn;
    },

    async logout(token: string | undefined): Promise<void> {
      if (!token || token.length > 128) return;
      const userId = await store.revokeSessionByToken(hashToken(token), isoAt(clock));
      if (userId) await live.publish(`devices:${userId}`);
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
      const passwordHash = await passwords.hash(body.newPassword);
      const now = isoAt(clock);
      await store.transaction(async (tx) => {
        await tx.updateUser(signedIn.user.uid, { password_hash: passwordHash, updated_at: now });
        await tx.voidResetTokens(signedIn.user.uid, now);
        await tx.revokeUserSessions(signedIn.user.uid, now, signedIn.sessionId);
      });
      await live.publish(`devices:${signedIn.user.uid}`);
      const user = await store.findUserById(signedIn.user.uid);
      if (user) await mailPasswordChanged(user, deviceNameFromUserAgent(caller.userAgent), 0);
    },

    /**
     * Signed out: a link is mailed. With a new password (the description's path, after the device checked the
     * master key) its hash travels with the link, and the person at the link must type that password again to
     * apply it; without one (a forgotten password) the person at the link sets one. Limits are reserved before
     * any hashing, and unknown e-mails get the same answer after the same work.
     */
  };
}
