// A space's key rotation on members' devices (docs/spaces-plan.md §3 "Rotation", §4 step 8's routes). The rotating
// device — an owner's, or an editor's while a rotation is due — takes everything of the epoch in, draws the next key
// and series, seals every current record again under them as the new series' publication (covers 1, origin S:0),
// stages it, and rotates in one request with a removal when there is one, the new key wrapped to every member who
// stays; of two rotations at once one lands, and the other device follows it (and removes again if it still must).
// Every other device follows a new epoch: it opens the new key only from the wrap the log lets in (epoch-keys.ts),
// joins the new series from its snapshot, carries its unsent edits over (epoch-carry.ts) and drops the old store.
// A device whose member is no longer in the space stops, keeps its unsent edits as the member's own records if
// asked, and deletes the space's stores and keys: no wrap of a later epoch is theirs to open.
import { ApiFailure, failureOf, pathOf } from '../../client/api.js';
import { bytesToBase64 } from '../../shared/base64.js';
import { applyEntry, type LogEntry, type SpaceState } from '../../shared/spaces/log.js';
import { SPACE_SNAPSHOT, statementBytes } from '../../shared/spaces/statements.js';
import { originVersion } from '../../shared/schemas/sync.js';
import { deriveSyncKey } from '../sync/chain.js';
import { joinPayload, ridOf, sealSnapshot } from '../sync/codec.js';
import type { HttpOptions } from '../sync/browser.js';
import type { SyncEnvironment } from '../sync/ports.js';
import { sealAuthors } from '../sync/snapshots.js';
import { SyncStore } from '../sync/store.js';
import type { AuthorRow } from '../vault/db.js';
import { newId, type RecordKind, type Vault } from '../vault/vault.js';
import type { SpaceStores } from '../vault/space-stores.js';
import { nextPlace, removeEntry, signedEntry } from './entries.js';
import { carryEdits, keepAsOwn, unsentEdits } from './epoch-carry.js';
import { openWrap, type EpochKeys, type OpenedWrap } from './epoch-keys.js';
import { signStatement, verifyStatement } from './identity-keys.js';
import type { SpaceLogs, VerifiedLog } from './log-view.js';
import { newEpoch, spaceCommitment, wrapSpaceKey } from './space-keys.js';
import { deviceStatement, type SpaceApi } from './space-server.js';
import { openSpaceSeries, SpaceLogBook, type SpaceMe, type SpaceSeries } from './space-sync.js';

/** The staged upload's answer: the snapshot's id, which the rotation names. */
export type StageSnapshot = (
  spaceId: string,
  query: { epoch: number; device: string; covers: 1; proof: string },
  bytes: Uint8Array<ArrayBuffer>,
) => Promise<{ id: string }>;

/** What rotation and following need of the device: the space, the member, the server and the device's keepings. */
export interface EpochHost {
  spaceId: string;
  me: SpaceMe;
  api: SpaceApi;
  /** The member's checked logs (members.ts `SpaceMembers.logs`): who the log lets wrap each epoch's key. */
  logs: Pick<SpaceLogs, 'refresh'>;
  keys: Pick<EpochKeys, 'get' | 'keep' | 'drop'>;
  stores: Pick<SpaceStores, 'drop' | 'list'>;
  /** An epoch's keyed vault, not yet opened, its store noted (`new Vault(id, platform)` of spacePlatform). */
  vaultOf(epoch: number): Promise<Vault>;
  env: Omit<SyncEnvironment, 'server'>;
  /** Stages the next epoch's snapshot (httpStage in the app). */
  stage: StageSnapshot;
  /** Waits before a rotation is tried again (a real timer in the app). */
  wait?: (ms: number) => Promise<void>;
  onEpoch?: (epoch: number) => void;
}

/** A space's epoch open on this device. */
export interface OpenEpoch {
  epoch: number;
  series: SpaceSeries;
}

/** The staged upload over HTTP: the route answers the snapshot's description, whose id the rotation names. */
export function httpStage(options: HttpOptions = {}): StageSnapshot {
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  return async (spaceId, query, bytes) => {
    const path = pathOf('spaceUploadSnapshot', {
      params: { id: spaceId },
      query: { ...query, stage: '1' },
    } as never);
    let response: Response;
    try {
      response = await send(`${options.base ?? ''}${path}`, {
        method: 'PUT',
        credentials: 'same-origin',
        cache: 'no-store',
        headers: { 'content-type': 'application/octet-stream' },
        body: bytes,
      });
    } catch {
      throw new ApiFailure('network', 0);
    }
    if (!response.ok) throw await failureOf(response);
    return (await response.json()) as { id: string };
  };
}

const codeOf = (error: unknown) => (error instanceof ApiFailure ? error.code : null);

export type FollowResult =
  | { ok: true; epoch: OpenEpoch }
  /** removed: the member is no longer in the space (departSpace takes it from here); the rest: openWrap's reasons. */
  | { ok: false; reason: 'removed' | 'moved' | Extract<OpenedWrap, { ok: false }>['reason'] };

/** The member is no longer among the space's (removed, or left on another device). */
export const departed = (log: VerifiedLog, uid: string) => log.state.members[uid] === undefined;

/**
 * Follows the space to its current epoch from `old` (SpaceIdentity.epochChanged, onEpoch, or the list showed a newer
 * one): opens the new key from this member's wrap only as the log grants it, opens the new epoch's store and joins
 * its series from the snapshot, with this device's unsent edits carried over; then drops the old store and key.
 * Nothing is dropped unless the new epoch opened: a wrap that does not check out leaves the old store as it was.
 */
export async function followEpoch(host: EpochHost, old: OpenEpoch): Promise<FollowResult> {
  const { spaceId, me, api, keys } = host;
  old.series.stop();
  // Not in the space any more, the server shows nothing of it (removed, left on another device, or deleted).
  const log = await host.logs.refresh(spaceId).catch((error: unknown) => {
    if (codeOf(error) === 'space/not-found') return null;
    throw error;
  });
  if (!log || departed(log, me.uid)) return { ok: false, reason: 'removed' };
  const { epoch, series } = log.state;
  if (epoch <= old.epoch) {
    await old.series.engine.resume();
    return { ok: true, epoch: old };
  }
  const state = await api.call('spaceSync', { params: { id: spaceId } });
  if (state.epoch !== epoch) return { ok: false, reason: 'moved' };
  let key = await keys.get(spaceId, epoch);
  if (!key) {
    const opened = await openWrap(me, log, state.wrap);
    if (!opened.ok) return opened;
    key = opened.key;
    await keys.keep(spaceId, epoch, key);
  }
  const edits = await unsentEdits(old.series.vault);
  // A store of this epoch from an attempt that did not finish holds nothing sent: made again from the start.
  await host.stores.drop(spaceId, epoch);
  const vault = await host.vaultOf(epoch);
  await vault.openWithKey(key);
  const device = newId();
  const proof = await signStatement(me.identity, deviceStatement(spaceId, epoch, device));
  await api.call('spaceRegisterDevice', { params: { id: spaceId, device }, body: { epoch, proof } });
  const store = new SyncStore(vault.database);
  await store.startSync(
    { name: 'sync', vault: series, device, seq: 0, prev: null, after: 0, heads: {}, header: '' },
    [],
  );
  const deletions = await carryEdits(vault, edits);
  const next = await openEpoch(host, epoch, series, key, vault);
  await next.series.engine.settled();
  for (const deletion of deletions) if (next.series.vault.get(deletion.id)) await vault.remove(deletion.id);
  await retire(host, old);
  return { ok: true, epoch: next };
}

/** Opens an epoch's series on this device (its sync meta written already). */
async function openEpoch(
  host: EpochHost,
  epoch: number,
  series: string,
  key: Uint8Array<ArrayBuffer>,
  vault: Vault,
): Promise<OpenEpoch> {
  const { spaceId, me, api, env } = host;
  const opened = await openSpaceSeries({
    spaceId,
    epoch,
    series,
    key,
    me,
    vault,
    env,
    api,
    book: new SpaceLogBook(spaceId, api),
    ...(host.onEpoch ? { onEpoch: host.onEpoch } : {}),
  });
  return { epoch, series: opened };
}

/** The old epoch's store and key go: nothing under K_e stays on the server either. */
async function retire(host: EpochHost, old: OpenEpoch): Promise<void> {
  old.series.close();
  await host.stores.drop(host.spaceId, old.epoch);
  await host.keys.drop(host.spaceId, old.epoch);
}

/**
 * The member is no longer in the space: its engine stops, its unsent edits become the member's own records when
 * `keepIn` (the member's vault) is given — the service asks first — and every store and key of the space goes.
 * Answers the ids of the records kept.
 */
export async function departSpace(
  host: Pick<EpochHost, 'spaceId' | 'keys' | 'stores'>,
  old: OpenEpoch | null,
  keepIn?: Pick<Vault, 'put'>,
): Promise<string[]> {
  const { spaceId } = host;
  let kept: string[] = [];
  if (old) {
    old.series.stop();
    if (keepIn) kept = await keepAsOwn(keepIn, spaceId, await unsentEdits(old.series.vault));
    old.series.close();
  }
  for (const store of await host.stores.list())
    if (store.spaceId === spaceId) await host.stores.drop(spaceId, store.epoch);
  await host.keys.drop(spaceId);
  return kept;
}

/** Why a rotation was not made. */
export class RotationRefused extends Error {
  constructor(readonly reason: 'not-allowed' | 'removed' | 'busy' | 'unopened') {
    super(`the rotation was not made: ${reason}`);
  }
}

export interface RotationOptions {
  /** A member to remove in the same commit (owners only). */
  remove?: string;
  /** How many times a rotation that lost to another one is made again. */
  attempts?: number;
}

/** How long a rotation waits before it is tried again: doubling from a second. */
const backoff = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/**
 * Rotates the space from `current` (removing `remove` with it), trying again after a rotation that lost to another
 * (`space/stale-epoch`: the other is followed first; `space/rotation-busy`: another's is on its way, waited for).
 * Answers the epoch open afterwards, and whether this device's rotation made it (false: another rotation did
 * what was needed — the member is gone, or nothing is due any more).
 */
export async function rotateSpace(
  host: EpochHost,
  current: OpenEpoch,
  options: RotationOptions = {},
): Promise<{ epoch: OpenEpoch; rotated: boolean }> {
  const attempts = options.attempts ?? 5;
  let open = current;
  for (let attempt = 0; ; attempt++) {
    const log = await host.logs.refresh(host.spaceId);
    if (departed(log, host.me.uid)) throw new RotationRefused('removed');
    if (log.state.epoch > open.epoch) {
      const followed = await followEpoch(host, open);
      // Moved on again while it was followed: the log is read again.
      if (!followed.ok && followed.reason === 'moved' && attempt + 1 < attempts) continue;
      if (!followed.ok) throw new RotationRefused(followed.reason === 'removed' ? 'removed' : 'unopened');
      open = followed.epoch;
      continue;
    }
    const { state } = log;
    const removing = options.remove !== undefined && state.members[options.remove] !== undefined;
    if (!removing && !state.rotationDue && attempt > 0) return { epoch: open, rotated: false };
    try {
      const next = await rotateOnce(host, open, log, removing ? options.remove : undefined);
      return { epoch: next, rotated: true };
    } catch (error) {
      const code = codeOf(error);
      if ((code !== 'space/stale-epoch' && code !== 'space/rotation-busy') || attempt + 1 >= attempts) {
        if (code === 'space/rotation-busy') throw new RotationRefused('busy');
        throw error;
      }
      await (host.wait ?? ((ms) => new Promise((done) => setTimeout(done, ms))))(backoff(attempt));
    }
  }
}

/** The rotation's entries: the removal first when there is one, then the `rotate` naming who stays. */
async function rotationEntries(
  host: EpochHost,
  state: SpaceState,
  next: { epoch: number; series: string; commit: string },
  remove: string | undefined,
): Promise<{ entries: LogEntry[]; after: SpaceState }> {
  const signer = host.me;
  const entries: LogEntry[] = [];
  let after = state;
  if (remove) {
    const removal = await removeEntry(signer, state, remove);
    const applied = await applyEntry(state.spaceId, state, removal, verifyStatement);
    if (!applied.ok) throw new RotationRefused('not-allowed');
    entries.push(removal);
    after = applied.state;
  }
  const staying = Object.values(after.members).filter((member) => member.state === 'member');
  const rotate = await signedEntry(state.spaceId, nextPlace(after), signer, 'rotate', {
    ...next,
    wrappedTo: staying.map((member) => member.fingerprint),
  });
  const applied = await applyEntry(state.spaceId, after, rotate, verifyStatement);
  if (!applied.ok) throw new RotationRefused('not-allowed');
  entries.push(rotate);
  return { entries, after };
}

/** One rotation from `open`, as the log stands: the new epoch open on this device once it landed. */
async function rotateOnce(
  host: EpochHost,
  open: OpenEpoch,
  log: VerifiedLog,
  remove: string | undefined,
): Promise<OpenEpoch> {
  const { spaceId, me, api } = host;
  // Everything of the epoch in (and this device's edits out) first: the snapshot holds what the others made.
  open.series.identity.heardNews();
  open.series.engine.syncNow();
  await open.series.engine.settled();
  // The log as it stands after the run (an entry may have come with it).
  const { state } = await host.logs.refresh(spaceId);
  if (state.epoch !== log.state.epoch) throw new ApiFailure('space/stale-epoch', 409);
  const sync = await api.call('spaceSync', { params: { id: spaceId } });
  if (sync.epoch !== open.epoch) throw new ApiFailure('space/stale-epoch', 409);
  const meta = await new SyncStore(open.series.vault.database).syncMeta();
  if (!meta) throw new RotationRefused('unopened');
  const epoch = open.epoch + 1;
  const { key, series } = newEpoch();
  const commit = await spaceCommitment(key, spaceId, epoch, series);
  const { entries, after } = await rotationEntries(host, state, { epoch, series, commit }, remove);

  // The new epoch's store: every current record sealed again under the new key, published as its series' origin.
  await host.stores.drop(spaceId, epoch);
  const vault = await host.vaultOf(epoch);
  await vault.openWithKey(key);
  const old = open.series.vault;
  for (const entry of old.all()) await vault.put(entry.kind as RecordKind, entry.id, entry.value);
  // Each record's authors go over as they were (the puts above noted this member as all of them), and with the
  // publication to every member.
  const authors = await new SyncStore(old.database).authorsOf(old.all().map((entry) => entry.id));
  await vault.database.authors.bulkPut(authors);
  const bytes = await publication(vault, series, authors);
  const sha256 = bytesToBase64(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
  const proof = await signStatement(
    me.identity,
    statementBytes([SPACE_SNAPSHOT, spaceId, epoch, meta.device, 1, sha256]),
  );
  try {
    const staged = await host.stage(spaceId, { epoch, device: meta.device, covers: 1, proof }, bytes);
    const wraps = await Promise.all(
      Object.entries(after.members)
        .filter(([, member]) => member.state === 'member')
        .map(async ([uid, member]) => ({
          uid,
          wrap: await wrapSpaceKey(me, { spaceId, epoch, uid, key: member.key }, key),
        })),
    );
    await api.call('rotateSpace', {
      params: { id: spaceId },
      body: { epoch: open.epoch, covers: sync.latest, snapshot: staged.id, entries, wraps },
    });
  } catch (error) {
    vault.close();
    await host.stores.drop(spaceId, epoch);
    throw error;
  }
  await host.keys.keep(spaceId, epoch, key);
  // This device made the publication: its records are at the series' origin, the publication taken as applied.
  const device = newId();
  await api.call('spaceRegisterDevice', {
    params: { id: spaceId, device },
    body: { epoch, proof: await signStatement(me.identity, deviceStatement(spaceId, epoch, device)) },
  });
  const edits = await unsentEdits(old);
  open.series.stop();
  await new SyncStore(vault.database).startSync(
    {
      name: 'sync',
      vault: series,
      device,
      seq: 0,
      prev: null,
      after: 1,
      heads: {},
      header: '',
      origin: true,
    },
    [],
  );
  const next = await openEpoch(host, epoch, series, key, vault);
  // Edits made here while the rotation was made: made again over the records as published.
  for (const edit of edits) {
    if (edit.value === null) await next.series.vault.remove(edit.id);
    else await next.series.vault.put(edit.kind as RecordKind, edit.id, edit.value);
  }
  await retire(host, open);
  return next;
}

/**
 * The new series' publication (covers 1): every record of `vault` at the origin version, and their authors, sealed
 * under its key.
 */
async function publication(
  vault: Vault,
  series: string,
  authorRows: readonly AuthorRow[],
): Promise<Uint8Array<ArrayBuffer>> {
  if (!vault.dataKey) throw new RotationRefused('unopened');
  const key = await deriveSyncKey(vault.dataKey);
  const entries = vault.all();
  const stored = await vault.storedSealed(entries.map((entry) => entry.id));
  const version = originVersion(series);
  const records = await Promise.all(
    entries.map(async (entry): Promise<[string, string, string]> => {
      const rid = await ridOf(key, entry.kind, entry.id);
      const { sealed } = await vault.seal('sync', rid, { k: entry.kind, i: entry.id });
      const base = stored.get(entry.id);
      if (!base) throw new RotationRefused('unopened');
      return [rid, version, bytesToBase64(joinPayload(sealed, base))];
    }),
  );
  const authors = await sealAuthors(vault, authorRows);
  const file = await sealSnapshot(key, {
    vault: series,
    covers: 1,
    heads: {},
    records,
    ...(authors === undefined ? {} : { authors }),
  });
  return new TextEncoder().encode(JSON.stringify(file));
}
