// The membership log entries a member's device signs (docs/spaces-plan.md §2, "Signed log"), each at the place the
// log's checked state gives it (seq + 1 after its head) and signed by the member's identity over `entryStatement`:
// the same bytes the server's reducer and every other member's device check.
import { SPACE_INVITATION_TTL_MS } from '../../shared/constants.js';
import { bytesToBase64Url } from '../../shared/base64.js';
import { normalizeEmail } from '../../shared/email.js';
import {
  LOG_GENESIS,
  entryStatement,
  type LogBody,
  type LogEntry,
  type LogKind,
  type SpaceRole,
  type SpaceState,
} from '../../shared/spaces/log.js';
import { sha256Hex } from '../../shared/spaces/statements.js';
import { keyFingerprint, signStatement, type MemberIdentity } from './identity-keys.js';
import { newEpoch, spaceCommitment, wrapSpaceKey, type SpaceKeyWrap } from './space-keys.js';

/** The member signing: their uid and opened identity. */
export interface Signer {
  uid: string;
  identity: MemberIdentity;
}

/** Where the next entry goes: after the log's head. */
export interface Place {
  seq: number;
  prev: string;
}

export type Invited = Exclude<SpaceRole, 'owner'>;

/**
 * How much shorter than the longest the server takes an invitation is made: the server refuses an expiry more than
 * SPACE_INVITATION_TTL_MS after its own clock, and a device's clock may run ahead of it.
 */
export const INVITATION_CLOCK_MARGIN_MS = 60 * 60 * 1000;

export const nextPlace = (state: Pick<SpaceState, 'seq' | 'head'>): Place => ({
  seq: state.seq + 1,
  prev: state.head,
});

const randomBytes = (length: number) => crypto.getRandomValues(new Uint8Array(length));

/** A new space's id: 16 random bytes in lowercase hex. */
export const newSpaceId = () => Array.from(randomBytes(16), (b) => b.toString(16).padStart(2, '0')).join('');

/** An invitation's id, named by the owner's `invite` (the server takes 16 to 64 base64url characters). */
export const newInvitationId = () => bytesToBase64Url(randomBytes(16));

/** The hash the `invite` entry names: SHA-256 of the address normalised as the server normalises accounts'. */
export const emailHash = (email: string) => sha256Hex(new TextEncoder().encode(normalizeEmail(email)));

/** An entry of `kind` by the signer at `place`, signed. */
export async function signedEntry<K extends LogKind>(
  spaceId: string,
  place: Place,
  signer: Signer,
  kind: K,
  body: LogBody<K>,
): Promise<LogEntry<K>> {
  const fields = { ...place, kind, author: signer.uid, body };
  const sig = await signStatement(signer.identity, entryStatement(spaceId, fields as Omit<LogEntry, 'sig'>));
  return { ...fields, sig };
}

/**
 * A new space: its id, the first epoch's key K_1 and series, the `create` entry naming the owner's key and C_1,
 * and K_1 wrapped to the owner's own box key (so the owner's other devices open it).
 */
export async function createSpace(signer: Signer): Promise<{
  id: string;
  key: Uint8Array<ArrayBuffer>;
  entry: LogEntry<'create'>;
  wrap: SpaceKeyWrap;
}> {
  const id = newSpaceId();
  const { key, series } = newEpoch();
  const commit = await spaceCommitment(key, id, 1, series);
  const entry = await signedEntry(id, { seq: 1, prev: LOG_GENESIS }, signer, 'create', {
    key: signer.identity.key,
    epoch: 1,
    series,
    commit,
  });
  const wrap = await wrapSpaceKey(
    signer,
    { spaceId: id, epoch: 1, uid: signer.uid, key: signer.identity.key },
    key,
  );
  return { id, key, entry, wrap };
}

/** The owner's invitation of an address with a role, for SPACE_INVITATION_TTL_MS from `now` (less the margin). */
export async function inviteEntry(
  signer: Signer,
  state: SpaceState,
  email: string,
  role: Invited,
  now: number,
): Promise<{ invitation: string; entry: LogEntry<'invite'> }> {
  const invitation = newInvitationId();
  const entry = await signedEntry(state.spaceId, nextPlace(state), signer, 'invite', {
    invitation,
    emailHash: await emailHash(email),
    role,
    expiresAt: now + SPACE_INVITATION_TTL_MS - INVITATION_CLOCK_MARGIN_MS,
  });
  return { invitation, entry };
}

/**
 * The invitee's `accept`, at the head the invitation shows (the invitee cannot read the log before), bringing the
 * identity they published.
 */
export async function acceptEntry(
  signer: Signer,
  invitation: { id: string; space: string; log: { seq: number; head: string } },
): Promise<LogEntry<'accept'>> {
  const { key } = signer.identity;
  return signedEntry(invitation.space, nextPlace(invitation.log), signer, 'accept', {
    invitation: invitation.id,
    uid: signer.uid,
    key,
    fingerprint: await keyFingerprint(key),
  });
}

/**
 * An owner's or editor's `add` of a member who accepted, with the role the invitation gave, and the current epoch's
 * key wrapped to the key the member accepted with. Null when the log has no such member waiting.
 */
export async function addEntry(
  signer: Signer,
  state: SpaceState,
  uid: string,
  spaceKey: Uint8Array<ArrayBuffer>,
): Promise<{ entry: LogEntry<'add'>; wrap: SpaceKeyWrap } | null> {
  const member = state.members[uid];
  const found = Object.entries(state.invitations).find(
    ([, invitation]) =>
      invitation.accepted?.uid === uid && invitation.accepted.fingerprint === member?.fingerprint,
  );
  if (!member || member.state !== 'joining' || !found) return null;
  const [invitation, { role }] = found;
  const entry = await signedEntry(state.spaceId, nextPlace(state), signer, 'add', {
    invitation,
    uid,
    fingerprint: member.fingerprint,
    role,
  });
  const target = { spaceId: state.spaceId, epoch: state.epoch, uid, key: member.key };
  return { entry, wrap: await wrapSpaceKey(signer, target, spaceKey) };
}

/** The entries that bring nothing but the signer's word: role, remove, leave, hand-over, its acceptance, delete. */
export const roleEntry = (signer: Signer, state: SpaceState, uid: string, role: Invited) =>
  signedEntry(state.spaceId, nextPlace(state), signer, 'role', { uid, role });

export const removeEntry = (signer: Signer, state: SpaceState, uid: string) =>
  signedEntry(state.spaceId, nextPlace(state), signer, 'remove', { uid });

export const leaveEntry = (signer: Signer, state: SpaceState) =>
  signedEntry(state.spaceId, nextPlace(state), signer, 'leave', {});

export const handoverEntry = (signer: Signer, state: SpaceState, to: string) =>
  signedEntry(state.spaceId, nextPlace(state), signer, 'handover', { to });

export const handoverAcceptEntry = (signer: Signer, state: SpaceState) =>
  signedEntry(state.spaceId, nextPlace(state), signer, 'handover-accept', {});

export const deleteEntry = (signer: Signer, state: SpaceState) =>
  signedEntry(state.spaceId, nextPlace(state), signer, 'delete', {});
