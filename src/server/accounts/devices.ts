// A member's signed-in devices: the list, ending one or all others, approving or refusing a sign-in that waits
// on a new device, and the live news each device hears.
import {
  PENDING_SESSION_TTL_MS,
  SIGN_IN_CODE_RESEND_MS,
  SIGN_IN_CODE_SENDS,
  SIGN_IN_CODE_TRIES,
} from '../../shared/constants.js';
import { type DeviceSession, type SessionResponse } from '../../shared/schemas/auth.js';
import { isoAt } from '../core/clock.js';
import { ApiError } from '../http/errors.js';
import { confirmsSignIns } from '../policies/devices.js';
import { type AccountContext, presentDevice, sessionEnd, type SignedIn } from './context.js';
import { hashToken, sameDigest } from './tokens.js';

export function deviceService(ctx: AccountContext) {
  const { store, clock, live, liveSessions, ownPending, canAnswer, mailSignInCode, answerFor } = ctx;

  /** The caller's sign-in, still waiting, with the member's other sessions (undefined: it no longer waits). */
  async function waitingSignIn(signedIn: SignedIn) {
    const rows = await liveSessions(signedIn.user.uid);
    const own = rows.find((row) => row.id === signedIn.sessionId);
    return own?.approval === 'pending' ? { own, rows } : undefined;
  }

  return {
    /**
     * This browser can check the member's master key (the app holds the vault, or the site the master key's
     * verifier): from now on it is asked to confirm the member's sign-ins on new devices.
     */
    async canConfirm(signedIn: SignedIn): Promise<void> {
      await store.markCanConfirm(signedIn.sessionId);
    },

    /**
     * A waiting sign-in confirmed with the code mailed to the member: approved when the code is the newest one
     * mailed. Each try is spent before it is checked (requests at once cannot try more than SIGN_IN_CODE_TRIES);
     * the last wrong one ends the sign-in.
     */
    async confirmWithCode(signedIn: SignedIn, code: string): Promise<SessionResponse> {
      if (!signedIn.pending) return answerFor(signedIn, undefined);
      const id = signedIn.sessionId;
      const spent = await store.spendSignInCodeTry(id, SIGN_IN_CODE_TRIES);
      if (!spent) {
        // Its tries all spent; or no code was ever mailed: a device that can answer is the way, or a code to ask for.
        if (await store.signInCodeOf(id)) throw new ApiError('session/code-spent');
        const waiting = await waitingSignIn(signedIn);
        if (waiting && canAnswer(waiting.rows, waiting.own)) throw new ApiError('session/confirm-on-device');
        throw new ApiError('session/wrong-code');
      }
      if (!sameDigest(spent.code_hash, hashToken(`${id}:${code}`))) {
        if (spent.tries < SIGN_IN_CODE_TRIES) throw new ApiError('session/wrong-code');
        await store.revokeUserSession(signedIn.user.uid, id, isoAt(clock));
        await live.publish(`devices:${signedIn.user.uid}`);
        throw new ApiError('session/code-spent');
      }
      const waiting = await waitingSignIn(signedIn);
      if (!waiting) throw new ApiError('session/not-found');
      const end = sessionEnd({ ...waiting.own, approval: 'approved' }, clock());
      if (!(await store.approveSession(id, new Date(end).toISOString()))) {
        throw new ApiError('session/not-found');
      }
      await store.deleteSignInCode(id);
      await live.publish(`devices:${signedIn.user.uid}`);
      return { user: signedIn.user };
    },

    /**
     * Mails another code for the caller's waiting sign-in, where no other device can confirm it (one asked is the
     * way then), within the limits of SIGN_IN_CODE_SENDS codes, one per SIGN_IN_CODE_RESEND_MS.
     */
    async resendSignInCode(signedIn: SignedIn): Promise<void> {
      const waiting = await waitingSignIn(signedIn);
      if (!waiting) throw new ApiError('session/not-found');
      if (canAnswer(waiting.rows, waiting.own)) throw new ApiError('session/confirm-on-device');
      const user = await store.findUserById(signedIn.user.uid);
      if (!user) throw new ApiError('session/not-found');
      if (await mailSignInCode(user, waiting.own)) return;
      const sent = await store.signInCodeOf(signedIn.sessionId);
      const now = clock();
      const retryAt =
        sent && sent.sends < SIGN_IN_CODE_SENDS
          ? Date.parse(sent.sent_at) + SIGN_IN_CODE_RESEND_MS
          : Date.parse(waiting.own.created_at) + PENDING_SESSION_TTL_MS;
      throw new ApiError('auth/too-many-requests', { retryAfterMs: Math.max(1000, retryAt - now) });
    },

    async devices(signedIn: SignedIn): Promise<DeviceSession[]> {
      const rows = await liveSessions(signedIn.user.uid);
      return rows.map((row) => presentDevice(row, signedIn.sessionId));
    },

    /** Ends one of the member's other sessions. */
    async endDevice(signedIn: SignedIn, sessionId: string): Promise<void> {
      if (sessionId === signedIn.sessionId) throw new ApiError('session/current');
      if (!(await store.revokeUserSession(signedIn.user.uid, sessionId, isoAt(clock)))) {
        throw new ApiError('session/not-found');
      }
      await live.publish(`devices:${signedIn.user.uid}`);
    },

    /** Ends every session of the member but this one. */
    async endOtherDevices(signedIn: SignedIn): Promise<void> {
      await store.revokeUserSessions(signedIn.user.uid, isoAt(clock), signedIn.sessionId);
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
      if (!(await store.approveSession(sessionId, new Date(end).toISOString()))) {
        throw new ApiError('session/not-found');
      }
      await live.publish(`devices:${signedIn.user.uid}`);
    },

    /** Refused (or the master key failed): the new sign-in ends, and so does the device that refused. */
    async blockDevice(signedIn: SignedIn, sessionId: string): Promise<void> {
      await ownPending(signedIn, sessionId);
      const at = isoAt(clock);
      await store.transaction(async (tx) => {
        await tx.revokeUserSession(signedIn.user.uid, sessionId, at);
        await tx.revokeUserSession(signedIn.user.uid, signedIn.sessionId, at);
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
        // Only a browser that can check the master key is asked (another one could only refuse).
        pending: confirmsSignIns(own)
          ? rows
              .filter((row) => row.approval === 'pending' && row.id !== signedIn.sessionId)
              .map((row) => presentDevice(row, signedIn.sessionId))
          : [],
        ended: false,
        approved: true,
      };
    },
  };
}
