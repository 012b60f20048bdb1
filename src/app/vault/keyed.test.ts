// A shared space's records on a device: the app's real Vault in its keyed mode, over a store of its own per space
// epoch (fake-indexeddb, one factory per device), opened with the space's epoch key, beside the member's own vault on
// the same device. What a caller sees is asserted: records read back, records that do not open, the databases there.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { newHeader, openTab, PASSWORD } from '../test/devices.js';
import { newEpoch } from '../spaces/space-keys.js';
import { cryptoApi } from './crypto-api.js';
import { importDataKey, VaultCipher, type VaultHeader } from './crypto.js';
import { vaultDatabaseName } from './db.js';
import { CryptoPool, inProcessWorker } from './pool.js';
import { SpaceStores, spaceStoreId } from './space-stores.js';
import { VaultStore } from './store.js';
import { Vault } from './vault.js';

interface Memo {
  title: string;
}

const MEMBER = crypto.randomUUID();
let header: VaultHeader;
const opened: Vault[] = [];

beforeAll(async () => {
  header = await newHeader();
});
afterEach(() => {
  for (const vault of opened.splice(0)) vault.close();
});

/** A space epoch's keyed vault on the device `indexedDB`, as spacePlatform makes it (its store noted first). */
async function spaceVault(indexedDB: IDBFactory, spaceId: string, epoch: number): Promise<Vault> {
  const options = { indexedDB, IDBKeyRange };
  const stores = new SpaceStores(MEMBER, options);
  const id = await stores.note(spaceId, epoch);
  stores.close();
  const vault = new Vault(id, {
    openStore: () => new VaultStore(id, options),
    pool: new CryptoPool(1, () => inProcessWorker(cryptoApi())),
    news: null,
    keepVerifier: null,
    hasVerifier: () => true,
    keyed: true,
  });
  opened.push(vault);
  return vault;
}

async function memberVault(indexedDB: IDBFactory): Promise<Vault> {
  const vault = await openTab(indexedDB, MEMBER, null, header);
  opened.push(vault);
  return vault;
}

const titles = (vault: Vault) => vault.list<Memo>('memo').map((entry) => `${entry.id}:${entry.value.title}`);

describe('a keyed vault (a shared space’s store)', () => {
  it('seals its records under the space’s key: the same key opens them, another opens none', async () => {
    const device = new IDBFactory();
    const member = await memberVault(device);
    await member.save('memo', 'm1', undefined, { title: 'Mine' });
    const { key } = newEpoch();
    const space = await spaceVault(device, 'home', 1);
    await space.openWithKey(key);
    expect(space.state).toBe('unlocked');
    await space.save('memo', 's1', undefined, { title: 'Groceries' });
    await space.save('memo', 's2', undefined, { title: 'Rent' });

    // Another tab of the space over the same database, with the same key, reads them.
    const again = await spaceVault(device, 'home', 1);
    await again.openWithKey(key);
    expect(titles(again)).toEqual(['s1:Groceries', 's2:Rent']);
    expect(again.damaged).toEqual([]);

    // As stored, a record opens under the space's key, not the member's.
    const sealed = (await space.storedSealed(['s1'])).get('s1')!;
    const cipher = new VaultCipher();
    cipher.adopt(await importDataKey(key));
    expect(await cipher.open({ id: 's1', kind: 'memo', sealed })).toEqual({
      ok: true,
      value: { title: 'Groceries' },
    });
    expect(await member.open([{ id: 's1', kind: 'memo', sealed }])).toEqual([
      { ok: false, reason: 'tampered' },
    ]);

    // Another key opens nothing: the records show as damaged, and are left as they were.
    const wrong = await spaceVault(device, 'home', 1);
    await wrong.openWithKey(newEpoch().key);
    expect(wrong.list('memo')).toEqual([]);
    expect([...wrong.damaged].sort()).toEqual(['s1', 's2']);
    await wrong.settled();
    const after = await spaceVault(device, 'home', 1);
    await after.openWithKey(key);
    expect(titles(after)).toEqual(['s1:Groceries', 's2:Rent']);

    // The member's own vault on the device is as it was: its record, none of the space's, its header.
    expect(titles(member)).toEqual(['m1:Mine']);
    expect(member.header).toEqual(header);
    const memberAgain = await openTab(device, MEMBER, null);
    opened.push(memberAgain);
    expect(titles(memberAgain)).toEqual(['m1:Mine']);
    expect(memberAgain.damaged).toEqual([]);
  });

  it('locks, and opens again with its key (also after a close)', async () => {
    const device = new IDBFactory();
    const { key } = newEpoch();
    const space = await spaceVault(device, 'home', 1);
    expect(await space.load()).toBe('locked');
    await space.openWithKey(key);
    await space.save('memo', 's1', undefined, { title: 'Groceries' });
    await space.lock();
    expect(space.state).toBe('locked');
    expect(space.dataKey).toBeNull();
    expect(space.list('memo')).toEqual([]);
    await space.openWithKey(key);
    expect(titles(space)).toEqual(['s1:Groceries']);
    expect(space.unlockedWith).toBeNull();
    space.close();
    expect(await space.load()).toBe('locked');
    await space.openWithKey(key);
    expect(titles(space)).toEqual(['s1:Groceries']);
  });

  it('refuses what only a vault with a master password does, and writes nothing for it', async () => {
    const device = new IDBFactory();
    const space = await spaceVault(device, 'home', 1);
    await space.openWithKey(newEpoch().key);
    await space.save('memo', 's1', undefined, { title: 'Groceries' });
    const prf = new Uint8Array(32);
    const refusals: Array<[string, () => Promise<unknown>]> = [
      ['create', () => space.create(PASSWORD)],
      ['unlock', () => space.unlock(PASSWORD)],
      ['joinSynced', () => space.joinSynced(header, PASSWORD)],
      ['adoptHeader', () => space.adoptHeader(header)],
      ['checkMasterPassword', () => space.checkMasterPassword(PASSWORD)],
      ['changeMasterPassword', () => space.changeMasterPassword(PASSWORD, 'another one')],
      ['enrolPasskey', () => space.enrolPasskey(PASSWORD, { credentialId: 'c', passkeyId: 'p' }, prf, prf)],
      ['unlockWithPasskey', () => space.unlockWithPasskey(prf)],
      ['passkeyFailed', () => space.passkeyFailed()],
      ['forgetPasskey', () => space.forgetPasskey()],
      ['masterPasswordDue', async () => space.masterPasswordDue()],
      ['restoreWith', () => space.restoreWith(PASSWORD, () => Promise.resolve('tampered'))],
      ['sealedContents', () => space.sealedContents()],
    ];
    for (const [name, call] of refusals) {
      await expect(call(), name).rejects.toThrow(/a keyed vault \(a shared space's\) has no/);
    }
    expect(space.state).toBe('unlocked');
    expect(titles(space)).toEqual(['s1:Groceries']);
    expect(await new VaultStore(space.memberId, { indexedDB: device, IDBKeyRange }).header()).toBeUndefined();

    // A key of the wrong size, and a key given to the member's vault, are refused too.
    const other = await spaceVault(device, 'home', 2);
    await expect(other.openWithKey(new Uint8Array(16))).rejects.toThrow(/32 bytes/);
    expect(other.state).toBe('locked');
    const member = await memberVault(device);
    await expect(member.openWithKey(newEpoch().key)).rejects.toThrow(/not opened with a key/);
    expect(member.state).toBe('unlocked');
  });
});

describe('the space stores of a member on a device', () => {
  /** The IndexedDB databases the device holds. */
  const databases = async (device: IDBFactory) => (await device.databases()).map(({ name }) => name).sort();

  it('are one database per space and epoch, none of them the member’s, listed and dropped', async () => {
    const device = new IDBFactory();
    const member = await memberVault(device);
    await member.save('memo', 'm1', undefined, { title: 'Mine' });
    const keys = new Map<string, Uint8Array<ArrayBuffer>>();
    for (const [spaceId, epoch] of [
      ['home', 1],
      ['home', 2],
      ['work', 1],
      ['work', 2],
    ] as const) {
      const key = newEpoch().key;
      keys.set(`${spaceId}/${epoch}`, key);
      const space = await spaceVault(device, spaceId, epoch);
      await space.openWithKey(key);
      await space.save('memo', 's1', undefined, { title: `${spaceId} ${epoch}` });
    }
    const names = [1, 2].flatMap((epoch) =>
      ['home', 'work'].map((spaceId) => vaultDatabaseName(spaceStoreId(MEMBER, spaceId, epoch))),
    );
    expect(new Set(names).size).toBe(4);
    expect(await databases(device)).toEqual(
      [vaultDatabaseName(MEMBER), ...names, `mygenie-space-stores-${MEMBER}`].sort(),
    );

    const stores = new SpaceStores(MEMBER, { indexedDB: device, IDBKeyRange });
    const listed = [
      { id: spaceStoreId(MEMBER, 'home', 1), spaceId: 'home', epoch: 1 },
      { id: spaceStoreId(MEMBER, 'home', 2), spaceId: 'home', epoch: 2 },
      { id: spaceStoreId(MEMBER, 'work', 1), spaceId: 'work', epoch: 1 },
      { id: spaceStoreId(MEMBER, 'work', 2), spaceId: 'work', epoch: 2 },
    ];
    expect(await stores.list()).toEqual(listed);
    // A browser without indexedDB.databases() (Firefox before 126) lists them from the ids noted.
    const older = {
      open: device.open.bind(device),
      deleteDatabase: device.deleteDatabase.bind(device),
      cmp: device.cmp.bind(device),
    };
    const olderStores = new SpaceStores(MEMBER, { indexedDB: older, IDBKeyRange });
    expect(await olderStores.list()).toEqual(listed);
    olderStores.close();
    // Another member's stores on the same device are theirs.
    expect(await new SpaceStores(crypto.randomUUID(), { indexedDB: device, IDBKeyRange }).list()).toEqual([]);

    // An old epoch's store dropped (its vault closed first): the others keep their records.
    for (const vault of opened.splice(1)) vault.close();
    await stores.drop('home', 1);
    expect(await stores.list()).toEqual(listed.slice(1));
    expect(await databases(device)).not.toContain(names[0]);
    const kept = await spaceVault(device, 'work', 2);
    await kept.openWithKey(keys.get('work/2')!);
    expect(titles(kept)).toEqual(['s1:work 2']);
    kept.close();

    // A logout: every space store goes, with the list of them; the member's vault stays.
    await stores.dropAll();
    expect(await stores.list()).toEqual([]);
    expect(await databases(device)).toEqual([vaultDatabaseName(MEMBER)]);
    expect(titles(member)).toEqual(['m1:Mine']);
  });

  it('are named so that no member id, space id or epoch can run into another', () => {
    expect(spaceStoreId('a', 'b', 1)).toBe('a~space~b~1');
    for (const [memberId, spaceId, epoch] of [
      ['a~space~b', 'c', 1],
      ['a', 'b~2', 1],
      ['', 'b', 1],
      ['a', '', 1],
      ['a', 'b', 0],
      ['a', 'b', 1.5],
    ] as const) {
      expect(() => spaceStoreId(memberId, spaceId, epoch)).toThrow(/space store is named/);
    }
  });
});
