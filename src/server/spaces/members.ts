// The members of a shared space (docs/spaces-plan.md §4, step 8): an owner or editor lets in a member who accepted,
// with the epoch's key wrapped to them; the owner changes roles; a member leaves or is removed — their membership,
// wraps and devices going in the commit of the entry, and the space's next rotation (rotation.ts) due.
import type { CompleteSpaceMemberBody, LogEntryBody } from '../../shared/schemas/spaces.js';
import type { LogBody, LogEntry } from '../../shared/spaces/log.js';
import { wrapStatement } from '../../shared/spaces/statements.js';
import type { SignedIn } from '../accounts/service.js';
import { isoAt } from '../core/clock.js';
import { ApiError } from '../http/errors.js';
import { unproven, type Guard, type SpaceParts } from './core.js';
import { verifies } from './signatures.js';

export function spaceMembers(parts: SpaceParts) {
  const { store, clock, append, summaries, announce } = parts;
  return {
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
  };
}
