// The snapshot a rotation publishes, uploaded before it (docs/spaces-plan.md §3 "Rotation", §4): the rotating device
// re-seals every current record under the next epoch's key as that series' publication (`covers=1`) and stages it
// with `PUT …/snapshots?epoch=e+1&stage=1`, so the rotation itself (`POST …/rotate`, rotation.ts) is one short
// transaction. A staged snapshot is nobody's to read until the rotation publishes it; it announces nothing, and its
// bytes count against the owner's quota from the moment it is kept. A space keeps one at most.
import type { FastifyBaseLogger } from 'fastify';
import type { SpaceSnapshotQuery } from '../../shared/schemas/space-sync.js';
import { SPACE_SNAPSHOT, statementBytes } from '../../shared/spaces/statements.js';
import type { SignedIn } from '../accounts/service.js';
import { isoAt } from '../core/clock.js';
import { newId } from '../core/ids.js';
import type { Trx } from '../db/stores.js';
import { ApiError } from '../http/errors.js';
import { authorize } from '../policies/authorize.js';
import { writesAsDevice } from '../policies/devices.js';
import { storageApiError } from '../storage/http.js';
import { hashing } from '../sync/proofs.js';
import { dropStaged, insertStaged, rotationDue, stagedSnapshot } from './rotation-store.js';
import type { SpaceMembership, SpaceSeriesQueries } from './series-store.js';
import { verifies } from './signatures.js';
import type { Incoming } from '../sync/service.js';
import type { SpaceSyncDeps } from './series-store.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Stages the next epoch's snapshot. Only who may make the rotation stages it (the owner; an editor once one is
 * due), from a device of theirs registered in the current epoch `e`, for epoch `e+1` with `covers=1`, proven by
 * their identity over `["mygenie/space-snapshot/v1", spaceId, e+1, device, 1, sha256]`. The space's one staged
 * snapshot gives way to the same member's newer one, to the owner's, or once it is a day old or of another epoch
 * than the next (a rotation abandoned); anyone else's is `space/rotation-busy`.
 */
export async function stageSnapshot(
  deps: SpaceSyncDeps,
  signedIn: SignedIn,
  spaceId: string,
  query: SpaceSnapshotQuery,
  incoming: Incoming,
  log: FastifyBaseLogger,
) {
  const { store, quota, storage, clock } = deps;
  const { user } = signedIn;
  /** The caller, device, epoch and staged snapshot allowed: before the bytes are read and again after. */
  const admitted = async (tx: SpaceSeriesQueries, trx: Trx) => {
    const member: SpaceMembership | undefined = await tx.membership(spaceId, user.uid);
    if (!member || member.state !== 'member') throw new ApiError('space/not-found');
    authorize(member.role !== 'viewer', 'space/read-only');
    authorize(member.role === 'owner' || (await rotationDue(trx, spaceId)), 'space/not-owner');
    if (query.epoch !== member.epoch + 1) throw new ApiError('space/stale-epoch');
    if (query.covers !== 1 || query.publish !== undefined) throw new ApiError('request/invalid');
    const device = await tx.findDevice(spaceId, member.epoch, query.device);
    if (!device || device.user_id !== user.uid) throw new ApiError('sync/unknown-device');
    authorize(writesAsDevice(signedIn, device), 'sync/not-your-device');
    const signKey = await tx.signKeyOf(user.uid);
    if (signKey === undefined) throw new ApiError('space/no-identity');
    const staged = await stagedSnapshot(trx, spaceId);
    if (
      staged &&
      staged.author !== user.uid &&
      member.role !== 'owner' &&
      Number(staged.epoch) === member.epoch + 1 &&
      staged.created_at > isoAt(clock, -DAY_MS)
    ) {
      throw new ApiError('space/rotation-busy');
    }
    return { member, signKey, staged };
  };
  await store.locked(spaceId, async (tx, trx) => {
    const { member } = await admitted(tx, trx);
    await quota.lockIn(trx, member.owner_id);
    await quota.ensureRoom(trx, member.owner_id, incoming.declared ?? 1);
  });
  const { id, key, size, digest } = await putSnapshotFile(deps, spaceId, incoming);
  let replaced: string | null = null;
  try {
    await store.locked(spaceId, async (tx, trx) => {
      const { member, signKey, staged } = await admitted(tx, trx);
      const statement = [SPACE_SNAPSHOT, spaceId, query.epoch, query.device, 1, digest()];
      if (!verifies(signKey, statementBytes(statement), query.proof)) throw new ApiError('sync/unproven');
      await quota.lockIn(trx, member.owner_id);
      await quota.ensureRoom(trx, member.owner_id, size - Number(staged?.size ?? 0));
      if (staged) replaced = await dropStaged(trx, staged);
      await insertStaged(trx, {
        id,
        space_id: spaceId,
        epoch: query.epoch,
        covers: 1,
        size,
        storage_key: key,
        author: user.uid,
        created_at: isoAt(clock),
      });
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (replaced !== null) {
    await storage.delete(replaced).catch((err: unknown) => log.warn({ err }, 'staged snapshot not deleted'));
  }
  return { id, covers: 1, size };
}

/**
 * A snapshot's bytes streamed to storage under a new id, before anything of it is committed (its proof, over the
 * digest, and its size are checked by the caller under the space's lock; the caller deletes the file if not).
 */
export async function putSnapshotFile(
  deps: Pick<SpaceSyncDeps, 'storage' | 'maxUploadBytes'>,
  spaceId: string,
  incoming: Incoming,
): Promise<{ id: string; key: string; size: number; digest: () => string }> {
  const id = newId();
  const key = `spaces/${spaceId}/snapshots/${id}`;
  const body = hashing(incoming.open());
  try {
    const { size } = await deps.storage.put(key, body.stream, {
      maxBytes: deps.maxUploadBytes,
      contentType: 'application/octet-stream',
    });
    return { id, key, size, digest: () => body.digest() };
  } catch (error) {
    throw storageApiError(error);
  }
}
