// A shared space's membership log (docs/spaces-plan.md §2): entries signed by members and chained by hash, which the
// server stores and checks but cannot forge. The reducer is pure; the signature check is handed in (WebCrypto in
// the app, node:crypto on the server), so both sides refuse exactly the same entries.
//
// Encodings: keys and signatures are base64url (SPKI DER; ECDSA P-256 signatures in IEEE P1363, r ‖ s). `prev` is
// the SHA-256 of the previous entry's canonical JSON as 64 lowercase hex digits; the first entry's is LOG_GENESIS.
import { SPACE_MEMBERS_MAX } from '../constants.js';
import { z } from '../zod.js';
import {
  SPACE_LOG,
  canonicalJson,
  keyFingerprint,
  sha256Hex,
  statementBytes,
  type MemberKey,
} from './statements.js';

/** The `prev` of entry 1. */
export const LOG_GENESIS = '0'.repeat(64);

export const SPACE_ROLES = ['owner', 'editor', 'viewer'] as const;
export type SpaceRole = (typeof SPACE_ROLES)[number];

export const LOG_KINDS = [
  'create',
  'invite',
  'accept',
  'add',
  'role',
  'remove',
  'leave',
  'rotate',
  'rekey',
  'handover',
  'handover-accept',
  'delete',
] as const;
export type LogKind = (typeof LOG_KINDS)[number];

const uid = z.string().min(1).max(64);
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const b64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/)
  .max(400);
const memberKey = z.strictObject({
  alg: z.literal('p256'),
  version: z.number().int().min(1),
  sign: b64url,
  box: b64url,
});
const invitedRole = z.enum(['editor', 'viewer']);
const epochFields = {
  epoch: z.number().int().min(1),
  series: z.string().regex(/^[0-9a-f]{32}$/),
  commit: b64url,
};

/** Each kind's body. */
const BODIES = {
  create: z.strictObject({ key: memberKey, ...epochFields }),
  invite: z.strictObject({
    invitation: uid,
    emailHash: hex64,
    role: invitedRole,
    expiresAt: z.number().int(),
  }),
  accept: z.strictObject({ invitation: uid, uid, key: memberKey, fingerprint: hex64 }),
  add: z.strictObject({ invitation: uid.nullable(), uid, fingerprint: hex64, role: invitedRole }),
  role: z.strictObject({ uid, role: invitedRole }),
  remove: z.strictObject({ uid }),
  leave: z.strictObject({}),
  rotate: z.strictObject({ ...epochFields, wrappedTo: z.array(hex64).max(SPACE_MEMBERS_MAX) }),
  rekey: z.strictObject({ key: memberKey, fingerprint: hex64 }),
  handover: z.strictObject({ to: uid }),
  'handover-accept': z.strictObject({}),
  delete: z.strictObject({}),
} satisfies Record<LogKind, z.ZodType>;

export type LogBody<K extends LogKind> = z.infer<(typeof BODIES)[K]>;

/** One entry as the server stores it and sends it. */
export interface LogEntry<K extends LogKind = LogKind> {
  seq: number;
  prev: string;
  kind: K;
  author: string;
  body: LogBody<K>;
  sig: string;
}

/** Whether `signature` (base64url P1363) is the key's (SPKI, base64url) ECDSA-SHA-256 signature of `statement`. */
export type VerifyStatement = (
  spki: string,
  statement: Uint8Array<ArrayBuffer>,
  signature: string,
) => Promise<boolean>;

export type MemberState = 'joining' | 'member';

export interface SpaceMember {
  role: SpaceRole;
  key: MemberKey;
  fingerprint: string;
  state: MemberState;
  /** A new identity the member signed with (`rekey`), waiting for an owner's `add`. */
  pendingKey?: { key: MemberKey; fingerprint: string };
}

export interface SpaceInvitation {
  role: Exclude<SpaceRole, 'owner'>;
  emailHash: string;
  expiresAt: number;
  accepted?: { uid: string; fingerprint: string };
}

export interface SpaceState {
  spaceId: string;
  /** The last entry's seq and hash: the next entry's seq is seq + 1, its prev is head. */
  seq: number;
  head: string;
  members: Record<string, SpaceMember>;
  owner: string;
  epoch: number;
  series: string;
  commit: string;
  /** A member left or was removed: the next rotation may be made by an editor too. */
  rotationDue: boolean;
  invitations: Record<string, SpaceInvitation>;
  handoverTo: string | null;
  deleted: boolean;
}

export type LogRefusal =
  | 'malformed'
  | 'wrong-seq'
  | 'broken-prev'
  | 'bad-signature'
  | 'not-allowed'
  | 'no-invitation'
  | 'wrong-epoch'
  | 'after-delete'
  | 'full';

/** Routine failures are values: the seq of the place where an entry did not check out, and why. */
export type LogResult = { ok: true; state: SpaceState } | { ok: false; seq: number; reason: LogRefusal };

/** The statement an entry's signature covers. */
export const entryStatement = (spaceId: string, entry: Omit<LogEntry, 'sig'>) =>
  statementBytes([SPACE_LOG, spaceId, entry.seq, entry.prev, entry.kind, entry.author, entry.body]);

/** An entry's hash, the next entry's `prev`. */
export const entryHash = (entry: LogEntry) =>
  sha256Hex(
    new TextEncoder().encode(
      canonicalJson({
        seq: entry.seq,
        prev: entry.prev,
        kind: entry.kind,
        author: entry.author,
        body: entry.body,
        sig: entry.sig,
      }),
    ),
  );

class Refused extends Error {
  constructor(readonly reason: LogRefusal) {
    super(reason);
  }
}

function demand(condition: unknown, reason: LogRefusal): asserts condition {
  if (!condition) throw new Refused(reason);
}

const activeMembers = (state: SpaceState) =>
  Object.entries(state.members).filter(([, member]) => member.state === 'member');

/**
 * Applies one entry to the state of the log before it (null: the entry must be the `create`). Returns the new
 * state, or the reason the entry is refused; the state handed in is never changed.
 */
export async function applyEntry(
  spaceId: string,
  before: SpaceState | null,
  entry: LogEntry,
  verify: VerifyStatement,
): Promise<LogResult> {
  // The place the entry was to take, whatever seq it claims.
  const seq = before ? before.seq + 1 : 1;
  try {
    return { ok: true, state: await apply(spaceId, before, entry, verify) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, seq, reason: error.reason };
    throw error;
  }
}

/** The state a whole log (entries in order, from the `create`) gives, or the first entry refused. */
export async function reduceLog(
  spaceId: string,
  entries: readonly LogEntry[],
  verify: VerifyStatement,
): Promise<LogResult> {
  let state: SpaceState | null = null;
  for (const entry of entries) {
    const result = await applyEntry(spaceId, state, entry, verify);
    if (!result.ok) return result;
    state = result.state;
  }
  if (!state) return { ok: false, seq: 1, reason: 'malformed' };
  return { ok: true, state };
}

async function apply(
  spaceId: string,
  before: SpaceState | null,
  entry: LogEntry,
  verify: VerifyStatement,
): Promise<SpaceState> {
  demand(
    entry &&
      Number.isSafeInteger(entry.seq) &&
      typeof entry.prev === 'string' &&
      (LOG_KINDS as readonly string[]).includes(entry.kind) &&
      uid.safeParse(entry.author).success &&
      b64url.safeParse(entry.sig).success,
    'malformed',
  );
  demand(!before?.deleted, 'after-delete');
  demand(entry.seq === (before ? before.seq + 1 : 1), 'wrong-seq');
  demand(entry.prev === (before ? before.head : LOG_GENESIS), 'broken-prev');
  const parsed = BODIES[entry.kind].safeParse(entry.body);
  demand(parsed.success, 'malformed');
  const body = parsed.data as LogBody<LogKind>;
  demand((entry.kind === 'create') === (before === null), before ? 'not-allowed' : 'malformed');

  // Who signs: the key in the body for the entries that bring a key, else the author's key as a full member.
  const author = before?.members[entry.author];
  let signer: string;
  if (entry.kind === 'create' || entry.kind === 'accept' || entry.kind === 'rekey') {
    const key = (body as LogBody<'create' | 'accept' | 'rekey'>).key;
    signer = key.sign;
    if (entry.kind !== 'create') {
      demand((body as LogBody<'accept' | 'rekey'>).fingerprint === (await keyFingerprint(key)), 'malformed');
    }
  } else {
    demand(author?.state === 'member', 'not-allowed');
    signer = author.key.sign;
  }
  const statement = entryStatement(spaceId, entry);
  demand(await verify(signer, statement, entry.sig), 'bad-signature');

  const state: SpaceState = before
    ? structuredClone(before)
    : {
        spaceId,
        seq: 0,
        head: LOG_GENESIS,
        members: {},
        owner: entry.author,
        epoch: 0,
        series: '',
        commit: '',
        rotationDue: false,
        invitations: {},
        handoverTo: null,
        deleted: false,
      };
  const isOwner = entry.author === state.owner;
  rule(state, entry.kind, body, entry.author, isOwner);
  if (entry.kind === 'create' || entry.kind === 'accept' || entry.kind === 'rekey') {
    await bringKey(state, entry.kind, body as LogBody<'create' | 'accept' | 'rekey'>, entry.author);
  }
  state.seq = entry.seq;
  state.head = await entryHash(entry);
  return state;
}

/** The key-bringing kinds, once their signature has checked out. */
async function bringKey(
  state: SpaceState,
  kind: 'create' | 'accept' | 'rekey',
  body: LogBody<'create' | 'accept' | 'rekey'>,
  author: string,
): Promise<void> {
  const fingerprint = await keyFingerprint(body.key);
  if (kind === 'create') {
    const create = body as LogBody<'create'>;
    demand(create.epoch === 1, 'wrong-epoch');
    state.members[author] = { role: 'owner', key: create.key, fingerprint, state: 'member' };
    Object.assign(state, { epoch: 1, series: create.series, commit: create.commit });
    return;
  }
  if (kind === 'accept') {
    const accept = body as LogBody<'accept'>;
    const invitation = state.invitations[accept.invitation];
    demand(invitation && !invitation.accepted, 'no-invitation');
    demand(accept.uid === author && !state.members[author], 'not-allowed');
    demand(Object.keys(state.members).length < SPACE_MEMBERS_MAX, 'full');
    invitation.accepted = { uid: author, fingerprint };
    state.members[author] = { role: invitation.role, key: accept.key, fingerprint, state: 'joining' };
    return;
  }
  const member = state.members[author];
  demand(member?.state === 'member' && body.key.version > member.key.version, 'not-allowed');
  member.pendingKey = { key: body.key, fingerprint };
}

/** Who may sign each kind that brings no key, and what it does (plan §2). */
function rule(
  state: SpaceState,
  kind: LogKind,
  body: LogBody<LogKind>,
  author: string,
  isOwner: boolean,
): void {
  const member = (who: string) => state.members[who];
  switch (kind) {
    case 'create':
    case 'accept':
    case 'rekey':
      return;
    case 'invite': {
      const invite = body as LogBody<'invite'>;
      demand(isOwner, 'not-allowed');
      demand(!state.invitations[invite.invitation], 'not-allowed');
      const { invitation, ...rest } = invite;
      state.invitations[invitation] = rest;
      return;
    }
    case 'add': {
      const add = body as LogBody<'add'>;
      const target = member(add.uid);
      demand(target, 'no-invitation');
      if (add.invitation === null) {
        // A member's new identity, let in by an owner after comparing it.
        demand(isOwner, 'not-allowed');
        demand(target.pendingKey?.fingerprint === add.fingerprint, 'no-invitation');
        demand(target.role === add.role, 'not-allowed');
        Object.assign(target, { key: target.pendingKey.key, fingerprint: target.pendingKey.fingerprint });
        delete target.pendingKey;
        return;
      }
      demand(member(author)?.role !== 'viewer', 'not-allowed');
      const invitation = state.invitations[add.invitation];
      demand(
        invitation?.accepted?.uid === add.uid &&
          invitation.accepted.fingerprint === add.fingerprint &&
          target.state === 'joining' &&
          target.fingerprint === add.fingerprint,
        'no-invitation',
      );
      demand(invitation.role === add.role, 'not-allowed');
      demand(activeMembers(state).length < SPACE_MEMBERS_MAX, 'full');
      target.state = 'member';
      return;
    }
    case 'role': {
      const role = body as LogBody<'role'>;
      demand(isOwner && role.uid !== state.owner && member(role.uid)?.state === 'member', 'not-allowed');
      member(role.uid)!.role = role.role;
      return;
    }
    case 'remove': {
      const { uid: removed } = body as LogBody<'remove'>;
      demand(isOwner && removed !== state.owner && member(removed), 'not-allowed');
      delete state.members[removed];
      if (state.handoverTo === removed) state.handoverTo = null;
      state.rotationDue = true;
      return;
    }
    case 'leave':
      demand(!isOwner, 'not-allowed');
      delete state.members[author];
      if (state.handoverTo === author) state.handoverTo = null;
      state.rotationDue = true;
      return;
    case 'rotate': {
      const rotate = body as LogBody<'rotate'>;
      demand(isOwner || (state.rotationDue && member(author)?.role === 'editor'), 'not-allowed');
      demand(rotate.epoch === state.epoch + 1, 'wrong-epoch');
      const everyone = activeMembers(state)
        .map(([, m]) => m.fingerprint)
        .sort();
      demand(canonicalJson([...rotate.wrappedTo].sort()) === canonicalJson(everyone), 'not-allowed');
      Object.assign(state, {
        epoch: rotate.epoch,
        series: rotate.series,
        commit: rotate.commit,
        rotationDue: false,
      });
      return;
    }
    case 'handover': {
      const { to } = body as LogBody<'handover'>;
      demand(isOwner && to !== author && member(to)?.state === 'member', 'not-allowed');
      state.handoverTo = to;
      return;
    }
    case 'handover-accept':
      demand(state.handoverTo === author, 'not-allowed');
      member(state.owner)!.role = 'editor';
      member(author)!.role = 'owner';
      state.owner = author;
      state.handoverTo = null;
      return;
    case 'delete':
      demand(isOwner, 'not-allowed');
      state.deleted = true;
      return;
  }
}
