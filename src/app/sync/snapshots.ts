// Snapshots (docs/sync.md, "Compaction"): a device that has applied a thousand changes past the last snapshot and
// has nothing unsent publishes every record's current version under one MAC, and the server drops the changes it
// covers; a new device, or one that fell behind it, takes the snapshot (checked), then the changes after it.
import { base64ToBytes, bytesToBase64 } from '../../shared/base64.js';
import { ApiFailure } from '../../client/api.js';
import {
  BASE_IS_RECORD,
  decideUntilSettled,
  EditedMeanwhileError,
  originRow,
  type SyncMetaRow,
  type SyncRecordRow,
} from './store.js';
import type { ChainHead } from './chain.js';
import { joinPayload, openSnapshot, sealSnapshot, snapshotProof, type SnapshotFile } from './codec.js';
import { SyncRefused, SyncStop } from './errors.js';
import { syncMeta, timed, type Parts } from './parts.js';
import { applyVersions, openPayloads, type Opened, type ReceivingParts } from './receiving.js';
import { downloadChunks, uploadChunks } from './chunks.js';
import type { AuthorRow } from '../vault/db.js';
import type { DocumentMeta, SyncedVault } from '../vault/vault.js';
import { addresses } from './sending.js';

/** What snapshots use: the records as stored, sync's rows and outbox, the keys, the server (and receiving's parts). */
export type SnapshotParts = ReceivingParts &
  Parts<'all' | 'storedSealed' | 'seal', 'allSyncRows' | 'outbox' | 'authorsOf', 'signing'>;

/** Where a snapshot's authors are sealed: the series' key, and this name as the sealed record's id. */
const AUTHORS_ID = 'snapshot-authors';

/**
 * Who added and last changed each record of a snapshot (a shared space's: vault/authors.ts), sealed as one record of
 * the series' key for its file (codec.ts, version 2); undefined when none is noted (a member's own vault). Compact:
 * the members named once (`by`), each record as `[id, changed by (its index), changed at]`, then who added it and
 * when only when another member or another time than its last change.
 */
export async function sealAuthors(
  vault: Pick<SyncedVault, 'seal'>,
  rows: readonly AuthorRow[],
): Promise<string | undefined> {
  if (rows.length === 0) return undefined;
  const by: string[] = [];
  const indexOf = new Map<string, number>();
  const member = (uid: string) => {
    let index = indexOf.get(uid);
    if (index === undefined) {
      index = by.push(uid) - 1;
      indexOf.set(uid, index);
    }
    return index;
  };
  const records = rows.map((row) => {
    const changed = [row.id, member(row.changedBy), row.changedAt];
    const sameAdding = row.addedBy === row.changedBy && row.addedAt === row.changedAt;
    return sameAdding ? changed : [...changed, member(row.addedBy), row.addedAt];
  });
  return bytesToBase64((await vault.seal('sync', AUTHORS_ID, { by, records })).sealed);
}

/** A snapshot's authors as sealed, opened: the members, each record as sealAuthors writes it. */
type SealedAuthors = { by: string[]; records: unknown[] };

const isSealedAuthors = (value: unknown): value is SealedAuthors =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as SealedAuthors).by) &&
  (value as SealedAuthors).by.every((uid) => typeof uid === 'string') &&
  Array.isArray((value as SealedAuthors).records);

/** One record's authors as sealAuthors wrote it, read back against the members it names; null: not well formed. */
function authorRow(record: unknown, by: readonly string[]): AuthorRow | null {
  if (!Array.isArray(record) || (record.length !== 3 && record.length !== 5)) return null;
  const [id, changedIndex, changedAt, addedIndex = changedIndex, addedAt = changedAt] = record as unknown[];
  const changedBy = Number.isInteger(changedIndex) ? by[changedIndex as number] : undefined;
  const addedBy = Number.isInteger(addedIndex) ? by[addedIndex as number] : undefined;
  if (typeof id !== 'string' || changedBy === undefined || addedBy === undefined) return null;
  if (!Number.isFinite(changedAt) || !Number.isFinite(addedAt)) return null;
  return { id, addedBy, addedAt: addedAt as number, changedBy, changedAt: changedAt as number };
}

/** A snapshot's authors by record id, opened (none: an empty map); what does not open or read right is refused. */
async function openAuthors(parts: Parts<'open', never>, file: SnapshotFile): Promise<Map<string, AuthorRow>> {
  if (file.authors === undefined) return new Map();
  let sealed: Uint8Array<ArrayBuffer>;
  try {
    sealed = base64ToBytes(file.authors);
  } catch {
    throw new SyncRefused('altered');
  }
  const [opened] = await parts.vault.open<unknown>([{ id: AUTHORS_ID, kind: 'sync', sealed }]);
  if (!opened?.ok || !isSealedAuthors(opened.value)) throw new SyncRefused('altered');
  const { by, records } = opened.value;
  const authors = new Map<string, AuthorRow>();
  for (const record of records) {
    const row = authorRow(record, by);
    if (!row) throw new SyncRefused('altered');
    authors.set(row.id, row);
  }
  return authors;
}

/** A device that has applied this many changes since the last snapshot makes a new one. */
export const SNAPSHOT_EVERY = 1000;
/** A snapshot's records are applied this many at a time (one IndexedDB transaction each). */
const SNAPSHOT_PART = 2000;
/** Records given their addresses this many at a time while a snapshot is made. */
const ADDRESS_BATCH = 1000;

/** What a device remembers between runs of the snapshots it knows of. */
export interface SnapshotState {
  /** The changes the newest snapshot known covers. */
  covered: number;
}

/** Publishes a snapshot when one is due (see the top of this file): `every` changes since the last one. */
export async function snapshotIfDue(
  parts: SnapshotParts,
  known: SnapshotState,
  every = SNAPSHOT_EVERY,
): Promise<void> {
  const meta = await syncMeta(parts);
  if (meta.after - known.covered < every) return;
  const state = await parts.server.call('syncState');
  known.covered = state.snapshot?.covers ?? 0;
  if (meta.after - known.covered < every || state.latest !== meta.after) return;
  if ((await parts.store.outbox()).length > 0) return;
  let records: SeriesRecord[];
  try {
    records = await seriesRecords(parts, meta);
  } catch (error) {
    // Edited here again and again while it was read: the next due run tries again.
    if (error instanceof EditedMeanwhileError) return;
    throw error;
  }
  const heads: Record<string, ChainHead> = { ...meta.heads };
  if (meta.seq > 0 && meta.prev) heads[meta.device] = { seq: meta.seq, mac: meta.prev };
  try {
    await upload(parts, meta, meta.after, heads, records);
    known.covered = meta.after;
  } catch (error) {
    // Another device published one first (or the series moved on): the next due run tries again.
    if (!(error instanceof ApiFailure) || error.code === 'network') throw error;
  }
}

/**
 * Every record's version in the series: its row's, or (a published vault's record that has not changed) the origin's;
 * records never sent have no version yet and are not in it. A record written since sync started has a row: one new
 * since then goes as a change of its own (version null: not here), one the vault had goes as it was then (its base
 * copy), deleted or not, so the publication never holds what a change will say again.
 */
function seriesRows(parts: SnapshotParts, meta: SyncMetaRow, explicit: SyncRecordRow[]): SyncRecordRow[] {
  const listed = new Set(explicit.map((row) => row.id));
  return [
    ...explicit,
    ...(meta.origin
      ? parts.vault
          .all()
          .filter((entry) => !listed.has(entry.id))
          .map((entry) => originRow(meta, entry))
      : []),
  ].filter((row) => row.version !== null);
}

/** The series' records with the base copy of each version, as sealed bytes (null: a deletion). */
type SeriesRecord = { row: SyncRecordRow; base: Uint8Array<ArrayBuffer> | null };

/**
 * The series as this device holds it (seriesRows), each version with its base copy. A base that is the record as
 * stored is read from the disk, not from this tab's copy in memory, which trails what another tab wrote until it
 * hears of it (a snapshot once paired an edit's version with the value before it). The rows are read again after
 * the records: an edit that came meanwhile (a row changed, or a record that had none got one) has it all read again.
 */
async function seriesRecords(parts: SnapshotParts, meta: SyncMetaRow): Promise<SeriesRecord[]> {
  return decideUntilSettled(async () => {
    const explicit = await parts.store.allSyncRows();
    const rows = seriesRows(parts, meta, explicit);
    const stored = await parts.vault.storedSealed(
      rows.filter((row) => row.base === BASE_IS_RECORD).map((row) => row.id),
    );
    if (rowsState(await parts.store.allSyncRows()) !== rowsState(explicit)) throw new EditedMeanwhileError();
    return rows.map((row) => {
      if (row.base !== BASE_IS_RECORD) return { row, base: row.base };
      const base = stored.get(row.id);
      if (!base) throw new SyncStop('damaged');
      return { row, base };
    });
  });
}

/** The rows' versions and edits, as one text: equal when no edit and no version came between two readings. */
function rowsState(rows: SyncRecordRow[]): string {
  return rows
    .map((row) => `${row.id}\t${row.edit}\t${row.version}\t${row.dirty}`)
    .sort()
    .join('\n');
}

/**
 * Publishes this vault whole (docs/sync.md, "Publishing a vault"): its records at the origin version, as the series'
 * first number, instead of a change each. False when the series has begun meanwhile (another device sent a change
 * into the new vault first): the records are then sent as changes instead.
 */
export async function publish(parts: SnapshotParts, meta: SyncMetaRow): Promise<boolean> {
  // As the vault was when sync started: what was written since goes as changes (seriesRows).
  const records = await seriesRecords(parts, meta);
  // Documents' chunks go first: a device taking the publication fetches them before it shows each document.
  const key = await parts.key();
  for (const { row } of records) if (row.kind === 'document') await uploadChunks(parts, key, row.id);
  try {
    await timed(parts.timings, 'pushMs', () => upload(parts, meta, 1, {}, records, true));
    return true;
  } catch (error) {
    const code = error instanceof ApiFailure ? error.code : null;
    if (code === 'request/invalid' || code === 'sync/stale-snapshot') return false;
    throw error;
  }
}

/** Seals `series` (the records' base copies) into a snapshot covering `covers`, signs it and sends it. */
async function upload(
  parts: SnapshotParts,
  meta: SyncMetaRow,
  covers: number,
  heads: Record<string, ChainHead>,
  series: SeriesRecord[],
  publication = false,
): Promise<void> {
  const key = await parts.key();
  const records: SnapshotFile['records'] = [];
  await timed(parts.timings, 'signMs', async () => {
    for (let at = 0; at < series.length; at += ADDRESS_BATCH) {
      const part = series.slice(at, at + ADDRESS_BATCH);
      const located = await addresses(
        parts,
        key,
        part.map(({ row }) => row),
      );
      part.forEach(({ row, base }, index) => {
        const { rid, sealed } = located[index]!;
        if (row.version) records.push([rid, row.version, bytesToBase64(joinPayload(sealed, base))]);
      });
    }
  });
  const authors = await sealAuthors(
    parts.vault,
    await parts.store.authorsOf(series.filter(({ row }) => row.version).map(({ row }) => row.id)),
  );
  const file = await sealSnapshot(key, {
    vault: meta.vault,
    covers,
    heads,
    records,
    ...(authors === undefined ? {} : { authors }),
  });
  const body = new TextEncoder().encode(JSON.stringify(file));
  const signing = await parts.signing();
  const proof = signing ? await snapshotProof(signing, meta.vault, meta.device, covers, body) : null;
  await parts.server.upload(
    'syncUploadSnapshot',
    {
      query: {
        device: meta.device,
        covers,
        ...(proof ? { proof } : {}),
        ...(publication ? { publish: '1' as const } : {}),
      },
    },
    body,
  );
}

type Versions = Parameters<typeof applyVersions>[1];

/**
 * A document's chunks fetched ahead of its record (takeSnapshot): applying the record fetches whatever is still
 * missing, so this only moves the work earlier, beside the other records' writing.
 */
function prefetchChunks(parts: SnapshotParts, key: CryptoKey, opened: Opened): Promise<void> {
  if (opened.side.deleted) return Promise.resolve();
  const meta = opened.side.value as DocumentMeta;
  const fetching = timed(parts.timings, 'chunksMs', () => downloadChunks(parts, key, opened.id, meta));
  // Met before the last part is applied; until then a failure must not count as unhandled.
  fetching.catch(() => undefined);
  return fetching;
}

/** Takes a snapshot (this device is behind the changes it replaced, or new): checked, then merged like changes. */
export async function takeSnapshot(parts: SnapshotParts, id: string, meta: SyncMetaRow): Promise<void> {
  const key = await parts.key();
  const bytes = await parts.server.download('syncSnapshot', { params: { id } });
  const file = await openSnapshot(key, meta.vault, new TextDecoder().decode(bytes));
  const authors = await openAuthors(parts, file);
  // An older snapshot than what this device has applied is a replay.
  if (file.covers <= meta.after) throw new SyncRefused('replayed');
  for (const [device, head] of Object.entries(meta.heads)) {
    if ((file.heads[device]?.seq ?? 0) < head.seq) throw new SyncRefused('replayed');
  }
  const heads = Object.fromEntries(Object.entries(file.heads).filter(([device]) => device !== meta.device));
  // This device's own changes the snapshot holds; those stored after it was made stay as they are here.
  const ownSeq = file.heads[meta.device]?.seq ?? 0;
  const items = file.records.map(([rid, version, payload]) => ({
    rid,
    version,
    payload: base64ToBytes(payload),
  }));
  parts.progress(0, items.length);
  // A device new to the series that holds no record yet keeps, as the publishing device does, no row for a record
  // of the publication taken as sent (applyVersions): its records without a row are at the vault's origin version.
  const base: SyncMetaRow =
    meta.origin || (meta.after === 0 && parts.vault.all().length === 0) ? { ...meta, origin: true } : meta;
  const next: SyncMetaRow = { ...base, after: file.covers, heads };
  // Applied in parts of a couple of thousand records, the chain's state moving with the last part; the next part
  // is opened in the workers while this one is written.
  const chunks: Array<typeof items> = [];
  for (let at = 0; at < items.length; at += SNAPSHOT_PART) chunks.push(items.slice(at, at + SNAPSHOT_PART));
  if (chunks.length === 0) chunks.push([]);
  const open = (part: typeof items) => {
    const opening = timed(parts.timings, 'openMs', () => openPayloads(parts, key, part));
    // Met below; until then a failure must not count as unhandled.
    opening.catch(() => undefined);
    return opening;
  };
  // Documents stream beside the records: their chunks are fetched (each checked under its document's key) as soon
  // as their records are opened, while the other records are written; the documents' records go with the last
  // part, once their chunks are all here, so a document never shows without its bytes.
  const documents: Versions = [];
  /** A version's author, as the snapshot's authors name it: its last change's, and who added it. */
  const authorOf = (id: string) => {
    const row = authors.get(id);
    return row
      ? { by: row.changedBy, madeAt: row.changedAt, added: { by: row.addedBy, at: row.addedAt } }
      : {};
  };
  const fetching: Array<Promise<void>> = [];
  let opening = open(chunks[0]!);
  let done = 0;
  for (const [index, part] of chunks.entries()) {
    const opened = await opening;
    const following = chunks[index + 1];
    if (following) opening = open(following);
    const versions: Versions = [];
    part.forEach((item, at) => {
      const version = { version: item.version, base: null, opened: opened[at]!, ...authorOf(opened[at]!.id) };
      if (version.opened.kind !== 'document') versions.push(version);
      else {
        documents.push(version);
        fetching.push(prefetchChunks(parts, key, version.opened));
      }
    });
    if (!following) {
      await Promise.all(fetching);
      versions.push(...documents);
    }
    await decideUntilSettled(() =>
      timed(parts.timings, 'applyMs', () =>
        applyVersions(parts, versions, following ? base : next, { ownSeq }),
      ),
    );
    done += part.length;
    parts.progress(done, items.length);
  }
}
