// Who confirms a sign-in on a new device, who writes as a sync device, and how recent a proof a sensitive change
// needs.
import { describe, expect, it } from 'vitest';
import { REAUTH_TTL_MS } from '../../shared/constants.js';
import {
  confirmsSignIns,
  isAskedToConfirm,
  recentlyProven,
  writesAsDevice,
  type SessionState,
} from './devices.js';

const session = (changes: Partial<SessionState> = {}): SessionState => ({
  id: 'phone',
  device_id: 'device-of-phone',
  approval: 'approved',
  can_confirm: 1,
  ...changes,
});
const waiting = session({ id: 'laptop', device_id: 'device-of-laptop', approval: 'pending', can_confirm: 0 });

describe('devices policy', () => {
  it('asks only a confirmed session that can check the master key to confirm sign-ins', () => {
    expect(confirmsSignIns(session())).toBe(true);
    expect(confirmsSignIns(session({ can_confirm: 0 }))).toBe(false);
    expect(confirmsSignIns(session({ approval: 'pending' }))).toBe(false);
  });

  it('never asks the waiting sign-in itself, nor a session in the same browser', () => {
    expect(isAskedToConfirm(session(), waiting)).toBe(true);
    expect(isAskedToConfirm(waiting, waiting)).toBe(false);
    expect(isAskedToConfirm(session({ id: 'laptop' }), waiting)).toBe(false);
    expect(isAskedToConfirm(session({ device_id: 'device-of-laptop' }), waiting)).toBe(false);
    // A session from before browsers had device keys is another browser.
    expect(isAskedToConfirm(session({ device_id: null }), waiting)).toBe(true);
    expect(isAskedToConfirm(session({ can_confirm: 0 }), waiting)).toBe(false);
  });

  it('takes a proof for a sensitive change only within REAUTH_TTL_MS', () => {
    const now = Date.parse('2026-12-01T12:00:00.000Z');
    const at = (ms: number) => ({ reauth_at: new Date(now - ms).toISOString() });
    expect(recentlyProven(at(0), now)).toBe(true);
    expect(recentlyProven(at(REAUTH_TTL_MS - 1), now)).toBe(true);
    expect(recentlyProven(at(REAUTH_TTL_MS), now)).toBe(false);
    expect(recentlyProven({ reauth_at: null }, now)).toBe(false);
    // The session is gone (ended, expired).
    expect(recentlyProven(undefined, now)).toBe(false);
  });

  it('lets only the session that registered a sync device write as it', () => {
    expect(writesAsDevice({ sessionId: 's1' }, { session_id: 's1' })).toBe(true);
    expect(writesAsDevice({ sessionId: 's2' }, { session_id: 's1' })).toBe(false);
    // A device whose session is forgotten speaks for no one.
    expect(writesAsDevice({ sessionId: 's1' }, { session_id: null })).toBe(false);
  });
});
