// Shared spaces on the server (docs/spaces-plan.md §2, §4): members' identities, the spaces they belong to, and each
// space's membership log, which the members sign and the server checks with the same reducer the devices run
// (shared/spaces/log.ts) but cannot forge. Every entry goes into the log through `append` (core.ts), under the
// space's lock. This file holds identities, creating, listing and deleting spaces and reading their logs; the
// other parts are invitations.ts, members.ts, rotation.ts and handover.ts. The server reads no record of a space,
// nor its name.
import type { FastifyBaseLogger } from 'fastify';
import { SPACES_PER_MEMBER_MAX } from '../../shared/constants.js';
import type { ErrorCode } from '../../shared/errors.js';
import type {
  CreateSpaceBody,
  LogEntryBody,
  SpaceIdentityBody,
  SpaceList,
  SpaceSummary,
} from '../../shared/schemas/spaces.js';
import { applyEntry, LOG_GENESIS, type LogEntry } from '../../shared/spaces/log.js';
import { identityStatement, wrapStatement, type MemberKey } from '../../shared/spaces/statements.js';
import type { Caller, SignedIn } from '../accounts/service.js';
import { isoAt } from '../core/clock.js';
import { ApiError } from '../http/errors.js';
import { authorize } from '../policies/authorize.js';
import { readsSpace, type Membership } from '../policies/spaces.js';
import { bytesOf, entriesOf, keyOfIdentity, sameKey, spaceCore, unproven, type SpaceDeps } from './core.js';
import { spaceHandovers } from './handover.js';
import { presentInvitationToMe, spaceInvitations } from './invitations.js';
import { spaceMembers } from './members.js';
import { spaceRotations } from './rotation.js';
import { p256Key, verifies, verifyStatement } from './signatures.js';
import type { MemberKeyRow } from './store.js';

const SPACE_ID = /^[0-9a-f]{32}$/;

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

export type { Guard, SpaceDeps } from './core.js';

export type SpaceService = ReturnType<typeof spaceService>;

export function spaceService(deps: SpaceDeps) {
  const core = spaceCore(deps);
  const { store, quota, clock, storage, check, keepMembers, append, summaries, announce } = core;

  return {
    /** Log appends, for the features that add entries of their own kinds (invitations, rotations). */
    append,
    ...spaceInvitations(deps, core),
    ...spaceMembers(core),
    ...spaceRotations(core),
    ...spaceHandovers(core),

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
