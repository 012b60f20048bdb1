import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunkDigest, MIN_ITERATIONS, VaultCipher } from '../vault/crypto.js';
import type { StoredChunk, StoredRecord } from '../vault/db.js';
import {
  BACKUP_VERSION,
  backupListing,
  decodeBackup,
  encodeBackup,
  heldChunk,
  writeBackup,
  ZIP_ENTRY_LIMITS,
  type BackupContents,
} from './format.js';

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

  it('lists records and chunks exactly as docs/backup-format.md describes, in version 2 and in version 1', async () => {
    const { contents, chunks: stored } = await sampleVault();
    // Out of order, with an id outside ASCII and one long enough to make the listing grow as it is written.
    const records: StoredRecord[] = [
      ...contents.records,
      { id: '일기-✓', kind: 'memo', updatedAt: 7, sealed: new Uint8Array(70_000).map((_, at) => at * 7) },
      { id: 'z'.repeat(600), kind: 'event', updatedAt: 1_700_000_000_000, sealed: new Uint8Array(44) },
    ].reverse();
    const chunks = [...stored].reverse();
    const encoder = new TextEncoder();
    const expected = async (version: 1 | 2) => {
      const parts: Uint8Array[] = [encoder.encode(`mygenie-backup/${version}\n`)];
      for (const record of [...records].sort((a, b) => (a.id < b.id ? -1 : 1))) {
        parts.push(
          encoder.encode(`r ${record.id} ${record.kind} ${record.updatedAt} ${record.sealed.length}\n`),
        );
        parts.push(record.sealed);
      }
      for (const chunk of [...chunks].sort((a, b) => a.index - b.index)) {
        // Version 2: the chunk's AES-GCM tag, its last 16 bytes; version 1: SHA-256 of IV ‖ data.
        const listed = new Uint8Array(
          version === 2
            ? chunk.data.slice(-16)
            : await crypto.subtle.digest('SHA-256', new Uint8Array([...chunk.iv, ...chunk.data])),
        );
        parts.push(
          encoder.encode(`c ${chunk.documentId} ${chunk.index} ${Buffer.from(listed).toString('base64')}\n`),
        );
      }
      return new Uint8Array(Buffer.concat(parts));
    };
    expect(await backupListing(records, chunks.map(heldChunk))).toEqual(await expected(2));
    const elsewhere = (chunk: StoredChunk) => chunkDigest(chunk);
    expect(await backupListing(records, chunks.map(heldChunk), elsewhere, 1)).toEqual(await expected(1));
  });

  it('reads a backup of version 1 (chunks listed by SHA-256), and writes version 2', async () => {
    const { cipher, contents, chunks } = await sampleVault();
    for (const kind of ['zip', 'json'] as const) {
      const mac = await cipher.backupMac(
        await backupListing(contents.records, contents.chunks, chunkDigest, 1),
      );
      const decoded = await decodeBackup(await encodeBackup(kind, { ...contents, version: 1, mac }));
      if (!decoded.ok) throw new Error(decoded.problem);
      expect(decoded).toMatchObject({ version: 1, contents: { version: 1 } });
      const listing = await backupListing(decoded.contents.records, decoded.contents.chunks, chunkDigest, 1);
      expect(await cipher.checkBackupMac(listing, decoded.contents.mac)).toBe(true);
      expect(await readAll(decoded.contents)).toEqual(chunks);
      const current = await decodeBackup(await encodeBackup(kind, contents));
      expect(current).toMatchObject({ version: BACKUP_VERSION, contents: { version: 2 } });
    }
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
