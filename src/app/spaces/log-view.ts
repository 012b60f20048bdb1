// A space's membership log as this device has checked it (docs/spaces-plan.md §2, "Signed log"): read from the server
// after the last entry applied, each entry's signature verified with WebCrypto and applied by the same reducer the
// server runs, so a device believes only what members signed. A log that does not check out — a bad signature, a
// broken chain, a signer without the right, an entry that puts this member in with a key that is not theirs, or a
// list of spaces that disagrees with the log at the same head — is refused as sync refuses a forged change
// (`SyncRefused('altered')`), and nothing of it is kept. One book per space (SpaceLogBook) is the only reader: the
// memberships (members.ts, through SpaceLogs) and the space's series (space-hooks.ts, its changes' log heads) share it.
import type { Args } from '../../client/api.js';
import type { Api, Output } from '../../shared/api/index.js';
import { applyEntry, type LogEntry, type SpaceState } from '../../shared/spaces/log.js';
import type { MemberKey } from '../../shared/spaces/statements.js';
import { SyncRefused } from '../sync/errors.js';
import { keyFingerprint, verifyStatement } from './identity-keys.js';

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

/** The one route a book reads (the membership port and a space's series both answer it). */
export interface LogApi {
  call(name: 'spaceLog', ...args: Args<'spaceLog'>): Promise<Output<Api['spaceLog']>>;
}

/** A check of a log just read before it is kept (it throws SyncRefused to refuse it). */
export type LogCheck = (state: SpaceState) => Promise<void>;

/**
 * One space's log as this device checked it: the state after the newest entry, who was granted each epoch's key, and
 * the state after each entry by its hash (what a change's `logHead` names). Readings run one at a time (two at once
 * would apply the same entries twice); a reading is kept whole or not at all.
 */
export class SpaceLogBook {
  readonly spaceId: string;
  readonly #api: LogApi;
  readonly #check: LogCheck | undefined;
  #log: VerifiedLog | null = null;
  readonly #byHead = new Map<string, SpaceState>();
  /** Seeded from what the device kept: the states before this seq are not held until the log is read from 1. */
  #seededAt = 0;
  #queue: Promise<unknown> = Promise.resolve();

  /** `check`: what every reading must pass besides the entries' own (this member's key, members.ts). */
  constructor(spaceId: string, api: LogApi, options: { check?: LogCheck; seed?: VerifiedLog } = {}) {
    this.spaceId = spaceId;
    this.#api = api;
    this.#check = options.check;
    if (options.seed) {
      this.#log = options.seed;
      this.#byHead.set(options.seed.state.head, options.seed.state);
      this.#seededAt = options.seed.state.seq;
    }
  }

  /** The state after the newest entry checked (null: none read yet). */
  get state(): SpaceState | null {
    return this.#log?.state ?? null;
  }

  /** The state and the grants (null: none read yet). */
  get log(): VerifiedLog | null {
    return this.#log;
  }

  /** The state after the entry whose hash is `head`, if this device holds it. */
  at(head: string): SpaceState | undefined {
    return this.#byHead.get(head);
  }

  /**
   * The state after the entry whose hash is `head`: the log read further when it is not held, and from its start when
   * the book began from what the device kept (undefined: the log has no such entry).
   */
  async stateAt(head: string): Promise<SpaceState | undefined> {
    if (!this.at(head)) await this.catchUp();
    if (!this.at(head) && this.#seededAt > 0) await this.#queued(() => this.#history());
    return this.at(head);
  }

  /** Takes in entries in order after what is held, all of them or (one does not check out) none. */
  apply(entries: readonly LogEntry[], check?: LogCheck): Promise<VerifiedLog> {
    return this.#queued(() => this.#take(entries, check));
  }

  /** Reads the entries after the newest held from the server and takes them in (`check`: this reading's too). */
  catchUp(check?: LogCheck): Promise<VerifiedLog> {
    return this.#queued(async () => {
      const after = this.#log?.state.seq ?? 0;
      const { entries } = await this.#api.call('spaceLog', {
        params: { id: this.spaceId },
        query: { after },
      });
      return this.#take(entries as LogEntry[], check);
    });
  }

  #queued<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.catch(() => undefined).then(work);
    this.#queue = run;
    return run;
  }

  async #take(entries: readonly LogEntry[], check?: LogCheck): Promise<VerifiedLog> {
    let log: VerifiedLog | null = this.#log && { state: this.#log.state, grants: { ...this.#log.grants } };
    const states: SpaceState[] = [];
    for (const entry of entries) {
      if (log && entry.seq <= log.state.seq) continue;
      const applied = await applyEntry(this.spaceId, log?.state ?? null, entry, verifyStatement);
      if (!applied.ok) throw new SyncRefused('altered');
      log = { state: applied.state, grants: log?.grants ?? {} };
      grant(log, entry);
      states.push(applied.state);
    }
    if (!log) throw new SyncRefused('altered');
    await this.#check?.(log.state);
    await check?.(log.state);
    this.#log = log;
    for (const state of states) this.#byHead.set(state.head, state);
    return log;
  }

  /** The log read from its first entry, each state kept by its head; it must pass through the head kept here. */
  async #history(): Promise<void> {
    const { entries } = await this.#api.call('spaceLog', {
      params: { id: this.spaceId },
      query: { after: 0 },
    });
    let state: SpaceState | null = null;
    const states: SpaceState[] = [];
    for (const entry of entries as LogEntry[]) {
      const applied = await applyEntry(this.spaceId, state, entry, verifyStatement);
      if (!applied.ok) throw new SyncRefused('altered');
      state = applied.state;
      states.push(state);
    }
    const kept = this.#log?.state;
    if (kept && !states.some((item) => item.seq === kept.seq && item.head === kept.head))
      throw new SyncRefused('altered');
    for (const item of states) if (item.seq <= (kept?.seq ?? 0)) this.#byHead.set(item.head, item);
    this.#seededAt = 0;
  }
}

/** The logs of this member's spaces, one book each, every reading checked against this member's own key. */
export class SpaceLogs {
  readonly #api: LogApi;
  readonly #me: { uid: string; key: () => MemberKey | null };
  readonly #books = new Map<string, SpaceLogBook>();

  /** `me.key`: this member's identity now (its key in a log must be this one, at the same version). */
  constructor(api: LogApi, me: { uid: string; key: () => MemberKey | null }) {
    this.#api = api;
    this.#me = me;
  }

  /** The space's book (made empty when none is held): the one its series reads too (space-sync.ts). */
  book(spaceId: string): SpaceLogBook {
    let book = this.#books.get(spaceId);
    if (!book) {
      book = new SpaceLogBook(spaceId, this.#api, { check: (state) => this.#mine(state) });
      this.#books.set(spaceId, book);
    }
    return book;
  }

  /** The space's log as last checked here (undefined: never read, or forgotten). */
  get(spaceId: string): VerifiedLog | undefined {
    return this.#books.get(spaceId)?.log ?? undefined;
  }

  /** Every space whose log is held here. */
  spaceIds(): string[] {
    return [...this.#books.entries()].filter(([, book]) => book.log).map(([id]) => id);
  }

  /** A log this device checked before (kept sealed with the member's vault), for a start with no network. */
  seed(spaceId: string, log: VerifiedLog): void {
    if (this.get(spaceId)) return;
    const seed = { state: log.state, grants: log.grants ?? {} };
    this.#books.set(spaceId, new SpaceLogBook(spaceId, this.#api, { check: (s) => this.#mine(s), seed }));
  }

  forget(spaceId: string): void {
    this.#books.delete(spaceId);
  }

  /**
   * Reads the entries after the last one applied and applies them; with `listed` (the `spaces` list, read before),
   * the log must reach its head and hold its members with their keys. Throws SyncRefused when it does not check out.
   */
  refresh(spaceId: string, listed?: ListedSpace): Promise<VerifiedLog> {
    const check =
      listed && ((state: SpaceState) => Promise.resolve().then(() => agreesWithList(state, listed)));
    return this.book(spaceId).catchUp(check);
  }

  /** This member in the log with a key of this version that is not theirs: the server put another's key in. */
  async #mine(state: SpaceState): Promise<void> {
    const mine = state.members[this.#me.uid];
    const key = this.#me.key();
    if (!mine || !key) return;
    const fingerprint = await keyFingerprint(key);
    if (mine.key.version === key.version && mine.fingerprint !== fingerprint)
      throw new SyncRefused('altered');
    // A new key in this member's name (`rekey`) that is not the identity they hold: not theirs.
    if (mine.pendingKey && mine.pendingKey.fingerprint !== fingerprint) throw new SyncRefused('altered');
  }
}

/** The list was read before the log: the log reaches its head at least, and at that head they agree. */
function agreesWithList(state: SpaceState, listed: ListedSpace): void {
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
