// Restoring a backup with the vault's platform injected: the real vault cryptography, run in-process instead of
// in the worker pool, and a store that records what one restore transaction would write (or fails as a full disk
// does). What counts is what is written, and that nothing is written when anything is wrong.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { bytesToBase64 } from '../../shared/base64.js';
import {
  chunkDigest,
  MIN_ITERATIONS,
  openChunk,
  randomBytes,
  sealChunk,
  VaultCipher,
  type SealedRecord,
} from '../vault/crypto.js';
import { StorageFullError, type StoredChunk, type StoredRecord } from '../vault/db.js';
import type { DocumentMeta, Restored, VaultState } from '../vault/vault.js';
import { runChunkJob } from './chunk-job.js';
import {
  BACKUP_VERSION,
  backupListing,
  decodeBackup,
  encodeBackup,
  heldChunk,
  sealSpaceTag,
  type BackupContents,
  type BackupRecord,
} from './format.js';
import { copiesLeftToSpaces, FROM_SPACE, restoreBackup, type RestorePlatform } from './restore.js';
import type { SpaceTag } from '../../shared/spaces/colours.js';

const PASSWORD = 'backup master password';

/** The worker pool's work, done in this process with one cipher (as a worker does with its copy of the key). */
function inProcess(cipher: VaultCipher): RestorePlatform['crypto'] {
  return {
    adopt: async (key) => cipher.adopt(key),
    backupMac: (listing) => cipher.backupMac(listing),
    chunkDigest: (chunk) => chunkDigest(chunk),
    openMany: (records) => cipher.openMany(records),
    seal: (kind, id, value) => cipher.seal(kind, id, value),
    sealChunk: async (salt, documentId, index, count, bytes) =>
      sealChunk(await cipher.documentKey(salt), documentId, index, count, bytes),
    checkChunk: async (salt, documentId, index, count, chunk) =>
      (await openChunk(await cipher.documentKey(salt), documentId, index, count, chunk)) !== null,
  };
}

type Commit = Parameters<RestorePlatform['store']['restore']>[0];
type Written = Commit & { chunks: StoredChunk[] };

/**
 * A store as IndexedDB holds it for a restore: the device's chunk table (`table`, with `held` chunks to begin with),
 * the staging table (`staged`), and what each committing transaction wrote (`writes`: the records, and the
 * restored chunks, moved from staging or written straight in). It fails as a full disk does when writing chunks
 * or when committing.
 */
function memoryStore(options: { full?: 'chunks' | 'commit'; held?: StoredChunk[] } = {}) {
  const key = (chunk: StoredChunk) => `${chunk.documentId}/${chunk.index}`;
  const table = new Map((options.held ?? []).map((chunk) => [key(chunk), chunk]));
  const staged: StoredChunk[] = [];
  const writes: Written[] = [];
  const direct: StoredChunk[] = [];
  return {
    writes,
    staged,
    table,
    store: {
      async documentsWithChunks() {
        return new Set([...table.values()].map((chunk) => chunk.documentId));
      },
      async writeRestoredChunks(chunks: { staged: StoredChunk[]; direct: StoredChunk[] }) {
        if (options.full === 'chunks') throw new StorageFullError();
        staged.push(...chunks.staged);
        for (const chunk of chunks.direct) table.set(key(chunk), chunk);
        direct.push(...chunks.direct);
      },
      async dropRestored(ids: Iterable<string>) {
        staged.length = 0;
        const gone = new Set(ids);
        for (const [at, chunk] of table) if (gone.has(chunk.documentId)) table.delete(at);
      },
      async restore(write: Commit) {
        if (options.full === 'commit') throw new StorageFullError();
        if (write.staged !== staged.length) throw new Error('the staged chunks changed');
        if (write.replace) {
          for (const [at, chunk] of table) if (!write.direct.includes(chunk.documentId)) table.delete(at);
        }
        for (const chunk of staged) table.set(key(chunk), chunk);
        writes.push({ ...write, chunks: [...direct.splice(0), ...staged.splice(0)] });
        return new Map(write.records.map((record) => [record.id, record.updatedAt]));
      },
    },
  };
}

const held = (chunks: StoredChunk[]) => chunks.map(heldChunk);

/** A backup as a device makes it: sealed records, a two-chunk document, and the MAC over them. */
async function makeBackup() {
  const cipher = new VaultCipher();
  const header = await cipher.create(PASSWORD, MIN_ITERATIONS);
  const at = Date.UTC(2026, 10, 1);
  const seal = async (kind: string, id: string, value: unknown, updatedAt = at): Promise<StoredRecord> => ({
    ...(await cipher.seal(kind, id, value)),
    updatedAt,
  });
  const salt = randomBytes(16);
  const parts = [new TextEncoder().encode('first half '), new TextEncoder().encode('second half')];
  const meta: DocumentMeta = {
    name: 'lease.pdf',
    type: 'application/pdf',
    size: parts[0]!.length + parts[1]!.length,
    chunkCount: 2,
    salt: bytesToBase64(salt),
    addedAt: at,
  };
  const records = [
    await seal('memo', 'memo-1', { title: '일기', body: '오늘은 맑음' }),
    await seal('event', 'event-1', { title: 'Seollal', date: '2027-02-07' }),
    await seal('document', 'doc-1', meta),
    await seal('settings', 'settings', { nickname: 'Jane', detailPassword: 'hash-of-1234' }),
  ];
  const key = await cipher.documentKey(salt);
  const chunks: StoredChunk[] = await Promise.all(
    parts.map(async (bytes, index) => ({
      documentId: 'doc-1',
      index,
      ...(await sealChunk(key, 'doc-1', index, 2, bytes)),
    })),
  );
  const mac = await cipher.backupMac(await backupListing(records, held(chunks), chunkDigest));
  const contents: BackupContents = {
    createdAt: new Date(at).toISOString(),
    header,
    records,
    chunks: held(chunks),
    mac,
  };
  return { cipher, contents, parts, chunks };
}

/** The same backup with its MAC made again over the changed contents (someone who has the key did it). */
async function remac(cipher: VaultCipher, contents: BackupContents): Promise<BackupContents> {
  const mac = await cipher.backupMac(await backupListing(contents.records, contents.chunks, chunkDigest));
  return { ...contents, mac };
}

const newDevice = { state: 'new' as VaultState, updatedAt: () => undefined };

function restored(outcome: Awaited<ReturnType<typeof restoreBackup>>): Restored {
  if (typeof outcome === 'string') throw new Error(`restore refused: ${outcome}`);
  return outcome;
}

/**
 * Restores `backup` on a new device with its password (on the platform `on` makes, the page's by default): refused as
 * tampered, nothing written and nothing left.
 */
async function expectTampered(
  backup: BackupContents,
  what = '',
  on: (store: RestorePlatform['store']) => RestorePlatform = (store) => ({
    crypto: inProcess(new VaultCipher()),
    store,
  }),
): Promise<void> {
  const { store, writes, staged, table } = memoryStore();
  const outcome = await restoreBackup(on(store), newDevice, backup, {
    mode: 'replace',
    password: PASSWORD,
  });
  expect(outcome, what).toBe('tampered');
  expect(writes, what).toEqual([]);
  expect(staged, what).toEqual([]);
  expect(table.size, what).toBe(0);
}

describe('restoring a backup', () => {
  it('restores onto a device with no vault with the backup’s password: every record and chunk, its header and key', async () => {
    const { contents } = await makeBackup();
    const device = new VaultCipher();
    const { store, writes } = memoryStore();
    const progress: number[] = [];
    const outcome = restored(
      await restoreBackup({ crypto: inProcess(device), store }, newDevice, contents, {
        mode: 'merge',
        password: PASSWORD,
        onProgress: (fraction) => progress.push(fraction),
      }),
    );
    expect(outcome.replace).toBe(true);
    expect(outcome.header).toEqual(contents.header);
    expect(outcome.values.get('memo-1')).toEqual({ title: '일기', body: '오늘은 맑음' });
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ replace: true, header: contents.header });
    expect(writes[0]!.records.map((record) => record.id)).toEqual(
      contents.records.map((record) => record.id),
    );
    expect(writes[0]!.chunks).toHaveLength(2);
    // The device now holds the backup's key: it opens what was written.
    const [memo] = await device.openMany([writes[0]!.records[0]! as SealedRecord]);
    expect(memo).toEqual({ ok: true, value: { title: '일기', body: '오늘은 맑음' } });
    expect(progress.at(-1)).toBe(1);
    expect(outcome.timings.length).toBeGreaterThan(3);
  });

  it('asks for the password when the vault is new, locked, or unlocked with another key', async () => {
    const { contents } = await makeBackup();
    const other = new VaultCipher();
    await other.create('another password', MIN_ITERATIONS);
    for (const [vault, crypto] of [
      [newDevice, inProcess(new VaultCipher())],
      [{ state: 'locked' as VaultState, updatedAt: () => undefined }, inProcess(new VaultCipher())],
      [{ state: 'unlocked' as VaultState, updatedAt: () => undefined }, inProcess(other)],
    ] as const) {
      const { store, writes } = memoryStore();
      expect(await restoreBackup({ crypto, store }, vault, contents, { mode: 'merge' })).toBe(
        'needs-password',
      );
      expect(writes).toEqual([]);
    }
  });

  it('refuses a wrong password and writes nothing', async () => {
    const { contents } = await makeBackup();
    const { store, writes } = memoryStore();
    const outcome = await restoreBackup(
      { crypto: inProcess(new VaultCipher()), store },
      newDevice,
      contents,
      {
        mode: 'replace',
        password: 'not the password',
      },
    );
    expect(outcome).toBe('wrong-password');
    expect(writes).toEqual([]);
  });

  it('refuses a backup changed after it was made, in any way, and writes nothing', async () => {
    const { cipher, contents, chunks } = await makeBackup();
    const flipped = (bytes: Uint8Array<ArrayBuffer>) => {
      const copy = new Uint8Array(bytes);
      copy[copy.length - 1]! ^= 1;
      return copy;
    };
    const [first, second] = chunks as [StoredChunk, StoredChunk];
    const changed: Array<[string, BackupContents]> = [
      [
        'a record',
        {
          ...contents,
          records: [
            { ...contents.records[0]!, sealed: flipped(contents.records[0]!.sealed) },
            ...contents.records.slice(1),
          ],
        },
      ],
      ['a chunk', { ...contents, chunks: held([{ ...first, data: flipped(first.data) }, second]) }],
      ['a dropped chunk', { ...contents, chunks: held([first]) }],
      ['an added chunk', { ...contents, chunks: held([first, second, { ...second, index: 2 }]) }],
      [
        'swapped chunks',
        {
          ...contents,
          chunks: held([
            { ...first, index: 1 },
            { ...second, index: 0 },
          ]),
        },
      ],
      ['a dropped record', { ...contents, records: contents.records.slice(1) }],
      ['the MAC', { ...contents, mac: flipped(contents.mac) }],
    ];
    for (const [what, backup] of changed) await expectTampered(backup, what);
    // Even with the MAC made again over them (by someone with the key), chunks that do not belong are refused.
    const beyond = await remac(cipher, {
      ...contents,
      chunks: held([first, second, { ...second, index: 5 }]),
    });
    const elsewhere = await remac(cipher, {
      ...contents,
      chunks: held([first, { ...second, documentId: 'memo-1' }]),
    });
    for (const backup of [beyond, elsewhere]) await expectTampered(backup);
  });

  it('merges into the same vault keeping whichever copy of a record changed last', async () => {
    const { cipher, contents } = await makeBackup();
    const { store, writes } = memoryStore();
    const later = Date.UTC(2026, 11, 1);
    const vault = {
      state: 'unlocked' as VaultState,
      updatedAt: (id: string) => (id === 'memo-1' ? later : id === 'event-1' ? 0 : undefined),
    };
    const outcome = restored(
      await restoreBackup({ crypto: inProcess(cipher), store }, vault, contents, { mode: 'merge' }),
    );
    expect(outcome.replace).toBe(false);
    expect(outcome.header).toBeUndefined();
    const ids = writes[0]!.records.map((record) => record.id);
    expect(ids).not.toContain('memo-1');
    expect(ids).toEqual(expect.arrayContaining(['event-1', 'doc-1', 'settings']));
    expect(writes[0]).not.toHaveProperty('header');
  });

  it('seals a backup made under another key again under this vault’s key when merging', async () => {
    const { contents, parts } = await makeBackup();
    const here = new VaultCipher();
    await here.create('this device', MIN_ITERATIONS);
    const { store, writes } = memoryStore();
    const vault = { state: 'unlocked' as VaultState, updatedAt: () => undefined };
    const outcome = restored(
      await restoreBackup({ crypto: inProcess(here), store }, vault, contents, {
        mode: 'merge',
        password: PASSWORD,
      }),
    );
    expect(outcome.header).toBeUndefined();
    const opened = await here.openMany(writes[0]!.records);
    expect(opened.every((result) => result.ok)).toBe(true);
    const meta = outcome.values.get('doc-1') as DocumentMeta;
    const salt = Uint8Array.from(atob(meta.salt), (char) => char.charCodeAt(0));
    const chunk = writes[0]!.chunks.find((item) => item.index === 1)!;
    const plain = await openChunk(await here.documentKey(salt), 'doc-1', 1, 2, chunk);
    expect(plain && new TextDecoder().decode(plain)).toBe(new TextDecoder().decode(parts[1]));
  });

  it('says the disk is full when the store cannot hold the restore, and leaves nothing behind', async () => {
    for (const full of ['chunks', 'commit'] as const) {
      const { contents } = await makeBackup();
      const { store, writes, staged, table } = memoryStore({ full });
      expect(
        await restoreBackup({ crypto: inProcess(new VaultCipher()), store }, newDevice, contents, {
          mode: 'replace',
          password: PASSWORD,
        }),
        full,
      ).toBe('storage-full');
      expect(writes, full).toEqual([]);
      expect(staged, full).toEqual([]);
      expect(table.size, full).toBe(0);
    }
  });

  it('refuses a backup whose file cannot give a chunk it lists, or gives another in its place', async () => {
    const { contents, chunks } = await makeBackup();
    const gone = { ...heldChunk(chunks[1]!), read: () => Promise.reject(new Error('cut off')) };
    const other = { ...heldChunk(chunks[1]!), read: () => Promise.resolve(chunks[0]!) };
    for (const chunk of [gone, other]) {
      await expectTampered({ ...contents, chunks: [heldChunk(chunks[0]!), chunk] });
    }
  });

  it('keeps the chunks of a document the device holds until the restore commits: untouched when it is refused', async () => {
    const { contents, chunks } = await makeBackup();
    const old = chunks.map((chunk) => ({ ...chunk, data: new Uint8Array(chunk.data).fill(7) }));
    const mine = { documentId: 'mine', index: 0, iv: new Uint8Array(12), data: new Uint8Array(40) };
    const refused = memoryStore({ held: [...old, mine] });
    const flipped = chunks.map((chunk, index) =>
      index === 1 ? { ...chunk, data: chunk.data.map((byte, at) => (at === 0 ? byte ^ 1 : byte)) } : chunk,
    );
    expect(
      await restoreBackup(
        { crypto: inProcess(new VaultCipher()), store: refused.store },
        { state: 'locked', updatedAt: () => undefined },
        { ...contents, chunks: held(flipped) },
        { mode: 'replace', password: PASSWORD },
      ),
    ).toBe('tampered');
    expect([...refused.table.values()]).toEqual([...old, mine]);
    expect(refused.staged).toEqual([]);

    const restoring = memoryStore({ held: [...old, mine] });
    restored(
      await restoreBackup(
        { crypto: inProcess(new VaultCipher()), store: restoring.store },
        { state: 'locked', updatedAt: () => undefined },
        contents,
        { mode: 'replace', password: PASSWORD },
      ),
    );
    expect(restoring.writes[0]).toMatchObject({ staged: 2, direct: [] });
    // Replaced: the backup's chunks in place of the old ones, the device's other document gone.
    expect([...restoring.table.values()]).toEqual(chunks);
  });

  it('restores a backup of version 1, whose chunks are listed by SHA-256, and refuses its MAC read as version 2', async () => {
    const { cipher, contents } = await makeBackup();
    const mac = await cipher.backupMac(
      await backupListing(contents.records, contents.chunks, chunkDigest, 1),
    );
    const { store, writes } = memoryStore();
    restored(
      await restoreBackup(
        { crypto: inProcess(new VaultCipher()), store },
        newDevice,
        { ...contents, version: 1, mac },
        {
          mode: 'replace',
          password: PASSWORD,
        },
      ),
    );
    expect(writes[0]!.chunks).toHaveLength(2);
    await expectTampered({ ...contents, version: 2, mac });
  });
});

const HOME: SpaceTag = { id: '3f'.repeat(16), name: '우리집', colour: 'coral' };
const TRIP: SpaceTag = { id: 'a0'.repeat(16), name: '제주 여행', colour: 'teal' };
const LUNCH = { date: '2026-11-02', type: 'expense', amount: 12000, category: 'food', memo: '점심' };
const FERRY = { title: '배 타기', date: '2027-01-10' };

/** A version 3 backup: the member's own records and document, and copies of two spaces' records, tags sealed. */
async function spacesBackup() {
  const made = await makeBackup();
  const { cipher, contents } = made;
  const at = Date.UTC(2026, 10, 2);
  const seal = (kind: string, id: string, value: unknown) => cipher.seal(kind, id, value);
  const spaces = [await sealSpaceTag(seal, HOME), await sealSpaceTag(seal, TRIP)];
  const copies: BackupRecord[] = [
    { ...(await cipher.seal('ledger', 'lunch', LUNCH)), updatedAt: at, space: HOME.id },
    { ...(await cipher.seal('event', 'ferry', FERRY)), updatedAt: at, space: TRIP.id },
  ];
  return {
    ...made,
    contents: await remacSpaces(cipher, { ...contents, records: [...contents.records, ...copies], spaces }),
  };
}

/** A version 3 backup's MAC made again over its changed contents (someone who has the key did it). */
async function remacSpaces(cipher: VaultCipher, contents: BackupContents): Promise<BackupContents> {
  const listing = await backupListing(
    contents.records,
    contents.chunks,
    chunkDigest,
    BACKUP_VERSION,
    contents.spaces,
  );
  return { ...contents, mac: await cipher.backupMac(listing) };
}

describe('restoring copies of shared spaces’ records (version 3)', () => {
  /** What was written of the spaces' copies, opened with `key`: by id, and whether any kept its tag. */
  async function writtenCopies(key: VaultCipher, written: StoredRecord[]) {
    const copies = written.filter((record) => record.id === 'lunch' || record.id === 'ferry');
    expect(copies).toHaveLength(2);
    for (const record of copies) expect(record).not.toHaveProperty('space');
    const opened = await key.openMany(copies);
    return new Map(copies.map((record, at) => [record.id, opened[at]]));
  }
  const asOwn = new Map([
    ['lunch', { ok: true, value: { ...LUNCH, [FROM_SPACE]: '우리집' } }],
    ['ferry', { ok: true, value: { ...FERRY, [FROM_SPACE]: '제주 여행' } }],
  ]);

  it('brings them back as the member’s own records, keeping their space’s name, on a new device', async () => {
    const { contents } = await spacesBackup();
    const device = new VaultCipher();
    const { store, writes } = memoryStore();
    const outcome = restored(
      await restoreBackup({ crypto: inProcess(device), store }, newDevice, contents, {
        mode: 'replace',
        password: PASSWORD,
      }),
    );
    expect(writes).toHaveLength(1);
    expect(writes[0]!.records.map((record) => record.id).sort()).toEqual(
      contents.records.map((record) => record.id).sort(),
    );
    // Sealed again under the backup's key (now the device's), holding the name; the member's own are as they were.
    expect(await writtenCopies(device, writes[0]!.records)).toEqual(asOwn);
    const own = contents.records.filter((record) => !record.space);
    for (const record of own) expect(writes[0]!.records).toContainEqual(record);
    expect(outcome.values.get('lunch')).toEqual({ ...LUNCH, fromSpace: '우리집' });
    expect(outcome.values.get('memo-1')).toEqual({ title: '일기', body: '오늘은 맑음' });
    expect(writes[0]!.chunks).toHaveLength(2);
  });

  it('seals them under the key each restore writes with: this vault’s, the backup’s replacing it, or merged from another', async () => {
    const { cipher, contents } = await spacesBackup();
    // The same vault, merged, from the file read in place: no password, this vault's key.
    const same = memoryStore();
    const unlocked = { state: 'unlocked' as VaultState, updatedAt: () => undefined };
    restored(
      await restoreBackup(
        { crypto: inProcess(cipher), store: same.store },
        unlocked,
        await asFile('json', contents),
        {
          mode: 'merge',
        },
      ),
    );
    expect(await writtenCopies(cipher, same.writes[0]!.records)).toEqual(asOwn);
    // A vault under another key: replaced by the backup (its key), or the backup merged in (this vault's key).
    for (const mode of ['replace', 'merge'] as const) {
      const here = new VaultCipher();
      await here.create('this device', MIN_ITERATIONS);
      const { store, writes } = memoryStore();
      const outcome = restored(
        await restoreBackup({ crypto: inProcess(here), store }, unlocked, await asFile('zip', contents), {
          mode,
          password: PASSWORD,
        }),
      );
      expect(outcome.header, mode).toEqual(mode === 'replace' ? contents.header : undefined);
      expect(await writtenCopies(mode === 'replace' ? cipher : here, writes[0]!.records), mode).toEqual(
        asOwn,
      );
    }
  });

  it('leaves the copies of a space the member is still in to the space, still checking them against the MAC', async () => {
    const { cipher, contents } = await spacesBackup();
    const stillIn = new Set([HOME.id]);
    expect(copiesLeftToSpaces(contents, stillIn)).toBe(1);
    expect(copiesLeftToSpaces(contents, undefined)).toBe(0);
    const { store, writes } = memoryStore();
    const outcome = restored(
      await restoreBackup({ crypto: inProcess(new VaultCipher()), store }, newDevice, contents, {
        mode: 'replace',
        password: PASSWORD,
        stillIn,
      }),
    );
    const ids = writes[0]!.records.map((record) => record.id).sort();
    expect(ids).toEqual(['doc-1', 'event-1', 'ferry', 'memo-1', 'settings']);
    expect(outcome.records.map((record) => record.id)).not.toContain('lunch');
    const ferry = writes[0]!.records.find((record) => record.id === 'ferry')!;
    expect(await cipher.openMany([ferry])).toEqual([
      { ok: true, value: { ...FERRY, [FROM_SPACE]: '제주 여행' } },
    ]);
    // A copy left to its space is still part of what the MAC covers: changed, the whole restore is refused.
    const swapped = contents.records.map((record) =>
      record.id === 'lunch' ? { ...record, updatedAt: record.updatedAt + 1 } : record,
    );
    const refused = memoryStore();
    expect(
      await restoreBackup(
        { crypto: inProcess(new VaultCipher()), store: refused.store },
        newDevice,
        { ...contents, records: swapped },
        { mode: 'replace', password: PASSWORD, stillIn },
      ),
    ).toBe('tampered');
    expect(refused.writes).toEqual([]);
  });

  it('refuses a tag moved, stripped or added, a space renamed, or a tag that is not one, and writes nothing', async () => {
    const { cipher, contents } = await spacesBackup();
    const retag = (id: string, space: string | undefined): BackupContents => ({
      ...contents,
      records: contents.records.map((record): BackupRecord => {
        if (record.id !== id) return record;
        const { space: _, ...rest } = record;
        return space === undefined ? rest : { ...rest, space };
      }),
    });
    await expectTampered(retag('lunch', TRIP.id), 'moved');
    await expectTampered(retag('lunch', undefined), 'stripped');
    await expectTampered(retag('memo-1', HOME.id), 'added');
    const seal = (kind: string, id: string, value: unknown) => cipher.seal(kind, id, value);
    const renamed = await sealSpaceTag(seal, { ...HOME, name: '회사' });
    const withHome = (space: { id: string; sealed: Uint8Array<ArrayBuffer> }) => ({
      ...contents,
      spaces: contents.spaces!.map((other) => (other.id === HOME.id ? space : other)),
    });
    await expectTampered(withHome(renamed), 'renamed');
    // With the MAC made again by someone who has the key, a tag must still open and be a tag.
    for (const [what, value] of [
      ['a colour outside the palette', { name: '우리집', colour: 'black' }],
      ['a name too long', { name: '가'.repeat(41), colour: 'coral' }],
    ] as const) {
      const { sealed } = await cipher.seal('space-tag', HOME.id, value);
      await expectTampered(await remacSpaces(cipher, withHome({ id: HOME.id, sealed })), what);
    }
    const { sealed: elsewhere } = await cipher.seal('space-tag', TRIP.id, {
      name: '우리집',
      colour: 'coral',
    });
    await expectTampered(
      await remacSpaces(cipher, withHome({ id: HOME.id, sealed: elsewhere })),
      'another space’s',
    );
    await expectTampered({ ...contents, version: 2 }, 'read as version 2');
  });
});

describe('backup files kept from each version (src/app/backup/fixtures, README.md there)', () => {
  const fixture = async (name: string) =>
    new Uint8Array(await readFile(new URL(`./fixtures/${name}`, import.meta.url)));
  const own = {
    'memo-1': { title: '일기', body: '오늘은 맑음' },
    'ledger-1': {
      id: 'ledger-1',
      date: '2026-11-01',
      type: 'expense',
      amount: 12000,
      currency: 'KRW',
      category: 'food',
    },
  };

  for (const [name, version, kind] of [
    ['v1.zip', 1, 'zip'],
    ['v2.json', 2, 'json'],
    ['v2.zip', 2, 'zip'],
    ['v3.json', 3, 'json'],
  ] as const) {
    it(`${name}: reads as version ${version} and restores with its master password, chunks and all`, async () => {
      const decoded = await decodeBackup(await fixture(name));
      if (!decoded.ok) throw new Error(decoded.problem);
      expect(decoded).toMatchObject({ kind, version });
      expect(decoded.contents.spaces?.map((space) => space.id)).toEqual(
        version === 3 ? ['3f'.repeat(16), 'a0'.repeat(16)] : undefined,
      );
      const device = new VaultCipher();
      const { store, writes } = memoryStore();
      const outcome = restored(
        await restoreBackup({ crypto: inProcess(device), store }, newDevice, decoded.contents, {
          mode: 'replace',
          password: 'fixture master password',
        }),
      );
      expect(outcome.values.get('memo-1')).toEqual(own['memo-1']);
      expect(outcome.values.get('ledger-1')).toEqual(own['ledger-1']);
      expect((outcome.values.get('doc-1') as DocumentMeta).chunkCount).toBe(2);
      if (version === 3) {
        expect(outcome.values.get('lunch')).toMatchObject({ amount: 9000, [FROM_SPACE]: '우리집' });
        expect(outcome.values.get('ferry')).toEqual({
          title: '배 타기',
          date: '2027-01-10',
          [FROM_SPACE]: 'Jeju trip',
        });
      }
      expect(writes[0]!.records).toHaveLength(version === 3 ? 5 : 3);
      const meta = outcome.values.get('doc-1') as DocumentMeta;
      const key = await device.documentKey(Uint8Array.from(atob(meta.salt), (char) => char.charCodeAt(0)));
      const text = await Promise.all(
        writes[0]!.chunks
          .sort((a, b) => a.index - b.index)
          .map(async (chunk) =>
            new TextDecoder().decode((await openChunk(key, 'doc-1', chunk.index, 2, chunk))!),
          ),
      );
      expect(text.join('')).toBe('first half second half');
    });
  }
});

/**
 * The platform with the chunks restored as the crypto workers do it (chunk-job.ts), with `cipher` standing for the
 * workers' key and `store` for their writes; counts the jobs.
 */
function workersPlatform(cipher: VaultCipher, store: RestorePlatform['store']) {
  const jobs: number[] = [];
  const platform: RestorePlatform = {
    crypto: inProcess(cipher),
    store,
    chunks: (job) => {
      jobs.push(job.tasks.length);
      return runChunkJob(job, {
        check: async (salt, documentId, index, count, chunk) =>
          (await openChunk(await cipher.documentKey(salt), documentId, index, count, chunk)) !== null,
        digest: chunkDigest,
        write: (chunks) => store.writeRestoredChunks(chunks),
      });
    },
  };
  return { platform, jobs };
}

/** The backup as a file of `kind`, read back as the app reads a chosen file: each chunk known by its place. */
async function asFile(kind: 'zip' | 'json', contents: BackupContents): Promise<BackupContents> {
  const decoded = await decodeBackup(await encodeBackup(kind, contents));
  if (!decoded.ok) throw new Error(decoded.problem);
  expect(decoded.contents.chunks.every((chunk) => chunk.place)).toBe(true);
  return decoded.contents;
}

describe.each(['zip', 'json'] as const)('restoring a %s file in the crypto workers', (kind) => {
  it('reads, opens and writes every chunk there, and the page only lists them', async () => {
    const { contents, chunks } = await makeBackup();
    const { store, writes } = memoryStore();
    const { platform, jobs } = workersPlatform(new VaultCipher(), store);
    const outcome = restored(
      await restoreBackup(platform, newDevice, await asFile(kind, contents), {
        mode: 'replace',
        password: PASSWORD,
      }),
    );
    expect(jobs).toEqual([2]);
    expect(outcome.values.get('memo-1')).toEqual({ title: '일기', body: '오늘은 맑음' });
    expect(writes[0]).toMatchObject({ replace: true, staged: 0, direct: ['doc-1'] });
    expect(writes[0]!.chunks).toEqual(chunks);
  });

  it('refuses a chunk that does not open, and a file whose MAC does not cover its chunks, leaving nothing', async () => {
    const { cipher, contents, chunks } = await makeBackup();
    const [first, second] = chunks as [StoredChunk, StoredChunk];
    const flipped = { ...second, data: second.data.map((byte, at) => (at === 3 ? byte ^ 1 : byte)) };
    const swapped = await remac(cipher, { ...contents, chunks: held([{ ...first, index: 1 }]) });
    for (const [what, backup] of [
      ['a changed chunk', { ...contents, chunks: held([first, flipped]) }],
      ['a dropped chunk', { ...contents, chunks: held([first]) }],
      ['a chunk in another place, MAC made again', swapped],
    ] as const) {
      const inWorkers = (store: RestorePlatform['store']) =>
        workersPlatform(new VaultCipher(), store).platform;
      await expectTampered(await asFile(kind, backup), what, inWorkers);
    }
  });

  it('stages the chunks of a document the device holds, and says so when the disk is full, leaving nothing', async () => {
    const { contents, chunks } = await makeBackup();
    const old = chunks.map((chunk) => ({ ...chunk, data: new Uint8Array(chunk.data).fill(7) }));
    const holding = memoryStore({ held: old });
    const locked = { state: 'locked' as VaultState, updatedAt: () => undefined };
    const file = await asFile(kind, contents);
    restored(
      await restoreBackup(workersPlatform(new VaultCipher(), holding.store).platform, locked, file, {
        mode: 'replace',
        password: PASSWORD,
      }),
    );
    expect(holding.writes[0]).toMatchObject({ staged: 2, direct: [] });
    expect([...holding.table.values()]).toEqual(chunks);

    const full = memoryStore({ full: 'chunks' });
    expect(
      await restoreBackup(workersPlatform(new VaultCipher(), full.store).platform, newDevice, file, {
        mode: 'replace',
        password: PASSWORD,
      }),
    ).toBe('storage-full');
    expect(full.writes).toEqual([]);
    expect(full.table.size).toBe(0);
  });
});
