// Who may act on a member's devices: the sessions that confirm sign-ins on new devices, the sync device a session
// writes as, and the fresh proof a sensitive change asks of a session.
import { REAUTH_TTL_MS } from '../../shared/constants.js';
import type { Actor } from './members.js';

/** A session as these rules read it (a row of `sessions`). */
export interface SessionState {
  id: string;
  device_id: string | null;
  approval: string;
  can_confirm: number;
}

/**
 * A session that confirms the member's sign-ins on new devices: confirmed itself, and able to check the master
 * key (a browser that cannot is never asked, and never blocks anyone).
 */
export const confirmsSignIns = (session: Pick<SessionState, 'approval' | 'can_confirm'>): boolean =>
  session.approval === 'approved' && session.can_confirm === 1;

/** Whether `session` is asked to confirm the sign-in `waiting`: one that confirms sign-ins, in another browser. */
export const isAskedToConfirm = (session: SessionState, waiting: SessionState): boolean =>
  session.id !== waiting.id &&
  confirmsSignIns(session) &&
  (session.device_id === null || session.device_id !== waiting.device_id);

/**
 * Whether the session proved the member again (password or passkey) recently enough, at `now`, for a sensitive
 * change made without the password (a password's, a passkey's, the synced vault's).
 */
export const recentlyProven = (session: { reauth_at: string | null } | undefined, now: number): boolean =>
  !!session?.reauth_at && session.reauth_at > new Date(now - REAUTH_TTL_MS).toISOString();

/**
 * Whether the caller writes as this sync device: only the session that registered it sends its changes, replaces
 * the history with its snapshot or registers it again. Any session of the member may list, rename and remove it
 * (a lost phone stops syncing at once), never write as it (a stolen cookie cannot speak for the device).
 */
export const writesAsDevice = (
  actor: Pick<Actor, 'sessionId'>,
  device: { session_id: string | null },
): boolean => device.session_id === actor.sessionId;
