// Sync between a member's devices (docs/sync.md): what the sync routes take and answer. The server reads none
// of it but the ordering numbers, device ids and sizes: every record, title and amount travels sealed.
import { z } from '../zod.js';
import { SYNC_MAX_CHANGES_PER_PUSH, SYNC_MAX_PAYLOAD_CHARS } from '../constants.js';
import { passkeyRegisterOptionsBody } from './auth.js';
import { isShownName } from '../text.js';

const invalid = { error: 'request/invalid' } as const;

/** A random id the app makes (a vault, a sync device): 32 hex digits. */
export const syncId = z.string(invalid).regex(/^[0-9a-f]{32}$/, invalid);
/** Standard base64 of at most `max` characters. */
const base64 = (max: number) =>
  z
    .string(invalid)
    .max(max, invalid)
    .regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, invalid);
/** A MAC or a SHA-256 hash, base64 (32 bytes). */
const digest = z.string(invalid).regex(/^[A-Za-z0-9+/]{43}=$/, invalid);
/** A key the device derives (HMAC-SHA-256, base64url without padding): a record's or a chunk's name. */
export const syncKeyName = z.string(invalid).regex(/^[A-Za-z0-9_-]{43}$/, invalid);
const counter = z.number(invalid).int(invalid).min(0, invalid).max(Number.MAX_SAFE_INTEGER, invalid);

/** The vault header as the app keeps it (crypto.ts), its bytes in base64: the data key wrapped by the password. */
export const syncVaultHeader = z.strictObject({
  v: z.literal(1, invalid),
  kdf: z.literal('PBKDF2-SHA256', invalid),
  iterations: z.number(invalid).int(invalid).min(600_000, invalid).max(20_000_000, invalid),
  salt: base64(64),
  wrapIv: base64(64),
  wrappedKey: base64(128),
});

/**
 * The vault's signing key (docs/sync.md, "Proofs"), made by the device that publishes the vault: an ECDSA P-256 key
 * pair whose private half only a device that opened the vault can use.
 */
export const syncSigning = z.strictObject({
  /** The public key: standard base64 of its SPKI DER (the server checks it is ECDSA P-256). */
  publicKey: base64(256),
  /** The private key sealed with the vault: opaque to the server. */
  sealedKey: base64(4096),
});

/**
 * A registration's proof: standard base64 of the vault key's 64-byte ECDSA-SHA-256 signature (IEEE P1363) of
 * `JSON.stringify(["mygenie/sync-device/v1", vaultId, deviceId])`.
 */
const deviceProof = base64(256);
/** A snapshot's proof: the same kind of signature, base64url without padding (it travels in the query). */
const snapshotProof = z
  .string(invalid)
  .max(256, invalid)
  .regex(/^[A-Za-z0-9_-]+$/, invalid);

export const syncVaultBody = z.strictObject({
  id: syncId,
  header: syncVaultHeader,
  /** HMAC of the header and its version under the sync key: a device adopts only a header a device of the vault made. */
  headerMac: digest,
  /** The header's version: above the one the server holds (a device refuses one that goes back). */
  version: counter.min(1, invalid),
  /**
   * The vault signing key's signature of the header and its version (standard base64 of 64 bytes, IEEE P1363) of
   * `JSON.stringify(["mygenie/sync-header/v1", vaultId, version, v, kdf, iterations, salt, wrapIv, wrappedKey])`.
   */
  proof: deviceProof,
  /**
   * Set with the vault (a vault without one is refused), or given once to a vault an older app published; the same
   * one may be sent again.
   */
  signing: syncSigning.optional(),
  /**
   * A new header (another master password) or a key for a vault without one is a sensitive change: the account
   * password, unless the member proved it within the last few minutes of this session.
   */
  currentPassword: passkeyRegisterOptionsBody.shape.currentPassword,
});

/**
 * Erasing the synced vault is a sensitive change: the current password, unless the member proved it (password or
 * passkey, a sign-in too) within the last few minutes of this session. The same rules as the password's anywhere.
 */
export const syncEraseBody = z.strictObject({
  currentPassword: passkeyRegisterOptionsBody.shape.currentPassword,
});

export const syncVault = syncVaultBody.omit({ currentPassword: true, proof: true }).extend({
  /** 0 for a header published before versions (its MAC covers no version). */
  version: counter,
  updated: z.string(),
  /** Null for a vault published without one (by an older app): no proof is asked of its devices then. */
  signing: syncSigning.nullable(),
});

export const syncDeviceParams = z.object({ id: syncId });

/**
 * A device's name as the member sees it in the list: a name that shows as it is (`isShownName`: no control or
 * format character, which includes the bidi controls that make `abc\u202egnp.exe` read as `abcexe.png`, no
 * invisible filler or joiner, no line break, no lone surrogate, no pile of combining marks), and no `<` or `>`.
 */
const deviceName = z
  .string(invalid)
  .trim()
  .min(1, invalid)
  .max(64, invalid)
  .refine((value) => isShownName(value) && !/[<>]/.test(value), invalid);

export const syncDeviceBody = z.strictObject({
  name: deviceName,
  /** Required once the vault has a signing key. */
  proof: deviceProof.optional(),
});

export const syncRenameBody = z.strictObject({ name: deviceName });

export const syncDevice = z.object({
  id: z.string(),
  name: z.string(),
  /** Whether it is this browser. */
  current: z.boolean(),
  added: z.string(),
  lastSeen: z.string(),
});

/** One change as a device sends it: its place in the device's chain, what it covers, and the sealed record. */
export const syncChangeBody = z.strictObject({
  seq: counter.min(1, invalid),
  prev: digest.nullable(),
  rid: syncKeyName,
  base: z
    .string(invalid)
    .regex(/^[0-9a-f]{32}:[0-9]{1,16}$/, invalid)
    .nullable(),
  heads: z.record(syncId, counter).refine((heads) => Object.keys(heads).length <= 1000, invalid),
  hash: digest,
  mac: digest,
  payload: base64(SYNC_MAX_PAYLOAD_CHARS),
});

export const syncPushBody = z.strictObject({
  device: syncId,
  changes: z.array(syncChangeBody, invalid).min(1, invalid).max(SYNC_MAX_CHANGES_PER_PUSH, invalid),
});

export const syncPushAnswer = z.object({
  /** The number in the member's series of each change stored, in the order sent (0: stored long ago). */
  stored: z.array(z.number().int()),
  latest: z.number().int(),
  /**
   * The device number of the first change not stored because it was not made from its record's newest version
   * (another device changed the record first): the device fetches, merges and sends it again; the ones after it
   * were not stored either.
   */
  stale: z.number().int().nullable(),
});

export const syncChangesQuery = z.object({
  after: z.coerce.number(invalid).int(invalid).min(0, invalid).max(Number.MAX_SAFE_INTEGER, invalid),
});

export const syncChange = syncChangeBody.extend({
  /** Its number in the member's series. */
  at: z.number().int(),
  device: z.string(),
});

export const syncSnapshotInfo = z.object({
  id: z.string(),
  /** The last change it covers: a device continues with the changes after it. */
  covers: z.number().int(),
  size: z.number().int(),
});

export const syncChanges = z.object({
  changes: z.array(syncChange),
  /** The newest change's number: more to fetch when the last one sent is below it. */
  latest: z.number().int(),
  /**
   * Set when changes after `after` were compacted into this snapshot: the device reads it, then the changes after
   * what it covers.
   */
  snapshot: syncSnapshotInfo.nullable(),
});

export const syncState = z.object({
  vault: syncVault.nullable(),
  devices: z.array(syncDevice),
  latest: z.number().int(),
  snapshot: syncSnapshotInfo.nullable(),
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
});

export const syncSnapshotQuery = z.object({
  device: syncId,
  /**
   * Required once the vault has a signing key: the vault key's signature of `JSON.stringify(["mygenie/sync-snapshot/v1",
   * vaultId, deviceId, covers, sha256])`, `sha256` the standard base64 of SHA-256 of the uploaded bytes.
   */
  proof: snapshotProof.optional(),
  covers: z.coerce.number(invalid).int(invalid).min(1, invalid).max(Number.MAX_SAFE_INTEGER, invalid),
  /**
   * `1`: the vault's publication (docs/sync.md, "Publishing a vault"), the whole vault as the series' first number —
   * taken only while the series is empty (`covers` 1), never as a snapshot of changes it did not see.
   */
  publish: z.literal('1', invalid).optional(),
});

export const syncSnapshotParams = z.object({ id: z.uuid({ error: 'storage/object-not-found' }) });

export const syncChunkParams = z.object({ key: syncKeyName });

export const syncChunkKeysBody = z.strictObject({
  keys: z.array(syncKeyName, invalid).min(1, invalid).max(1000, invalid),
});

export const syncChunkKeysAnswer = z.object({ held: z.array(z.string()) });

/**
 * The version of every record of a vault's publication (docs/sync.md, "Publishing a vault"): the first device sends
 * its vault as one snapshot, and each of its records is at this version until it first changes.
 */
export const originVersion = (vaultId: string) => `${vaultId}:0`;

export type SyncChangeBody = z.infer<typeof syncChangeBody>;
export type SyncChange = z.infer<typeof syncChange>;
export type SyncState = z.infer<typeof syncState>;
export type SyncVaultHeaderJson = z.infer<typeof syncVaultHeader>;
export type SyncDevice = z.infer<typeof syncDevice>;
export type SyncSnapshotQuery = z.infer<typeof syncSnapshotQuery>;
