// Shared spaces on the server (docs/spaces-plan.md §2, §4): members' identities, the spaces they belong to, and each
// space's membership log, which the members sign and the server checks with the same reducer the devices run
// (shared/spaces/log.ts) but cannot forge. Every entry goes into the log through `append`, under the space's lock:
// the stored log is reduced again (its signatures were checked when each entry came in, so they are not checked
// twice), the new entry applied to that state, and stored only if it checks out, with what it changes of the
// space's members and its row. The server reads no record of a space, nor its name.
import type { FastifyBaseLogger } from 'fastify';
import {
  MAIL_LIMIT,
  MAIL_WINDOW_MS,
  SPACE_INVITATION_TTL_MS,
  SPACE_MEMBERS_MAX,
  SPACES_PER_MEMBER_MAX,
  type Language,
} from '../../shared/constants.js';
import type { ErrorCode } from '../../shared/errors.js';
import type {
  CompleteSpaceMemberBody,
  CreateSpaceBody,
  InviteToSpaceBody,
  LogEntryBody,
  SpaceIdentityBody,
  SpaceList,
  SpaceSummary,
} from '../../shared/schemas/spaces.js';
import {
  applyEntry,
  LOG_GENESIS,
  reduceLog,
  type LogBody,
  type LogEntry,
  type SpaceState,
  type VerifyStatement,
} from '../../shared/spaces/log.js';
import {
  identityStatement,
  sha256Hex,
  wrapStatement,
  type MemberKey,
} from '../../shared/spaces/statements.js';
import { doorOpenTo, type SignupSettings } from '../accounts/invitations.js';
import type { Caller, MemberProof, SignedIn } from '../accounts/service.js';
import { isoAt, type Clock } from '../core/clock.js';
import type { LiveBus } from '../core/bus.js';
import type { Dialect } from '../db/database.js';
import type { Trx } from '../db/stores.js';
import { ApiError } from '../http/errors.js';
import { authorize } from '../policies/authorize.js';
import { readsSpace, type Membership } from '../policies/spaces.js';
import type { MemberQuota } from '../quota/quota.js';
import type { Mailer } from '../mail/mailer.js';
import { spaceInvitationMail } from '../mail/templates.js';
import { reserveOrRefuse, type RateLimiter } from '../ratelimit/limiter.js';
import type { FileStorage } from '../storage/storage.js';
import { spaceHandovers } from './handover.js';
import { announceMemberships } from './news.js';
import { spaceRotations, type SpaceParts } from './rotation.js';
import { p256Key, verifies, verifyStatement } from './signatures.js';
import {
  spaceLock,
  type MemberKeyRow,
  type SpaceInvitationRow,
  type SpaceLogRow,
  type SpaceRow,
  type SpaceStore,
} from './store.js';

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

/** Invitations one member may send a day (besides each address's mail limit). */
export const SPACE_INVITATIONS_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60_000;
const INVITATION_ID = /^[A-Za-z0-9_-]{16,64}$/;

const SPACE_ID = /^[0-9a-f]{32}$/;

/** The signatures of entries already in the log were checked as each came in. */
const alreadyChecked: VerifyStatement = async () => true;

/** The bytes a log entry or a wrap takes against the space owner's quota: its JSON. */
const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

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
function entriesOf(rows: readonly SpaceLogRow[], before: string): LogEntry[] {
  let prev = before;
  return rows.map((row) => {
    const entry = entryOf(row, prev);
    prev = row.hash;
    return entry;
  });
}

const keyOfIdentity = (row: MemberKeyRow): MemberKey => ({
  alg: 'p256',
  version: Number(row.version),
  sign: row.sign_key,
  box: row.box_key,
});

const sameKey = (a: MemberKey, b: MemberKey) =>
  a.alg === b.alg && a.version === b.version && a.sign === b.sign && a.box === b.box;

function presentIdentity(row: MemberKeyRow) {
  return {
    version: Number(row.version),
    alg: 'p256' as const,
    signKey: row.sign_key,
    boxKey: row.box_key,
    sealedKeys: row.sealed_keys,
    updated: row.updated_at,
  };
}

const unproven = () => new ApiError('space/unproven');
const noInvitation = () => new ApiError('space/invitation-not-found');

const languageOf = (lang: string): Language => (lang === 'en' ? 'en' : 'ko');

/** What the invitee sees of an invitation: who invited, which role, until when. */
const presentInvitationToMe = (
  row: SpaceInvitationRow & { inviter: string; log_seq: number; log_head: string },
) => ({
  id: row.id,
  space: row.space_id,
  invitedBy: row.inviter,
  role: row.role,
  expiresAt: row.expires_at,
  log: { seq: Number(row.log_seq), head: row.log_head },
});

/** A check of what an entry comes with, under the space's lock, against the state of the log before it. */
export type Guard = (space: SpaceRow, before: SpaceState) => Promise<void>;

export type SpaceService = ReturnType<typeof spaceService>;

export function spaceService(deps: SpaceDeps) {
  const { store, quota, clock, storage } = deps;
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
  /** Mails on their way (settle waits for them). */
  const sending = new Set<Promise<void>>();
  const send = (mail: Parameters<Mailer['send']>[0]) => {
    const sent = deps.mailer
      .send(mail)
      .catch((err: unknown) => deps.log.error({ err }, 'space invitation mail not sent'))
      .finally(() => sending.delete(sent));
    sending.add(sent);
  };

  /**
   * Mails an invitation to its address, in the recipient's language (their account's, else the inviter's): to open
   * the app with an account, else to sign up — with a link only when sign-ups are open to the address (an
   * invitation to a space never opens a closed door).
   */
  async function mailInvitation(inviter: SignedIn['user'], email: string, invite: LogBody<'invite'>) {
    const account = await store.accountOf(email);
    const lang = account ? languageOf(account.lang) : inviter.lang;
    const mayJoin = deps.adminEmails.includes(email) || doorOpenTo(deps.signups, email);
    const next =
      account?.email_verified === 1
        ? { kind: 'member' as const, link: `${deps.publicUrl}/app/?lang=${lang}` }
        : mayJoin
          ? {
              kind: 'signUp' as const,
              link: `${deps.publicUrl}/?auth=register&email=${encodeURIComponent(email)}&lang=${lang}`,
            }
          : { kind: 'closed' as const };
    send(
      spaceInvitationMail(
        lang,
        email,
        { by: inviter.email, role: invite.role, until: new Date(invite.expiresAt) },
        next,
      ),
    );
  }

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
    return rows.map((row) => ({
      id: row.id,
      role: row.my_role,
      state: row.my_state,
      owner: row.owner_id,
      epoch: Number(row.epoch),
      series: row.series_id,
      log: { seq: Number(row.log_seq), head: row.log_head },
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
    }));
  }

  /** What rotations (rotation.ts) and hand-overs (handover.ts) take of this service. */
  const parts: SpaceParts = {
    store,
    clock,
    storage,
    live: deps.live,
    log: deps.log,
    lock,
    append,
    announce,
    summary: async (tx, uid, spaceId) => (await summaries(tx, uid, spaceId))[0]!,
  };

  return {
    /** Log appends, for the features that add entries of their own kinds (invitations, rotations). */
    append,
    ...spaceRotations(parts),
    ...spaceHandovers({ ...parts, quota }),

    /**
     * The route's `first` check, before its body is read: the caller's membership of the space, held to `allows`.
     * Not a member (or no such space, or not an id) is `space/not-found`; a member the rule refuses hears `refusal`.
     */
    async admit(
      signedIn: SignedIn,
      spaceId: unknown,
      allows: (membership: Membership | undefined) => boolean = readsSpace,
      refusal: ErrorCode = 'space/not-owner',
    ): Promise<void> {
      const membership =
        typeof spaceId === 'string' && SPACE_ID.test(spaceId)
          ? await store.membershipOf(spaceId, signedIn.user.uid)
          : undefined;
      authorize(readsSpace(membership), 'space/not-found');
      authorize(allows(membership), refusal);
    },

    async list({ user }: SignedIn): Promise<SpaceList> {
      const identity = await store.findIdentity(user.uid);
      return {
        identity: identity ? presentIdentity(identity) : null,
        spaces: await summaries(store, user.uid),
        invitations: (await store.invitationsTo(user.email, isoAt(clock))).map(presentInvitationToMe),
      };
    },

    /**
     * Publishes the member's identity for spaces, or replaces it with a newer one (plan §2). Both signatures cover
     * the same statement: the identity's own, and the synced vault's signing key's, which only a device that opened
     * the vault holds — so a session alone (a stolen cookie) cannot plant a key of its own. Replacing an identity is
     * a sensitive change, as a new vault header is: the account password or a fresh proof.
     */
    async publishIdentity(signedIn: SignedIn, body: SpaceIdentityBody, who: Caller) {
      const { user } = signedIn;
      const key: MemberKey = { alg: body.alg, version: body.version, sign: body.signKey, box: body.boxKey };
      if (!p256Key(key.sign) || !p256Key(key.box)) throw new ApiError('request/invalid');
      const statement = identityStatement(user.uid, key);
      if (!verifies(key.sign, statement, body.proof)) throw unproven();
      /** What publishing changes of the identity held: nothing, a first one, a newer one, or an older one. */
      const change = (row: MemberKeyRow | undefined) => {
        if (!row) return 'new';
        if (sameKey(keyOfIdentity(row), key) && row.sealed_keys === body.sealedKeys) return 'none';
        return body.version > Number(row.version) ? 'replace' : 'stale';
      };
      const vaultProven = (vaultKey: string | null) => {
        if (vaultKey === null) throw new ApiError('space/no-synced-vault');
        if (!verifies(vaultKey, statement, body.vaultProof)) throw unproven();
      };
      vaultProven(await store.vaultSigningKey(user.uid));
      const before = change(await store.findIdentity(user.uid));
      if (before === 'stale') throw new ApiError('space/stale-key');
      // The password (hashed, slowly) before the member's lock; the change is checked again under it.
      let proved = false;
      if (before === 'replace') {
        await deps.proofs.proveMember(signedIn, body.currentPassword, who);
        proved = true;
      }
      return quota.locked(user.uid, async (trx) => {
        const tx = store.on(trx);
        vaultProven(await tx.vaultSigningKey(user.uid));
        const row = await tx.findIdentity(user.uid);
        const now = change(row);
        if (row && now === 'none') return presentIdentity(row);
        if (now === 'stale') throw new ApiError('space/stale-key');
        if (now === 'replace' && !proved) throw new ApiError('auth/reauth-required');
        const at = isoAt(clock);
        const stored: MemberKeyRow = {
          user_id: user.uid,
          version: key.version,
          alg: key.alg,
          sign_key: key.sign,
          box_key: key.box,
          sealed_keys: body.sealedKeys,
          proof: body.proof,
          vault_proof: body.vaultProof,
          created_at: row?.created_at ?? at,
          updated_at: at,
        };
        await tx.putIdentity(stored, row !== undefined);
        return presentIdentity(stored);
      });
    },

    /**
     * Creates a space from its owner's signed `create` entry, which must bring the owner's published identity, and
     * the owner's wrap of the first epoch's key. The member's spaces are counted under the member's lock.
     */
    async create(signedIn: SignedIn, body: CreateSpaceBody): Promise<SpaceSummary> {
      const { user } = signedIn;
      const entry = body.entry as LogEntry;
      if (entry.kind !== 'create' || entry.author !== user.uid) throw unproven();
      const result = await applyEntry(body.id, null, entry, verifyStatement);
      if (!result.ok) throw unproven();
      const state = result.state;
      const { sig, ...wrapped } = body.wrap;
      const wrap = JSON.stringify(body.wrap);
      const bytes = bytesOf(entry) + Buffer.byteLength(wrap);
      const made = await quota.locked(user.uid, async (trx) => {
        const tx = store.on(trx);
        const identity = await tx.findIdentity(user.uid);
        if (!identity) throw new ApiError('space/no-identity');
        const key = keyOfIdentity(identity);
        // The space is made with the identity the member published, and its key wrapped to that identity by it.
        if (!sameKey(state.members[user.uid]!.key, key)) throw unproven();
        const wrapSigned = wrapStatement(body.id, 1, user.uid, key.version, wrapped);
        if (wrapped.by !== user.uid || !verifies(key.sign, wrapSigned, sig)) throw unproven();
        const known = await tx.findSpace(body.id);
        if (known) {
          // The same creation sent again (its answer lost) answers as it did; any other is refused.
          const [first] = await tx.logAfter(body.id, 0);
          if (known.owner_id !== user.uid || first?.sig !== entry.sig) throw new ApiError('request/invalid');
          return (await summaries(tx, user.uid, body.id))[0]!;
        }
        if ((await tx.countMemberships(user.uid)) >= SPACES_PER_MEMBER_MAX) {
          throw new ApiError('space/too-many-spaces');
        }
        await quota.ensureRoom(trx, user.uid, bytes);
        const at = isoAt(clock);
        await tx.insertSpace({
          id: body.id,
          owner_id: user.uid,
          epoch: state.epoch,
          series_id: state.series,
          latest: 0,
          log_seq: state.seq,
          log_head: state.head,
          rotation_due: 0,
          handover_to: null,
          created_at: at,
          updated_at: at,
        });
        await tx.insertLog({
          space_id: body.id,
          seq: entry.seq,
          author: entry.author,
          kind: entry.kind,
          body: JSON.stringify(entry.body),
          sig: entry.sig,
          hash: state.head,
          created_at: at,
        });
        await keepMembers(tx, body.id, null, state, at);
        await tx.insertWrap({ space_id: body.id, epoch: 1, user_id: user.uid, wrap, created_at: at });
        await tx.addUsage(body.id, bytes);
        return (await summaries(tx, user.uid, body.id))[0]!;
      });
      await announce([user.uid]);
      return made;
    },

    /**
     * Deletes a space, its owner's signed `delete` entry checked against its log, and everything it keeps: its rows
     * go at once (their bytes leave the owner's quota with them), its snapshots' files after. A sensitive change:
     * the owner's password or a fresh proof.
     */
    async delete(
      signedIn: SignedIn,
      spaceId: string,
      body: { entry: LogEntryBody; currentPassword?: string | undefined },
      who: Caller,
      log: FastifyBaseLogger,
    ): Promise<void> {
      const entry = body.entry as LogEntry;
      if (entry.kind !== 'delete') throw unproven();
      await deps.proofs.proveMember(signedIn, body.currentPassword, who);
      const { files, members } = await store.transaction(async (tx, trx) => {
        await check(trx, signedIn, spaceId, entry);
        const members = (await tx.membersOf([spaceId])).map((member) => member.user_id);
        return { files: await tx.deleteSpace(spaceId), members };
      });
      await announce(members);
      for (const file of files) {
        await storage.delete(file).catch((err: unknown) => log.warn({ err }, 'space file not deleted'));
      }
    },

    /**
     * Invites an address to the space with the owner's signed `invite` entry, which names the invitation, the
     * address's hash, the role and the expiry. Members and invitations waiting for an answer stay within
     * SPACE_MEMBERS_MAX, counted under the space's lock. The answer is the same whether the address has an account
     * or not; the mail goes out after it, counted against the address's mail limit, and an inviter sends at most
     * SPACE_INVITATIONS_PER_DAY a day.
     */
    async invite(signedIn: SignedIn, spaceId: string, body: InviteToSpaceBody) {
      const { user } = signedIn;
      const entry = body.entry as LogEntry;
      if (entry.kind !== 'invite') throw unproven();
      const invite = entry.body as LogBody<'invite'>;
      if (typeof invite.invitation !== 'string' || !INVITATION_ID.test(invite.invitation)) {
        throw new ApiError('request/invalid');
      }
      // The hash the owner signed is of the address the server is asked to mail.
      if (invite.emailHash !== (await sha256Hex(new TextEncoder().encode(body.email)))) throw unproven();
      const now = clock();
      if (
        typeof invite.expiresAt !== 'number' ||
        invite.expiresAt <= now ||
        invite.expiresAt > now + SPACE_INVITATION_TTL_MS
      ) {
        throw new ApiError('request/invalid');
      }
      const release = await reserveOrRefuse(deps.limiter, [
        { key: `space-invite:${user.uid}`, limit: SPACE_INVITATIONS_PER_DAY, windowMs: DAY_MS },
        { key: `mail:${body.email}`, limit: MAIL_LIMIT, windowMs: MAIL_WINDOW_MS },
      ]);
      const expiresAt = new Date(invite.expiresAt).toISOString();
      try {
        await store.transaction(async (tx, trx) => {
          const at = isoAt(clock);
          const held: { earlier?: SpaceInvitationRow | undefined } = {};
          const guard: Guard = async (_space, before) => {
            // An id the app chose that another invitation holds already (in any space) is not this one's.
            if (await tx.findInvitation(invite.invitation)) throw new ApiError('request/invalid');
            // An earlier invitation to the address (waiting, expired or spent) gives way to this one.
            held.earlier = await tx.invitationTo(spaceId, body.email);
            const { earlier } = held;
            const waiting =
              (await tx.countPending(spaceId, at)) -
              (earlier && earlier.accepted_by === null && earlier.expires_at > at ? 1 : 0);
            if (Object.keys(before.members).length + waiting >= SPACE_MEMBERS_MAX) {
              throw new ApiError('space/full');
            }
          };
          await append(trx, signedIn, spaceId, entry, { guard });
          if (held.earlier) await tx.deleteInvitation(held.earlier.id);
          await tx.insertInvitation({
            id: invite.invitation,
            space_id: spaceId,
            email: body.email,
            role: invite.role,
            invited_by: user.uid,
            expires_at: expiresAt,
            accepted_by: null,
            accepted_at: null,
            created_at: at,
          });
        });
      } catch (error) {
        // Refused, it was neither sent nor mailed: it does not count.
        await release();
        throw error;
      }
      await mailInvitation(user, body.email, invite);
      return {
        id: invite.invitation,
        email: body.email,
        role: invite.role,
        expiresAt,
        state: 'pending' as const,
      };
    },

    /** Withdraws an invitation of the space's not yet accepted. */
    async withdrawInvitation(spaceId: string, invitationId: string): Promise<void> {
      await store.transaction(async (tx, trx) => {
        if (!(await lock(trx, spaceId))) throw new ApiError('space/not-found');
        const row = await tx.findInvitation(invitationId);
        if (!row || row.space_id !== spaceId || !(await tx.deletePendingInvitation(invitationId))) {
          throw noInvitation();
        }
      });
    },

    /** Invitations to the member's verified address, waiting for an answer. */
    async myInvitations({ user }: SignedIn) {
      const rows = await store.invitationsTo(user.email, isoAt(clock));
      return { invitations: rows.map(presentInvitationToMe) };
    },

    /**
     * Accepts an invitation to the member's own verified address, unexpired and unused, with the invitee's signed
     * `accept` entry bringing the identity the member published: the member joins (`joining`) until an owner's or
     * editor's device lets them in. Another address's invitation, a used or an expired one are all "not found".
     * The member's spaces are counted under the member's lock, taken after the space's.
     */
    async accept(signedIn: SignedIn, invitationId: string, body: { entry: LogEntryBody }) {
      const { user } = signedIn;
      const entry = body.entry as LogEntry;
      const usable = (row: SpaceInvitationRow | undefined): row is SpaceInvitationRow =>
        row !== undefined &&
        row.email === user.email &&
        row.accepted_by === null &&
        row.expires_at > isoAt(clock);
      const found = await store.findInvitation(invitationId);
      if (!usable(found)) throw noInvitation();
      if (entry.kind !== 'accept') throw unproven();
      const accept = entry.body as Partial<LogBody<'accept'>>;
      return store.transaction(async (tx, trx) => {
        const space = await lock(trx, found.space_id);
        const row = await tx.findInvitation(invitationId);
        if (!space || !usable(row) || row.space_id !== space.id) throw noInvitation();
        const identity = await tx.findIdentity(user.uid);
        if (!identity) throw new ApiError('space/no-identity');
        if (
          accept.invitation !== invitationId ||
          !accept.key ||
          !sameKey(accept.key, keyOfIdentity(identity))
        ) {
          throw unproven();
        }
        // The owner (who pays) and the member (whose spaces are counted), in one order: never a deadlock.
        for (const uid of [...new Set([space.owner_id, user.uid])].sort()) await quota.lockIn(trx, uid);
        if ((await tx.countMemberships(user.uid)) >= SPACES_PER_MEMBER_MAX) {
          throw new ApiError('space/too-many-spaces');
        }
        await append(trx, signedIn, space.id, entry);
        await tx.markAccepted(invitationId, user.uid, isoAt(clock));
        return (await summaries(tx, user.uid, space.id))[0]!;
      });
    },

    /** Declines an invitation to the member's own address. */
    async decline({ user }: SignedIn, invitationId: string): Promise<void> {
      const mine = (row: SpaceInvitationRow | undefined): row is SpaceInvitationRow =>
        row !== undefined && row.email === user.email && row.accepted_by === null;
      const found = await store.findInvitation(invitationId);
      if (!mine(found)) throw noInvitation();
      await store.transaction(async (tx, trx) => {
        await lock(trx, found.space_id);
        if (
          !mine(await tx.findInvitation(invitationId)) ||
          !(await tx.deletePendingInvitation(invitationId))
        ) {
          throw noInvitation();
        }
      });
    },

    /**
     * Lets in a member who accepted: an owner's or editor's signed `add` entry and the current epoch's key wrapped
     * to the member's key, signed by whoever lets them in.
     */
    async complete(signedIn: SignedIn, spaceId: string, uid: string, body: CompleteSpaceMemberBody) {
      const entry = body.entry as LogEntry;
      if (entry.kind !== 'add' || (entry.body as Partial<LogBody<'add'>>).uid !== uid) throw unproven();
      const wrap = JSON.stringify(body.wrap);
      const { sig, ...wrapped } = body.wrap;
      let epoch = 0;
      const guard: Guard = async (_space, before) => {
        const target = before.members[uid];
        const me = before.members[signedIn.user.uid];
        epoch = before.epoch;
        const statement = target && wrapStatement(spaceId, epoch, uid, target.key.version, wrapped);
        if (!me || !statement || wrapped.by !== signedIn.user.uid || !verifies(me.key.sign, statement, sig)) {
          throw unproven();
        }
      };
      const completed = await store.transaction(async (tx, trx) => {
        await append(trx, signedIn, spaceId, entry, { guard, bytes: Buffer.byteLength(wrap) });
        await tx.insertWrap({ space_id: spaceId, epoch, user_id: uid, wrap, created_at: isoAt(clock) });
        return (await summaries(tx, signedIn.user.uid, spaceId))[0]!;
      });
      // The new member's streams follow the space from now on.
      await announce([uid]);
      return completed;
    },

    /**
     * Changes a member's role with the owner's signed `role` entry naming them. The owner's own role is not changed
     * here (a space always has its one owner: a hand-over passes it on), so naming the owner is `space/last-owner`.
     */
    async changeRole(signedIn: SignedIn, spaceId: string, uid: string, body: { entry: LogEntryBody }) {
      const entry = body.entry as LogEntry;
      if (entry.kind !== 'role' || (entry.body as Partial<LogBody<'role'>>).uid !== uid) throw unproven();
      const guard: Guard = async (space) => {
        if (uid === space.owner_id) throw new ApiError('space/last-owner');
      };
      const changed = await store.transaction(async (tx, trx) => {
        await append(trx, signedIn, spaceId, entry, { guard });
        return (await summaries(tx, signedIn.user.uid, spaceId))[0]!;
      });
      // The member's streams read their role again (a viewer's device stops pushing, an editor's may start).
      await announce([uid]);
      return changed;
    },

    /**
     * A member leaves the space with their signed `leave` entry: their membership, wraps and devices go at once
     * (every later request of theirs on it is `space/not-found`), and the space's next rotation is due (an editor
     * may make it). The owner cannot leave (`space/last-owner`): they hand the space over or delete it.
     */
    async leave(signedIn: SignedIn, spaceId: string, body: { entry: LogEntryBody }): Promise<void> {
      const { uid } = signedIn.user;
      const entry = body.entry as LogEntry;
      if (entry.kind !== 'leave') throw unproven();
      const guard: Guard = async (space) => {
        if (uid === space.owner_id) throw new ApiError('space/last-owner');
      };
      await store.transaction(async (tx, trx) => {
        await append(trx, signedIn, spaceId, entry, { guard });
        await tx.departMember(spaceId, uid, isoAt(clock));
      });
      await announce([uid]);
    },

    /**
     * The owner removes a member (one still joining too) with a signed `remove` entry naming them: as when a member
     * leaves, their membership, wraps and devices go at once — a push of theirs that waits for the space's lock
     * reads their membership under it and is refused — and the next rotation is due. The owner is not removed here
     * (`space/last-owner`). Answers the space as the owner sees it then.
     */
    async remove(signedIn: SignedIn, spaceId: string, uid: string, body: { entry: LogEntryBody }) {
      const entry = body.entry as LogEntry;
      if (entry.kind !== 'remove' || (entry.body as Partial<LogBody<'remove'>>).uid !== uid) throw unproven();
      const guard: Guard = async (space) => {
        if (uid === space.owner_id) throw new ApiError('space/last-owner');
      };
      const removed = await store.transaction(async (tx, trx) => {
        await append(trx, signedIn, spaceId, entry, { guard });
        await tx.departMember(spaceId, uid, isoAt(clock));
        return (await summaries(tx, signedIn.user.uid, spaceId))[0]!;
      });
      // The removed member's streams stop following the space.
      await announce([uid]);
      return removed;
    },

    /** Resolves once the invitation mails on their way have gone (tests, shutdown). */
    async settle(): Promise<void> {
      while (sending.size > 0) await Promise.allSettled([...sending]);
    },

    /** The space's log after entry `after`, as its authors signed it. */
    async log(spaceId: string, after: number): Promise<{ entries: LogEntry[] }> {
      const rows = await store.logAfter(spaceId, Math.max(0, after - 1));
      const first = rows[0];
      if (after > 0 && Number(first?.seq) !== after) return { entries: [] };
      const entries = entriesOf(after > 0 ? rows.slice(1) : rows, after > 0 ? first!.hash : LOG_GENESIS);
      return { entries };
    },
  };
}
