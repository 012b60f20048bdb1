// A shared space's series (docs/spaces-plan.md §3–§4): what the space's sync routes take and answer. The same
// shapes as a member's sync (sync.ts), the space's id in the path, plus what a change carries in a space: when it
// was made, the log head its author had applied and the author's signature; the server adds who sent it.
import { z } from '../zod.js';
import { SYNC_MAX_CHANGES_PER_PUSH } from '../constants.js';
import {
  syncChangeBody,
  syncChangesQuery,
  syncId,
  syncPushAnswer,
  syncSnapshotInfo,
  syncSnapshotParams,
} from './sync.js';

const invalid = { error: 'request/invalid' } as const;
/** A signature by a member's identity sign key (64 bytes, IEEE P1363), base64url without padding. */
const memberSignature = z
  .string(invalid)
  .max(256, invalid)
  .regex(/^[A-Za-z0-9_-]+$/, invalid);
const epoch = z.number(invalid).int(invalid).min(1, invalid).max(2_147_483_647, invalid);

/** A space's id (32 hex digits, as the app makes it). A malformed one names no space: `space/not-found`. */
export const spaceId = z
  .string({ error: 'space/not-found' })
  .regex(/^[0-9a-f]{32}$/, { error: 'space/not-found' });

export const spaceParams = z.object({ id: spaceId });
export const spaceDeviceParams = z.object({ id: spaceId, device: syncId });
export const spaceSnapshotParams = z.object({ id: spaceId, snapshot: syncSnapshotParams.shape.id });

/**
 * A device joining the space's current epoch: the member's identity sign key's signature of
 * `JSON.stringify(["mygenie/space-device/v1", spaceId, epoch, deviceId])`.
 */
export const spaceDeviceBody = z.strictObject({ epoch, proof: memberSignature });

export const spaceDevice = z.object({
  id: z.string(),
  epoch: z.number().int(),
  /** Whether this browser's session registered it (only that session sends as it). */
  current: z.boolean(),
  added: z.string(),
  lastSeen: z.string(),
});

/**
 * A change in a space: a member's sync change, plus when it was made (ISO time), the log head its author had
 * applied (64 hex digits) and the author's identity signature of `["mygenie/space-change/v1", spaceId, epoch,
 * device, seq, mac, madeAt, logHead]`. The server keeps them unread; devices check them (plan §3).
 */
export const spaceChangeBody = syncChangeBody.extend({
  madeAt: z.iso.datetime({ error: 'request/invalid' }),
  logHead: z.string(invalid).regex(/^[0-9a-f]{64}$/, invalid),
  sig: memberSignature,
});

export const spacePushBody = z.strictObject({
  /** The epoch the device sends in: another than the space's current is refused (`space/stale-epoch`). */
  epoch,
  device: syncId,
  changes: z.array(spaceChangeBody, invalid).min(1, invalid).max(SYNC_MAX_CHANGES_PER_PUSH, invalid),
});

export const spacePushAnswer = syncPushAnswer;

export const spaceChangesQuery = syncChangesQuery.extend({
  /** The epoch the device reads: another than the current is refused (`space/stale-epoch`). */
  epoch: z.coerce.number(invalid).int(invalid).min(1, invalid).max(2_147_483_647, invalid),
});

export const spaceChange = spaceChangeBody.extend({
  /** Its number in the epoch's series. */
  at: z.number().int(),
  device: z.string(),
  /** The member whose session sent it. */
  author: z.string(),
});

export const spaceChanges = z.object({
  changes: z.array(spaceChange),
  latest: z.number().int(),
  snapshot: syncSnapshotInfo.nullable(),
});

/** The space's series as a member's device reads it before syncing. */
export const spaceSyncState = z.object({
  epoch: z.number().int(),
  /** The epoch's series id: the space vault's id for MACs and record names. */
  series: z.string(),
  latest: z.number().int(),
  snapshot: syncSnapshotInfo.nullable(),
  /** The member's own devices in this epoch. */
  devices: z.array(spaceDevice),
  /** The epoch's key wrapped to this member (as its wrapper sent it), null until a member wrapped it to them. */
  wrap: z.string().nullable(),
});

export const spaceSnapshotQuery = z.object({
  epoch: z.coerce.number(invalid).int(invalid).min(1, invalid).max(2_147_483_647, invalid),
  device: syncId,
  /**
   * The member's identity signature of `JSON.stringify(["mygenie/space-snapshot/v1", spaceId, epoch, deviceId,
   * covers, sha256])`, `sha256` the standard base64 of SHA-256 of the uploaded bytes.
   */
  proof: memberSignature,
  covers: z.coerce.number(invalid).int(invalid).min(1, invalid).max(Number.MAX_SAFE_INTEGER, invalid),
  /** `1`: the epoch's publication, taken only while its series is empty (as a synced vault's). */
  publish: z.literal('1', invalid).optional(),
  /**
   * `1`: the next epoch's publication, staged for its rotation (`epoch` = current + 1, `covers` = 1, from a device
   * of the current epoch): nobody's to read until `POST /api/spaces/:id/rotate` publishes it.
   */
  stage: z.literal('1', invalid).optional(),
});

export const spaceSnapshotReadQuery = z.object({
  /** The epoch the device reads in: another than the current is refused (`space/stale-epoch`). */
  epoch: z.coerce.number(invalid).int(invalid).min(1, invalid).max(2_147_483_647, invalid).optional(),
});

export type SpaceChangeBody = z.infer<typeof spaceChangeBody>;
export type SpaceSnapshotQuery = z.infer<typeof spaceSnapshotQuery>;
