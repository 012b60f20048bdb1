// A member's backup with their shared spaces in it, made and restored by the app's real parts: the member's Vault
// and two spaces' keyed Vaults over a device's IndexedDB (fake-indexeddb), the vault's real cryptography run in
// process, the backup written in both containers, read back, and restored on a new device with the member's master
// password alone. What is asserted is what the member (or whoever holds the file) sees.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { SpaceTag } from '../../shared/spaces/colours.js';
import { newEpoch } from '../spaces/space-keys.js';
import type { ShelfSpace, SpaceShelf } from '../spaces/model.js';
import { newHeader, openLocked, openTab, PASSWORD } from '../test/devices.js';
import { cryptoApi } from '../vault/crypto-api.js';
import type { VaultHeader } from '../vault/crypto.js';
import { CryptoPool, inProcessWorker } from '../vault/pool.js';
import { SpaceStores } from '../vault/space-stores.js';
import { VaultStore } from '../vault/store.js';
import { Vault } from '../vault/vault.js';
import { createBackup } from './create.js';
import { decodeBackup, type BackupContents } from './format.js';
import { copiesLeftToSpaces, FROM_SPACE, restoreInto } from './restore.js';

const MEMBER = crypto.randomUUID();
const HOME: SpaceTag = { id: '3f'.repeat(16), name: '우리집', colour: 'coral' };
const TRIP: SpaceTag = { id: 'a0'.repeat(16), name: 'Jeju trip', colour: 'teal' };
const MINE = {
  date: '2026-11-01',
  type: 'expense',
  amount: 4500,
  currency: 'KRW',
  category: 'cafe',
  memo: '',
};
const GROCERIES = {
  date: '2026-11-02',
  type: 'expense',
  amount: 52000,
  currency: 'KRW',
  category: 'food',
  memo: '장보기',
};
const FERRY = { title: '배 타기', date: '2027-01-10' };

let header: VaultHeader;
const opened: Vault[] = [];

beforeAll(async () => {
  header = await newHeader();
});
afterEach(() => {
  for (const vault of opened.splice(0)) vault.close();
});

/** A space's keyed vault on the device, opened with a new epoch key (as the spaces service opens one). */
async function spaceVault(device: IDBFactory, spaceId: string): Promise<Vault> {
  const options = { indexedDB: device, IDBKeyRange };
  const stores = new SpaceStores(MEMBER, options);
  const id = await stores.note(spaceId, 1);
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
  await vault.openWithKey(newEpoch().key);
  return vault;
}

/** The shelf the spaces service would give: these spaces, as they are. */
function shelfOf(spaces: ShelfSpace[]): SpaceShelf {
  return { spaces: () => spaces, subscribe: () => () => undefined };
}

/** A member with a vault of their own and two spaces on one device: 우리집 (owner) and a trip (viewer). */
async function memberWithSpaces() {
  const device = new IDBFactory();
  const member = await openTab(device, MEMBER, null, header);
  opened.push(member);
  await member.save('ledger', 'coffee', undefined, MINE);
  await member.save('memo', 'note', undefined, { title: '일기', body: '맑음' });
  const home = await spaceVault(device, HOME.id);
  await home.save('ledger', 'groceries', undefined, GROCERIES);
  // The space's own settings (its name, colour and the members' names) are the space's: not copied.
  await home.save('settings', 'settings', undefined, { names: { [MEMBER]: '엄마' } });
  const trip = await spaceVault(device, TRIP.id);
  await trip.save('event', 'ferry', undefined, FERRY);
  const shelf = shelfOf([
    { tag: HOME, role: 'owner', writable: true, vault: home },
    { tag: TRIP, role: 'viewer', writable: false, vault: trip },
  ]);
  return { device, member, home, trip, shelf };
}

async function decoded(blob: Blob): Promise<BackupContents> {
  const read = await decodeBackup(blob);
  if (!read.ok) throw new Error(read.problem);
  return read.contents;
}

/** A new device: the member's vault not there yet, restored from `contents` with the master password alone. */
async function restoredOnNewDevice(contents: BackupContents, stillIn?: ReadonlySet<string>) {
  const fresh = await openLocked(new IDBFactory(), MEMBER);
  opened.push(fresh);
  expect(fresh.state).toBe('new');
  const result = await restoreInto(fresh, contents, {
    mode: 'replace',
    password: PASSWORD,
    ...(stillIn ? { stillIn } : {}),
  });
  expect(result).toBe('ok');
  return fresh;
}

const values = (vault: Vault) =>
  Object.fromEntries(
    vault
      .all()
      .filter((entry) => entry.kind !== 'settings')
      .map((entry) => [entry.id, entry.value]),
  );

describe('a backup of a member with shared spaces', () => {
  for (const kind of ['json', 'zip'] as const) {
    it(`${kind}: carries each space's records as the member's copy, read back with the master password alone`, async () => {
      const { member, shelf } = await memberWithSpaces();
      const blob = await createBackup(member, kind, shelf);

      // Whoever holds the file reads no name of a space, nor anything of a record.
      const bytes = new Uint8Array(await blob.arrayBuffer());
      for (const secret of ['우리집', 'Jeju', '장보기', '배 타기', '엄마']) {
        expect(Buffer.from(bytes).includes(Buffer.from(secret)), secret).toBe(false);
      }
      const contents = await decoded(blob);
      expect(contents.spaces?.map((space) => space.id)).toEqual([HOME.id, TRIP.id]);
      const tags = Object.fromEntries(contents.records.map((record) => [record.id, record.space ?? null]));
      expect(tags).toEqual({ coffee: null, note: null, groceries: HOME.id, ferry: TRIP.id });

      // A new device, the member's master password: the spaces' records come back as their own, "from" the space.
      const fresh = await restoredOnNewDevice(contents);
      expect(values(fresh)).toEqual({
        coffee: MINE,
        note: { title: '일기', body: '맑음' },
        groceries: { ...GROCERIES, [FROM_SPACE]: '우리집' },
        ferry: { ...FERRY, [FROM_SPACE]: 'Jeju trip' },
      });
      expect(fresh.damaged).toEqual([]);
      expect(copiesLeftToSpaces(contents, undefined)).toBe(0);
    });
  }

  it('leaves the copies of a space the member is still in to the space, and counts them', async () => {
    const { member, home, shelf } = await memberWithSpaces();
    await home.save('ledger', 'rent', undefined, { ...GROCERIES, amount: 700000, memo: '월세' });
    const contents = await decoded(await createBackup(member, 'zip', shelf));
    const stillIn = new Set([HOME.id]);
    expect(copiesLeftToSpaces(contents, stillIn)).toBe(2);

    const fresh = await restoredOnNewDevice(contents, stillIn);
    // 우리집's two entries are not written (the space brings them back); the trip the member left comes back.
    expect(Object.keys(values(fresh)).sort()).toEqual(['coffee', 'ferry', 'note']);
    expect(fresh.get('ferry')?.value).toEqual({ ...FERRY, [FROM_SPACE]: 'Jeju trip' });

    // Into the member's own open vault, merged: the same rule, and their own records as they were.
    await member.save('memo', 'note', { title: '일기', body: '맑음' }, { title: '일기', body: '흐림' });
    expect(await restoreInto(member, contents, { mode: 'merge', stillIn })).toBe('ok');
    expect(member.get('groceries')).toBeUndefined();
    expect(member.get('rent')).toBeUndefined();
    expect(member.get('ferry')?.value).toEqual({ ...FERRY, [FROM_SPACE]: 'Jeju trip' });
    expect(member.get('note')?.value).toEqual({ title: '일기', body: '흐림' });
  });

  it('without a shelf is the member’s vault alone, as before shared spaces', async () => {
    const { member } = await memberWithSpaces();
    const contents = await decoded(await createBackup(member, 'json'));
    expect(contents.spaces).toEqual([]);
    expect(contents.records.map((record) => [record.id, record.space]).sort()).toEqual([
      ['coffee', undefined],
      ['note', undefined],
    ]);
    const { records } = await member.sealedContents();
    expect(contents.records).toEqual(expect.arrayContaining(records));
  });

  it('names each record once, the member’s own first, and leaves out a space whose vault is closed', async () => {
    const { device, member, home, shelf } = await memberWithSpaces();
    // Ids are random: the same id in two places is one record met twice (a move caught half way).
    await home.save('ledger', 'coffee', undefined, { ...MINE, memo: 'the space’s' });
    const locked = await spaceVault(device, 'c4'.repeat(16));
    await locked.save('memo', 'locked-note', undefined, { title: 'closed' });
    await locked.lock();
    const spaces = [
      ...shelf.spaces(),
      {
        tag: { id: 'c4'.repeat(16), name: '회사', colour: 'sky' },
        role: 'editor',
        writable: true,
        vault: locked,
      },
    ] satisfies ShelfSpace[];
    const contents = await decoded(await createBackup(member, 'json', shelfOf(spaces)));
    expect(contents.spaces?.map((space) => space.id)).toEqual([HOME.id, TRIP.id]);
    expect(contents.records.map((record) => record.id).sort()).toEqual([
      'coffee',
      'ferry',
      'groceries',
      'note',
    ]);
    const fresh = await restoredOnNewDevice(contents);
    expect(fresh.get('coffee')?.value).toEqual(MINE);
  });
});
