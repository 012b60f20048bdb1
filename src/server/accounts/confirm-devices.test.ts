// The devices capability of the accounts (devices.ts), called as the routes call it, on the accounts' store and a
// fresh database per test (no HTTP): who confirms a sign-in waiting on a new device (a confirmed session of another
// browser that can check the master key, policies/devices.ts), what approving and refusing do, what each session
// hears, and that a member reaches only their own sessions. The routes' answers for the same are
// new-device.test.ts's and devices.test.ts's.
import crypto from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, serviceWorlds, type ServiceWorld } from '../test/services.js';
import type { DeviceService, SignedIn } from './service.js';

describe('a member’s devices', () => {
  const worlds = serviceWorlds();
  let world: ServiceWorld;
  let devices: DeviceService;
  /** Signed in on a browser that has not said it can check the master key. */
  let desktop: SignedIn;
  /** Signed in on a phone holding the vault: it can check the master key. */
  let phone: SignedIn;
  /** A sign-in on a new laptop, waiting for the new-device check. */
  let laptop: SignedIn;

  /** Another session of `member`'s, stored as a sign-in would store it. */
  async function session(
    member: SignedIn,
    device: string,
    state: { approval: 'approved' | 'pending'; canConfirm: boolean },
  ): Promise<SignedIn> {
    const now = new Date(world.clock()).toISOString();
    const id = crypto.randomUUID();
    await world.stores.accounts.insertSession({
      id,
      user_id: member.user.uid,
      token_hash: crypto.randomUUID(),
      device_id: `device-of-${device}`,
      device_name: 'android',
      user_agent: 'vitest',
      created_at: now,
      last_seen_at: now,
      revoked_at: null,
      approval: state.approval,
      idle_minutes: 0,
      expires_at: new Date(world.clock() + 60 * 60_000).toISOString(),
      reauth_at: null,
      can_confirm: state.canConfirm ? 1 : 0,
    });
    return { ...member, sessionId: id, pending: state.approval === 'pending' };
  }

  const liveIds = async (member: SignedIn) =>
    (await world.stores.accounts.liveSessions(member.user.uid, new Date(world.clock()).toISOString()))
      .map((row) => row.id)
      .sort();

  beforeEach(async () => {
    world = worlds();
    devices = world.accounts().devices;
    desktop = await world.member('member@example.com');
    phone = await session(desktop, 'phone', { approval: 'approved', canConfirm: true });
    laptop = await session(desktop, 'laptop', { approval: 'pending', canConfirm: false });
  });

  it('tells the waiting sign-in only to sessions that can confirm it', async () => {
    expect((await devices.deviceEvents(phone)).pending.map((device) => device.id)).toEqual([
      laptop.sessionId,
    ]);
    expect((await devices.deviceEvents(desktop)).pending).toEqual([]);
    expect(await devices.deviceEvents(laptop)).toEqual({ pending: [], ended: false, approved: false });
  });

  it('lets a session that can check the master key approve a waiting sign-in, which then counts', async () => {
    await devices.approveDevice(phone, laptop.sessionId);
    expect(await devices.deviceEvents(laptop)).toEqual({ pending: [], ended: false, approved: true });
    expect((await devices.devices(phone)).find((device) => device.id === laptop.sessionId)).toMatchObject({
      pending: false,
    });
    // Approved once: there is nothing waiting to approve again.
    expect(await answer(devices.approveDevice(phone, laptop.sessionId))).toBe('session/not-found');
  });

  it('refuses a session that cannot check the master key, and the sign-in keeps waiting', async () => {
    expect(await answer(devices.approveDevice(desktop, laptop.sessionId))).toBe('session/not-allowed');
    expect(await answer(devices.blockDevice(desktop, laptop.sessionId))).toBe('session/not-allowed');
    // A waiting sign-in cannot approve another, nor itself.
    expect(await answer(devices.approveDevice(laptop, laptop.sessionId))).toBe('session/not-allowed');
    expect(await devices.deviceEvents(laptop)).toMatchObject({ ended: false, approved: false });
  });

  it('ends the waiting sign-in and the device that refused it', async () => {
    await devices.blockDevice(phone, laptop.sessionId);
    expect(await liveIds(desktop)).toEqual([desktop.sessionId]);
    expect(await devices.deviceEvents(laptop)).toMatchObject({ ended: true });
  });

  it('reaches only the member’s own sessions, and never ends the current one as another device', async () => {
    const stranger = await world.member('stranger@example.com');
    const strangerPhone = await session(stranger, 'phone', { approval: 'approved', canConfirm: true });
    expect(await answer(devices.approveDevice(strangerPhone, laptop.sessionId))).toBe('session/not-found');
    expect(await answer(devices.blockDevice(strangerPhone, laptop.sessionId))).toBe('session/not-found');
    expect(await answer(devices.endDevice(stranger, phone.sessionId))).toBe('session/not-found');
    expect(await answer(devices.endDevice(phone, phone.sessionId))).toBe('session/current');
    expect(await liveIds(desktop)).toEqual([desktop.sessionId, laptop.sessionId, phone.sessionId].sort());
    await devices.endOtherDevices(phone);
    expect(await liveIds(desktop)).toEqual([phone.sessionId]);
    expect(await liveIds(stranger)).toHaveLength(2);
  });
});
