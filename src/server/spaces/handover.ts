// A space handed over to another member (docs/spaces-plan.md §2, §4): its owner offers it with a signed `handover`
// entry naming a member, and that member takes it with a signed `handover-accept`; the former owner stays an
// editor. The space's bytes count against its owner's quota, so they move to the new owner's — only if they fit.
// The new owner is a member already: their count of spaces does not change.
import type { SpaceSummary } from '../../shared/schemas/spaces.js';
import type { LogBody, LogEntry } from '../../shared/spaces/log.js';
import type { SignedIn } from '../accounts/service.js';
import { spaceUsage } from './rotation-store.js';
import { unproven, type Guard, type SpaceParts } from './core.js';

export function spaceHandovers(parts: SpaceParts) {
  const { store, quota, append } = parts;
  return {
    /** The owner offers the space to a member (a full member, not the owner): their signed `handover` entry. */
    async offerHandover(
      signedIn: SignedIn,
      spaceId: string,
      body: { entry: LogEntry | Record<string, unknown> },
    ): Promise<SpaceSummary> {
      const entry = body.entry as LogEntry;
      if (entry.kind !== 'handover') throw unproven();
      const offered = await store.transaction(async (tx, trx) => {
        await append(trx, signedIn, spaceId, entry);
        return parts.summary(tx, signedIn.user.uid, spaceId);
      });
      // The member offered it hears of it (their list shows the offer).
      await parts.announce([(entry.body as Partial<LogBody<'handover'>>).to ?? signedIn.user.uid]);
      return offered;
    },

    /**
     * The member the space was offered to takes it with their signed `handover-accept`: anyone else's is
     * `space/unproven`. Under the space's lock, then both members' in id order (never a deadlock), the space's
     * bytes, the entry's with them, must fit the new owner's quota (`storage/quota-exceeded`).
     */
    async acceptHandover(
      signedIn: SignedIn,
      spaceId: string,
      body: { entry: LogEntry | Record<string, unknown> },
    ): Promise<SpaceSummary> {
      const { uid } = signedIn.user;
      const entry = body.entry as LogEntry;
      if (entry.kind !== 'handover-accept') throw unproven();
      let formerOwner = '';
      const taken = await store.transaction(async (tx, trx) => {
        const guard: Guard = async (space, before) => {
          if (before.handoverTo !== uid) throw unproven();
          formerOwner = space.owner_id;
          for (const member of [...new Set([space.owner_id, uid])].sort()) await quota.lockIn(trx, member);
          const bytes = (await spaceUsage(trx, spaceId)) + Buffer.byteLength(JSON.stringify(entry));
          await quota.ensureRoom(trx, uid, bytes);
        };
        await append(trx, signedIn, spaceId, entry, { guard });
        return parts.summary(tx, uid, spaceId);
      });
      await parts.announce([formerOwner, uid]);
      return taken;
    },
  };
}
