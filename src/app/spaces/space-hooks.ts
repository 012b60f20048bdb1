// A shared space's membership log as a device holds it, and the hooks its series gives the sync engine
// (docs/spaces-plan.md §3, "Change format"): each change is signed by its author's identity with the log head the
// author had applied, and a change of another device is taken only when that signature checks out, the device holds
// that log head, and its author could write there (owner or editor) and has had no role entry since — so a change
// of a viewer's or of a removed member's that the server slips in is refused, though viewers hold the epoch's key.
import type { SpaceChangeBody } from '../../shared/schemas/space-sync.js';
import { applyEntry, type LogEntry, type SpaceRole, type SpaceState } from '../../shared/spaces/log.js';
import { SPACE_CHANGE, statementBytes } from '../../shared/spaces/statements.js';
import type { Verdict } from '../sync/chain.js';
import { SyncRefused } from '../sync/errors.js';
import type { ReceivedChange, SeriesHooks, SyncClock } from '../sync/ports.js';
import { signStatement, verifyStatement, type MemberIdentity } from './identity-keys.js';
import type { SpaceApi } from './space-server.js';

/** The kinds of entry that change what a member may do (their role, or whether they are in at all). */
const ROLE_KINDS: ReadonlySet<string> = new Set(['add', 'role', 'remove', 'leave', 'handover-accept']);

/** Who an entry of a role kind concerns. */
function concerned(entry: LogEntry, before: SpaceState | null): string[] {
  const body = entry.body as { uid?: string };
  switch (entry.kind) {
    case 'add':
    case 'role':
    case 'remove':
      return body.uid ? [body.uid] : [];
    case 'leave':
      return [entry.author];
    case 'handover-accept':
      return before ? [entry.author, before.owner] : [entry.author];
    default:
      return [];
  }
}

/**
 * The space's log as this device has checked it (every entry through the log's reducer, signatures by WebCrypto):
 * the state after each entry, by its hash (what a change's `logHead` names), and the last entry that changed each
 * member's role.
 */
export class SpaceLogBook {
  readonly spaceId: string;
  #state: SpaceState | null = null;
  readonly #byHead = new Map<string, SpaceState>();
  readonly #roleSeq = new Map<string, number>();
  readonly #api: Pick<SpaceApi, 'call'>;
  #reading: Promise<void> | null = null;

  constructor(spaceId: string, api: Pick<SpaceApi, 'call'>) {
    this.spaceId = spaceId;
    this.#api = api;
  }

  /** The state after the newest entry checked (null: none read yet). */
  get state(): SpaceState | null {
    return this.#state;
  }

  /** The state after the entry whose hash is `head`, if this device holds it. */
  at(head: string): SpaceState | undefined {
    return this.#byHead.get(head);
  }

  /** The seq of the last entry that changed `uid`'s role (0: none since they came in). */
  roleChangedAt(uid: string): number {
    return this.#roleSeq.get(uid) ?? 0;
  }

  /**
   * Takes in entries in order after what is held: an entry that does not check out (a forged signature, a broken
   * chain, a signer without the right) stops it, nothing of it kept: the server sent what does not check out.
   */
  async apply(entries: readonly LogEntry[]): Promise<void> {
    for (const entry of entries) {
      const before = this.#state;
      if (before && entry.seq <= before.seq) continue;
      const result = await applyEntry(this.spaceId, before, entry, verifyStatement);
      if (!result.ok) throw new SyncRefused('altered');
      if (ROLE_KINDS.has(entry.kind)) {
        for (const uid of concerned(entry, before)) this.#roleSeq.set(uid, entry.seq);
      }
      this.#state = result.state;
      this.#byHead.set(result.state.head, result.state);
    }
  }

  /** Reads the entries after the newest held from the server (one reading at a time) and takes them in. */
  catchUp(): Promise<void> {
    this.#reading ??= (async () => {
      try {
        const after = this.#state?.seq ?? 0;
        const { entries } = await this.#api.call('spaceLog', {
          params: { id: this.spaceId },
          query: { after },
        });
        await this.apply(entries as LogEntry[]);
      } finally {
        this.#reading = null;
      }
    })();
    return this.#reading;
  }
}

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
  me: { identity: MemberIdentity };
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
      if (!book.at(change.logHead)) await book.catchUp();
      const there = book.at(change.logHead);
      if (!there) return 'withheld';
      if (there.epoch !== epoch) return 'altered';
      const author = there.members[change.author];
      if (!author || author.state !== 'member' || !WRITERS.has(author.role)) return 'altered';
      // A change made before its author's role last changed (a demotion, a removal) comes too late to count.
      if (book.roleChangedAt(change.author) > there.seq) return 'altered';
      const statement = changeStatement(spaceId, epoch, change);
      return (await verifyStatement(author.key.sign, statement, change.sig)) ? 'ok' : 'altered';
    },

    authorOf: (change) => (typeof change.author === 'string' && change.author ? change.author : undefined),

    readsOnly: (refusal) =>
      typeof refusal === 'object' &&
      refusal !== null &&
      (refusal as { code?: unknown }).code === 'space/read-only',
  };
}
