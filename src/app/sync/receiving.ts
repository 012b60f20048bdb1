// Receiving (docs/sync.md, "Applying a change"): the member's series is read a page at a time; each change is
// checked by the series' guard (a space's, ports.ts) and against its device's chain, opened (its address must hash to
// its pseudonymous id), and decided against what is here — taken, merged with an unsent edit, kept beside it as a
// conflict copy — then the page is written in one transaction with the chain's new state, decided again if a record
// concerned was edited meanwhile.
import { base64ToBytes } from '../../shared/base64.js';
import { originVersion, type SyncChange } from '../../shared/schemas/sync.js';
import type { Json } from '../vault/merge.js';
import type { StoredRecord } from '../vault/db.js';
import type { RecordNotice } from '../vault/notices.js';
import { madeAtOf, type AuthorNote } from '../vault/authors.js';
import {
  BASE_IS_RECORD,
  decideUntilSettled,
  type RemoteWrite,
  type SyncMetaRow,
  type SyncRecordRow,
} from './store.js';
import { newId, ONE_OF_A_KIND, type DocumentMeta, type RecordKind } from '../vault/vault.js';
import { decide, type Side } from './apply.js';
import { ChainState } from './chain.js';
import { downloadChunks, type ChunkParts } from './chunks.js';
import { ridOf, splitPayload } from './codec.js';
import { SyncRefused, SyncStop } from './errors.js';
import { rowsOf, syncMeta, timed, type Parts } from './parts.js';
import type { ReceivedChange } from './ports.js';

/** What receiving uses: the vault's opening, sealing and following, sync's rows, the server (and the chunks' parts). */
export type ReceivingParts = ChunkParts &
  Parts<
    'open' | 'seal' | 'get' | 'followRemote' | 'notify',
    'syncMeta' | 'syncRows' | 'applyRemote',
    'key' | 'timings' | 'guard' | 'authorOf' | 'self'
  >;

/** How a record opened from the series reads: its address and, unless deleted, its value and sealed bytes. */
export interface Opened {
  id: string;
  kind: RecordKind;
  side: Side;
  sealed: Uint8Array<ArrayBuffer> | null;
}

/**
 * Takes in the series after what this device has applied, page by page; a page that starts inside a snapshot's
 * span sends the device to `takeSnapshot` first.
 */
export async function pull(
  parts: ReceivingParts,
  takeSnapshot: (id: string, meta: SyncMetaRow) => Promise<void>,
): Promise<void> {
  for (;;) {
    const meta = await syncMeta(parts);
    const page = await parts.server.call('syncChanges', { query: { after: meta.after } });
    if (page.snapshot) {
      await takeSnapshot(page.snapshot.id, meta);
      continue;
    }
    const last = page.changes.at(-1);
    if (!last) return;
    const total = page.latest - meta.after;
    if (total > page.changes.length) parts.progress(0, total);
    await applyPage(parts, page.changes);
    if (total > page.changes.length) parts.progress(last.at - meta.after, total);
    if (last.at >= page.latest) return;
  }
}

/** Applies a page of the series, all or nothing; decided again if a record concerned was edited meanwhile. */
async function applyPage(parts: ReceivingParts, changes: SyncChange[]): Promise<void> {
  await decideUntilSettled(async () => {
    const meta = await syncMeta(parts);
    const key = await parts.key();
    // This device's own chain counts too: another device names what it had of it.
    const own = meta.prev ? { [meta.device]: { seq: meta.seq, mac: meta.prev } } : {};
    const chain = new ChainState(meta.vault, { ...meta.heads, ...own });
    const incoming: Array<{ change: SyncChange; payload: Uint8Array<ArrayBuffer> }> = [];
    let last = meta.after;
    for (const change of changes) {
      // The series only moves on: a number already passed is a replay, one out of order a reordering.
      if (change.at <= last) throw new SyncRefused(change.at <= meta.after ? 'replayed' : 'out-of-order');
      last = change.at;
      // This device's own changes, already applied here when they were stored.
      if (change.device === meta.device) continue;
      let payload: Uint8Array<ArrayBuffer>;
      try {
        payload = base64ToBytes(change.payload);
      } catch {
        throw new SyncRefused('damaged');
      }
      const guarded = parts.guard ? await parts.guard(change, meta) : 'ok';
      if (guarded !== 'ok') throw new SyncRefused(guarded);
      const verdict = await chain.accept(
        key,
        { ...change, vault: meta.vault, device: change.device, sealedHash: change.hash },
        payload,
      );
      if (verdict !== 'ok') throw new SyncRefused(verdict);
      incoming.push({ change, payload });
    }
    const opened = await openPayloads(
      parts,
      key,
      incoming.map(({ change, payload }) => ({ rid: change.rid, payload })),
    );
    const next: SyncMetaRow = { ...meta, after: Math.max(meta.after, last), heads: chain.heads() };
    await applyVersions(
      parts,
      incoming.map(({ change }, index) => ({
        version: `${change.device}:${change.seq}`,
        base: change.base,
        opened: opened[index]!,
        by: parts.authorOf?.(change),
        madeAt: (change as ReceivedChange).madeAt,
      })),
      next,
      false,
    );
  });
}

/** Opens the addresses and records of payloads, checking each address against its pseudonymous id. */
export async function openPayloads(
  parts: Parts<'open', never>,
  key: CryptoKey,
  items: Array<{ rid: string; payload: Uint8Array<ArrayBuffer> }>,
): Promise<Opened[]> {
  const split = items.map((item) => splitPayload(item.payload));
  const addresses = await parts.vault.open<{ k: RecordKind; i: string }>(
    items.map((item, index) => ({ id: item.rid, kind: 'sync', sealed: split[index]!.address })),
  );
  const located = await Promise.all(
    addresses.map(async (address, index) => {
      if (!address.ok || typeof address.value?.k !== 'string' || typeof address.value.i !== 'string') {
        throw new SyncRefused('altered');
      }
      if ((await ridOf(key, address.value.k, address.value.i)) !== items[index]!.rid) {
        throw new SyncRefused('altered');
      }
      return address.value;
    }),
  );
  const withRecord = split.flatMap((part, index) =>
    part.record
      ? [{ index, record: { id: located[index]!.i, kind: located[index]!.k, sealed: part.record } }]
      : [],
  );
  const values = await parts.vault.open<Json>(withRecord.map((item) => item.record));
  const result: Opened[] = located.map((address) => ({
    id: address.i,
    kind: address.k,
    side: { deleted: true },
    sealed: null,
  }));
  withRecord.forEach((item, at) => {
    const value = values[at]!;
    if (!value.ok) throw new SyncRefused('altered');
    result[item.index] = {
      ...result[item.index]!,
      side: { deleted: false, value: value.value },
      sealed: item.record.sealed,
    };
  });
  return result;
}

/**
 * Decides and writes remote versions of records, in order, in one transaction with the chain's new state; `by`, who
 * made a version (a space's member), is what a conflict copy it makes names as the other side (`conflictBy`), and is
 * noted as the record's author with the version, at its `madeAt` (vault/authors.ts).
 * `snapshot`: versions from a snapshot, taken whatever version is here (an edit here is merged with them) — but
 * for a record whose version here is one of this device's own changes the snapshot does not hold (`ownSeq`: the
 * last of them it holds), stored after it was made: that one is newer, and stays.
 */
export async function applyVersions(
  parts: ReceivingParts,
  items: Array<{
    version: string;
    base: string | null;
    opened: Opened;
    by?: string | undefined;
    madeAt?: unknown;
    /** Who added the record and when, known apart (a snapshot's authors). */
    added?: AuthorNote['added'];
  }>,
  meta: SyncMetaRow,
  snapshot: false | { ownSeq: number },
): Promise<void> {
  const key = await parts.key();
  const ids = [...new Set(items.map((item) => item.opened.id))];
  const stored = await rowsOf(parts, meta, ids);
  const hadRow = new Set(ids.filter((_, index) => stored[index] !== undefined));
  const origin = originVersion(meta.vault);
  const rows = new Map<string, SyncRecordRow | undefined>(ids.map((id, index) => [id, stored[index]]));
  const readEdit = new Map(ids.map((id, index) => [id, stored[index]?.edit ?? 0]));
  const records = new Map<string, StoredRecord | null>();
  const memory = new Map<string, { id: string; kind: RecordKind; value: unknown; deleted: boolean }>();
  const copies: Array<{ kind: RecordKind; value: Json; of: string; by: string | undefined }> = [];
  const notices: RecordNotice[] = [];
  const authors: AuthorNote[] = [];
  const documents: Array<{ id: string; meta: DocumentMeta }> = [];
  const now = Date.now();
  for (const { version, base, opened, by, madeAt, added } of items) {
    const row = rows.get(opened.id);
    if (snapshot && (row?.version === version || ownAfter(row?.version, meta.device, snapshot.ownSeq)))
      continue;
    const [baseValue, pendingSide] = await localSides(parts, row);
    const decision = decide(
      {
        version: row?.version ?? null,
        base: baseValue,
        pending: pendingSide,
        gone: !!row && row.version !== null && row.base === null,
      },
      { version, base: snapshot ? (row?.version ?? null) : base, side: opened.side },
      { oneOfAKind: ONE_OF_A_KIND.has(opened.kind) },
    );
    if (decision === 'reordered') throw new SyncRefused('out-of-order');
    let recordSealed: Uint8Array<ArrayBuffer> | null = null;
    if (!decision.record.deleted) {
      const sameAsRemote = !opened.side.deleted && decision.record.value === opened.side.value;
      recordSealed =
        sameAsRemote && opened.sealed
          ? opened.sealed
          : (await parts.vault.seal(opened.kind, opened.id, decision.record.value)).sealed;
      if (opened.kind === 'document') {
        documents.push({ id: opened.id, meta: decision.record.value as DocumentMeta });
      }
    }
    records.set(
      opened.id,
      recordSealed ? { id: opened.id, kind: opened.kind, sealed: recordSealed, updatedAt: now } : null,
    );
    memory.set(opened.id, {
      id: opened.id,
      kind: opened.kind,
      value: decision.record.deleted ? null : decision.record.value,
      deleted: decision.record.deleted,
    });
    const pending = decision.pending;
    rows.set(opened.id, {
      id: opened.id,
      kind: opened.kind,
      version,
      // The record stored is the remote version, sealed as sent: it is the base copy, kept once.
      base:
        !pending && recordSealed !== null && recordSealed === opened.sealed ? BASE_IS_RECORD : opened.sealed,
      dirty: pending ? 1 : 0,
      edit: row?.edit ?? 0,
      pending: pending ? (pending.deleted ? null : recordSealed) : null,
    });
    // Its author wrote the record as it now stands (a deletion kept from an edit here is this device's, unsent).
    if (by !== undefined && (decision.record.deleted || !opened.side.deleted)) {
      authors.push({
        id: opened.id,
        by,
        at: madeAtOf(madeAt, now),
        deleted: decision.record.deleted,
        ...(added ? { added } : {}),
      });
    }
    if (decision.conflictCopy !== undefined) {
      copies.push({ kind: opened.kind, value: decision.conflictCopy, of: opened.id, by });
    }
    if (decision.notice && decision.notice !== 'conflict') {
      notices.push({ id: opened.id, kind: opened.kind, notice: decision.notice, at: now });
    }
  }
  // A document's chunks come before its record shows.
  await timed(parts.timings, 'chunksMs', async () => {
    for (const document of documents) await downloadChunks(parts, key, document.id, document.meta);
  });
  const writes: RemoteWrite[] = [...records].flatMap(([id, record]) => {
    const row = rows.get(id);
    if (!row) return [];
    // A record of the publication taken as sent, new here, on a device whose rowless records are at the origin:
    // no row to keep (100,000 rows cost a new device seconds of IndexedDB writes).
    const atOrigin =
      meta.origin === true &&
      row.version === origin &&
      row.base === BASE_IS_RECORD &&
      !row.dirty &&
      !hadRow.has(id);
    return [{ id, record, row: atOrigin ? null : row, edit: readEdit.get(id) ?? 0 }];
  });
  // Each conflict copy is a new record, sent as any other: every device sees the conflict and the member resolves
  // it once. It is written with the remote side that replaced it, in one transaction.
  const sealedCopies = await Promise.all(
    copies.map(async (copy) => {
      const id = newId();
      const value = {
        ...(copy.value as object),
        conflictOf: copy.of,
        ...(copy.by !== undefined ? { conflictBy: copy.by } : {}),
        ...(parts.self !== undefined ? { conflictFrom: parts.self } : {}),
      };
      const sealed = await parts.vault.seal(copy.kind, id, value);
      return { id, kind: copy.kind, value, record: { ...sealed, updatedAt: now } };
    }),
  );
  const stamps = await timed(parts.timings, 'writeMs', () =>
    parts.store.applyRemote(
      writes,
      meta,
      sealedCopies.map((copy) => copy.record),
      authors,
    ),
  );
  parts.vault.followRemote(
    [...memory.values(), ...sealedCopies.map(({ id, kind, value }) => ({ id, kind, value, deleted: false }))],
    stamps,
  );
  parts.vault.notify(notices);
}

/** Whether `version` is a change of `device`'s made after its change number `seq`. */
function ownAfter(version: string | null | undefined, device: string, seq: number): boolean {
  if (!version?.startsWith(`${device}:`)) return false;
  return Number(version.slice(device.length + 1)) > seq;
}

/** A record's base value and unsent edit, opened from what sync keeps. */
async function localSides(
  parts: Parts<'get' | 'open', never>,
  row: SyncRecordRow | undefined,
): Promise<[Json | undefined, Side | null]> {
  if (!row) return [undefined, null];
  // The record as stored is the base: this tab holds it opened.
  if (row.base === BASE_IS_RECORD && !row.dirty) return [parts.vault.get<Json>(row.id)?.value, null];
  const base = row.base === BASE_IS_RECORD ? null : row.base;
  const sealed = [base, row.dirty ? row.pending : null];
  const opened = await parts.vault.open<Json>(
    sealed.flatMap((bytes) => (bytes ? [{ id: row.id, kind: row.kind, sealed: bytes }] : [])),
  );
  let at = 0;
  const next = () => {
    const value = opened[at++];
    if (!value?.ok) throw new SyncStop('damaged');
    return value.value;
  };
  const value = base ? next() : undefined;
  if (!row.dirty) return [value, null];
  return [value, row.pending ? { deleted: false, value: next() } : { deleted: true }];
}
