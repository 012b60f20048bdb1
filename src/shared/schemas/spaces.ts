// Shared spaces (issue 47, docs/spaces-plan.md §4): what the space routes take and answer. The server reads the
// membership log it checks (who, which role, which public keys, the invited addresses' hashes), never a space's
// name or records: those travel sealed under the space's key, which only members' devices hold.
import { EMAIL_MAX_LENGTH, SPACE_MEMBERS_MAX } from '../constants.js';
import { isValidEmail, normalizeEmail } from '../email.js';
import { z } from '../zod.js';
import { LOG_KINDS } from '../spaces/log.js';

const invalid = { error: 'request/invalid' } as const;

/** A space's id, chosen by the app: 32 hex digits. */
export const spaceId = z
  .string({ error: 'space/not-found' })
  .regex(/^[0-9a-f]{32}$/, { error: 'space/not-found' });
export const spaceParams = z.object({ id: spaceId });

/** base64url without padding, at most `max` characters. */
const base64url = (max: number) =>
  z
    .string(invalid)
    .min(1, invalid)
    .max(max, invalid)
    .regex(/^[A-Za-z0-9_-]+$/, invalid);
/** A signature in base64 or base64url (the vault's sync proofs are base64, the identity's base64url). */
const signature = z
  .string(invalid)
  .max(100, invalid)
  .regex(/^[A-Za-z0-9+/_-]+={0,2}$/, invalid);
/** A member key's version: goes only up. */
const keyVersion = z.number(invalid).int(invalid).min(1, invalid).max(1_000_000, invalid);

/** A member's public identity as the log and the server carry it (SPKI DER, base64url). */
export const memberKey = z.object({
  alg: z.literal('p256'),
  version: z.number(),
  sign: z.string(),
  box: z.string(),
});

/**
 * A member's identity for spaces (plan §2): the public sign and box keys, the private ones sealed by the member's
 * vault, signed by the identity's key (`proof`) and by the vault's sync signing key (`vaultProof`), both over
 * `["mygenie/space-identity/v1", uid, version, alg, signKey, boxKey]`.
 */
export const spaceIdentityBody = z.strictObject({
  version: keyVersion,
  alg: z.literal('p256', invalid),
  signKey: base64url(200),
  boxKey: base64url(200),
  sealedKeys: base64url(4000),
  proof: signature,
  vaultProof: signature,
  /** Replacing an identity is a sensitive change: the account password, unless proven moments ago. */
  currentPassword: z.string(invalid).max(1024, invalid).optional(),
});
export type SpaceIdentityBody = z.infer<typeof spaceIdentityBody>;

export const spaceIdentity = z.object({
  version: z.number(),
  alg: z.literal('p256'),
  signKey: z.string(),
  boxKey: z.string(),
  sealedKeys: z.string(),
  updated: z.string().describe('An ISO 8601 time'),
});

/**
 * A membership log entry as its author signed it (src/shared/spaces/log.ts): the body's shape per kind and the
 * signature are checked by the log's reducer, which the server runs before storing it.
 */
export const logEntry = z.strictObject({
  seq: z.number(invalid).int(invalid).min(1, invalid).max(Number.MAX_SAFE_INTEGER, invalid),
  prev: z.string(invalid).regex(/^[0-9a-f]{64}$/, invalid),
  kind: z.enum(LOG_KINDS, invalid),
  author: z.string(invalid).min(1, invalid).max(64, invalid),
  body: z.record(z.string(), z.unknown(), invalid),
  sig: base64url(100),
});
export type LogEntryBody = z.infer<typeof logEntry>;

/** An epoch's key wrapped to a member's box key, signed by the member who wrapped it (app/spaces/space-keys.ts). */
export const spaceKeyWrap = z.strictObject({
  by: z.string(invalid).min(1, invalid).max(64, invalid),
  eph: base64url(200),
  iv: base64url(32),
  sealed: base64url(100),
  sig: base64url(100),
});

export const createSpaceBody = z.strictObject({
  id: spaceId,
  /** The signed `create` entry: the owner's key, the first epoch's series and commitment. */
  entry: logEntry,
  /** The first epoch's key wrapped to the owner's own box key. */
  wrap: spaceKeyWrap,
});
export type CreateSpaceBody = z.infer<typeof createSpaceBody>;

export const deleteSpaceBody = z.strictObject({
  /** The owner's signed `delete` entry. */
  entry: logEntry,
  currentPassword: z.string(invalid).max(1024, invalid).optional(),
});

export const spaceLogQuery = z.object({
  after: z.coerce
    .number(invalid)
    .int(invalid)
    .min(0, invalid)
    .max(Number.MAX_SAFE_INTEGER, invalid)
    .default(0),
});

const storedEntry = z.object({
  seq: z.number(),
  prev: z.string(),
  kind: z.enum(LOG_KINDS),
  author: z.string(),
  body: z.record(z.string(), z.unknown()),
  sig: z.string(),
});
export const spaceLog = z.object({ entries: z.array(storedEntry) });

const role = z.enum(['owner', 'editor', 'viewer']);
const memberState = z.enum(['joining', 'member']);

export const spaceMember = z.object({
  uid: z.string(),
  email: z.string(),
  role,
  state: memberState,
  key: memberKey,
});

export const spaceSummary = z.object({
  id: z.string(),
  /** The caller's role and state in it. */
  role,
  state: memberState,
  owner: z.string(),
  epoch: z.number(),
  series: z.string(),
  log: z.object({ seq: z.number(), head: z.string() }),
  /** The member the owner offered the space to (a signed `handover`), until they take it. */
  handoverTo: z.string().nullable(),
  members: z.array(spaceMember),
  /**
   * To an owner, the invitations still waiting for an answer, with the addresses the owner's devices invited (the
   * signed log names only their hashes); empty to everyone else.
   */
  invitations: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      role: z.enum(['editor', 'viewer']),
      expiresAt: z.string().describe('An ISO 8601 time'),
    }),
  ),
});
export type SpaceSummary = z.infer<typeof spaceSummary>;

/** An invitation as its invitee sees it: who invited, with which role, until when (never the space's name). */
export const spaceInvitationToMe = z.object({
  id: z.string(),
  space: z.string(),
  invitedBy: z.string().describe("The inviter's e-mail"),
  role: z.enum(['editor', 'viewer']),
  expiresAt: z.string().describe('An ISO 8601 time'),
  /** The space's log head, which the invitee's signed `accept` entry follows. */
  log: z.object({ seq: z.number(), head: z.string() }),
});

export const spaceInvitationList = z.object({ invitations: z.array(spaceInvitationToMe) });

export const spaceList = z.object({
  identity: spaceIdentity.nullable(),
  spaces: z.array(spaceSummary),
  invitations: z.array(spaceInvitationToMe),
});
export type SpaceList = z.infer<typeof spaceList>;

/** An invitation's id, chosen by the app and named by the owner's signed `invite` entry. */
export const invitationId = z
  .string({ error: 'space/invitation-not-found' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'space/invitation-not-found' });
export const spaceInvitationParams = z.object({ id: spaceId, invitation: invitationId });
export const invitationParams = z.object({ invitation: invitationId });
export const spaceMemberParams = z.object({
  id: spaceId,
  uid: z
    .string({ error: 'space/not-found' })
    .min(1, { error: 'space/not-found' })
    .max(64, { error: 'space/not-found' }),
});

/** The address invited, normalised as accounts' are (its SHA-256 is what the signed `invite` entry names). */
const invitedEmail = z
  .string({ error: 'auth/invalid-email' })
  .max(EMAIL_MAX_LENGTH * 4, { error: 'auth/invalid-email' })
  .transform(normalizeEmail)
  .refine(isValidEmail, { error: 'auth/invalid-email' });

export const inviteToSpaceBody = z.strictObject({
  email: invitedEmail,
  /** The owner's signed `invite` entry: the invitation's id, the address's hash, the role and the expiry. */
  entry: logEntry,
});
export type InviteToSpaceBody = z.infer<typeof inviteToSpaceBody>;

/** An invitation as its space's owner sees it: the same whether the address has an account or not. */
export const spaceInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(['editor', 'viewer']),
  expiresAt: z.string().describe('An ISO 8601 time'),
  state: z.literal('pending'),
});

/** A body that is one signed log entry (a role changed, a member removed, a member leaving). */
export const spaceEntryBody = z.strictObject({
  /** The member's signed entry of the route's kind. */
  entry: logEntry,
});

export const acceptSpaceInvitationBody = z.strictObject({
  /** The invitee's signed `accept` entry, bringing the identity the member published. */
  entry: logEntry,
});

export const completeSpaceMemberBody = z.strictObject({
  /** An owner's or editor's signed `add` entry for the member who accepted. */
  entry: logEntry,
  /** The current epoch's key wrapped to the new member's box key, signed by the one letting them in. */
  wrap: spaceKeyWrap,
});
export type CompleteSpaceMemberBody = z.infer<typeof completeSpaceMemberBody>;

/**
 * A rotation to the next epoch (plan §3 "Rotation"): made against the epoch and the newest change the rotating
 * device applied (another than the space's is `space/stale-epoch`: apply, redo), publishing the snapshot it staged
 * for the next epoch, with its signed entries — a `remove` first when the rotation removes a member, then the
 * `rotate` — and the next epoch's key wrapped to every member who stays (not to those still joining: the `add` that
 * lets them in wraps the epoch's key then), each wrap signed by the rotating member.
 */
export const rotateSpaceBody = z.strictObject({
  epoch: z.number(invalid).int(invalid).min(1, invalid).max(2_147_483_647, invalid),
  covers: z.number(invalid).int(invalid).min(0, invalid).max(Number.MAX_SAFE_INTEGER, invalid),
  /** The staged snapshot's id (`PUT /api/spaces/:id/snapshots?stage=1` answered it). */
  snapshot: z.uuid(invalid),
  entries: z.array(logEntry, invalid).min(1, invalid).max(2, invalid),
  wraps: z
    .array(
      z.strictObject({ uid: z.string(invalid).min(1, invalid).max(64, invalid), wrap: spaceKeyWrap }),
      invalid,
    )
    .min(1, invalid)
    .max(SPACE_MEMBERS_MAX, invalid),
});
export type RotateSpaceBody = z.infer<typeof rotateSpaceBody>;
