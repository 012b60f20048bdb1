// The sync engine in Node (src/app/test/devices.ts): the app's real vault and engine on simulated devices, against
// the in-memory server that keeps the real server's rules.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VaultHeader } from '../vault/crypto.js';
import { newHeader, PASSWORD, SimulatedDevice, type Tab } from '../test/devices.js';
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
    expect(await device.join()).toBe('ok');
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

describe('publishing a vault while it is written to', () => {
  it('sends a record written, edited or deleted before the publication goes up once, and the next device takes it', async () => {
    const server = new MemorySyncServer();
    const laptop = new SimulatedDevice('Laptop', 'member-1', server.as('session-1'));
    open.push(laptop);
    await laptop.openVault(header);
    await laptop.vault.save('memo', 'kept', undefined, { title: 'Before' });
    await laptop.vault.save('memo', 'gone', undefined, { title: 'To delete' });
    await laptop.engine.enable();
    // Sync is on and its first run (the publication) waits on a slow server: the member goes on writing (the setup's
    // detail password, a first record) before the publication has read the vault.
    let answer = () => {};
    server.held = new Promise((resolve) => (answer = resolve));
    await laptop.vault.save('memo', 'new', undefined, { title: 'Written meanwhile' });
    await laptop.vault.save('memo', 'kept', { title: 'Before' }, { title: 'Edited meanwhile' });
    await laptop.vault.remove('gone');
    await laptop.vault.caughtUp();
    server.held = null;
    answer();
    await laptop.settled();
    await laptop.sync();
    expect(laptop.engine.status.state).toBe('synced');
    const phone = new SimulatedDevice('Phone', 'member-1', server.as('session-2'));
    open.push(phone);
    expect(await phone.join()).toBe('ok');
    expect(phone.engine.status.state).toBe('synced');
    expect(phone.vault.get('new')?.value).toEqual({ title: 'Written meanwhile' });
    expect(phone.vault.get('kept')?.value).toEqual({ title: 'Edited meanwhile' });
    expect(phone.vault.get('gone')).toBeUndefined();
  });
});

describe('a snapshot made while another tab writes', () => {
  it('holds each record as its version has it, though the tab making it had not heard of the newest edit', async () => {
    const server = new MemorySyncServer();
    const laptop = new SimulatedDevice('Laptop', 'member-1', server.as('session-1'), {
      tabs: 2,
      snapshotEvery: 2,
    });
    open.push(laptop);
    await laptop.openVault(header);
    await laptop.engine.enable();
    await laptop.engine.settled();
    await laptop.openTabs();
    const [writing, syncing] = laptop.tabs as [Tab, Tab];
    await writing.vault.save('memo', 'm1', undefined, { title: 'Lunch' });
    await laptop.sync(1);
    await laptop.settled();
    // The second tab has not heard of the edit yet when it sends it and makes the snapshot: its copy in memory
    // still says "Lunch", the disk (and the change sent) "Dinner".
    const release = laptop.holdNews();
    await writing.vault.save('memo', 'm1', { title: 'Lunch' }, { title: 'Dinner' });
    await laptop.sync(1);
    expect(syncing.vault.get('m1')?.value).toEqual({ title: 'Lunch' });
    expect(server.snapshot?.covers).toBe(server.latest);
    release();
    await laptop.settled();
    expect(syncing.vault.get('m1')?.value).toEqual({ title: 'Dinner' });
    const phone = new SimulatedDevice('Phone', 'member-1', server.as('session-2'));
    open.push(phone);
    expect(await phone.join()).toBe('ok');
    expect(phone.vault.get('m1')?.value).toEqual({ title: 'Dinner' });
  });
});

describe('the vault’s signing key', () => {
  it('is given to a vault an older app published without one once the member proved it, and then proves every device that joins', async () => {
    const server = new MemorySyncServer();
    const older = new SimulatedDevice('Older app', 'member-1', server.as('session-1'));
    open.push(older);
    await older.openVault(header);
    await older.engine.enable();
    await older.engine.settled();
    // As an older app published it: no signing key on the server. The app is updated and opened again.
    server.vault!.signing = null;
    await older.vault.save('memo', 'm1', undefined, { title: 'Before the key' });
    // The member has not proven it is them lately (the server asks that of a key given to a vault without one):
    // the vault syncs on as it was.
    await older.restart();
    expect(older.engine.status.state).toBe('synced');
    expect(server.vault?.signing).toBeNull();
    expect(server.latest).toBe(2);
    // Signed in again with the password: the key goes up at the next run.
    server.proven.add('session-1');
    await older.restart();
    expect(server.vault?.signing).not.toBeNull();
    expect(server.vault?.version).toBe(2);
    const phone = new SimulatedDevice('Phone', 'member-1', server.as('session-2'));
    open.push(phone);
    expect(await phone.join()).toBe('ok');
    expect(phone.engine.status.state).toBe('synced');
    expect(phone.vault.get('m1')?.value).toEqual({ title: 'Before the key' });
  });

  it('refuses a signing key the server swapped for another (it does not open with the vault’s key)', async () => {
    const { server, devices } = await member(1);
    const [laptop] = devices as [SimulatedDevice];
    server.vault!.signing = { ...server.vault!.signing!, sealedKey: Buffer.alloc(120, 7).toString('base64') };
    await laptop.restart();
    expect(laptop.engine.status).toEqual({ state: 'error', cause: 'refused', refused: 'altered' });
  });
});

describe('the vault header (issue 43)', () => {
  const NEXT = 'a new master password 2';

  it('sends a new master password signed at the next version, and the other device takes it', async () => {
    const { server, devices } = await member(2);
    const [laptop, phone] = devices as [SimulatedDevice, SimulatedDevice];
    // The master password's form proved the member moments ago (POST /api/auth/proof).
    server.proven.add('session-1');
    expect(await laptop.vault.changeMasterPassword(PASSWORD, NEXT)).toBe(true);
    await laptop.settled();
    expect(laptop.engine.status.state).toBe('synced');
    expect(server.vault?.version).toBe(2);
    // The phone opens with the master password it knew, and takes the new header at its first run.
    await phone.restart(PASSWORD);
    expect(phone.engine.status.state).toBe('synced');
    expect((await phone.syncStore.syncMeta())?.headerVersion).toBe(2);
    await phone.restart(NEXT);
    expect(phone.engine.status.state).toBe('synced');
  });

  it('waits for the account password when the member has not proven it lately, and a wrong one sends nothing', async () => {
    const { server, devices } = await member(2);
    const [laptop, phone] = devices as [SimulatedDevice, SimulatedDevice];
    expect(await laptop.vault.changeMasterPassword(PASSWORD, NEXT)).toBe(true);
    await laptop.settled();
    expect(laptop.engine.status).toEqual({ state: 'error', cause: 'auth/reauth-required' });
    expect(server.vault?.version).toBe(1);
    expect(await laptop.engine.confirmHeader('not the password 1')).toBe('auth/wrong-password');
    expect(laptop.engine.status).toEqual({ state: 'error', cause: 'auth/reauth-required' });
    expect(server.vault?.version).toBe(1);
    expect(await laptop.engine.confirmHeader(server.password)).toBeNull();
    expect(laptop.engine.status.state).toBe('synced');
    expect(server.vault?.version).toBe(2);
    await phone.restart(PASSWORD);
    await phone.restart(NEXT);
    expect(phone.engine.status.state).toBe('synced');
  });

  it('refuses a header the server put back after a master password’s change, keeping the new one', async () => {
    const { server, devices } = await member(2);
    const [laptop, phone] = devices as [SimulatedDevice, SimulatedDevice];
    const before = structuredClone(server.vault!);
    server.proven.add('session-1');
    expect(await laptop.vault.changeMasterPassword(PASSWORD, NEXT)).toBe(true);
    await laptop.settled();
    await phone.restart(PASSWORD);
    expect((await phone.syncStore.syncMeta())?.headerVersion).toBe(2);
    // The server (or whoever holds it) puts the old header back, with its genuine MAC and version.
    server.vault = { ...before, signing: server.vault!.signing };
    await phone.restart(NEXT);
    expect(phone.engine.status).toEqual({ state: 'error', cause: 'refused', refused: 'altered' });
    // The phone kept the new master password: the old one does not open it.
    await expect(phone.restart(PASSWORD)).rejects.toThrow('the vault did not open');
  });
});

describe('what the engine says', () => {
  it('tells offline from a server out of reach, and never says synced while an edit is unsent', async () => {
    const { server, devices } = await member(1);
    const [laptop] = devices as [SimulatedDevice];
    server.down = true;
    await laptop.vault.save('memo', 'm1', undefined, { title: 'Waiting' });
    await laptop.sync();
    expect(laptop.engine.status).toEqual({ state: 'error', cause: 'unreachable' });
    laptop.online = false;
    await laptop.sync();
    expect(laptop.engine.status).toEqual({ state: 'offline' });
    server.down = false;
    laptop.online = true;
    await laptop.sync();
    expect(laptop.engine.status.state).toBe('synced');
    expect(await laptop.syncStore.dirtyCount()).toBe(0);
  });

  it('stops on a device removed from another one, keeps its unsent entry, and brings it back when turned on again', async () => {
    const { server, devices } = await member(2);
    const [laptop, phone] = devices as [SimulatedDevice, SimulatedDevice];
    const meta = await laptop.syncStore.syncMeta();
    await phone.server.call('syncRemoveDevice', { params: { id: meta!.device } });
    await laptop.vault.save('memo', 'm1', undefined, { title: 'Written while removed' });
    await laptop.sync();
    expect(laptop.engine.status).toEqual({ state: 'error', cause: 'sync/unknown-device' });
    // Nothing of it reached the series, which holds the publication alone.
    expect(server.latest).toBe(1);
    await laptop.engine.rejoin();
    await laptop.engine.settled();
    expect(laptop.engine.status.state).toBe('synced');
    await phone.sync();
    expect(phone.vault.get('m1')?.value).toEqual({ title: 'Written while removed' });
    expect(server.devices.size).toBe(2);
  });
});

describe('publishing a vault', () => {
  it('sends an existing vault whole, its documents’ chunks first, and a new device takes it from there', async () => {
    const server = new MemorySyncServer();
    const laptop = new SimulatedDevice('Laptop', 'member-1', server.as('session-1'));
    open.push(laptop);
    await laptop.openVault(header);
    for (let index = 0; index < 40; index++) {
      await laptop.vault.save('memo', `m${index}`, undefined, { title: `Entry ${index}` });
    }
    const bytes = new Uint8Array(2.5 * 1024 * 1024).map((_, index) => index % 251);
    const added = await laptop.vault.addDocument(Object.assign(new Blob([bytes]), { name: 'scan.pdf' }));
    if (!added.ok) throw new Error(added.reason);
    await laptop.engine.enable();
    await laptop.engine.settled();
    // One number in the series for the whole vault, no change per record, and no row kept per record.
    expect(server.latest).toBe(1);
    expect(server.changes).toEqual([]);
    expect(server.chunks.size).toBe(3);
    expect(await laptop.syncStore.allSyncRows()).toEqual([]);

    const phone = new SimulatedDevice('Phone', 'member-1', server.as('session-2'));
    open.push(phone);
    expect(await phone.join()).toBe('ok');
    expect(phone.vault.itemCount).toBe(41);
    // The new device keeps no row for a record it took from the publication as sent: it is at the origin too.
    expect(await phone.syncStore.allSyncRows()).toEqual([]);
    expect((await phone.syncStore.syncMeta())?.origin).toBe(true);
    const document = await phone.vault.readDocument(added.id);
    expect(new Uint8Array(await document!.arrayBuffer())).toEqualBytes(bytes);

    // A published record changes from its origin; the other device follows.
    await phone.vault.save('memo', 'm7', { title: 'Entry 7' }, { title: 'Entry 7, edited' });
    await phone.sync();
    await laptop.sync();
    expect(laptop.vault.get('m7')?.value).toEqual({ title: 'Entry 7, edited' });
    expect(server.latest).toBe(2);
  });

  it('streams a snapshot of several parts: records written while its documents’ chunks come, never one without', async () => {
    const server = new MemorySyncServer();
    const laptop = new SimulatedDevice('Laptop', 'member-1', server.as('session-1'));
    open.push(laptop);
    await laptop.openVault(header);
    const bytes = new Uint8Array(2.5 * 1024 * 1024).map((_, index) => index % 241);
    const added = await laptop.vault.addDocument(Object.assign(new Blob([bytes]), { name: 'scan.pdf' }));
    if (!added.ok) throw new Error(added.reason);
    // More records than one part of a snapshot holds (SNAPSHOT_PART, 2,000), so the document is applied apart.
    const memos = Array.from({ length: 2100 }, (_, index) => ({
      id: `m${index}`,
      value: { title: `${index}` },
    }));
    await laptop.vault.putMany('memo', memos);
    await laptop.engine.enable();
    await laptop.engine.settled();
    expect(server.latest).toBe(1);

    const phone = new SimulatedDevice('Phone', 'member-1', server.as('session-2'));
    open.push(phone);
    // Each time the phone's vault changes and shows the document, all of its chunks are on the phone already.
    const checks: Array<Promise<boolean>> = [];
    let memosBeforeDocument = 0;
    const watch = () => {
      if (!phone.vault.get(added.id)) {
        memosBeforeDocument = phone.vault.list('memo').length;
        return;
      }
      checks.push(
        Promise.all([0, 1, 2].map((index) => phone.vault.documents.chunk(added.id, index))).then((chunks) =>
          chunks.every((chunk) => chunk !== undefined),
        ),
      );
    };
    phone.vault.subscribe(watch);
    expect(await phone.join()).toBe('ok');
    expect(phone.vault.itemCount).toBe(2101);
    expect(checks.length).toBeGreaterThan(0);
    expect(await Promise.all(checks)).not.toContain(false);
    // The first part's records were written before the document, which waited for the last part.
    expect(memosBeforeDocument).toBeGreaterThan(0);
    const document = await phone.vault.readDocument(added.id);
    expect(new Uint8Array(await document!.arrayBuffer())).toEqualBytes(bytes);
  });

  it('sends the records as changes when another device began the series first', async () => {
    const server = new MemorySyncServer();
    const laptop = new SimulatedDevice('Laptop', 'member-1', server.as('session-1'));
    open.push(laptop);
    await laptop.openVault(header);
    await laptop.vault.save('memo', 'm1', undefined, { title: 'Mine' });
    laptop.online = false;
    await laptop.engine.enable().catch(() => undefined);
    // The vault was published and this device registered; the publication waits (offline), and meanwhile the series
    // begins: a change lands before it.
    const meta = await laptop.syncStore.syncMeta();
    expect(meta?.publishing).toBe(true);
    const phone = new SimulatedDevice('Phone', 'member-1', server.as('session-2'));
    open.push(phone);
    expect(await phone.join()).toBe('ok');
    await phone.vault.save('memo', 'p1', undefined, { title: 'First in the series' });
    await phone.sync();
    expect(server.latest).toBe(1);
    laptop.online = true;
    await laptop.sync();
    expect(laptop.engine.status.state).toBe('synced');
    // The phone's change stays in the series; the laptop's record came after it as a change of its own.
    expect(server.changes.length).toBe(2);
    expect(server.snapshot).toBeNull();
    expect((await laptop.syncStore.syncMeta())?.publishing).toBeUndefined();
    await phone.sync();
    expect(phone.vault.get('m1')?.value).toEqual({ title: 'Mine' });
    expect(laptop.vault.get('p1')?.value).toEqual({ title: 'First in the series' });
  });
});

describe('a device’s name', () => {
  it('replaces the coarse name an earlier version registered ("Desktop"), never one the member chose', async () => {
    const { server, devices } = await member(2);
    const [laptop, phone] = devices as [SimulatedDevice, SimulatedDevice];
    const [laptopId, phoneId] = await Promise.all(
      [laptop, phone].map(async (device) => (await device.syncStore.syncMeta())!.device),
    );
    server.devices.set(laptopId!, { ...server.devices.get(laptopId!)!, name: 'Desktop' });
    server.devices.set(phoneId!, { ...server.devices.get(phoneId!)!, name: 'Kitchen tablet' });
    await laptop.restart();
    await phone.restart();
    expect(server.devices.get(laptopId!)?.name).toBe('Device 1');
    expect(server.devices.get(phoneId!)?.name).toBe('Kitchen tablet');
  });
});
