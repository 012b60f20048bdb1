// The export screen's files with shared spaces: the member's real Vault and two spaces' keyed Vaults over a device's
// IndexedDB (fake-indexeddb), read through a shelf as the spaces service gives it. What the files hold is asserted:
// every space's entries and events, each naming its space, the member's own naming none.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { SpaceTag } from '../../../shared/spaces/colours.js';
import { newEpoch } from '../../spaces/space-keys.js';
import type { ShelfSpace, SpaceShelf } from '../../spaces/model.js';
import { newHeader, openTab } from '../../test/devices.js';
import { cryptoApi } from '../../vault/crypto-api.js';
import type { VaultHeader } from '../../vault/crypto.js';
import { CryptoPool, inProcessWorker } from '../../vault/pool.js';
import { SpaceStores } from '../../vault/space-stores.js';
import { VaultStore } from '../../vault/store.js';
import { Vault } from '../../vault/vault.js';
import { makeExport } from './export-files.js';
import { readSheet } from './formats/money/sheet.js';

const MEMBER = crypto.randomUUID();
const HOME: SpaceTag = { id: '3f'.repeat(16), name: '우리집', colour: 'coral' };
const TRIP: SpaceTag = { id: 'a0'.repeat(16), name: 'Jeju trip', colour: 'teal' };
const entry = (amount: number, memo: string) => ({
  date: '2026-11-02',
  type: 'expense',
  amount,
  currency: 'KRW',
  category: 'food',
  payment: 'card',
  memo,
});
const event = (title: string, date: string) => ({
  title,
  calendar: 'solar',
  date,
  repeat: 'none',
  time: '',
  memo: '',
});

let header: VaultHeader;
const opened: Vault[] = [];

beforeAll(async () => {
  header = await newHeader();
});
afterEach(() => {
  for (const vault of opened.splice(0)) vault.close();
});

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

async function memberWithSpaces(): Promise<{ member: Vault; shelf: SpaceShelf }> {
  const device = new IDBFactory();
  const member = await openTab(device, MEMBER, null, header);
  opened.push(member);
  await member.save('ledger', 'coffee', undefined, entry(4500, '커피'));
  await member.save('event', 'dentist', undefined, event('치과', '2026-11-03'));
  const home = await spaceVault(device, HOME.id);
  await home.save('ledger', 'groceries', undefined, entry(52000, '장보기'));
  await home.save('event', 'dinner', undefined, event('가족 저녁', '2026-11-07'));
  const trip = await spaceVault(device, TRIP.id);
  await trip.save('event', 'ferry', undefined, event('배 타기', '2027-01-10'));
  const spaces: ShelfSpace[] = [
    { tag: HOME, role: 'editor', writable: true, vault: home },
    { tag: TRIP, role: 'viewer', writable: false, vault: trip },
  ];
  return { member, shelf: { spaces: () => spaces, subscribe: () => () => undefined } };
}

const textOf = (data: BlobPart | undefined) => (typeof data === 'string' ? data : '');

describe('the export screen’s files with shared spaces', () => {
  it('ledger CSV (ko and en headers): every space’s entries, each row naming its space', async () => {
    const { member, shelf } = await memberWithSpaces();
    const ko = textOf((await makeExport(member, shelf, 'ledger-csv', 'ko', ''))?.data).split('\r\n');
    expect(ko[0]).toBe('\uFEFF날짜,시간,구분,금액,통화,분류,결제수단,메모,승인번호,공간');
    expect(ko.slice(1, -1)).toEqual([
      '2026-11-02,,지출,4500,KRW,식비,카드,커피,,',
      '2026-11-02,,지출,52000,KRW,식비,카드,장보기,,우리집',
    ]);
    const en = textOf((await makeExport(member, shelf, 'ledger-csv', 'en', ''))?.data).split('\r\n');
    expect(en[0]).toBe('\uFEFFdate,time,type,amount,currency,category,payment,memo,approval,space');
    expect(en[2]).toBe('2026-11-02,,expense,52000,KRW,food,card,장보기,,우리집');
    // Without a shelf, the member's own alone, as before.
    const alone = textOf((await makeExport(member, null, 'ledger-csv', 'en', ''))?.data);
    expect(alone).not.toContain('장보기');
  });

  it('ledger .xlsx: the space column in the member’s language', async () => {
    const { member, shelf } = await memberWithSpaces();
    for (const lang of ['ko', 'en'] as const) {
      const made = await makeExport(member, shelf, 'ledger-xlsx', lang, '');
      const sheet = await readSheet(made!.data as Uint8Array);
      expect(sheet.rows[0]?.[9], lang).toBe(lang === 'ko' ? '공간' : 'space');
      expect(sheet.rows.slice(1).map((row) => [row[7], row[9] ?? ''])).toEqual([
        ['커피', ''],
        ['장보기', '우리집'],
      ]);
    }
  });

  it('.ics: every space’s events, each naming its space as CATEGORIES', async () => {
    const { member, shelf } = await memberWithSpaces();
    const made = await makeExport(member, shelf, 'ics', 'ko', '');
    const blocks = textOf(made?.data).split('BEGIN:VEVENT').slice(1);
    const named = blocks.map((block) => [
      /SUMMARY:(.*)\r\n/.exec(block)![1],
      /CATEGORIES:(.*)\r\n/.exec(block)?.[1] ?? null,
    ]);
    expect(named).toEqual([
      ['치과', null],
      ['가족 저녁', '우리집'],
      ['배 타기', 'Jeju trip'],
    ]);
  });
});
