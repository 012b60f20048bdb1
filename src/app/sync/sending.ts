// Sending (docs/sync.md, "On the device, as built"): this device's unsent edits are signed into the outbox as
// changes of its chain, a batch at a time, and sent; a retry after a lost answer sends the very same changes. The
// server stores each change only when made from its record's newest version, and stops at one that is not
// (`stale`): the device then takes in what came first, merges, and signs its edit again. A series may add fields of
// its own to each change as it is signed (`attest`, ports.ts).
import { bytesToBase64 } from '../../shared/base64.js';
import { SYNC_MAX_CHANGES_PER_PUSH } from '../../shared/constants.js';
import type { SyncChangeBody } from '../../shared/schemas/sync.js';
import type { SyncMetaRow, SyncOutboxRow, SyncRecordRow } from './store.js';
import { ChainState, sealedHash, signChange } from './chain.js';
import { chunksOfDeleted, forgetChunks, uploadChunks, type ChunkParts } from './chunks.js';
import { joinPayload, ridOf } from './codec.js';
import { syncMeta, timed, type Parts } from './parts.js';

/** What sending uses: the outbox and unsent rows, sealing, the sync key, the server (and the chunks' parts). */
export type SendingParts = ChunkParts &
  Parts<
    'seal' | 'get',
    'syncMeta' | 'syncRows' | 'outbox' | 'dirtyRows' | 'queueChanges' | 'settleOutbox' | 'hasDirty',
    'key' | 'timings' | 'attest'
  >;

/** A push carries at most this many bytes of payload (the server takes 4 MiB of JSON). */
const PUSH_BYTES = 2_500_000;

/** Sends the outbox (or signs the next unsent edits into it); 'stale' when the server wants a merge first. */
export async function push(parts: SendingParts): Promise<'done' | 'more' | 'stale'> {
  let meta = await syncMeta(parts);
  let outbox = await parts.store.outbox();
  if (outbox.length === 0) {
    const rows = await parts.store.dirtyRows(SYNC_MAX_CHANGES_PER_PUSH);
    if (rows.length === 0) return 'done';
    ({ outbox, meta } = await timed(parts.timings, 'signMs', () => sign(parts, rows, meta)));
  }
  const key = await parts.key();
  // A document's chunks are all on the server before its record is.
  for (const entry of outbox) {
    if (entry.kind === 'document' && entry.sealed) await uploadChunks(parts, key, entry.id);
  }
  const forget = await chunksOfDeleted(parts, key, outbox);
  const answer = await timed(parts.timings, 'pushMs', () =>
    parts.server.call('syncPush', {
      body: { device: meta.device, changes: outbox.map((entry) => entry.change) },
    }),
  );
  const stored = outbox.slice(0, answer.stored.length);
  const dropped = outbox.slice(answer.stored.length);
  // Changes not stored leave the chain: its end goes back to before the first of them.
  const first = dropped[0];
  const settled: SyncMetaRow = first ? { ...meta, seq: first.seq - 1, prev: first.change.prev } : meta;
  await timed(parts.timings, 'settleMs', () => parts.store.settleOutbox(stored, dropped, settled));
  // Deleted documents' chunks go from the server once their deletion is stored.
  if (stored.length === outbox.length) await forgetChunks(parts, forget);
  if (answer.stale !== null) return 'stale';
  return (await parts.store.hasDirty()) ? 'more' : 'done';
}

/** Signs changes for unsent edits and puts them in the outbox with the chain's new end. */
async function sign(
  parts: SendingParts,
  rows: SyncRecordRow[],
  meta: SyncMetaRow,
): Promise<{ outbox: SyncOutboxRow[]; meta: SyncMetaRow }> {
  const key = await parts.key();
  const chain = new ChainState(meta.vault, meta.heads);
  const heads = chain.seen(meta.device);
  const outbox: SyncOutboxRow[] = [];
  let seq = meta.seq;
  let prev = meta.prev;
  let bytes = 0;
  const located = await addresses(parts, key, rows);
  for (const [index, row] of rows.entries()) {
    const { rid, sealed: address } = located[index]!;
    const sealed = row.pending;
    const payload = joinPayload(address, sealed);
    if (outbox.length > 0 && bytes + payload.byteLength > PUSH_BYTES) break;
    bytes += payload.byteLength;
    seq += 1;
    const signed = await signChange(key, {
      vault: meta.vault,
      device: meta.device,
      seq,
      prev,
      rid,
      base: row.version,
      sealedHash: await sealedHash(payload),
      heads,
    });
    prev = signed.mac;
    const change: SyncChangeBody = {
      seq,
      prev: signed.prev,
      rid,
      base: row.version,
      heads,
      hash: signed.sealedHash,
      mac: signed.mac,
      payload: bytesToBase64(payload),
    };
    // The series' additions go first: they can add to the change, never alter what its MAC covers.
    const additions = parts.attest ? await parts.attest(change, meta) : null;
    outbox.push({
      seq,
      id: row.id,
      kind: row.kind,
      edit: row.edit,
      sealed,
      change: additions ? { ...additions, ...change } : change,
    });
  }
  const next = { ...meta, seq, prev };
  await parts.store.queueChanges(outbox, next);
  return { outbox, meta: next };
}

/**
 * Records' pseudonymous ids and sealed addresses (kind and id), made for a batch at once (the workers share the
 * sealing).
 */
export async function addresses(
  parts: Parts<'seal', never>,
  key: CryptoKey,
  rows: Array<{ id: string; kind: string }>,
): Promise<Array<{ rid: string; sealed: Uint8Array<ArrayBuffer> }>> {
  const rids = await Promise.all(rows.map((row) => ridOf(key, row.kind, row.id)));
  const sealed = await Promise.all(
    rows.map((row, index) => parts.vault.seal('sync', rids[index]!, { k: row.kind, i: row.id })),
  );
  return rids.map((rid, index) => ({ rid, sealed: sealed[index]!.sealed }));
}
