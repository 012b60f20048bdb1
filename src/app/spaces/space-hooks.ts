// A shared space's membership log as a device holds it, and the hooks its series gives the sync engine
// (docs/spaces-plan.md §3, "Change format"): each change is signed by its author's identity with the log head the
// author had applied, and a change of another device is taken only when that signature checks out, the device holds
// that log head, and its author could write there (owner or editor) — so a change of a viewer's or of a removed
// member's that the server slips in is refused, though viewers hold the epoch's key. Only the role AT the change's
// head counts: an honest editor's change made before a demotion it had not heard of yet still counts (refusing it
// would stall their devices for good); the server refuses a push whose head is older than its author's latest role
// entry, so no late change of a demoted member's is stored to begin with.
import type { SpaceChangeBody } from '../../shared/schemas/space-sync.js';
import type { SpaceRole } from '../../shared/spaces/log.js';
import { SPACE_CHANGE, statementBytes } from '../../shared/spaces/statements.js';
import type { Verdict } from '../sync/chain.js';
import { SyncRefused } from '../sync/errors.js';
import type { ReceivedChange, SeriesHooks, SyncClock } from '../sync/ports.js';
import { signStatement, verifyStatement, type MemberIdentity } from './identity-keys.js';
import type { SpaceLogBook } from './log-view.js';

export { SpaceLogBook } from './log-view.js';

/** What a change carries in a space besides the chain's fields (the server adds its `author`). */
type SpaceAdditions = Pick<SpaceChangeBody, 'madeAt' | 'logHead' | 'sig'>;

/** The statement a change's author signs (SPACE_CHANGE). */
export const changeStatement = (
  spaceId: string,
  epoch: number,
  change: { device: string; seq: number; mac: string; madeAt: string; logHead: string },
) =>
  statementBytes([
    SPACE_CHANGE,
    spaceId,
    epoch,
    change.device,
    change.seq,
    change.mac,
    change.madeAt,
    change.logHead,
  ]);

const WRITERS: ReadonlySet<SpaceRole> = new Set(['owner', 'editor']);

/** Whether `change` (as received) carries a space's fields, well formed. */
function carriesAdditions(
  change: ReceivedChange,
): change is ReceivedChange & SpaceAdditions & { author: string } {
  return (
    typeof change.madeAt === 'string' &&
    typeof change.logHead === 'string' &&
    /^[0-9a-f]{64}$/.test(change.logHead) &&
    typeof change.sig === 'string' &&
    typeof change.author === 'string'
  );
}

/**
 * The hooks of a space's series of `epoch`, made by `me`: each change this device sends is signed by the member's
 * identity at the log head held (`attest`); each change received is checked against the log (`guard`); a conflict
 * copy names the member who made the other side (`authorOf`); a viewer's refused push still lets it receive
 * (`readsOnly`).
 */
export function spaceHooks(options: {
  book: SpaceLogBook;
  epoch: number;
  me: { uid: string; identity: MemberIdentity };
  clock: Pick<SyncClock, 'now'>;
}): Required<SeriesHooks> {
  const { book, epoch, me, clock } = options;
  const { spaceId } = book;
  return {
    async attest(change, meta) {
      const head = book.state?.head;
      if (!head) throw new SyncRefused('withheld');
      const madeAt = new Date(clock.now()).toISOString();
      const statement = changeStatement(spaceId, epoch, {
        device: meta.device,
        seq: change.seq,
        mac: change.mac,
        madeAt,
        logHead: head,
      });
      return { madeAt, logHead: head, sig: await signStatement(me.identity, statement) };
    },

    async guard(change): Promise<Verdict> {
      if (!carriesAdditions(change)) return 'altered';
      // A log head this device does not hold yet: the log is read first; still unknown, the server withholds it
      // (or made it up).
      const there = await book.stateAt(change.logHead);
      if (!there) return 'withheld';
      if (there.epoch !== epoch) return 'altered';
      const author = there.members[change.author];
      if (!author || author.state !== 'member' || !WRITERS.has(author.role)) return 'altered';
      const statement = changeStatement(spaceId, epoch, change);
      return (await verifyStatement(author.key.sign, statement, change.sig)) ? 'ok' : 'altered';
    },

    authorOf: (change) => (typeof change.author === 'string' && change.author ? change.author : undefined),

    self: me.uid,

    readsOnly: (refusal) =>
      typeof refusal === 'object' &&
      refusal !== null &&
      (refusal as { code?: unknown }).code === 'space/read-only',
  };
}
