// Everything that goes through a mailed link: sign-up and its verification, password change and reset by
// link, and pruning accounts never verified.
//
// A sign-up for an address the settings do not let in (behind the door: sign-ups closed, or an address outside
// SIGNUPS_DOMAINS) may make an account only for an address in ADMIN_EMAILS or an invited one, and its answer does
// not tell which the address is: the same answer (201), the same work before it (the same reads, a reservation
// against the address's mail limit, the password's hash), and what follows for an admitted address (its account,
// its mail) done after it. Such an account has no password until its address is verified (NO_PASSWORD): each
// sign-up adds a link of its own, carrying its password, and replaces nothing — neither an account someone else
// made for the address (its owner verifies with their own link and password) nor the invitee's own.
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
import type { UserRow } from './store.js';
import { newId } from '../core/ids.js';
import { randomToken } from './tokens.js';
import { type AccountContext, type Caller, isUniqueViolation, NO_PASSWORD } from './context.js';
import { admittedBehindTheDoor, doorOpenTo, verifyAddress, type SignupRules } from './invitations.js';

export function emailLinkService(ctx: AccountContext) {
  const {
    store,
    limiter,
    clock,
    live,
    deliver,
    mailPasswordChanged,
    newEmailToken,
    afterAnswer,
    refuseCommon,
    passwordMatches,
    checkCredentials,
    usableLink,
    languageOf,
    deps,
    passwords,
  } = ctx;
  const signupRules: SignupRules = { settings: deps.signups, adminEmails: deps.adminEmails };

  function newUser(email: string, passwordHash: string, lang: Language, now: string): UserRow {
    return {
      id: newId(),
      email,
      password_hash: passwordHash,
      email_verified: 0,
      lang,
      created_at: now,
      updated_at: now,
      update_mails: 1,
      unsubscribe_token: randomToken(),
      is_admin: 0,
      disabled_at: null,
    };
  }

  /**
   * A sign-up behind the door (see the top of this file): answered the same for every address once the same work
   * is done; an admitted address's account and mail follow the answer.
   */
  async function signupBehindTheDoor(body: SignupBody): Promise<void> {
    const now = isoAt(clock);
    const [admitted, mail] = await Promise.all([
      admittedBehindTheDoor(store, signupRules, body.email, now),
      // Counted for every address, mailed or not, so that the limit is met after as many sign-ups for any of them.
      limiter.reserve([{ key: `mail:${body.email}`, limit: MAIL_LIMIT, windowMs: MAIL_WINDOW_MS }]),
    ]);
    const passwordHash = await passwords.hash(body.password);
    // A refusal is not told either: past the address's mail limit, a sign-up does nothing until the hour is over.
    if (!admitted || !mail.ok) return;
    afterAnswer('a sign-up', async () => {
      // Not yet the member's data: a machine's crash before the next ordinary commit means signing up again.
      const addLink = () =>
        deps.lightly((connection) =>
          store.on(connection).transaction(async (tx) => {
            const existing = await tx.findUserByEmail(body.email);
            // A verified address has its account: nothing to make (the same answer, as for anyone).
            if (existing?.email_verified === 1) return null;
            const user = existing ?? newUser(body.email, NO_PASSWORD, body.lang, isoAt(clock));
            if (!existing) await tx.insertUser(user);
            const link = newEmailToken(user.id, 'verify', passwordHash);
            await tx.insertEmailToken(link.row);
            return link.token;
          }),
        );
      let token: string | null;
      try {
        token = await addLink();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Another sign-up for the address made its account in the same moment (its work runs after its answer,
        // beside this one's): this sign-up's own link goes on that account, with its own mail.
        token = await addLink();
      }
      if (token) deliver('verify', body.lang, body.email, token);
    });
  }

  return {
    /** The one-click opt-out link of update mails: its token is all it needs, and all it can do is opt out. */
    async unsubscribe(token: string | undefined): Promise<void> {
      if (!token || !(await store.optOutOfUpdateMails(token))) throw new ApiError('auth/invalid-action-code');
    },

    /**
     * Makes an unverified account and mails its verification link. Where the door is open to the address, a
     * verified address is told it is in use, and an unverified account for it is replaced (its links die): whoever
     * made it first cannot keep the address from its owner. Behind the door, see signupBehindTheDoor.
     */
    async signup(body: SignupBody, caller: Caller): Promise<void> {
      refuseCommon(body.password, body.email);
      await reserveOrRefuse(limiter, [
        { key: `signup:address:${caller.ip}`, limit: SIGNUP_LIMIT, windowMs: SIGNUP_WINDOW_MS },
      ]);
      if (!doorOpenTo(deps.signups, body.email)) return signupBehindTheDoor(body);
      const existing = await store.findUserByEmail(body.email);
      if (existing?.email_verified === 1) throw new ApiError('auth/email-already-in-use');
      const releaseMail = await reserveOrRefuse(limiter, [
        { key: `mail:${body.email}`, limit: MAIL_LIMIT, windowMs: MAIL_WINDOW_MS },
      ]);
      const passwordHash = await passwords.hash(body.password);
      const user = newUser(body.email, passwordHash, body.lang, isoAt(clock));
      const { token, row } = newEmailToken(user.id, 'verify', null);
      try {
        await store.transaction(async (tx) => {
          await tx.deleteUnverifiedUser(body.email);
          await tx.insertUser(user);
          await tx.insertEmailToken(row);
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
      await store.insertEmailToken(row);
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
      const user = await store.findUserByEmail(body.email);
      if (!user) return;
      const link = newEmailToken(user.id, 'reset', passwordHash);
      await store.insertEmailToken(link.row);
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
     * Verifies an address: the person at the link types the password of the sign-up that mailed it (the link's own,
     * behind the door; else the account's), so opening a link to an account someone else made (for this address)
     * activates nothing. The sign-up rules are applied again (verifyAddress).
     */
    async verifyEmail(token: string, password: string, caller: Caller): Promise<{ email: string }> {
      const { row, user } = await usableLink(token);
      if (row.kind !== 'verify') throw new ApiError('auth/invalid-action-code');
      const chosen = row.new_password_hash;
      const signedUpWith = { email: user.email, password_hash: chosen ?? user.password_hash };
      if (!(await passwordMatches(signedUpWith, user.email, password, caller)))
        throw new ApiError('auth/wrong-password');
      const now = isoAt(clock);
      await store.transaction(async (tx) => {
        if (!(await tx.useEmailToken(row.id, now))) throw new ApiError('auth/invalid-action-code');
        const verified = await verifyAddress(tx, signupRules, user, now);
        if (chosen === null) return;
        // A link's own password is the account's only as it verifies the address (never after, by another link).
        if (!verified) throw new ApiError('auth/invalid-action-code');
        await tx.updateUser(user.id, { password_hash: chosen, updated_at: now });
      });
      return { email: user.email };
    },

    /**
     * Applies a password change at its link: the password chosen at the request, typed again (refused if it is
     * not that one), or one set here. Every session and passkey of the account ends: whoever held them, only the
     * person reading this mailbox holds the account now. An address not verified yet is verified by it as by its
     * verification link, under the same rules (verifyAddress): refused as that link would be, it changes nothing.
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
      const passkeysRemoved = await store.transaction(async (tx) => {
        if (!(await tx.useEmailToken(row.id, now))) throw new ApiError('auth/invalid-action-code');
        await tx.updateUser(user.id, { password_hash: passwordHash, updated_at: now });
        await verifyAddress(tx, signupRules, user, now);
        await tx.voidResetTokens(user.id, now);
        await tx.revokeUserSessions(user.id, now);
        return tx.deletePasskeys(user.id);
      });
      await live.publish(`devices:${user.id}`);
      await mailPasswordChanged(user, deviceNameFromUserAgent(caller.userAgent), passkeysRemoved);
      return { email: user.email, passkeysRemoved };
    },

    async prune(): Promise<number> {
      return store.deleteStaleUnverifiedUsers(isoAt(clock, -UNVERIFIED_ACCOUNT_TTL_MS));
    },
  };
}
