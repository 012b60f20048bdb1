// A space's membership log as this device has checked it (docs/spaces-plan.md §2, "Signed log"): read from the server
// after the last entry applied, each entry's signature verified with WebCrypto and applied by the same reducer the
// server runs, so a device believes only what members signed. A log that does not check out — a bad signature, a
// broken chain, a signer without the right, an entry that puts this member in with a key that is not theirs, or a
// list of spaces that disagrees with the log at the same head — is refused as sync refuses a forged change
// (`SyncRefused('altered')`), and nothing of it is kept.
import { applyEntry, type LogEntry, type SpaceState } from '../../shared/spaces/log.js';
import type { MemberKey } from '../../shared/spaces/statements.js';
import { SyncRefused } from '../sync/errors.js';
import { keyFingerprint, verifyStatement } from './identity-keys.js';
import type { MembershipApi } from './space-api.js';

/** Who gave a member an epoch's key, by the log: only their wrap of it is opened (epoch-keys.ts). */
export interface Grant {
  /** The member who signed the entry that let this member into the epoch (`create`, `add` or `rotate`). */
  by: string;
  /** Their sign key then. */
  signKey: string;
}

/** A space's log as checked here: its state, and who may have wrapped each member's key of each epoch. */
export interface VerifiedLog {
  state: SpaceState;
  /** By `<epoch>:<uid>`. */
  grants: Record<string, Grant>;
}

export const grantKey = (epoch: number, uid: string) => `${epoch}:${uid}`;

/** What the server's list says of a space's log and members, checked against the log at the same head. */
export interface ListedSpace {
  log: { seq: number; head: string };
  members: ReadonlyArray<{ uid: string; role: string; state: string; key: MemberKey }>;
}

/** Records who let whom into which epoch, from an entry just applied (the state after it). */
function grant(log: VerifiedLog, entry: LogEntry): void {
  const { state } = log;
  const signKey = state.members[entry.author]?.key.sign;
  if (!signKey) return;
  const given = (uid: string) => (log.grants[grantKey(state.epoch, uid)] = { by: entry.author, signKey });
  if (entry.kind === 'create') given(entry.author);
  if (entry.kind === 'add') given((entry as LogEntry<'add'>).body.uid);
  if (entry.kind === 'rotate') {
    const wrapped = new Set((entry as LogEntry<'rotate'>).body.wrappedTo);
    for (const [uid, member] of Object.entries(state.members)) {
      if (member.state === 'member' && wrapped.has(member.fingerprint)) given(uid);
    }
  }
}

/** The logs of this member's spaces, checked, kept in memory per space. */
export class SpaceLogs {
  readonly #api: MembershipApi;
  readonly #me: { uid: string; key: () => MemberKey | null };
  readonly #logs = new Map<string, VerifiedLog>();
  /** One refresh of a space at a time: two at once would apply the same entries twice. */
  readonly #queues = new Map<string, Promise<unknown>>();

  /** `me.key`: this member's identity now (its key in a log must be this one, at the same version). */
  constructor(api: MembershipApi, me: { uid: string; key: () => MemberKey | null }) {
    this.#api = api;
    this.#me = me;
  }

  /** The space's log as last checked here (undefined: never read, or forgotten). */
  get(spaceId: string): VerifiedLog | undefined {
    return this.#logs.get(spaceId);
  }

  /** Every space whose log is held here. */
  spaceIds(): string[] {
    return [...this.#logs.keys()];
  }

  /** A log this device checked before (kept sealed with the member's vault), for a start with no network. */
  seed(spaceId: string, log: VerifiedLog): void {
    if (!this.#logs.has(spaceId)) this.#logs.set(spaceId, log);
  }

  forget(spaceId: string): void {
    this.#logs.delete(spaceId);
  }

  /**
   * Reads the entries after the last one applied and applies them; with `listed` (the `spaces` list, read before),
   * the log must reach its head and hold its members with their keys. Throws SyncRefused when it does not check out.
   */
  refresh(spaceId: string, listed?: ListedSpace): Promise<VerifiedLog> {
    const run = (this.#queues.get(spaceId) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.#refresh(spaceId, listed));
    this.#queues.set(spaceId, run);
    return run;
  }

  async #refresh(spaceId: string, listed?: ListedSpace): Promise<VerifiedLog> {
    const held = this.#logs.get(spaceId);
    const after = held?.state.seq ?? 0;
    const { entries } = await this.#api.call('spaceLog', { params: { id: spaceId }, query: { after } });
    let log: VerifiedLog | null = held ? { state: held.state, grants: { ...held.grants } } : null;
    for (const entry of entries as LogEntry[]) {
      const applied = await applyEntry(spaceId, log?.state ?? null, entry, verifyStatement);
      if (!applied.ok) throw new SyncRefused('altered');
      log = { state: applied.state, grants: log?.grants ?? {} };
      grant(log, entry);
    }
    if (!log) throw new SyncRefused('altered');
    await this.#check(log.state, listed);
    this.#logs.set(spaceId, log);
    return log;
  }

  async #check(state: SpaceState, listed?: ListedSpace): Promise<void> {
    // This member in the log with a key of this version that is not theirs: the server put another's key in.
    const mine = state.members[this.#me.uid];
    const key = this.#me.key();
    if (mine && key) {
      const fingerprint = await keyFingerprint(key);
      if (mine.key.version === key.version && mine.fingerprint !== fingerprint)
        throw new SyncRefused('altered');
      // A new key in this member's name (`rekey`) that is not the identity they hold: not theirs.
      if (mine.pendingKey && mine.pendingKey.fingerprint !== fingerprint) throw new SyncRefused('altered');
    }
    if (!listed) return;
    // The list was read before the log: the log reaches its head at least, and at that head they agree.
    if (state.seq < listed.log.seq) throw new SyncRefused('withheld');
    if (state.seq > listed.log.seq) return;
    if (state.head !== listed.log.head) throw new SyncRefused('altered');
    const members = Object.entries(state.members);
    const agrees =
      members.length === listed.members.length &&
      listed.members.every((item) => {
        const member = state.members[item.uid];
        return (
          member?.role === item.role &&
          member.state === item.state &&
          member.key.sign === item.key.sign &&
          member.key.box === item.key.box &&
          member.key.version === item.key.version
        );
      });
    if (!agrees) throw new SyncRefused('altered');
  }
}
