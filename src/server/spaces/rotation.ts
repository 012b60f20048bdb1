// A space's rotation to its next epoch (docs/spaces-plan.md §3 "Rotation", §4): after a member left or was removed
// (or whenever the owner wants), a device of the owner's — or an editor's, once the rotation is due — draws the next
// epoch's key and series, stages the space's records re-sealed under it as the new series' snapshot (staging.ts),
// then sends the signed `rotate` entry (a `remove` before it, when the rotation removes a member) and the new key
// wrapped to every member who stays. One transaction under the space's lock takes it all or nothing: the entries
// through the log's reducer, the wraps checked against the members the reducer counts, the staged snapshot
// published as the new series, and everything kept under the old epoch's key deleted with the bytes it took — so a
// member removed keeps what their devices held, and nothing sealed after.
import type { RotateSpaceBody, SpaceSummary } from '../../shared/schemas/spaces.js';
import type { LogBody, LogEntry } from '../../shared/spaces/log.js';
import { wrapStatement } from '../../shared/spaces/statements.js';
import type { SignedIn } from '../accounts/service.js';
import { isoAt } from '../core/clock.js';
import { ApiError } from '../http/errors.js';
import { spaceNewsTopic } from './news.js';
import { dropEpochsBefore, publishStaged, stagedSnapshot } from './rotation-store.js';
import { unproven, type Guard, type SpaceParts } from './core.js';
import { verifies } from './signatures.js';

export function spaceRotations(parts: SpaceParts) {
  const { store, clock, storage, live, append } = parts;
  return {
    /**
     * Rotates the space to its next epoch (see the file's head). Refusals: `space/not-owner` for an editor while no
     * rotation is due; `space/stale-epoch` when the space moved past what the rotating device applied (another
     * epoch, a newer change: it applies and redoes); `space/rotation-busy` without the rotating member's own
     * snapshot staged for the next epoch (another's took its place, or there was none); `space/unproven` for an
     * entry the log refuses (a forged or replayed one, an editor's when no rotation is due), wraps that are not
     * exactly one for every member who stays (those still joining get theirs from their `add`), or a wrap not
     * signed by the rotating member for the next epoch and its member's key.
     */
    async rotate(signedIn: SignedIn, spaceId: string, body: RotateSpaceBody): Promise<SpaceSummary> {
      const { uid } = signedIn.user;
      const entries = body.entries as LogEntry[];
      const rotation = entries[entries.length - 1]!;
      const removal = entries.length > 1 ? entries[0] : undefined;
      if (rotation.kind !== 'rotate' || (removal && removal.kind !== 'remove')) throw unproven();
      const wrapped = new Map(body.wraps.map(({ uid: to, wrap }) => [to, wrap]));
      if (wrapped.size !== body.wraps.length) throw unproven();
      const wraps = body.wraps.map(({ uid: to, wrap }) => ({ to, text: JSON.stringify(wrap) }));
      const next = body.epoch + 1;
      /** The wraps name exactly the members who stay, each signed by the rotating member for the next epoch. */
      const wrapsCheck: Guard = async (_space, before) => {
        const me = before.members[uid];
        const staying = Object.entries(before.members).filter(([, member]) => member.state === 'member');
        if (!me || me.state !== 'member' || staying.length !== wrapped.size) throw unproven();
        for (const [to, member] of staying) {
          const wrap = wrapped.get(to);
          if (!wrap) throw unproven();
          const { sig, ...sealed } = wrap;
          const statement = wrapStatement(spaceId, next, to, member.key.version, sealed);
          if (sealed.by !== uid || !verifies(me.key.sign, statement, sig)) throw unproven();
        }
      };
      const done = await store.transaction(async (tx, trx) => {
        const space = await parts.lock(trx, spaceId);
        if (!space) throw new ApiError('space/not-found');
        // Who may rotate, as the log's reducer says again: the owner, or an editor once a rotation is due.
        if (space.owner_id !== uid && Number(space.rotation_due) !== 1) throw new ApiError('space/not-owner');
        if (Number(space.epoch) !== body.epoch || Number(space.latest) !== body.covers) {
          throw new ApiError('space/stale-epoch');
        }
        const staged = await stagedSnapshot(trx, spaceId);
        if (
          !staged ||
          staged.id !== body.snapshot ||
          staged.author !== uid ||
          Number(staged.epoch) !== next
        ) {
          throw new ApiError('space/rotation-busy');
        }
        const at = isoAt(clock);
        const departed: string[] = [];
        if (removal) {
          const { uid: removed } = removal.body as Partial<LogBody<'remove'>>;
          const notOwner: Guard = async (row) => {
            if (removed === row.owner_id) throw new ApiError('space/last-owner');
          };
          await append(trx, signedIn, spaceId, removal, { guard: notOwner });
          await tx.departMember(spaceId, removed!, at);
          departed.push(removed!);
        }
        const bytes = wraps.reduce((sum, wrap) => sum + Buffer.byteLength(wrap.text), 0);
        const { state } = await append(trx, signedIn, spaceId, rotation, { guard: wrapsCheck, bytes });
        for (const wrap of wraps) {
          await tx.insertWrap({
            space_id: spaceId,
            epoch: next,
            user_id: wrap.to,
            wrap: wrap.text,
            created_at: at,
          });
        }
        await publishStaged(trx, staged.id);
        await tx.updateSpace(spaceId, { latest: Number(staged.covers) });
        const files = await dropEpochsBefore(trx, spaceId, next);
        return {
          files,
          members: [...Object.keys(state.members), ...departed],
          summary: await parts.summary(tx, uid, spaceId),
        };
      });
      for (const file of done.files) {
        await storage.delete(file).catch((err: unknown) => parts.log.warn({ err }, 'space file not deleted'));
      }
      // Every member's streams hear the new epoch; one removed hears no more of the space.
      await live
        .publish(spaceNewsTopic(spaceId))
        .catch((err: unknown) => parts.log.warn({ err }, 'space news not published'));
      await parts.announce(done.members);
      return done.summary;
    },
  };
}
