// The core of the space service (docs/spaces-plan.md §4, "As step 5 built it"): the one way into a space's log,
// `append`, under the space's lock — the stored log reduced again (its signatures were checked when each entry came
// in, so they are not checked twice), the new entry applied to that state and stored only if it checks out, with
// what it changes of the space's members and its row — and the summaries every part of the service answers with.
// The parts (service.ts, invitations.ts, members.ts, rotation.ts, handover.ts) take what they need of it.
import type { FastifyBaseLogger } from 'fastify';
import type { SpaceSummary } from '../../shared/schemas/spaces.js';
import {
  applyEntry,
  LOG_GENESIS,
  reduceLog,
  type LogEntry,
  type SpaceState,
  type VerifyStatement,
} from '../../shared/spaces/log.js';
import type { MemberKey } from '../../shared/spaces/statements.js';
import type { MemberProof, SignedIn } from '../accounts/service.js';
import type { SignupSettings } from '../accounts/invitations.js';
import type { Dialect } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import type { RateLimiter } from '../ratelimit/limiter.js';
import type { LiveBus } from '../core/bus.js';
import { isoAt, type Clock } from '../core/clock.js';
import type { Trx } from '../db/stores.js';
import { ApiError } from '../http/errors.js';
import type { MemberQuota } from '../quota/quota.js';
import type { FileStorage } from '../storage/storage.js';
import { announceMemberships } from './news.js';
import { verifyStatement } from './signatures.js';

/** What the space service is made of (app.ts gives it). */
export interface SpaceDeps {
  /** Identities, spaces, members, logs, wraps (store.ts). */
  store: SpaceStore;
  dialect: Dialect;
  /** The member's proof for a sensitive change (replacing an identity, deleting a space). */
  proofs: Pick<MemberProof, 'proveMember'>;
  /** The members' locks and the owner's quota, which pays for what a space keeps. */
  quota: MemberQuota;
  storage: FileStorage;
  clock: Clock;
  /** Invitations' mails, and their limits (each address's, as every mail's, and each inviter's a day). */
  mailer: Mailer;
  limiter: RateLimiter;
  publicUrl: string;
  /** Who may sign up: an invitation's mail to an address without an account has a sign-up link only if it may. */
  signups: SignupSettings;
  adminEmails: readonly string[];
  log: FastifyBaseLogger;
  /** Tells members' event streams their memberships changed (news.ts), once the change is committed. */
  live: LiveBus;
}
import { spaceLock, type MemberKeyRow, type SpaceLogRow, type SpaceRow, type SpaceStore } from './store.js';

/** The signatures of entries already in the log were checked as each came in. */
const alreadyChecked: VerifyStatement = async () => true;

/** The bytes a log entry or a wrap takes against the space owner's quota: its JSON. */
export const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

function entryOf(row: SpaceLogRow, prev: string): LogEntry {
  return {
    seq: Number(row.seq),
    prev,
    kind: row.kind,
    author: row.author,
    body: JSON.parse(row.body) as LogEntry['body'],
    sig: row.sig,
  };
}

/** Stored rows as entries, each `prev` the hash of the row before (`before`: the hash before the first row). */
export function entriesOf(rows: readonly SpaceLogRow[], before: string): LogEntry[] {
  let prev = before;
  return rows.map((row) => {
    const entry = entryOf(row, prev);
    prev = row.hash;
    return entry;
  });
}

export const keyOfIdentity = (row: MemberKeyRow): MemberKey => ({
  alg: 'p256',
  version: Number(row.version),
  sign: row.sign_key,
  box: row.box_key,
});

export const sameKey = (a: MemberKey, b: MemberKey) =>
  a.alg === b.alg && a.version === b.version && a.sign === b.sign && a.box === b.box;

export const unproven = () => new ApiError('space/unproven');

/** A check of what an entry comes with, under the space's lock, against the state of the log before it. */
export type Guard = (space: SpaceRow, before: SpaceState) => Promise<void>;

/** What the parts of the space service share: the deps they use, the log's appends, the summaries, the news. */
export interface SpaceParts {
  store: SpaceStore;
  quota: MemberQuota;
  clock: Clock;
  storage: FileStorage;
  live: LiveBus;
  log: FastifyBaseLogger;
  /** Takes the space's lock in the caller's transaction; answers its row (undefined: no such space). */
  lock: (trx: Trx, id: string) => Promise<SpaceRow | undefined>;
  stateOf: (tx: SpaceStore, spaceId: string) => Promise<SpaceState>;
  check: (
    trx: Trx,
    signedIn: SignedIn,
    spaceId: string,
    entry: LogEntry,
    guard?: Guard,
  ) => Promise<{ space: SpaceRow; before: SpaceState; state: SpaceState }>;
  keepMembers: (
    tx: SpaceStore,
    spaceId: string,
    before: SpaceState | null,
    state: SpaceState,
    at: string,
  ) => Promise<void>;
  append: (
    trx: Trx,
    signedIn: SignedIn,
    spaceId: string,
    entry: LogEntry,
    more?: { bytes?: number; guard?: Guard },
  ) => Promise<{ space: SpaceRow; state: SpaceState }>;
  summaries: (tx: SpaceStore, uid: string, only?: string) => Promise<SpaceSummary[]>;
  /** The space as `uid` sees it, read in the transaction of `tx`. */
  summary: (tx: SpaceStore, uid: string, spaceId: string) => Promise<SpaceSummary>;
  /** After a commit: these members' streams read their memberships again. */
  announce: (uids: readonly string[]) => Promise<void>;
}

export function spaceCore(deps: SpaceDeps): SpaceParts {
  const { store, quota, clock } = deps;
  const lock = spaceLock(deps.dialect);
  /** After a commit: these members' streams read their memberships again (a lost news is caught by their poll). */
  const announce = async (uids: readonly string[]) => {
    await Promise.all(
      uids.map((uid) =>
        announceMemberships(deps.live, uid).catch((err: unknown) =>
          deps.log.warn({ err }, 'space membership news not published'),
        ),
      ),
    );
  };
  /** The space's log as its state, reduced from the stored entries. */
  async function stateOf(tx: SpaceStore, spaceId: string): Promise<SpaceState> {
    const result = await reduceLog(
      spaceId,
      entriesOf(await tx.logAfter(spaceId, 0), LOG_GENESIS),
      alreadyChecked,
    );
    // Every stored entry was checked before it was stored: a log that does not reduce is the server's fault.
    if (!result.ok)
      throw new Error(`space ${spaceId}: stored log refused at ${result.seq} (${result.reason})`);
    return result.state;
  }

  /**
   * Locks the space and applies `entry`, signed by the caller, to the state of its log: the space's row, the state
   * before and the state after. Refuses an entry that does not check out (`space/unproven`, `space/full`).
   */
  async function check(trx: Trx, signedIn: SignedIn, spaceId: string, entry: LogEntry, guard?: Guard) {
    const space = await lock(trx, spaceId);
    if (!space) throw new ApiError('space/not-found');
    // A member sends only entries they signed: one signed by another member is theirs to send.
    if (entry.author !== signedIn.user.uid) throw unproven();
    const tx = store.on(trx);
    const before = await stateOf(tx, spaceId);
    await guard?.(space, before);
    const result = await applyEntry(spaceId, before, entry, verifyStatement);
    if (!result.ok) throw new ApiError(result.reason === 'full' ? 'space/full' : 'space/unproven');
    return { space, before, state: result.state };
  }

  /** Writes what the state after an entry changes of the space's members (added, changed, gone). */
  async function keepMembers(
    tx: SpaceStore,
    spaceId: string,
    before: SpaceState | null,
    state: SpaceState,
    at: string,
  ): Promise<void> {
    for (const [uid, member] of Object.entries(state.members)) {
      const was = before?.members[uid];
      if (was && was.role === member.role && was.state === member.state && sameKey(was.key, member.key))
        continue;
      await tx.putMember({
        space_id: spaceId,
        user_id: uid,
        role: member.role,
        state: member.state,
        key_version: member.key.version,
        sign_key: member.key.sign,
        box_key: member.key.box,
        created_at: at,
      });
    }
    for (const uid of Object.keys(before?.members ?? {})) {
      if (!state.members[uid]) await tx.deleteMember(spaceId, uid);
    }
  }

  /**
   * Appends an entry the caller signed to the space's log, in the caller's transaction: checked (see `check`), paid
   * for by the space's owner (whose lock is taken after the space's), stored with what it changes. Answers the state
   * after it.
   */
  async function append(
    trx: Trx,
    signedIn: SignedIn,
    spaceId: string,
    entry: LogEntry,
    more: { bytes?: number; guard?: Guard } = {},
  ): Promise<{ space: SpaceRow; state: SpaceState }> {
    const { space, before, state } = await check(trx, signedIn, spaceId, entry, more.guard);
    const tx = store.on(trx);
    const at = isoAt(clock);
    const bytes = bytesOf(entry) + (more.bytes ?? 0);
    await quota.lockIn(trx, space.owner_id);
    await quota.ensureRoom(trx, space.owner_id, bytes);
    await tx.insertLog({
      space_id: spaceId,
      seq: entry.seq,
      author: entry.author,
      kind: entry.kind,
      body: JSON.stringify(entry.body),
      sig: entry.sig,
      hash: state.head,
      created_at: at,
    });
    await tx.addUsage(spaceId, bytes);
    await tx.updateSpace(spaceId, {
      owner_id: state.owner,
      epoch: state.epoch,
      series_id: state.series,
      log_seq: state.seq,
      log_head: state.head,
      rotation_due: state.rotationDue ? 1 : 0,
      handover_to: state.handoverTo,
      updated_at: at,
    });
    await keepMembers(tx, spaceId, before, state, at);
    return { space, state };
  }

  /** The member's spaces as the list shows them (only `only`, when given). */
  async function summaries(tx: SpaceStore, uid: string, only?: string): Promise<SpaceSummary[]> {
    const rows = (await tx.spacesOf(uid)).filter((row) => only === undefined || row.id === only);
    const members = await tx.membersOf(rows.map((row) => row.id));
    const owned = rows.filter((row) => row.my_role === 'owner').map((row) => row.id);
    const pending = await tx.pendingOf(owned, isoAt(clock));
    return rows.map((row) => ({
      id: row.id,
      role: row.my_role,
      state: row.my_state,
      owner: row.owner_id,
      epoch: Number(row.epoch),
      series: row.series_id,
      log: { seq: Number(row.log_seq), head: row.log_head },
      handoverTo: row.handover_to,
      members: members
        .filter((member) => member.space_id === row.id)
        .map((member) => ({
          uid: member.user_id,
          email: member.email,
          role: member.role,
          state: member.state,
          key: {
            alg: 'p256' as const,
            version: Number(member.key_version),
            sign: member.sign_key,
            box: member.box_key,
          },
        })),
      invitations: pending
        .filter((invitation) => invitation.space_id === row.id)
        .map((invitation) => ({
          id: invitation.id,
          email: invitation.email,
          role: invitation.role,
          expiresAt: new Date(invitation.expires_at).toISOString(),
        })),
    }));
  }

  return {
    store,
    quota,
    clock,
    storage: deps.storage,
    live: deps.live,
    log: deps.log,
    lock,
    stateOf,
    check,
    keepMembers,
    append,
    summaries,
    summary: async (tx, uid, spaceId) => (await summaries(tx, uid, spaceId))[0]!,
    announce,
  };
}
