import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunkDigest, MIN_ITERATIONS, VaultCipher } from '../vault/crypto.js';
import type { StoredChunk, StoredRecord } from '../vault/db.js';
import {
  BACKUP_VERSION,
  backupListing,
  decodeBackup,
  encodeBackup,
  heldChunk,
  sealedSpaceTag,
  sealSpaceTag,
  spaceTagFrom,
  writeBackup,
  ZIP_ENTRY_LIMITS,
  type BackupContents,
  type BackupRecord,
  type BackupSpace,
} from './format.js';
import { SPACE_COLOURS, type SpaceTag } from '../../shared/spaces/colours.js';

async function sampleVault() {
  const cipher = new VaultCipher();
  const header = await cipher.create('backup master password', MIN_ITERATIONS);
  const records: StoredRecord[] = [];
  for (const [index, kind] of ['memo', 'event', 'ledger', 'personal'].entries()) {
    records.push({
      ...(await cipher.seal(kind, `r${index}`, { n: index, text: '백업 ✓' })),
      updatedAt: 1000 + index,
    });
  }
  const chunks: StoredChunk[] = [0, 1].map((index) => ({
    documentId: 'doc1',
    index,
    iv: crypto.getRandomValues(new Uint8Array(12)),
    data: crypto.getRandomValues(new Uint8Array(300 + index)),
  }));
  const mac = await cipher.backupMac(await backupListing(records, chunks.map(heldChunk)));
  const contents: BackupContents = {
    createdAt: '2026-11-22T03:00:00.000Z',
    header,
    records,
    chunks: chunks.map(heldChunk),
    mac,
  };
  return { cipher, contents, chunks };
}

/** A backup's chunks, read, in order. */
async function readAll(contents: BackupContents): Promise<StoredChunk[]> {
  const chunks = await Promise.all(contents.chunks.map((chunk) => chunk.read()));
  return chunks.sort((a, b) =>
    a.documentId === b.documentId ? a.index - b.index : a.documentId < b.documentId ? -1 : 1,
  );
}

describe('backup files', () => {
  for (const kind of ['json', 'zip'] as const) {
    const encode = (contents: BackupContents) => encodeBackup(kind, contents);
    it(`${kind}: decodes to exactly what was encoded, and the MAC holds`, async () => {
      const { cipher, contents } = await sampleVault();
      const decoded = await decodeBackup(await encode(contents));
      expect(decoded).toMatchObject({ ok: true, kind });
      if (!decoded.ok) return;
      expect(decoded.contents.createdAt).toBe(contents.createdAt);
      expect(decoded.contents.header).toEqual(contents.header);
      expect(decoded.contents.records).toEqual(contents.records);
      expect(await readAll(decoded.contents)).toEqual(await readAll(contents));
      const listing = await backupListing(decoded.contents.records, decoded.contents.chunks);
      expect(await cipher.checkBackupMac(listing, decoded.contents.mac)).toBe(true);
      // The same bytes encode again to the same file.
      expect(await encode(decoded.contents)).toEqual(await encode(contents));
    });

    it(`${kind}: a truncated file is damaged, not half-read`, async () => {
      const { contents } = await sampleVault();
      const bytes = await encode(contents);
      expect(await decodeBackup(bytes.slice(0, Math.floor(bytes.length * 0.7)))).toEqual({
        ok: false,
        problem: 'damaged',
      });
    });
  }

  describe('zip entries are dated when the backup was made', () => {
    afterEach(() => vi.useRealTimers());

    it('so the same contents make the same file a minute later', async () => {
      const { contents } = await sampleVault();
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T03:00:00Z') });
      const first = await encodeBackup('zip', contents);
      vi.setSystemTime(new Date('2026-11-22T03:01:03Z'));
      expect(await encodeBackup('zip', contents)).toEqual(first);
    });

    it('and a time a ZIP cannot hold still makes a file that reads back', async () => {
      for (const createdAt of ['1970-01-01T00:00:00.000Z', '2150-01-01T00:00:00.000Z', 'not a time']) {
        const { contents } = await sampleVault();
        const decoded = await decodeBackup(await encodeBackup('zip', { ...contents, createdAt }));
        expect(decoded).toMatchObject({ ok: true, kind: 'zip', contents: { createdAt } });
      }
    });
  });

  it('writes a backup from chunks read one at a time, in any order, with the MAC of its own listing', async () => {
    const { cipher, contents, chunks } = await sampleVault();
    for (const kind of ['zip', 'json'] as const) {
      const blob = await writeBackup(kind, {
        createdAt: contents.createdAt,
        header: contents.header,
        records: contents.records,
        chunks: (async function* () {
          yield* [...chunks].reverse();
        })(),
        mac: (listing) => cipher.backupMac(listing),
      });
      expect(blob.type).toBe(kind === 'zip' ? 'application/zip' : 'application/json');
      const decoded = await decodeBackup(new Uint8Array(await blob.arrayBuffer()));
      if (!decoded.ok) throw new Error(decoded.problem);
      expect(decoded.contents.chunks).toHaveLength(contents.chunks.length);
      const listing = await backupListing(decoded.contents.records, decoded.contents.chunks);
      expect(await cipher.checkBackupMac(listing, decoded.contents.mac)).toBe(true);
      expect(decoded.contents.mac).toEqual(contents.mac);
    }
  });

  it('names a file that is not a backup, and one from a newer version', async () => {
    expect(await decodeBackup(new TextEncoder().encode('hello, world'))).toEqual({
      ok: false,
      problem: 'not-a-backup',
    });
    expect(await decodeBackup(new TextEncoder().encode('{"name":"other app"}'))).toEqual({
      ok: false,
      problem: 'not-a-backup',
    });
    expect(await decodeBackup(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toEqual({
      ok: false,
      problem: 'not-a-backup',
    });
    const { contents } = await sampleVault();
    const json = JSON.parse(new TextDecoder().decode(await encodeBackup('json', contents)));
    json.version = BACKUP_VERSION + 1;
    expect(await decodeBackup(new TextEncoder().encode(JSON.stringify(json)))).toEqual({
      ok: false,
      problem: 'newer-version',
    });
  });

  it('catches a tampered byte, a dropped record and a key other than the vault’s through the MAC', async () => {
    const { cipher, contents } = await sampleVault();
    const check = async (changed: BackupContents) =>
      cipher.checkBackupMac(await backupListing(changed.records, changed.chunks), changed.mac);
    const flipped = contents.records.map((record, index) =>
      index === 2
        ? { ...record, sealed: record.sealed.map((byte, at) => (at === 40 ? byte ^ 1 : byte)) }
        : record,
    );
    expect(await check({ ...contents, records: flipped })).toBe(false);
    expect(await check({ ...contents, records: contents.records.slice(1) })).toBe(false);
    expect(await check({ ...contents, chunks: contents.chunks.slice(0, 1) })).toBe(false);
    const other = new VaultCipher();
    await other.create('another password', MIN_ITERATIONS);
    expect(
      await other.checkBackupMac(await backupListing(contents.records, contents.chunks), contents.mac),
    ).toBe(false);
    expect(await check(contents)).toBe(true);
  });

  it('lists records and chunks exactly as docs/backup-format.md describes, in versions 3, 2 and 1', async () => {
    const { contents, chunks: stored } = await sampleVault();
    // Out of order, with an id outside ASCII and one long enough to make the listing grow as it is written.
    const records: StoredRecord[] = [
      ...contents.records,
      { id: '일기-✓', kind: 'memo', updatedAt: 7, sealed: new Uint8Array(70_000).map((_, at) => at * 7) },
      { id: 'z'.repeat(600), kind: 'event', updatedAt: 1_700_000_000_000, sealed: new Uint8Array(44) },
    ].reverse();
    // Version 3: two of them copies of two spaces' records, the spaces listed first with their sealed tags.
    const spaces: BackupSpace[] = [
      { id: 'f'.repeat(32), sealed: new Uint8Array(60).fill(0xf) },
      { id: '0a'.repeat(16), sealed: new Uint8Array(61).fill(0xa) },
    ];
    const inSpaces: BackupRecord[] = records.map((record, at) =>
      at === 0
        ? { ...record, space: spaces[0]!.id }
        : at === 3
          ? { ...record, space: spaces[1]!.id }
          : record,
    );
    const chunks = [...stored].reverse();
    const encoder = new TextEncoder();
    const expected = async (version: 1 | 2 | 3) => {
      const parts: Uint8Array[] = [encoder.encode(`mygenie-backup/${version}\n`)];
      if (version === 3) {
        for (const space of [...spaces].sort((a, b) => (a.id < b.id ? -1 : 1))) {
          parts.push(encoder.encode(`s ${space.id} ${space.sealed.length}\n`), space.sealed);
        }
      }
      const listed: BackupRecord[] = version === 3 ? inSpaces : records;
      for (const record of [...listed].sort((a, b) => (a.id < b.id ? -1 : 1))) {
        const space = version === 3 ? ` ${record.space ?? '-'}` : '';
        parts.push(
          encoder.encode(
            `r ${record.id} ${record.kind} ${record.updatedAt} ${record.sealed.length}${space}\n`,
          ),
        );
        parts.push(record.sealed);
      }
      for (const chunk of [...chunks].sort((a, b) => a.index - b.index)) {
        // Versions 2 and 3: the chunk's AES-GCM tag, its last 16 bytes; version 1: SHA-256 of IV ‖ data.
        const listed = new Uint8Array(
          version >= 2
            ? chunk.data.slice(-16)
            : await crypto.subtle.digest('SHA-256', new Uint8Array([...chunk.iv, ...chunk.data])),
        );
        parts.push(
          encoder.encode(`c ${chunk.documentId} ${chunk.index} ${Buffer.from(listed).toString('base64')}\n`),
        );
      }
      return new Uint8Array(Buffer.concat(parts));
    };
    const held = chunks.map(heldChunk);
    expect(await backupListing(inSpaces, held, chunkDigest, 3, spaces)).toEqual(await expected(3));
    // A backup of version 3 with no spaces lists every record as the member's own.
    const own = await backupListing(records, held);
    expect(new TextDecoder().decode(own)).toMatch(/^mygenie-backup\/3\nr \S+ \w+ \d+ \d+ -\n/);
    expect(await backupListing(records, held, chunkDigest, 2)).toEqual(await expected(2));
    const elsewhere = (chunk: StoredChunk) => chunkDigest(chunk);
    expect(await backupListing(records, held, elsewhere, 1)).toEqual(await expected(1));
    // Versions before 3 cannot list a space: a writer asked to is refused, never a tag left out of the MAC.
    await expect(backupListing(inSpaces, held, chunkDigest, 2)).rejects.toThrow();
    await expect(backupListing(records, held, chunkDigest, 2, spaces)).rejects.toThrow();
  });

  it('reads backups of version 1 (chunks listed by SHA-256) and 2 (no spaces) as before, and writes version 3', async () => {
    const { cipher, contents, chunks } = await sampleVault();
    for (const kind of ['zip', 'json'] as const) {
      for (const version of [1, 2] as const) {
        const mac = await cipher.backupMac(
          await backupListing(contents.records, contents.chunks, chunkDigest, version),
        );
        const bytes = await encodeBackup(kind, { ...contents, version, mac });
        const decoded = await decodeBackup(bytes);
        if (!decoded.ok) throw new Error(decoded.problem);
        expect(decoded).toMatchObject({ version, contents: { version } });
        expect(decoded.contents.spaces).toBeUndefined();
        expect(decoded.contents.records).toEqual(contents.records);
        const listing = await backupListing(
          decoded.contents.records,
          decoded.contents.chunks,
          chunkDigest,
          version,
        );
        expect(await cipher.checkBackupMac(listing, decoded.contents.mac)).toBe(true);
        // Listed as version 3 it no longer verifies: a reader must list a backup by its own version.
        const asThree = await backupListing(decoded.contents.records, decoded.contents.chunks);
        expect(await cipher.checkBackupMac(asThree, decoded.contents.mac)).toBe(false);
        expect(await readAll(decoded.contents)).toEqual(chunks);
      }
      const current = await decodeBackup(await encodeBackup(kind, contents));
      expect(current).toMatchObject({ version: BACKUP_VERSION, contents: { version: 3 } });
    }
  });
});

const HOME: SpaceTag = { id: '3f'.repeat(16), name: '우리집', colour: 'coral' };
const TRIP: SpaceTag = { id: 'a0'.repeat(16), name: '제주 여행 ✈', colour: 'teal' };

/**
 * A version 3 backup as a member's device makes it: the member's own records, copies of two spaces' records
 * sealed under the member's key, and the two spaces' names and colours sealed likewise.
 */
async function spacesVault() {
  const { cipher, contents, chunks } = await sampleVault();
  const seal = (kind: string, id: string, value: unknown) => cipher.seal(kind, id, value);
  const spaces = [await sealSpaceTag(seal, TRIP), await sealSpaceTag(seal, HOME)];
  const copies: BackupRecord[] = [];
  for (const [at, [tag, kind]] of (
    [
      [HOME, 'ledger'],
      [HOME, 'event'],
      [TRIP, 'ledger'],
    ] as const
  ).entries()) {
    const record = await cipher.seal(kind, `s${at}`, { n: at, text: `${tag.name}의 기록` });
    copies.push({ ...record, updatedAt: 2000 + at, space: tag.id });
  }
  const records = [...contents.records, ...copies];
  const mac = await cipher.backupMac(
    await backupListing(records, contents.chunks, undefined, BACKUP_VERSION, spaces),
  );
  return { cipher, chunks, contents: { ...contents, records, spaces, mac } satisfies BackupContents };
}

/** Whether the MAC holds over what a backup's contents list. */
async function macHolds(cipher: VaultCipher, contents: BackupContents): Promise<boolean> {
  const listing = await backupListing(
    contents.records,
    contents.chunks,
    undefined,
    contents.version ?? BACKUP_VERSION,
    contents.spaces,
  );
  return cipher.checkBackupMac(listing, contents.mac);
}

/** The tags of a backup's spaces, opened with the member's key. */
async function openTags(cipher: VaultCipher, spaces: BackupSpace[]): Promise<Array<SpaceTag | null>> {
  const opened = await cipher.openMany(spaces.map(sealedSpaceTag));
  return opened.map((result, at) => (result.ok ? spaceTagFrom(spaces[at]!.id, result.value) : null));
}

describe('version 3: copies of shared spaces’ records', () => {
  for (const kind of ['json', 'zip'] as const) {
    it(`${kind}: round-trips records of two spaces and the member’s own, with their tags, under the MAC`, async () => {
      const { cipher, contents } = await spacesVault();
      const bytes = await encodeBackup(kind, contents);
      // Nothing of a space but its id is readable in the file.
      const text = new TextDecoder().decode(bytes);
      for (const secret of ['우리집', '제주', 'coral', 'teal']) expect(text).not.toContain(secret);
      const decoded = await decodeBackup(bytes);
      if (!decoded.ok) throw new Error(decoded.problem);
      expect(decoded).toMatchObject({ kind, version: 3, contents: { version: 3 } });
      expect(decoded.contents.records).toEqual(contents.records);
      expect(decoded.contents.spaces).toEqual(contents.spaces);
      expect(decoded.contents.records.filter((record) => record.space === HOME.id)).toHaveLength(2);
      expect(decoded.contents.records.filter((record) => record.space === TRIP.id)).toHaveLength(1);
      expect(decoded.contents.records.filter((record) => record.space === undefined)).toHaveLength(4);
      expect(await macHolds(cipher, decoded.contents)).toBe(true);
      expect(await openTags(cipher, decoded.contents.spaces!)).toEqual([TRIP, HOME]);
      expect(await encodeBackup(kind, decoded.contents)).toEqual(bytes);
    });
  }

  it('fails the MAC when a record’s tag is moved to another space, stripped, or added', async () => {
    const { cipher, contents } = await spacesVault();
    expect(await macHolds(cipher, contents)).toBe(true);
    const retag = (id: string, space: string | undefined) => ({
      ...contents,
      records: contents.records.map((record): BackupRecord => {
        if (record.id !== id) return record;
        const { space: _, ...rest } = record;
        return space === undefined ? rest : { ...rest, space };
      }),
    });
    expect(await macHolds(cipher, retag('s0', TRIP.id))).toBe(false);
    expect(await macHolds(cipher, retag('s2', HOME.id))).toBe(false);
    expect(await macHolds(cipher, retag('s1', undefined))).toBe(false);
    expect(await macHolds(cipher, retag('r0', HOME.id))).toBe(false);
    // The file itself, edited: the record is read with its new tag, and the MAC refuses it.
    const json = JSON.parse(new TextDecoder().decode(await encodeBackup('json', contents)));
    const listed = json.records as Array<{ id: string; space?: string }>;
    listed.find((record) => record.id === 's0')!.space = TRIP.id;
    delete listed.find((record) => record.id === 's2')!.space;
    const edited = await decodeBackup(new TextEncoder().encode(JSON.stringify(json)));
    if (!edited.ok) throw new Error(edited.problem);
    expect(edited.contents.records.find((record) => record.id === 's0')!.space).toBe(TRIP.id);
    expect(await macHolds(cipher, edited.contents)).toBe(false);
  });

  it('fails the MAC when a space’s name or colour is changed, even sealed again with the member’s key', async () => {
    const { cipher, contents } = await spacesVault();
    const seal = (kind: string, id: string, value: unknown) => cipher.seal(kind, id, value);
    const home = contents.spaces.findIndex((space) => space.id === HOME.id);
    const withHome = (space: BackupSpace) => ({
      ...contents,
      spaces: contents.spaces.map((other, at) => (at === home ? space : other)),
    });
    for (const changed of [{ ...HOME, name: '회사' }, { ...HOME, colour: 'rose' as const }, HOME]) {
      // Even the same name and colour sealed again (a new salt and IV) are other bytes than the MAC covered.
      expect(await macHolds(cipher, withHome(await sealSpaceTag(seal, changed)))).toBe(false);
    }
    const flipped = contents.spaces[home]!.sealed.map((byte, at) => (at === 30 ? byte ^ 1 : byte));
    expect(await macHolds(cipher, withHome({ id: HOME.id, sealed: flipped }))).toBe(false);
    // Two spaces' sealed tags swapped: the MAC fails, and neither opens under the other's id.
    const [first, second] = contents.spaces;
    const swapped = [
      { id: first!.id, sealed: second!.sealed },
      { id: second!.id, sealed: first!.sealed },
    ];
    expect(await macHolds(cipher, { ...contents, spaces: swapped })).toBe(false);
    expect(await openTags(cipher, swapped)).toEqual([null, null]);
    expect(await macHolds(cipher, contents)).toBe(true);
  });

  for (const kind of ['json', 'zip'] as const) {
    it(`${kind}: a malformed tag or space makes the backup damaged, never a field dropped`, async () => {
      const { contents } = await spacesVault();
      /** The backup with its records and spaces (as the file holds them) changed by `edit`. */
      const broken = async (
        edit: (records: Array<Record<string, unknown>>, json: Record<string, unknown>) => void,
      ) => {
        if (kind === 'json') {
          const json = JSON.parse(new TextDecoder().decode(await encodeBackup('json', contents)));
          edit(json.records, json);
          return decodeBackup(new TextEncoder().encode(JSON.stringify(json)));
        }
        const files = unzipSync(await encodeBackup('zip', contents));
        const records = JSON.parse(strFromU8(files['records.json']!));
        const manifest = JSON.parse(strFromU8(files['manifest.json']!));
        edit(records, manifest);
        files['records.json'] = strToU8(JSON.stringify(records));
        files['manifest.json'] = strToU8(JSON.stringify(manifest));
        return decodeBackup(zipSync(files, { level: 0 }));
      };
      const tagged = (records: Array<Record<string, unknown>>) => records.find((record) => record.space)!;
      const spacesOf = (json: Record<string, unknown>) => json.spaces as Array<Record<string, unknown>>;
      const damaged = { ok: false, problem: 'damaged' };
      // What an unchanged round trip through the edit gives: a backup that reads.
      expect(await broken(() => undefined)).toMatchObject({ ok: true, version: 3 });
      for (const edit of [
        // The tag written out in the clear, as a reader might expect: a space is named by its id alone.
        (records: Array<Record<string, unknown>>) => (tagged(records).space = { ...HOME }),
        (records: Array<Record<string, unknown>>) => (tagged(records).space = HOME.id.toUpperCase()),
        (records: Array<Record<string, unknown>>) => (tagged(records).space = HOME.id.slice(1)),
        (records: Array<Record<string, unknown>>) => (tagged(records).space = null),
        (records: Array<Record<string, unknown>>) => (tagged(records).space = ''),
        // A record of a space the backup does not hold.
        (records: Array<Record<string, unknown>>) => (tagged(records).space = 'b'.repeat(32)),
        (_: unknown, json: Record<string, unknown>) => spacesOf(json).pop(),
        (_: unknown, json: Record<string, unknown>) => spacesOf(json).push({ ...spacesOf(json)[0]! }),
        (_: unknown, json: Record<string, unknown>) => (spacesOf(json)[0]!.name = HOME.name),
        (_: unknown, json: Record<string, unknown>) => (spacesOf(json)[0]!.id = 'x'.repeat(32)),
        (_: unknown, json: Record<string, unknown>) => (spacesOf(json)[0]!.sealed = 42),
        (_: unknown, json: Record<string, unknown>) => (json.spaces = { [HOME.id]: 'AAAA' }),
        // A version 2 backup cannot carry a tag: its MAC would not cover it.
        (_: unknown, json: Record<string, unknown>) => (json.version = 2),
        (records: Array<Record<string, unknown>>, json: Record<string, unknown>) => {
          for (const record of records) delete record.space;
          json.version = 2;
        },
      ]) {
        expect(await broken(edit), edit.toString()).toEqual(damaged);
      }
    });
  }

  it('a file of version 4 is from a newer version, as JSON and as ZIP', async () => {
    const { contents } = await spacesVault();
    const json = JSON.parse(new TextDecoder().decode(await encodeBackup('json', contents)));
    json.version = 4;
    expect(await decodeBackup(new TextEncoder().encode(JSON.stringify(json)))).toEqual({
      ok: false,
      problem: 'newer-version',
    });
    const files = unzipSync(await encodeBackup('zip', contents));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!));
    files['manifest.json'] = strToU8(JSON.stringify({ ...manifest, version: 4 }));
    expect(await decodeBackup(zipSync(files))).toEqual({ ok: false, problem: 'newer-version' });
  });

  it('writes no space into a version 2 or 1 backup', async () => {
    const { contents } = await spacesVault();
    for (const version of [1, 2]) {
      await expect(encodeBackup('json', { ...contents, version })).rejects.toThrow();
      await expect(encodeBackup('zip', { ...contents, version })).rejects.toThrow();
    }
  });

  it('seals and opens only tags a space may have', async () => {
    const { cipher } = await sampleVault();
    const seal = (kind: string, id: string, value: unknown) => cipher.seal(kind, id, value);
    const longest = { ...HOME, name: '가'.repeat(40), colour: SPACE_COLOURS[7] };
    const [sealed] = await openTags(cipher, [await sealSpaceTag(seal, longest)]);
    expect(sealed).toEqual(longest);
    for (const bad of [
      { ...HOME, name: '가'.repeat(41) },
      { ...HOME, name: '  ' },
      { ...HOME, colour: 'black' },
      { ...HOME, id: HOME.id.toUpperCase() },
    ]) {
      await expect(sealSpaceTag(seal, bad as SpaceTag)).rejects.toThrow();
    }
    expect(spaceTagFrom(HOME.id, { name: '우리집', colour: 'coral' })).toEqual(HOME);
    for (const opened of [
      { name: '우리집', colour: 'black' },
      { name: '가'.repeat(41), colour: 'coral' },
      { name: '우리집' },
      { name: '우리집', colour: 'coral', owner: 'someone' },
      '우리집',
      null,
    ]) {
      expect(spaceTagFrom(HOME.id, opened), JSON.stringify(opened)).toBeNull();
    }
    expect(SPACE_COLOURS).toHaveLength(8);
  });
});

describe('a JSON backup read in place', () => {
  /** A sample backup as JSON, turned into an object to change. */
  async function jsonOf(contents: BackupContents) {
    return JSON.parse(new TextDecoder().decode(await encodeBackup('json', contents))) as Record<
      string,
      unknown
    >;
  }
  const file = (json: unknown, space?: number) => new TextEncoder().encode(JSON.stringify(json, null, space));

  it('reads one written by another tool: keys in another order, spaces and line breaks, escapes in strings', async () => {
    const { cipher, contents } = await sampleVault();
    const json = await jsonOf(contents);
    const reordered = Object.fromEntries(Object.entries(json).reverse());
    const decoded = await decodeBackup(file({ note: 'a "quoted" \\ note ✓', ...reordered }, 2));
    if (!decoded.ok) throw new Error(decoded.problem);
    expect(decoded.contents.records).toEqual(contents.records);
    expect(await readAll(decoded.contents)).toEqual(await readAll(contents));
    const listing = await backupListing(decoded.contents.records, decoded.contents.chunks);
    expect(await cipher.checkBackupMac(listing, decoded.contents.mac)).toBe(true);
  });

  it('reads chunks that lie across the pieces it reads the file in', async () => {
    const { cipher, contents } = await sampleVault();
    const big: StoredChunk[] = [0, 1, 2, 3, 4, 5].map((index) => ({
      documentId: 'big',
      index,
      iv: new Uint8Array(12).fill(index),
      data: new Uint8Array(1024 * 1024).map((_, at) => (at * 31 + index) & 255),
    }));
    const withBig = { ...contents, chunks: [...contents.chunks, ...big.map(heldChunk)] };
    const mac = await cipher.backupMac(await backupListing(withBig.records, withBig.chunks));
    const decoded = await decodeBackup(await encodeBackup('json', { ...withBig, mac }));
    if (!decoded.ok) throw new Error(decoded.problem);
    // Compared by digest: a deep comparison of megabytes is slow.
    const digests = async (from: BackupContents) =>
      Promise.all(
        (await readAll(from)).map(async (chunk) => [chunk.documentId, chunk.index, await chunkDigest(chunk)]),
      );
    expect(await digests(decoded.contents)).toEqual(await digests(withBig));
  });

  it('refuses a key given twice, a value missing, and anything after the object', async () => {
    const { contents } = await sampleVault();
    const text = new TextDecoder().decode(await encodeBackup('json', contents));
    for (const broken of [
      `{"records":[],${text.slice(1)}`,
      text.replace('"createdAt":', '"createdAt":,"x":'),
      `${text} {}`,
      text.replace('"chunks":[', '"chunks":[,'),
      text.replace(/\]("?,"counts")/, ',]$1'),
    ]) {
      expect(await decodeBackup(new TextEncoder().encode(broken)), broken.slice(0, 60)).toEqual({
        ok: false,
        problem: 'damaged',
      });
    }
  });

  it('refuses a chunk larger than a chunk can be when it is read, without reading it', async () => {
    const { contents } = await sampleVault();
    const json = await jsonOf(contents);
    (json.chunks as Array<{ data: string }>)[0]!.data = 'A'.repeat(64 * 1024 * 1024);
    const decoded = await decodeBackup(file(json));
    if (!decoded.ok) throw new Error(decoded.problem);
    const before = process.memoryUsage().arrayBuffers;
    await expect(decoded.contents.chunks[0]!.read()).rejects.toThrow();
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(20 * 1024 * 1024);
  });
});

describe('a ZIP that lies about its size', () => {
  /** Sets the uncompressed size of `name` in its local header and in the central directory. */
  function declareSize(zip: Uint8Array, name: string, size: number): Uint8Array<ArrayBuffer> {
    const bytes = zip.slice();
    const view = new DataView(bytes.buffer);
    const encoded = new TextEncoder().encode(name);
    const named = (at: number, nameAt: number, lengthAt: number) =>
      view.getUint16(at + lengthAt, true) === encoded.length &&
      encoded.every((byte, index) => bytes[at + nameAt + index] === byte);
    for (let at = 0; at + 46 < bytes.length; at++) {
      const signature = view.getUint32(at, true);
      if (signature === 0x04034b50 && named(at, 30, 26)) view.setUint32(at + 22, size, true);
      if (signature === 0x02014b50 && named(at, 46, 28)) view.setUint32(at + 24, size, true);
    }
    return bytes;
  }
  /** A backup ZIP whose records.json is `records` deflated (as another tool might have written it). */
  async function zipWith(records: string, extra: Record<string, Uint8Array> = {}) {
    const { contents } = await sampleVault();
    const files = unzipSync(await encodeBackup('zip', contents));
    return zipSync({
      ...files,
      'records.json': [strToU8(records), { level: 9 }],
      ...extra,
    });
  }
  const arrayBuffers = () => process.memoryUsage().arrayBuffers;

  it('refuses an entry that claims more than its limit, before taking the memory', async () => {
    const zip = declareSize(await zipWith('[]'), 'records.json', 3_000_000_000);
    const before = arrayBuffers();
    expect(await decodeBackup(zip)).toEqual({ ok: false, problem: 'damaged' });
    expect(arrayBuffers() - before).toBeLessThan(20 * 1024 * 1024);
    const chunk = declareSize(
      await zipWith('[]', { 'documents/doc1/7.bin': new Uint8Array(100) }),
      'documents/doc1/7.bin',
      ZIP_ENTRY_LIMITS.chunk + 1,
    );
    expect(await decodeBackup(chunk)).toEqual({ ok: false, problem: 'damaged' });
  });

  it('refuses an entry that inflates past what it declared, without growing past it', async () => {
    // 64 MiB of JSON that deflates to a few kilobytes, declared as 100 bytes.
    const bomb = `["${'x'.repeat(64 * 1024 * 1024)}"]`;
    const zip = declareSize(await zipWith(bomb), 'records.json', 100);
    expect(zip.length).toBeLessThan(1024 * 1024);
    const before = arrayBuffers();
    expect(await decodeBackup(zip)).toEqual({ ok: false, problem: 'damaged' });
    expect(arrayBuffers() - before).toBeLessThan(20 * 1024 * 1024);
  });

  it('reads a backup re-zipped by another tool: deflated entries in another order, with a comment', async () => {
    const { contents } = await sampleVault();
    const files = unzipSync(await encodeBackup('zip', contents));
    const reordered = Object.fromEntries(Object.entries(files).reverse());
    const zip = zipSync(reordered, { level: 6, comment: 'made elsewhere' });
    const decoded = await decodeBackup(new Blob([zip]));
    expect(decoded).toMatchObject({ ok: true, kind: 'zip', version: BACKUP_VERSION });
    if (decoded.ok) expect(decoded.contents.records).toEqual(contents.records);
  });

  it('refuses entries a backup does not have', async () => {
    const zip = await zipWith('[]', { '../evil.sh': strToU8('rm -rf /') });
    expect(await decodeBackup(zip)).toEqual({ ok: false, problem: 'damaged' });
  });
});
