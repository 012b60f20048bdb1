// Everything that goes through a mailed link: sign-up and its verification, password change and reset by
// link, and pruning accounts never verified.
import {
  LOGIN_ADDRESS_FAILURE_LIMIT,
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_MS,
  MAIL_LIMIT,
  MAIL_WINDOW_MS,
  RESET_LINK_TTL_MS,
  RESET_REQUEST_ADDRESS_LIMIT,
  RESET_REQUEST_WINDOW_MS,
  SIGNUP_LIMIT,
  SIGNUP_WINDOW_MS,
  UNVERIFIED_ACCOUNT_TTL_MS,
  type Language,
} from '../../shared/constants.js';
import { deviceNameFromUserAgent } from '../../shared/device.js';
import {
  newPassword as newPasswordRule,
  type ActionInfo,
  type PasswordResetBody,
  type ResetPasswordBody,
  type ResetPasswordResponse,
  type SignupBody,
} from '../../shared/schemas/auth.js';
import { isoAt } from '../core/clock.js';
import { ApiError } from '../http/errors.js';
import { parseBody } from '../http/validate.js';
import { reserveOrRefuse } from '../ratelimit/limiter.js';
import * as store from './store.js';
import { newId } from '../core/ids.js';
import { randomToken } from './tokens.js';
import { type AccountContext, type Caller, isUniqueViolation } from './context.js';
import { admitAtVerification, refuseUnwelcome, type SignupRules } from './invitations.js';

export function emailLinkService(ctx: AccountContext) {
  const {
    db,
    limiter,
    clock,
    live,
    deliver,
    mailPasswordChanged,
    newEmailToken,
    refuseCommon,
    passwordMatches,
    checkCredentials,
    usableLink,
    languageOf,
    deps,
    passwords,
  } = ctx;
  const signupRules: SignupRules = { settings: deps.signups, adminEmails: deps.adminEmails };
  return {
    /** The one-click opt-out link of update mails: its token is all it needs, and all it can do is opt out. */
    async unsubscribe(token: string | undefined): Promise<void> {
      if (!token || !(await store.optOutOfUpdateMails(db, token)))
        throw new ApiError('auth/invalid-action-code');
    },

    async signup(body: SignupBody, caller: Caller): Promise<void> {
      refuseCommon(body.password, body.email);
      await reserveOrRefuse(limiter, [
        { key: `signup:address:${caller.ip}`, limit: SIGNUP_LIMIT, windowMs: SIGNUP_WINDOW_MS },
      ]);
      await refuseUnwelcome(db, signupRules, body.email, isoAt(clock));
      const existing = await store.findUserByEmail(db, body.email);
      if (existing?.email_verified === 1) throw new ApiError('auth/email-already-in-use');
      const releaseMail = await reserveOrRefuse(limiter, [
        { key: `mail:${body.email}`, limit: MAIL_LIMIT, windowMs: MAIL_WINDOW_MS },
      ]);
      const passwordHash = await passwords.hash(body.password);
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
        is_admin: 0,
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

    async resendVerification(
      body: { email: string; password: string; lang?: Language | undefined },
      caller: Caller,
    ): Promise<void> {
      const { user, release } = await checkCredentials(body.email, body.password, caller);
      await release();
      if (user.email_verified === 1) return;
      await reserveOrRefuse(limiter, [
        { key: `mail:${user.email}`, limit: MAIL_LIMIT, windowMs: MAIL_WINDOW_MS },
      ]);
      const lang = body.lang ?? languageOf(user);
      const { token, row } = newEmailToken(user.id, 'verify', null);
      await store.insertEmailToken(db, row);
      deliver('verify', lang, user.email, token);
    },

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
      const passwordHash = body.newPassword === undefined ? null : await passwords.hash(body.newPassword);
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
        await admitAtVerification(trx, signupRules, user, now);
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
        if (!(await passwords.verify(row.new_password_hash, body.newPassword))) {
          throw new ApiError('auth/reset-password-mismatch');
        }
        await release();
        passwordHash = row.new_password_hash;
      } else {
        parseBody(newPasswordRule, body.newPassword);
        refuseCommon(body.newPassword, user.email);
        passwordHash = await passwords.hash(body.newPassword);
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

    async prune(): Promise<number> {
      return store.deleteStaleUnverifiedUsers(db, isoAt(clock, -UNVERIFIED_ACCOUNT_TTL_MS));
    },

    /** Waits for mails still being sent (graceful shutdown, tests). */
  };
}
