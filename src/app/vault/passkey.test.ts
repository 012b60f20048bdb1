// Unlocking with a passkey, as the vault keeps it on a device (docs/security.md, "Unlocking with a passkey"): the
// app's real Vault over IndexedDB, the PRF output a check of the passkey would give standing in for the check
// (the browser journeys drive Chromium's virtual authenticator: e2e/passkey-unlock.test.ts).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { newHeader, openLocked, openTab, PASSWORD, SimulatedDevice } from '../test/devices.js';
import { MemorySyncServer } from '../test/memory-sync-server.js';
import type { VaultHeader } from './crypto.js';
import { vaultDatabaseName, VaultDatabase } from './db.js';
import { PASSKEY_FAILURE_LIMIT, PASSKEY_MASTER_EVERY_MS, type Vault } from './vault.js';

const bytes = (fill: number, length = 32) => new Uint8Array(length).fill(fill) as Uint8Array<ArrayBuffer>;
/** What the member's authenticator answers for this passkey's PRF input. */
const PRF = bytes(7);
const PRF_SALT = bytes(9);
const CREDENTIAL = { credentialId: 'credential-of-this-phone', passkeyId: 'passkey-1' };

let header: VaultHeader;
const opened: Vault[] = [];

beforeAll(async () => {
  header = await newHeader();
});
afterEach(() => {
  vi.useRealTimers();
  for (const vault of opened.splice(0)) vault.close();
});

async function device(indexedDB = new IDBFactory()) {
  const vault = await openTab(indexedDB, 'member', null, header);
  opened.push(vault);
  return { vault, indexedDB };
}

/** The same device later: the app opened again over the same storage, locked. */
async function reopened(indexedDB: IDBFactory): Promise<Vault> {
  const vault = await openLocked(indexedDB, 'member');
  opened.push(vault);
  return vault;
}

describe('a passkey enrolled on a device', () => {
  it('needs the master password to enrol, then opens the vault alone and says it did', async () => {
    const { vault, indexedDB } = await device();
    await vault.save('memo', 'm1', undefined, { title: '일기' });
    expect(await vault.enrolPasskey('not the master password', CREDENTIAL, PRF_SALT, PRF)).toBe(
      'wrong-password',
    );
    expect(vault.passkey).toBeNull();
    expect(await vault.enrolPasskey(PASSWORD, CREDENTIAL, PRF_SALT, PRF)).toBe('ok');
    expect(vault.passkey).toMatchObject({ ...CREDENTIAL, prfSalt: PRF_SALT });

    const later = await reopened(indexedDB);
    expect(later.passkey?.credentialId).toBe(CREDENTIAL.credentialId);
    expect(later.masterPasswordDue()).toBeNull();
    expect(await later.unlockWithPasskey(PRF)).toBe('ok');
    expect(later.state).toBe('unlocked');
    expect(later.unlockedWith).toBe('passkey');
    expect(later.get<{ title: string }>('m1')?.value.title).toBe('일기');
  });

  it('keeps nothing that opens the vault without the authenticator: a copy of the storage is refused', async () => {
    const { vault, indexedDB } = await device();
    await vault.enrolPasskey(PASSWORD, CREDENTIAL, PRF_SALT, PRF);
    // Everything the device stores, read as an attacker with a copy would: no PRF output, no raw key.
    const database = new VaultDatabase(vaultDatabaseName('member'), { indexedDB, IDBKeyRange });
    const rows = await database.unlock.toArray();
    database.close();
    const stored = JSON.stringify(rows, (_, value: unknown) =>
      value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value,
    );
    expect(stored).not.toContain(Buffer.from(PRF).toString('hex'));
    const copy = await reopened(indexedDB);
    for (let guess = 0; guess < 3; guess++)
      expect(await copy.unlockWithPasskey(bytes(guess))).toBe('refused');
    expect(copy.state).toBe('locked');
  });

  it('asks for the master password after 5 failed checks, and again counts from zero once it is given', async () => {
    const { vault, indexedDB } = await device();
    await vault.enrolPasskey(PASSWORD, CREDENTIAL, PRF_SALT, PRF);
    const later = await reopened(indexedDB);
    for (let failure = 1; failure < PASSKEY_FAILURE_LIMIT; failure++) await later.passkeyFailed();
    expect(later.masterPasswordDue()).toBeNull();
    expect(await later.unlockWithPasskey(bytes(1))).toBe('refused');
    expect(later.masterPasswordDue()).toBe('failures');
    expect(await later.unlockWithPasskey(PRF)).toBe('master-due');
    // The count is kept on the device: the app opened again still asks.
    expect((await reopened(indexedDB)).masterPasswordDue()).toBe('failures');
    expect(await later.unlock(PASSWORD)).toBe('ok');
    await later.lock();
    expect(later.masterPasswordDue()).toBeNull();
    expect(await later.unlockWithPasskey(PRF)).toBe('ok');
  });

  it('asks for the master password once 14 days have passed without it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 10, 27, 9));
    const { vault, indexedDB } = await device();
    await vault.enrolPasskey(PASSWORD, CREDENTIAL, PRF_SALT, PRF);
    const later = await reopened(indexedDB);
    vi.setSystemTime(Date.UTC(2026, 10, 27, 9) + PASSKEY_MASTER_EVERY_MS - 60_000);
    expect(await later.unlockWithPasskey(PRF)).toBe('ok');
    await later.lock();
    // Passkey unlocks do not move the 14 days on: only the master password does.
    vi.setSystemTime(Date.UTC(2026, 10, 27, 9) + PASSKEY_MASTER_EVERY_MS);
    expect(later.masterPasswordDue()).toBe('days');
    expect(await later.unlockWithPasskey(PRF)).toBe('master-due');
    expect(await later.unlock(PASSWORD)).toBe('ok');
    await later.lock();
    expect(await later.unlockWithPasskey(PRF)).toBe('ok');
  });

  it('ends with a new master password: here at once, and on a device that takes the new header', async () => {
    const shared = await device();
    await shared.vault.enrolPasskey(PASSWORD, CREDENTIAL, PRF_SALT, PRF);
    const other = await device();
    await other.vault.enrolPasskey(
      PASSWORD,
      { credentialId: 'credential-of-the-laptop', passkeyId: 'passkey-2' },
      PRF_SALT,
      bytes(8),
    );
    expect(await shared.vault.changeMasterPassword(PASSWORD, 'a new master password')).toBe(true);
    expect(shared.vault.passkey).toBeNull();
    // The other device hears of the new header through sync: its wrap was made under the old one.
    await other.vault.adoptHeader(shared.vault.header!);
    expect(other.vault.passkey).toBeNull();
    await other.vault.lock();
    expect(await other.vault.unlockWithPasskey(bytes(8))).toBe('none');
  });

  it('is never in what a backup carries', async () => {
    const { vault } = await device();
    await vault.save('memo', 'm1', undefined, { title: '일기' });
    await vault.enrolPasskey(PASSWORD, CREDENTIAL, PRF_SALT, PRF);
    const contents = await vault.sealedContents();
    expect(contents.records.map((record) => record.kind)).toEqual(['memo']);
    expect(Object.keys(contents.header).sort()).toEqual([
      'iterations',
      'kdf',
      'salt',
      'v',
      'wrapIv',
      'wrappedKey',
    ]);
  });

  it('is never in what sync sends: another device of the member gets the records, not the wrap', async () => {
    const server = new MemorySyncServer();
    const phone = new SimulatedDevice('Phone', 'member-sync', server.as('session-1'));
    const laptop = new SimulatedDevice('Laptop', 'member-sync', server.as('session-2'));
    try {
      await phone.openVault(header);
      await phone.engine.enable();
      await phone.engine.settled();
      await phone.vault.enrolPasskey(PASSWORD, CREDENTIAL, PRF_SALT, PRF);
      await phone.vault.save('memo', 'm1', undefined, { title: '일기' });
      await phone.sync();
      expect(await laptop.join()).toBe('ok');
      expect(laptop.vault.get<{ title: string }>('m1')?.value.title).toBe('일기');
      expect(laptop.vault.passkey).toBeNull();
      // Nor inside a record (records travel sealed, so the server's copy alone would not show it).
      expect(JSON.stringify(laptop.vault.all())).not.toContain(CREDENTIAL.credentialId);
      // Everything the server keeps, as text: the phone's wrap is not in it, in any encoding.
      const wrap = (await phone.vault.database.unlock.get('passkey')) as
        { wrappedKey: Uint8Array } | undefined;
      const kept = JSON.stringify(
        { changes: server.changes, snapshot: server.snapshot, chunks: [...server.chunks.values()] },
        (_, value: unknown) => (value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value),
      );
      const wrapped = Buffer.from(wrap!.wrappedKey);
      for (const encoded of [
        wrapped.toString('hex'),
        wrapped.toString('base64'),
        wrapped.toString('base64url'),
      ]) {
        expect(kept).not.toContain(encoded);
      }
    } finally {
      phone.close();
      laptop.close();
    }
  });

  it('forgets the passkey when told (removed on another device) and when the vault is erased', async () => {
    const { vault, indexedDB } = await device();
    await vault.enrolPasskey(PASSWORD, CREDENTIAL, PRF_SALT, PRF);
    await vault.forgetPasskey();
    expect((await reopened(indexedDB)).passkey).toBeNull();
    await vault.enrolPasskey(PASSWORD, CREDENTIAL, PRF_SALT, PRF);
    await vault.destroy();
    expect(vault.passkey).toBeNull();
  });
});
