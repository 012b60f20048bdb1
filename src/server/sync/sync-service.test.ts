// The sync service's rules, called as the routes call it, on its store and a fresh database per test (no HTTP):
// a device's chain in order, written only by the session that registered the device (policies/devices.ts), the
// member's device limit and quota held under the member's lock however many requests come at once, and devices
// of ended sessions retired. The routes' shapes and the attacks on them are sync.test.ts's and
// sync-attacks.test.ts's.
import { beforeEach, describe, expect, it } from 'vitest';
import { SYNC_MAX_DEVICES } from '../../shared/constants.js';
import type { SignedIn } from '../accounts/service.js';
import { memberQuota } from '../quota/quota.js';
import { chain, signingPair, syncId } from '../test/sync-fixtures.js';
import { answer, serviceWorlds, type ServiceWorld } from '../test/services.js';
import { syncService, type SyncService } from './service.js';

const QUOTA_BYTES = 20_000;

describe('sync service', () => {
  const worlds = serviceWorlds();
  let world: ServiceWorld;
  let sync: SyncService;
  let member: SignedIn;
  let keys: ReturnType<typeof signingPair>;
  let vault: string;
  const caller = { ip: '192.0.2.1', userAgent: 'vitest', deviceKey: null };

  /** Another confirmed session of the member's (another browser, or a stolen cookie). */
  async function anotherSession(of: SignedIn): Promise<SignedIn> {
    const now = new Date(world.clock()).toISOString();
    const sessionId = crypto.randomUUID();
    await world.stores.accounts.insertSession({
      id: sessionId,
      user_id: of.user.uid,
      token_hash: crypto.randomUUID(),
      device_id: null,
      device_name: 'windows',
      user_agent: 'vitest',
      created_at: now,
      last_seen_at: now,
      revoked_at: null,
      approval: 'approved',
      idle_minutes: 0,
      expires_at: new Date(world.clock() + 60 * 60_000).toISOString(),
      reauth_at: null,
      can_confirm: 0,
    });
    return { ...of, sessionId };
  }

  const register = (who: SignedIn, device: string) =>
    sync.registerDevice(who, device, { name: 'Laptop', proof: keys.deviceProof(vault, device) }, null);

  beforeEach(async () => {
    world = worlds();
    sync = syncService({
      store: world.stores.sync,
      proofs: world.accounts().proofs,
      quota: memberQuota({
        store: world.stores.quota,
        clock: world.clock,
        storage: world.storage,
        quotaBytes: QUOTA_BYTES,
      }),
      storage: world.storage,
      clock: world.clock,
      live: world.live,
      maxUploadBytes: 10_000,
    });
    member = await world.member('syncer@example.com');
    keys = signingPair();
    vault = syncId();
    await sync.publishVault(member, keys.publication(vault), caller);
  });

  it('takes a device’s chain in order and gives it back from any number', async () => {
    const laptop = chain(syncId());
    await register(member, laptop.device);
    const first = laptop.next();
    const second = laptop.next();
    expect(await sync.push(member, { device: laptop.device, changes: [first, second] })).toEqual({
      stored: [1, 2],
      latest: 2,
      stale: null,
    });
    // Sent again (its answer was lost): stored once.
    expect((await sync.push(member, { device: laptop.device, changes: [second] })).stored).toEqual([2]);
    // A gap in the chain is refused.
    laptop.next();
    expect(await answer(sync.push(member, { device: laptop.device, changes: [laptop.next()] }))).toBe(
      'sync/out-of-order',
    );
    const read = await sync.changes(member, 1);
    expect(read.changes.map((change) => [change.seq, change.mac, change.at])).toEqual([[2, second.mac, 2]]);
    expect(read.latest).toBe(2);
  });

  it('lets only the session that registered a device write as it; any session may rename or remove it', async () => {
    const laptop = chain(syncId());
    await register(member, laptop.device);
    const other = await anotherSession(member);
    expect(await answer(sync.push(other, { device: laptop.device, changes: [laptop.next()] }))).toBe(
      'sync/not-your-device',
    );
    laptop.back();
    expect(await answer(register(other, laptop.device))).toBe('sync/not-your-device');
    expect((await sync.renameDevice(other, laptop.device, 'Old laptop')).name).toBe('Old laptop');
    await sync.removeDevice(other, laptop.device);
    expect(await answer(sync.push(member, { device: laptop.device, changes: [laptop.next()] }))).toBe(
      'sync/unknown-device',
    );
    // Removed once, gone for good.
    expect(await answer(register(member, laptop.device))).toBe('sync/device-removed');
    // Another member's session knows nothing of it.
    const stranger = await world.member('stranger@example.com');
    expect(await answer(sync.renameDevice(stranger, laptop.device, 'Mine'))).toBe('sync/unknown-device');
  });

  it('counts registrations sent at once against the device limit under the member’s lock', async () => {
    const answers = await Promise.all(
      Array.from({ length: SYNC_MAX_DEVICES + 5 }, () => answer(register(member, syncId()))),
    );
    expect(answers.filter((code) => code === 'done')).toHaveLength(SYNC_MAX_DEVICES);
    expect(answers.filter((code) => code === 'sync/too-many-devices')).toHaveLength(5);
    expect((await sync.state(member)).devices).toHaveLength(SYNC_MAX_DEVICES);
  });

  it('refuses changes the quota has no room for, keeping none of them', async () => {
    const laptop = chain(syncId());
    await register(member, laptop.device);
    const before = await sync.state(member);
    const refused = await answer(
      sync.push(member, { device: laptop.device, changes: [laptop.next(8000), laptop.next(8000)] }),
    );
    expect(refused).toBe('storage/quota-exceeded');
    const after = await sync.state(member);
    expect([after.latest, after.usedBytes]).toEqual([before.latest, before.usedBytes]);
    expect((await sync.changes(member, 0)).changes).toEqual([]);
  });

  it('retires the devices of a session that ended, at the member’s next request', async () => {
    const other = await anotherSession(member);
    const phone = chain(syncId());
    await register(other, phone.device);
    expect((await sync.state(member)).devices.map((device) => device.id)).toEqual([phone.device]);
    await world.stores.accounts.revokeUserSession(
      member.user.uid,
      other.sessionId,
      new Date(world.clock()).toISOString(),
    );
    expect((await sync.state(member)).devices).toEqual([]);
    expect(await answer(register(other, phone.device))).toBe('sync/device-removed');
  });
});
