// The backup file formats (docs/backup-format.md). A backup carries the vault exactly as it rests on the device:
// the header (KDF parameters and the wrapped data key) and every sealed record and document chunk, so it is
// restored on a new device with the master password alone and is never readable without it.
import { strFromU8, strToU8, Zip, ZipPassThrough } from 'fflate';
import { ahead } from '../../client/lanes.js';
import { jsonLayout, parseRange } from './json-reader.js';
import { readZipEntry, zipEntries, type ZipEntry } from './zip-reader.js';
import {
  base64Length,
  base64ToBytes,
  bytesToBase64,
  bytesToBase64Bytes,
  writeBase64,
} from '../../shared/base64.js';
import { chunkDigest, type SealedRecord, type VaultHeader } from '../vault/crypto.js';
import { headerFrom, headerJson, type HeaderJson } from '../vault/header.js';
import type { StoredChunk, StoredRecord } from '../vault/db.js';
import { z } from '../../shared/zod.js';
import {
  isSpaceColour,
  isSpaceName,
  SPACE_COLOURS,
  SPACE_ID,
  type SpaceTag,
} from '../../shared/spaces/colours.js';

export const BACKUP_FORMAT = 'mygenie-backup';
/**
 * 3 carries copies of the shared spaces' records, each naming its space, and the spaces' names and colours sealed;
 * 2 (still read) lists each chunk in the MAC by its AES-GCM tag; 1 (still read) by a SHA-256 of its bytes, which
 * cost a second pass of hashing over every document.
 */
export const BACKUP_VERSION = 3;
/** The first version whose records may name a shared space. */
export const SPACES_SINCE = 3;
export type BackupKind = 'json' | 'zip';

/**
 * A document chunk of a backup, known by its place; its bytes are read from the file when they are needed, so a
 * backup of any size is restored with one chunk at a time in memory.
 */
export interface BackupChunk {
  documentId: string;
  index: number;
  /** The chunk's sealed bytes; throws when the file does not hold a readable chunk there. */
  read(): Promise<StoredChunk>;
  /** Where the chunk lies in the backup's file (absent for chunks held in memory): a worker can read it there. */
  place?: ChunkPlace;
}

/** Where a chunk lies in a backup file: a ZIP's entry, or a JSON element's byte range. */
export type ChunkPlace = { zip: ZipEntry } | { json: [start: number, end: number] };

/**
 * A record of a backup: as the vault stores it, sealed under the member's data key. From version 3 a copy of a
 * shared space's record (opened from the space's vault and sealed again under the member's key, so the member's
 * master password alone reads it) names the space by its id; the member's own records name none.
 */
export interface BackupRecord extends StoredRecord {
  space?: string;
}

/**
 * A shared space a backup holds records of (version 3): its id, and its name and colour sealed under the member's
 * data key (sealSpaceTag), so a storage provider holding the backup reads no space's name, as it reads no record.
 */
export interface BackupSpace {
  id: string;
  sealed: Uint8Array<ArrayBuffer>;
}

/** The kind a space's `{ name, colour }` is sealed as: its additional data is `mygenie/space-tag/<space id>`. */
export const SPACE_TAG_KIND = 'space-tag';

const spaceTagValue = z.strictObject({
  name: z.string().refine(isSpaceName),
  colour: z.enum(SPACE_COLOURS),
});

/** A space's name and colour, sealed for a backup with the member's key (the vault's `seal`). */
export function sealSpaceTag(
  seal: (kind: string, id: string, value: unknown) => Promise<SealedRecord>,
  tag: SpaceTag,
): Promise<BackupSpace> {
  if (!SPACE_ID.test(tag.id) || !isSpaceName(tag.name) || !isSpaceColour(tag.colour)) {
    return Promise.reject(new Error('not a space tag'));
  }
  return seal(SPACE_TAG_KIND, tag.id, { name: tag.name, colour: tag.colour }).then(({ sealed }) => ({
    id: tag.id,
    sealed,
  }));
}

/** The sealed form of a backup's space, to open with the records' `openMany`. */
export function sealedSpaceTag(space: BackupSpace): SealedRecord {
  return { id: space.id, kind: SPACE_TAG_KIND, sealed: space.sealed };
}

/**
 * A space's tag from what its sealed form opened to; null when it is not one (a name blank or over
 * SPACE_NAME_MAX characters, a colour outside SPACE_COLOURS, anything else in it).
 */
export function spaceTagFrom(id: string, opened: unknown): SpaceTag | null {
  const value = spaceTagValue.safeParse(opened);
  return value.success && SPACE_ID.test(id) ? { id, ...value.data } : null;
}

/** A chunk read from its place in a backup file; throws when the file does not hold that chunk there. */
export async function readChunkAt(
  file: Blob,
  documentId: string,
  index: number,
  place: ChunkPlace,
): Promise<StoredChunk> {
  if ('zip' in place) return chunkFrom(documentId, index, await readZipEntry(file, place.zip));
  const chunk = (await parseRange(file, place.json, JSON_CHUNK_LIMIT)) as {
    documentId?: unknown;
    index?: unknown;
    data?: unknown;
  };
  if (chunk.documentId !== documentId || chunk.index !== index) throw new Error('bad chunk');
  return chunkFrom(documentId, index, fromBase64(chunk.data));
}

/** A chunk already in memory, as a backup chunk (tests, and backups made from memory). */
export function heldChunk(chunk: StoredChunk): BackupChunk {
  return { documentId: chunk.documentId, index: chunk.index, read: async () => chunk };
}

/** How many chunks are read (and opened, or written) at once: 8 MiB; four left the disk and the crypto waiting on each other (256 MB restore 8.0 → 6.5 s). */
export const CHUNKS_AHEAD = 8;

export interface BackupContents {
  /** The format version the backup was written in (BACKUP_VERSION when not given). */
  version?: number;
  createdAt: string;
  header: VaultHeader;
  records: BackupRecord[];
  /** The shared spaces the records name (version 3; absent before), each once. */
  spaces?: BackupSpace[];
  chunks: BackupChunk[];
  /** HMAC-SHA256 (under a key derived from the data key) over the list of everything in the backup. */
  mac: Uint8Array<ArrayBuffer>;
  /** The file the backup was read from, where its chunks' places are. */
  file?: Blob;
}

export type BackupProblem = 'not-a-backup' | 'damaged' | 'newer-version';
export type DecodedBackup =
  | { ok: true; kind: BackupKind; version: number; contents: BackupContents }
  | { ok: false; problem: BackupProblem };

const toBase64 = bytesToBase64;

function fromBase64(value: unknown): Uint8Array<ArrayBuffer> {
  if (typeof value !== 'string') throw new Error('not base64');
  return base64ToBytes(value);
}

interface RecordJson {
  id: string;
  kind: string;
  updatedAt: number;
  /** Version 3: the id of the space the record is a copy of. */
  space?: unknown;
  sealed: string;
}

interface SpaceJson {
  id?: unknown;
  sealed?: unknown;
}

/**
 * A record as the file holds it. A `space` that is not a space's id, or any `space` before version 3 (whose MAC
 * would not cover it), makes the backup damaged: a tag is never dropped or taken on trust.
 */
function recordFrom(json: RecordJson, version: number): BackupRecord {
  if (typeof json.id !== 'string' || typeof json.kind !== 'string' || !Number.isFinite(json.updatedAt)) {
    throw new Error('bad record');
  }
  const record: BackupRecord = {
    id: json.id,
    kind: json.kind,
    updatedAt: json.updatedAt,
    sealed: fromBase64(json.sealed),
  };
  if (json.space === undefined) return record;
  if (version < SPACES_SINCE || typeof json.space !== 'string' || !SPACE_ID.test(json.space)) {
    throw new Error('bad space tag');
  }
  return { ...record, space: json.space };
}

/**
 * The records of a backup of `version` and its `spaces` as the file holds them: each space once, with a space's
 * id and sealed bytes, and every record's space among them; none before version 3.
 */
function withSpaces(
  version: number,
  recordsJson: unknown,
  spacesJson: unknown,
): { records: BackupRecord[]; spaces?: BackupSpace[] } {
  if (!Array.isArray(recordsJson)) throw new Error('bad records');
  const records = (recordsJson as RecordJson[]).map((json) => recordFrom(json, version));
  if (version < SPACES_SINCE) {
    if (spacesJson !== undefined) throw new Error('spaces before version 3');
    return { records };
  }
  if (spacesJson !== undefined && !Array.isArray(spacesJson)) throw new Error('bad spaces');
  const spaces = ((spacesJson ?? []) as SpaceJson[]).map((json): BackupSpace => {
    const { id, sealed, ...rest } = json ?? {};
    if (typeof id !== 'string' || !SPACE_ID.test(id) || Object.keys(rest).length > 0) {
      throw new Error('bad space');
    }
    return { id, sealed: fromBase64(sealed) };
  });
  const ids = new Set(spaces.map((space) => space.id));
  if (ids.size !== spaces.length) throw new Error('a space given twice');
  if (records.some((record) => record.space !== undefined && !ids.has(record.space))) {
    throw new Error('a record of a space the backup does not hold');
  }
  return { records, spaces };
}

function spacesJson(spaces: BackupSpace[]) {
  return spaces.map((space) => ({ id: space.id, sealed: toBase64(space.sealed) }));
}

/** The spaces a backup of `version` is written with; a version before 3 refuses any. */
function spacesOf(version: number, records: BackupRecord[], spaces: BackupSpace[] = []): BackupSpace[] {
  if (version < SPACES_SINCE && (spaces.length > 0 || records.some((record) => record.space !== undefined))) {
    throw new Error(`a backup of version ${version} cannot hold shared spaces`);
  }
  return spaces;
}

function chunkBytes(chunk: StoredChunk): Uint8Array {
  const bytes = new Uint8Array(chunk.iv.length + chunk.data.length);
  bytes.set(chunk.iv, 0);
  bytes.set(chunk.data, chunk.iv.length);
  return bytes;
}

function chunkFrom(documentId: string, index: number, bytes: Uint8Array): StoredChunk {
  if (bytes.length < 12 + 16) throw new Error('bad chunk');
  return { documentId, index, iv: bytes.slice(0, 12), data: bytes.slice(12) };
}

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

function manifest(
  source: Pick<BackupSource, 'createdAt' | 'header'>,
  version: number,
  spaces: BackupSpace[],
  counts: { records: number; chunks: number },
  mac: Uint8Array,
) {
  return {
    format: BACKUP_FORMAT,
    version,
    createdAt: source.createdAt,
    header: headerJson(source.header),
    ...(version >= SPACES_SINCE ? { spaces: spacesJson(spaces) } : {}),
    counts,
    mac: toBase64(mac),
  };
}

/** What a backup is written from: the vault's header and records, and its document chunks read one by one. */
export interface BackupSource {
  createdAt: string;
  header: VaultHeader;
  records: BackupRecord[];
  /** The spaces the records name (version 3): their names and colours sealed with sealSpaceTag. */
  spaces?: BackupSpace[];
  /** Every chunk of every document in the backup, one at a time (so they need not all be in memory). */
  chunks: AsyncIterable<StoredChunk>;
  /** The format to write: BACKUP_VERSION, or 1 for the tests of reading older backups. */
  version?: number;
  /** In version 1, SHA-256 of a chunk's IV ‖ data. */
  digest?: (chunk: StoredChunk) => Promise<Uint8Array>;
  /** The MAC of the listing, under the vault's key. */
  mac(listing: Uint8Array<ArrayBuffer>): Promise<Uint8Array>;
}

/**
 * The output of a backup being written, gathered into a Blob: the pieces are folded into it every few MiB, so
 * they leave the page's memory as the backup grows (the browser keeps large Blobs on disk).
 */
class BlobSink {
  #blob = new Blob([]);
  #pending: Uint8Array<ArrayBuffer>[] = [];
  #pendingBytes = 0;

  push(bytes: Uint8Array): void {
    this.#pending.push(bytes as Uint8Array<ArrayBuffer>);
    this.#pendingBytes += bytes.length;
    if (this.#pendingBytes >= 8 * 1024 * 1024) this.#fold();
  }

  #fold(): void {
    this.#blob = new Blob([this.#blob, ...this.#pending]);
    this.#pending = [];
    this.#pendingBytes = 0;
  }

  finish(type: string): Blob {
    this.#fold();
    return new Blob([this.#blob], { type });
  }
}

/**
 * A backup is written without large strings: V8 keeps strings of a megabyte where only a full collection frees them
 * (a JSON backup of 100,000 records and 1 GB grew the heap by 330 MB), and each record's JSON made as text cost
 * 200 MB of garbage at that size. Records go a hundred to a piece of bytes, their base64 written straight in; a
 * chunk's base64 likewise.
 */
const RECORDS_PER_PIECE = 100;
const encoder = new TextEncoder();

/** A chunk's element of a JSON backup, as bytes. */
function* chunkJsonPieces(chunk: StoredChunk, first: boolean): Generator<Uint8Array> {
  yield strToU8(
    `${first ? '' : ','}{"documentId":${JSON.stringify(chunk.documentId)},"index":${chunk.index},"data":"`,
  );
  yield bytesToBase64Bytes(chunkBytes(chunk));
  yield strToU8('"}');
}

/**
 * Records' JSON (each a RecordJson: id, kind, updatedAt, the space's id for a space's record, sealed in base64) as
 * bytes, RECORDS_PER_PIECE to a piece, the array's brackets included.
 */
function* recordsJsonPieces(records: BackupRecord[]): Generator<Uint8Array> {
  yield strToU8('[');
  for (let start = 0; start < records.length; start += RECORDS_PER_PIECE) {
    const piece = records.slice(start, start + RECORDS_PER_PIECE);
    const heads = piece.map(
      (record, at) =>
        `${start + at > 0 ? ',' : ''}{"id":${JSON.stringify(record.id)},"kind":${JSON.stringify(record.kind)},"updatedAt":${JSON.stringify(record.updatedAt)},${record.space === undefined ? '' : `"space":${JSON.stringify(record.space)},`}"sealed":"`,
    );
    // A head's UTF-8 takes at most three bytes per UTF-16 unit.
    const size = piece.reduce(
      (sum, record, at) => sum + heads[at]!.length * 3 + base64Length(record.sealed.length) + 2,
      0,
    );
    const out = new Uint8Array(size);
    let written = 0;
    for (const [at, record] of piece.entries()) {
      written += encoder.encodeInto(heads[at]!, out.subarray(written)).written;
      written = writeBase64(record.sealed, out, written);
      out[written++] = 0x22; // "
      out[written++] = 0x7d; // }
    }
    yield out.subarray(0, written);
  }
  yield strToU8(']');
}

/**
 * Writes a backup as it is read: the records, then each document chunk as it comes from the source (digested for
 * the MAC on the way), then the manifest with the counts and the MAC. Memory holds the records and one chunk at
 * a time, whatever the documents weigh. In a ZIP the manifest is the last entry (a reader finds entries by name);
 * in JSON its fields close the object.
 */
export async function writeBackup(kind: BackupKind, source: BackupSource): Promise<Blob> {
  const sink = new BlobSink();
  const version = source.version ?? BACKUP_VERSION;
  const spaces = spacesOf(version, source.records, source.spaces);
  const listing = new BackupListing(source.records, version, spaces);
  const digest = listingDigest(version, source.digest);
  let chunkCount = 0;
  const counts = () => ({ records: source.records.length, chunks: chunkCount });
  /** The chunks with their digests, a few digested ahead (in the workers) while the earlier are written. */
  const digested = () => ahead(source.chunks, CHUNKS_AHEAD, digest);
  if (kind === 'json') {
    const head = JSON.stringify({
      format: BACKUP_FORMAT,
      version,
      createdAt: source.createdAt,
      header: headerJson(source.header),
      ...(version >= SPACES_SINCE ? { spaces: spacesJson(spaces) } : {}),
    });
    sink.push(strToU8(`${head.slice(0, -1)},"records":`));
    for (const piece of recordsJsonPieces(source.records)) sink.push(piece);
    sink.push(strToU8(',"chunks":['));
    for await (const [chunk, sum] of digested()) {
      listing.chunk(chunk, sum);
      for (const piece of chunkJsonPieces(chunk, chunkCount++ === 0)) sink.push(piece);
    }
    const mac = toBase64(await source.mac(listing.result()));
    sink.push(strToU8(`],"counts":${JSON.stringify(counts())},"mac":${JSON.stringify(mac)}}`));
    return sink.finish(backupMimeType(kind));
  }

  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure ??= error;
    else sink.push(data);
  });
  const modified = entryTime(source.createdAt);
  // Sealed bytes (and their base64) barely compress: every entry is stored as it is, which keeps backups fast.
  const add = (name: string, pieces: Iterable<Uint8Array>) => {
    const file = new ZipPassThrough(name);
    file.mtime = modified;
    zip.add(file);
    for (const piece of pieces) file.push(piece);
    file.push(new Uint8Array(0), true);
  };
  add('records.json', recordsJsonPieces(source.records));
  for await (const [chunk, sum] of digested()) {
    listing.chunk(chunk, sum);
    add(`documents/${chunk.documentId}/${chunk.index}.bin`, [chunkBytes(chunk)]);
    chunkCount++;
  }
  const mac = await source.mac(listing.result());
  add('manifest.json', [strToU8(JSON.stringify(manifest(source, version, spaces, counts(), mac)))]);
  zip.end();
  if (failure) throw failure;
  return sink.finish(backupMimeType(kind));
}

/**
 * Every entry of a ZIP is dated when the backup was made, so the same contents always make the same file (fflate
 * would date each entry when it is written). A ZIP's dates run from 1980 to 2099; a time outside them, or none,
 * dates the entries now.
 */
function entryTime(createdAt: string): Date {
  const time = new Date(createdAt);
  const year = time.getFullYear();
  return year >= 1980 && year <= 2099 ? time : new Date();
}

export function backupMimeType(kind: BackupKind): string {
  return kind === 'zip' ? 'application/zip' : 'application/json';
}

/** A backup's bytes made from contents already in memory (the format's tests). */
export async function encodeBackup(
  kind: BackupKind,
  contents: BackupContents,
): Promise<Uint8Array<ArrayBuffer>> {
  const blob = await writeBackup(kind, {
    ...contents,
    version: contents.version ?? BACKUP_VERSION,
    chunks: (async function* () {
      for (const chunk of contents.chunks) yield await chunk.read();
    })(),
    mac: async () => contents.mac,
  });
  return new Uint8Array(await blob.arrayBuffer());
}

interface ManifestJson {
  format?: unknown;
  version?: unknown;
  createdAt?: unknown;
  header?: HeaderJson;
  spaces?: unknown;
  counts?: { records?: unknown; chunks?: unknown };
  mac?: unknown;
}

function checkManifest(json: ManifestJson): BackupProblem | null {
  if (json?.format !== BACKUP_FORMAT) return 'not-a-backup';
  if (typeof json.version !== 'number' || !Number.isInteger(json.version)) return 'damaged';
  if (json.version > BACKUP_VERSION) return 'newer-version';
  if (json.version < 1 || typeof json.createdAt !== 'string') return 'damaged';
  return null;
}

/** The most a JSON backup's value other than its records and chunks may hold. */
const JSON_VALUE_LIMIT = 64 * 1024;
/** The most chunks a backup may hold (4 GiB of 1 MiB chunks, with room for small ones). */
const MAX_CHUNKS = 1_000_000;

/**
 * A JSON backup read from its file (src/app/backup/json-reader.ts): its manifest fields and records parsed from
 * their places, each chunk's place and name kept, its bytes read when the restore asks for them.
 */
async function decodeJson(file: Blob): Promise<DecodedBackup> {
  let layout: Awaited<ReturnType<typeof jsonLayout>>;
  try {
    layout = await jsonLayout(file, MAX_CHUNKS);
  } catch {
    return { ok: false, problem: 'damaged' };
  }
  const value = (key: string, limit = JSON_VALUE_LIMIT) => {
    const range = layout.values.get(key);
    return range ? parseRange(file, range, limit) : Promise.resolve(undefined);
  };
  let json: ManifestJson;
  try {
    json = {
      format: await value('format'),
      version: await value('version'),
      createdAt: await value('createdAt'),
      header: (await value('header')) as HeaderJson | undefined,
      spaces: await value('spaces'),
      counts: (await value('counts')) as ManifestJson['counts'],
      mac: await value('mac'),
    };
  } catch {
    return { ok: false, problem: 'damaged' };
  }
  const problem = checkManifest(json);
  if (problem) return { ok: false, problem };
  try {
    const chunks = layout.chunks.map(({ start, end, fields }): BackupChunk => {
      const named = JSON.parse(fields) as { documentId?: unknown; index?: unknown };
      const { documentId, index } = named;
      if (typeof documentId !== 'string' || !SAFE_ID.test(documentId) || !Number.isInteger(index)) {
        throw new Error('bad chunk');
      }
      const place: ChunkPlace = { json: [start, end] };
      return {
        documentId,
        index: index as number,
        place,
        read: () => readChunkAt(file, documentId, index as number, place),
      };
    });
    const contents: BackupContents = {
      version: json.version as number,
      createdAt: json.createdAt as string,
      header: headerFrom(json.header!),
      ...withSpaces(json.version as number, await value('records', ZIP_ENTRY_LIMITS.records), json.spaces),
      chunks,
      mac: fromBase64(json.mac),
      file,
    };
    return countsMatch(json, contents)
      ? { ok: true, kind: 'json', version: json.version as number, contents }
      : { ok: false, problem: 'damaged' };
  } catch {
    return { ok: false, problem: 'damaged' };
  }
}

/** The most each entry of a backup ZIP may hold once read, by its name. */
export const ZIP_ENTRY_LIMITS = {
  manifest: 64 * 1024,
  records: 512 * 1024 * 1024,
  /** A sealed document chunk: IV, at most one chunk of the document, the tag. */
  chunk: 12 + 1024 * 1024 + 16,
} as const;
/** The most all entries together may hold once read. */
export const ZIP_TOTAL_LIMIT = 4 * 1024 ** 3;
/** A chunk's element in a JSON backup: its bytes in base64 and its name. */
const JSON_CHUNK_LIMIT = Math.ceil(ZIP_ENTRY_LIMITS.chunk / 3) * 4 + 256;

function entryLimit(name: string): number | null {
  if (name === 'manifest.json') return ZIP_ENTRY_LIMITS.manifest;
  if (name === 'records.json') return ZIP_ENTRY_LIMITS.records;
  if (/^documents\/[A-Za-z0-9_-]{1,64}\/\d{1,7}\.bin$/.test(name)) return ZIP_ENTRY_LIMITS.chunk;
  return null;
}

/**
 * A backup ZIP read from its file: judged by the sizes its directory declares before any entry is read — an
 * unknown entry, an unknown compression, an entry over its limit or a total over ZIP_TOTAL_LIMIT refuse the file
 * before memory is taken for it — then its manifest, records and chunks read entry by entry.
 */
async function decodeZip(file: Blob): Promise<DecodedBackup> {
  let entries: ZipEntry[];
  try {
    entries = await zipEntries(file);
    let total = 0;
    for (const entry of entries) {
      const limit = entryLimit(entry.name);
      if (limit === null) throw new Error(`unexpected entry ${entry.name}`);
      if (entry.compression !== 0 && entry.compression !== 8) throw new Error('unknown compression');
      total += entry.originalSize;
      if (entry.originalSize > limit || total > ZIP_TOTAL_LIMIT) throw new Error('entry too large');
    }
  } catch {
    return { ok: false, problem: 'damaged' };
  }
  const named = (name: string) => entries.find((entry) => entry.name === name);
  const manifestEntry = named('manifest.json');
  if (!manifestEntry) return { ok: false, problem: 'not-a-backup' };
  let json: ManifestJson;
  try {
    json = JSON.parse(strFromU8(await readZipEntry(file, manifestEntry)));
  } catch {
    return { ok: false, problem: 'damaged' };
  }
  const problem = checkManifest(json);
  if (problem) return { ok: false, problem };
  try {
    const chunks: BackupChunk[] = [];
    for (const entry of entries) {
      const match = /^documents\/([A-Za-z0-9_-]{1,64})\/(\d{1,7})\.bin$/.exec(entry.name);
      if (!match) continue;
      const [documentId, index] = [match[1]!, Number(match[2])];
      chunks.push({
        documentId,
        index,
        place: { zip: entry },
        read: () => readChunkAt(file, documentId, index, { zip: entry }),
      });
    }
    const recordsEntry = named('records.json');
    if (!recordsEntry) throw new Error('no records');
    const contents: BackupContents = {
      version: json.version as number,
      createdAt: json.createdAt as string,
      header: headerFrom(json.header!),
      ...withSpaces(
        json.version as number,
        JSON.parse(strFromU8(await readZipEntry(file, recordsEntry))),
        json.spaces,
      ),
      chunks,
      mac: fromBase64(json.mac),
      file,
    };
    return countsMatch(json, contents)
      ? { ok: true, kind: 'zip', version: json.version as number, contents }
      : { ok: false, problem: 'damaged' };
  } catch {
    return { ok: false, problem: 'damaged' };
  }
}

function countsMatch(json: ManifestJson, contents: BackupContents): boolean {
  return json.counts?.records === contents.records.length && json.counts?.chunks === contents.chunks.length;
}

function looksLikeJson(bytes: Uint8Array): boolean {
  const first = bytes.find(
    (byte) =>
      byte !== 0x20 &&
      byte !== 0x0a &&
      byte !== 0x0d &&
      byte !== 0x09 &&
      byte !== 0xef &&
      byte !== 0xbb &&
      byte !== 0xbf,
  );
  return first === 0x7b;
}

/** Reads a backup file of either kind; anything else is named for what it is. */
export async function decodeBackup(file: Blob | Uint8Array<ArrayBuffer>): Promise<DecodedBackup> {
  const blob = file instanceof Blob ? file : new Blob([file]);
  const start = new Uint8Array(await blob.slice(0, 64).arrayBuffer());
  if (start.length >= 4 && start[0] === 0x50 && start[1] === 0x4b && start[2] === 0x03 && start[3] === 0x04) {
    return decodeZip(blob);
  }
  if (looksLikeJson(start)) return decodeJson(blob);
  return { ok: false, problem: 'not-a-backup' };
}

/** A chunk's AES-GCM tag: the last 16 bytes of its data. */
export function chunkTag(chunk: StoredChunk): Uint8Array {
  return chunk.data.subarray(chunk.data.length - 16);
}

/** What a chunk is listed by in a backup of `version`: its tag, or in version 1 a digest of its bytes. */
export function listingDigest(
  version: number,
  digest: (chunk: StoredChunk) => Promise<Uint8Array> = chunkDigest,
): (chunk: StoredChunk) => Promise<Uint8Array> {
  return version === 1 ? digest : async (chunk) => chunkTag(chunk);
}

/**
 * What the MAC covers: every record (id, kind, time and its sealed bytes) and every document chunk (document,
 * index, and its AES-GCM tag — in version 1 a SHA-256 of its IV ‖ data), in a fixed order, so a record removed,
 * added, replaced or moved is caught. Records go in whole (one HMAC over them all is cheaper than a digest each);
 * chunks by their tag, which the restore checks when it opens each one (a chunk whose bytes changed does not
 * open; one that opens with another tag is another chunk). `digest` (version 1) is SHA-256 of the chunk's IV ‖
 * data; the vault passes one that runs in its crypto workers.
 */
export async function backupListing(
  records: BackupRecord[],
  chunks: BackupChunk[],
  digest: (chunk: StoredChunk) => Promise<Uint8Array> = chunkDigest,
  version = BACKUP_VERSION,
  spaces: BackupSpace[] = [],
): Promise<Uint8Array<ArrayBuffer>> {
  const listing = new BackupListing(records, version, spaces);
  const listed = listingDigest(version, digest);
  // A few chunks are read (and in version 1 digested, off this thread) at a time, whatever the backup weighs.
  for await (const [chunk, sum] of ahead(chunks, CHUNKS_AHEAD, async (chunk) => listed(await chunk.read()))) {
    listing.chunk(chunk, sum);
  }
  return listing.result();
}

/**
 * The listing built as a backup is written: the spaces and records at once, then each chunk's line as it comes.
 * From version 3 each space is listed with its sealed name and colour, and each record's line ends with the id of
 * its space (`-` for the member's own), so a record's tag cannot be moved, stripped or added, nor a space's name
 * or colour changed, without the MAC failing. A version before 3 refuses any space (its listing could not hold it).
 */
export class BackupListing {
  readonly #writer: ListingWriter;
  readonly #chunks: Array<{ documentId: string; index: number; line: string }> = [];

  constructor(records: BackupRecord[], version = BACKUP_VERSION, spaces: BackupSpace[] = []) {
    spacesOf(version, records, spaces);
    const byId = <T extends { id: string }>(list: T[]) =>
      [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const sorted = byId(records);
    const capacity = [...records, ...spaces].reduce((total, item) => total + item.sealed.length + 100, 64);
    this.#writer = new ListingWriter(capacity);
    this.#writer.text(`${BACKUP_FORMAT}/${version}\n`);
    for (const space of byId(spaces)) {
      this.#writer.text(`s ${space.id} ${space.sealed.length}\n`);
      this.#writer.bytes(space.sealed);
    }
    const tagged = version >= SPACES_SINCE;
    for (const record of sorted) {
      const space = tagged ? ` ${record.space ?? '-'}` : '';
      this.#writer.text(
        `r ${record.id} ${record.kind} ${record.updatedAt} ${record.sealed.length}${space}\n`,
      );
      this.#writer.bytes(record.sealed);
    }
  }

  chunk(chunk: { documentId: string; index: number }, digest: Uint8Array): void {
    const line = `c ${chunk.documentId} ${chunk.index} ${toBase64(digest)}\n`;
    this.#chunks.push({ documentId: chunk.documentId, index: chunk.index, line });
  }

  /** Chunks are listed by document, then index, whatever order they came in. */
  result(): Uint8Array<ArrayBuffer> {
    this.#chunks.sort((a, b) =>
      a.documentId === b.documentId ? a.index - b.index : a.documentId < b.documentId ? -1 : 1,
    );
    for (const { line } of this.#chunks) this.#writer.text(line);
    return this.#writer.result();
  }
}

/** Text and bytes written one after another into one buffer, which grows when it must. */
class ListingWriter {
  #buffer: Uint8Array<ArrayBuffer>;
  #length = 0;
  readonly #encoder = new TextEncoder();

  constructor(capacity: number) {
    this.#buffer = new Uint8Array(capacity);
  }

  #reserve(bytes: number): void {
    if (this.#length + bytes <= this.#buffer.length) return;
    const grown = new Uint8Array(Math.max(this.#buffer.length * 2, this.#length + bytes));
    grown.set(this.#buffer.subarray(0, this.#length));
    this.#buffer = grown;
  }

  text(text: string): void {
    // UTF-8 takes at most three bytes for each UTF-16 code unit.
    this.#reserve(text.length * 3);
    this.#length += this.#encoder.encodeInto(text, this.#buffer.subarray(this.#length)).written;
  }

  bytes(bytes: Uint8Array): void {
    this.#reserve(bytes.length);
    this.#buffer.set(bytes, this.#length);
    this.#length += bytes.length;
  }

  result(): Uint8Array<ArrayBuffer> {
    return this.#buffer.slice(0, this.#length);
  }
}
