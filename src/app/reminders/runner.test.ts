// The reminder runner's rules: no run while sync is catching up (its end starts one), a burst of vault changes makes
// one run, the same asked for again within the hour costs the server nothing, and a device the server no longer
// sends to leaves the vault.
import nodeCrypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Reminder, ReminderBody } from '../../shared/schemas/reminders.js';
import { ManualClock } from '../test/devices.js';
import type { ReminderServer } from './reconcile.js';
import { ReminderRunner, RUN_AFTER_CHANGE_MS, RUN_EVERY_MS, type ReminderRunnerVault } from './runner.js';
import type { ReminderSource } from './sources.js';
import { PUSH_TARGET_PREFIX, pushTargets, type PushTarget } from './targets.js';

/** The part of the vault the runner uses, in memory. */
class MemoryVault {
  records = new Map<string, { kind: string; value: unknown }>();
  listeners = new Set<() => void>();
  dataKey: CryptoKey | null = null;
  list = <T>(kind: string) =>
    [...this.records]
      .filter(([, record]) => record.kind === kind)
      .map(([id, record]) => ({ id, kind, value: record.value as T, updatedAt: 0 }));
  get = (id: string) => {
    const record = this.records.get(id);
    return record && { id, kind: record.kind, value: record.value, updatedAt: 0 };
  };
  save = async (kind: string, id: string, _from: unknown, value: unknown) => {
    this.records.set(id, { kind, value });
    this.changed();
    return {};
  };
  remove = async (id: string) => {
    this.records.delete(id);
    this.changed();
    return true;
  };
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  changed() {
    for (const listener of this.listeners) listener();
  }
}

class CountingServer implements ReminderServer {
  endpointIds = new Set<string>();
  held = new Map<string, ReminderBody>();
  calls = 0;
  async endpoints() {
    this.calls += 1;
    return [...this.endpointIds].map((id) => ({ id }));
  }
  async list(): Promise<Reminder[]> {
    return [...this.held].map(([id, body]) => ({ id, sendAt: body.sendAt, endpoints: [] }));
  }
  async schedule(id: string, body: ReminderBody) {
    this.held.set(id, body);
  }
  async withdraw(id: string) {
    this.held.delete(id);
  }
}

function target(): PushTarget {
  const ecdh = nodeCrypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpointId: nodeCrypto.randomUUID(),
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: nodeCrypto.randomBytes(16).toString('base64url'),
    name: 'Phone',
    addedAt: 1,
  };
}

async function setUp() {
  const vault = new MemoryVault();
  vault.dataKey = await crypto.subtle.importKey('raw', nodeCrypto.randomBytes(32), 'HKDF', false, [
    'deriveKey',
  ]);
  const clock = new ManualClock();
  const server = new CountingServer();
  let ready = false;
  const readyListeners = new Set<() => void>();
  const source: ReminderSource = (records) =>
    records.list<{ at: number }>('memo').map((entry) => ({
      key: entry.id,
      sendAt: new Date(entry.value.at).toISOString(),
      title: entry.id,
      body: '',
    }));
  const runner = new ReminderRunner(vault as unknown as ReminderRunnerVault, {
    server,
    sources: [source],
    ready: async () => ready,
    watchReady: (listener) => {
      readyListeners.add(listener);
      return () => readyListeners.delete(listener);
    },
    clock,
    exclusive: (_name, work) => work(),
    online: () => true,
  });
  const phone = target();
  server.endpointIds.add(phone.endpointId);
  await vault.save('settings', PUSH_TARGET_PREFIX + phone.endpointId, undefined, phone);
  return {
    vault,
    clock,
    server,
    runner,
    phone,
    becomeReady() {
      ready = true;
      for (const listener of readyListeners) listener();
    },
    /** Moves the clock on and lets the runs it starts end. */
    async advance(ms: number) {
      clock.advance(ms);
      await new Promise((resolve) => setImmediate(resolve));
      await runner.settled();
    },
  };
}

describe('the reminder runner', () => {
  it('waits for sync to catch up, then makes one run of a burst of changes, and none for the same again', async () => {
    const world = await setUp();
    const { vault, server, runner, clock } = world;
    runner.start();
    await world.advance(0);
    expect(server.calls).toBe(0);
    world.becomeReady();
    await world.advance(RUN_AFTER_CHANGE_MS);
    expect(server.calls).toBe(1);

    for (let i = 0; i < 5; i++)
      await vault.save('memo', `m${i}`, undefined, { at: clock.now() + (i + 1) * 3_600_000 });
    await world.advance(RUN_AFTER_CHANGE_MS);
    expect(server.calls).toBe(2);
    expect(server.held.size).toBe(5);

    // Nothing changed: a vault change elsewhere costs the server nothing within the hour; after it, a run checks.
    vault.changed();
    await world.advance(RUN_AFTER_CHANGE_MS);
    expect(server.calls).toBe(2);
    await world.advance(RUN_EVERY_MS);
    expect(server.calls).toBe(3);

    runner.stop();
    await vault.save('memo', 'after-stop', undefined, { at: clock.now() + 3_600_000 });
    await world.advance(RUN_EVERY_MS);
    expect(server.calls).toBe(3);
  });

  it('forgets a device the server no longer sends to', async () => {
    const world = await setUp();
    const { vault, server, runner, phone } = world;
    const tablet = target();
    await vault.save('settings', PUSH_TARGET_PREFIX + tablet.endpointId, undefined, tablet);
    expect(pushTargets(vault as unknown as ReminderRunnerVault)).toHaveLength(2);
    world.becomeReady();
    const result = await runner.runNow();
    expect(result?.gone).toEqual([tablet.endpointId]);
    expect(pushTargets(vault as unknown as ReminderRunnerVault).map((t) => t.endpointId)).toEqual([
      phone.endpointId,
    ]);
    expect(server.calls).toBe(1);
  });
});
