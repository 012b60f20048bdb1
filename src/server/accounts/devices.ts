// A member's signed-in devices: the list, ending one or all others, approving or refusing a sign-in that waits
// on a new device, and the live news each device hears.
import { type DeviceSession } from '../../shared/schemas/auth.js';
import { isoAt } from '../core/clock.js';
import { ApiError } from '../http/errors.js';
import * as store from './store.js';
import { type AccountContext, presentDevice, sessionEnd, type SignedIn } from './context.js';

export function deviceService(ctx: AccountContext) {
  const { db, clock, live, liveSessions, ownPending } = ctx;
  return {
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
  };
}
