// A shared space's series on the server (docs/spaces-plan.md §3–§4): the space's current epoch is a series of
// changes under sync's own rules (sync/series.ts) — contiguous device chains, idempotent retries, stale bases held
// back, paged reads, signed snapshots — over the space's tables (series-store.ts). What differs is who: a member in
// the space reads it, an owner or editor writes it, each device joins with its member's identity key, every change
// keeps who sent it, and the bytes count against the space's owner, under the space's lock and then the owner's.
import type { FastifyBaseLogger } from 'fastify';
import { SYNC_MAX_DEVICES } from '../../shared/constants.js';
import type { SpaceChangeBody, SpaceSnapshotQuery } from '../../shared/schemas/space-sync.js';
import { SPACE_DEVICE, SPACE_SNAPSHOT } from '../../shared/spaces/statements.js';
import type { SignedIn } from '../accounts/service.js';
import { isoAt } from '../core/clock.js';
import type { Trx } from '../db/stores.js';
import { ApiError } from '../http/errors.js';
import { authorize } from '../policies/authorize.js';
import { writesAsDevice } from '../policies/devices.js';
import {
  changesAfter,
  keepSnapshot,
  presentSnapshot,
  proveDevice,
  pushChanges,
  snapshotAllowed,
  storedBody,
  type Series,
} from '../sync/series.js';
import { DEVICE_BYTES } from '../sync/store.js';
import { spaceNewsTopic } from './news.js';
import { putSnapshotFile, stageSnapshot } from './staging.js';
import type { SpaceMembership, SpaceSeriesQueries, SpaceSeriesStore, SpaceSyncDeps } from './series-store.js';
import type { Incoming } from '../sync/service.js';

export type { Incoming, SpaceSyncDeps };

// Who may do what in a space's series (plan §4; the space policies of policies/spaces.ts will hold them with the
// rest): a member reads, an owner or editor writes; someone joining (accepted, not yet added) is not in it yet.

/** Whether the caller reads the space's series: a member of it, not still joining. */
export const readsSpace = (member: SpaceMembership | undefined): member is SpaceMembership =>
  member !== undefined && member.state === 'member';

/** Whether the caller writes the space's series: its owner or an editor. */
export const writesSpace = (member: SpaceMembership): boolean =>
  member.role === 'owner' || member.role === 'editor';

function presentDevice(
  row: { id: string; epoch: number; session_id: string | null; created_at: string; last_seen_at: string },
  sessionId: string,
) {
  return {
    id: row.id,
    epoch: Number(row.epoch),
    current: row.session_id === sessionId,
    added: row.created_at,
    lastSeen: row.last_seen_at,
  };
}

export type SpaceSyncService = ReturnType<typeof spaceSyncService>;

export function spaceSyncService(deps: SpaceSyncDeps) {
  const { store, quota, storage, clock, live } = deps;
  const announce = (spaceId: string) => live.publish(spaceNewsTopic(spaceId));

  /** The caller's place in the space, or `space/not-found` (no space, or not theirs to see: the same answer). */
  const memberOf = async (tx: Pick<SpaceSeriesStore, 'membership'>, spaceId: string, userId: string) => {
    const member = await tx.membership(spaceId, userId);
    if (!readsSpace(member)) throw new ApiError('space/not-found');
    return member;
  };
  const writerOf = async (tx: Pick<SpaceSeriesStore, 'membership'>, spaceId: string, userId: string) => {
    const member = await memberOf(tx, spaceId, userId);
    authorize(writesSpace(member), 'space/read-only');
    return member;
  };
  const currentEpoch = (member: SpaceMembership, epoch: number) => {
    if (epoch !== member.epoch) throw new ApiError('space/stale-epoch');
  };
  /** The epoch's series as the rules read it; the key its devices and snapshots are proven by: the caller's. */
  const seriesOf = async (
    tx: Pick<SpaceSeriesStore, 'signKeyOf'>,
    member: SpaceMembership,
    userId: string,
  ) => {
    const signingKey = await tx.signKeyOf(userId);
    if (signingKey === undefined) throw new ApiError('space/no-identity');
    return { id: member.series_id, latest: member.latest, signingKey } satisfies Series;
  };
  /**
   * Runs `work` under the space's lock and then its owner's (always in that order: plan §4), with the caller's
   * membership read under them.
   */
  const lockedAsMember = <T>(
    spaceId: string,
    userId: string,
    work: (tx: SpaceSeriesQueries, member: SpaceMembership, trx: Trx) => Promise<T>,
  ) =>
    store.locked(spaceId, async (tx, trx) => {
      const member = await memberOf(tx, spaceId, userId);
      await quota.lockIn(trx, member.owner_id);
      return work(tx, member, trx);
    });

  return {
    /**
     * Checks, before a push's body is read, that the caller writes the space: a viewer's megabytes are refused
     * unread (`space/read-only`), a stranger's as if the space were not there.
     */
    async admitWriter({ user }: SignedIn, spaceId: string): Promise<void> {
      await writerOf(store, spaceId, user.uid);
    },

    async state({ user, sessionId }: SignedIn, spaceId: string) {
      const member = await memberOf(store, spaceId, user.uid);
      const series = store.seriesOf(spaceId, member.epoch);
      const devices = await store.listDevices(spaceId, member.epoch, user.uid, isoAt(clock));
      return {
        epoch: member.epoch,
        series: member.series_id,
        latest: member.latest,
        snapshot: presentSnapshot(await series.newestSnapshot()),
        devices: devices.map((device) => presentDevice(device, sessionId)),
        wrap: await store.wrapOf(spaceId, member.epoch, user.uid),
      };
    },

    /** Registers this session's device in the space's current epoch, proven by the member's identity key. */
    async registerDevice(
      signedIn: SignedIn,
      spaceId: string,
      id: string,
      body: { epoch: number; proof: string },
      browser: string | null,
    ) {
      const { user } = signedIn;
      const at = isoAt(clock);
      const row = await lockedAsMember(spaceId, user.uid, async (tx, member, trx) => {
        currentEpoch(member, body.epoch);
        const series = await seriesOf(tx, member, user.uid);
        proveDevice(series, [SPACE_DEVICE, spaceId, member.epoch, id], body.proof);
        // Removed once, gone for good from this epoch: its chain cannot start over under numbers it held.
        if (await tx.isRetired(spaceId, member.epoch, id)) throw new ApiError('sync/device-removed');
        const known = await tx.findDevice(spaceId, member.epoch, id);
        if (known) {
          // Registered again only by the session (of the member) that registered it.
          authorize(known.user_id === user.uid && writesAsDevice(signedIn, known), 'sync/not-your-device');
          await tx.seriesOf(spaceId, member.epoch).updateDevice(id, {
            last_seq: Number(known.last_seq),
            last_mac: known.last_mac,
            last_seen_at: at,
          });
          return { ...known, last_seen_at: at };
        }
        // Counted under the space's lock, so registrations sent at once cannot pass it together.
        if ((await tx.listDevices(spaceId, member.epoch, user.uid, at)).length >= SYNC_MAX_DEVICES) {
          throw new ApiError('sync/too-many-devices');
        }
        await quota.ensureRoom(trx, member.owner_id, DEVICE_BYTES);
        const added = {
          space_id: spaceId,
          epoch: member.epoch,
          id,
          user_id: user.uid,
          session_id: signedIn.sessionId,
          session_device: browser,
          last_seq: 0,
          last_mac: null,
          created_at: at,
          last_seen_at: at,
        };
        await tx.insertDevice(added);
        return added;
      });
      return presentDevice(row, signedIn.sessionId);
    },

    /** Any session of the member removes any of the member's devices in the space: a lost phone stops at once. */
    async removeDevice({ user }: SignedIn, spaceId: string, id: string) {
      await lockedAsMember(spaceId, user.uid, async (tx, member) => {
        const device = await tx.findDevice(spaceId, member.epoch, id);
        if (!device || device.user_id !== user.uid) throw new ApiError('sync/unknown-device');
        await tx.retireDevice(spaceId, member.epoch, id, isoAt(clock));
      });
    },

    /**
     * Takes a device's changes in its chain's order under sync's rules; each keeps its author and what it carries
     * in a space (when it was made, the log head, the author's signature), and the bytes go to the owner's quota.
     */
    async push(
      signedIn: SignedIn,
      spaceId: string,
      body: { epoch: number; device: string; changes: SpaceChangeBody[] },
    ) {
      const { user } = signedIn;
      const at = isoAt(clock);
      const result = await lockedAsMember(spaceId, user.uid, async (tx, member, trx) => {
        // Checked again under the lock: a role changed since the request came in counts.
        authorize(writesSpace(member), 'space/read-only');
        currentEpoch(member, body.epoch);
        const device = await tx.findDevice(spaceId, member.epoch, body.device);
        if (!device || device.user_id !== user.uid) throw new ApiError('sync/unknown-device');
        authorize(writesAsDevice(signedIn, device), 'sync/not-your-device');
        return pushChanges(
          tx.seriesOf(spaceId, member.epoch, user.uid),
          { id: member.series_id, latest: member.latest, signingKey: null },
          {
            device,
            changes: body.changes,
            at,
            ensureRoom: (adding) => quota.ensureRoom(trx, member.owner_id, adding),
            stored: (change) => ({
              ...storedBody(change),
              madeAt: change.madeAt,
              logHead: change.logHead,
              sig: change.sig,
            }),
            author: user.uid,
          },
        );
      });
      if (result.added > 0) await announce(spaceId);
      return { stored: result.stored, latest: result.latest, stale: result.stale };
    },

    /** The epoch's changes after `after`, each with its author, a page at a time (or the snapshot first). */
    async changes({ user }: SignedIn, spaceId: string, epoch: number, after: number) {
      const member = await memberOf(store, spaceId, user.uid);
      currentEpoch(member, epoch);
      const answer = await changesAfter(
        store.seriesOf(spaceId, member.epoch),
        { id: member.series_id, latest: member.latest, signingKey: null },
        after,
      );
      // Every change of a space's series was stored with its author (series-store.ts).
      return {
        ...answer,
        changes: answer.changes.map((change) => ({
          ...(change as typeof change & SpaceChangeBody),
          author: change.author ?? '',
        })),
      };
    },

    /**
     * Keeps a writer's snapshot of the epoch, replacing its history through `covers`, proven by the writer's
     * identity key. Checked before its bytes are read, streamed to storage and hashed, then checked again and kept
     * under the space's lock and its owner's, within the owner's quota.
     */
    async uploadSnapshot(
      signedIn: SignedIn,
      spaceId: string,
      query: SpaceSnapshotQuery,
      incoming: Incoming,
      log: FastifyBaseLogger,
    ) {
      // The next epoch's snapshot, for a rotation: staging.ts.
      if (query.stage !== undefined) return stageSnapshot(deps, signedIn, spaceId, query, incoming, log);
      const { user } = signedIn;
      /** The writer's own device, the epoch current, the snapshot allowed: before the bytes and again after. */
      const admitted = async (tx: SpaceSeriesQueries, member: SpaceMembership) => {
        authorize(writesSpace(member), 'space/read-only');
        currentEpoch(member, query.epoch);
        const device = await tx.findDevice(spaceId, member.epoch, query.device);
        if (!device || device.user_id !== user.uid) throw new ApiError('sync/unknown-device');
        authorize(writesAsDevice(signedIn, device), 'sync/not-your-device');
        const series = await seriesOf(tx, member, user.uid);
        await snapshotAllowed(tx.seriesOf(spaceId, member.epoch, user.uid), series, query);
        return series;
      };
      await lockedAsMember(spaceId, user.uid, async (tx, member, trx) => {
        await admitted(tx, member);
        await quota.ensureRoom(trx, member.owner_id, incoming.declared ?? 1);
      });
      const { id, key, size, digest } = await putSnapshotFile(deps, spaceId, incoming);
      let old: string[] = [];
      try {
        await lockedAsMember(spaceId, user.uid, async (tx, member, trx) => {
          const series = await admitted(tx, member);
          // Room for the whole snapshot, as a member's sync holds for one before it is read.
          await quota.ensureRoom(trx, member.owner_id, size);
          old = await keepSnapshot(
            tx.seriesOf(spaceId, member.epoch, user.uid),
            series,
            query,
            { id, size, storage_key: key, created_at: isoAt(clock) },
            [SPACE_SNAPSHOT, spaceId, member.epoch, query.device, query.covers, digest()],
          );
        });
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
      for (const file of old) {
        await storage.delete(file).catch((err: unknown) => log.warn({ err }, 'space snapshot not deleted'));
      }
      await announce(spaceId);
      return { id, covers: query.covers, size };
    },

    /**
     * Where a snapshot of the space's current epoch is stored, for a member; one read in another `epoch` than the
     * current is `space/stale-epoch` (a rotation ended it).
     */
    async snapshotKey({ user }: SignedIn, spaceId: string, id: string, epoch?: number): Promise<string> {
      const member = await memberOf(store, spaceId, user.uid);
      if (epoch !== undefined) currentEpoch(member, epoch);
      const row = await store.findSnapshot(spaceId, member.epoch, id);
      if (!row) throw new ApiError('storage/object-not-found');
      return row.storage_key;
    },
  };
}
