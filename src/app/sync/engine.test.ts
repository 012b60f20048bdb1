// The sync engine in Node (src/app/test/devices.ts): the app's real vault and engine on simulated devices, against
// the in-memory server that keeps the real server's rules.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VaultHeader } from '../vault/crypto.js';
import { newHeader, SimulatedDevice } from '../test/devices.js';
import { MemorySyncServer } from '../test/memory-sync-server.js';

let header: VaultHeader;
const open: SimulatedDevice[] = [];

beforeAll(async () => {
  header = await newHeader();
});
afterEach(() => {
  for (const device of open.splice(0)) device.close();
});

/** A member with `count` devices: the first publishes the vault, the others join it. */
async function member(count: number) {
  const server = new MemorySyncServer();
  const devices = Array.from({ length: count }, (_, index) => {
    const device = new SimulatedDevice(`Device ${index + 1}`, 'member-1', server.as(`session-${index + 1}`));
    open.push(device);
    return device;
  });
  const [first, ...others] = devices;
  await first!.openVault(header);
  await first!.engine.enable();
  await first!.engine.settled();
  for (const device of others) {
    await device.vault.load();
    const state = await device.server.call('syncState');
    expect(await device.engine.join(state, 'correct horse battery staple')).toBe('ok');
    await device.engine.settled();
  }
  return { server, devices };
}

describe('the sync engine on simulated devices', () => {
  it('carries a new record and an edit to the other device', async () => {
    const { devices } = await member(2);
    const [a, b] = devices as [SimulatedDevice, SimulatedDevice];
    await a.vault.save('memo', 'm1', undefined, { title: 'Lunch', body: 'Bibimbap' });
    await a.sync();
    await b.sync();
    expect(b.vault.get('m1')?.value).toEqual({ title: 'Lunch', body: 'Bibimbap' });
    expect(b.engine.status.state).toBe('synced');
  });
});
