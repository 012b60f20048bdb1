// What a member's device does with the memberships of shared spaces (docs/spaces-plan.md §2, §5; steps 11–12): it
// reads each space's signed log and checks it (log-view.ts), signs the entries the member makes (entries.ts), opens
// its epoch key from its wrap only as the log allows (epoch-keys.ts) and keeps it for offline unlock, lets in members
// who accepted when it may (an owner's or editor's device, for a key not changed since first seen), and keeps the
// member's trust in the others' keys (key-trust.ts). The server is reached through a port (space-api.ts).
import { ApiFailure } from '../../client/api.js';
import type { SpaceList } from '../../shared/schemas/spaces.js';
import type { SpaceState } from '../../shared/spaces/log.js';
import { SyncRefused } from '../sync/errors.js';
import {
  acceptEntry,
  addEntry,
  createSpace,
  deleteEntry,
  handoverAcceptEntry,
  handoverEntry,
  inviteEntry,
  leaveEntry,
  removeEntry,
  roleEntry,
  type Invited,
  type Signer,
} from './entries.js';
import { openWrap, type EpochKeys } from './epoch-keys.js';
import { keyTrust, markVerified, noteSeen, type TrustVault } from './key-trust.js';
import { SpaceLogs, type VerifiedLog } from './log-view.js';
import type { InvitationToMe, SpaceView } from './model.js';
import { safetyCode, type SafetyCode } from './safety-code.js';
import type { MembershipApi } from './space-api.js';
import { HELD_VIEWS, invitationsToMe, spaceViews, type HeldViews, type SpaceNames } from './space-views.js';

export interface MembersHost extends Signer {
  api: MembershipApi;
  /** The member's vault, unlocked: its settings keep the trust in others' keys. */
  vault: TrustVault;
  keys: EpochKeys;
  now?: () => number;
}

/** A space that is not (or no longer) one of this member's, or an action the log does not allow them. */
export class SpaceFailure extends Error {
  constructor(readonly code: 'space/not-found') {
    super(code);
  }
}

/** How many times an entry is signed again on a newer head when another member's entry took its place. */
const APPEND_TRIES = 3;

export class SpaceMembers {
  readonly logs: SpaceLogs;
  readonly #host: MembersHost;
  #list: SpaceList | null = null;
  readonly #ready = new Set<string>();
  readonly #refused = new Map<string, 'altered' | 'withheld'>();
  readonly #invitedEmails = new Map<string, string>();
  readonly #withdrawn = new Set<string>();
  #loaded: Promise<void> | null = null;

  constructor(host: MembersHost) {
    this.#host = host;
    this.logs = new SpaceLogs(host.api, { uid: host.uid, key: () => host.identity.key });
  }

  #now(): number {
    return this.#host.now?.() ?? Date.now();
  }

  /**
   * Reads the member's spaces and invitations, checks each space's log, lets in whoever waits (when this device
   * may), opens the keys it can, and answers the views. A space whose log does not check out keeps its last view,
   * marked `refused`.
   */
  async refresh(names: SpaceNames = {}): Promise<{ spaces: SpaceView[]; invitations: InvitationToMe[] }> {
    await this.#load();
    const list = await this.#host.api.call('spaces');
    this.#list = list;
    for (const summary of list.spaces) {
      try {
        await this.logs.refresh(summary.id, summary);
        this.#refused.delete(summary.id);
      } catch (error) {
        if (!(error instanceof SyncRefused)) throw error;
        this.#refused.set(summary.id, error.verdict === 'withheld' ? 'withheld' : 'altered');
        continue;
      }
      await this.#noteKeys(summary.id);
      if (await this.completeJoiners(summary.id)) await this.logs.refresh(summary.id);
      await this.openKey(summary.id);
    }
    await this.#keepHeld();
    return this.views(names);
  }

  /** What the views need kept on the device, for a start with no network (restore). */
  async #keepHeld(): Promise<void> {
    const held: HeldViews = {
      list: this.#list,
      logs: Object.fromEntries(this.logs.spaceIds().map((id) => [id, this.logs.get(id)!])),
      invitedEmails: Object.fromEntries(this.#invitedEmails),
      withdrawn: [...this.#withdrawn],
    };
    await this.#host.keys.keepValue(HELD_VIEWS, held);
  }

  /** What this device kept, read once (before the first refresh, so nothing kept is written over unread). */
  #load(): Promise<void> {
    this.#loaded ??= this.#host.keys.value<HeldViews>(HELD_VIEWS).then((held) => {
      if (!held) return;
      this.#list ??= held.list;
      for (const [id, log] of Object.entries(held.logs)) this.logs.seed(id, log);
      for (const [id, email] of Object.entries(held.invitedEmails ?? {}))
        if (!this.#invitedEmails.has(id)) this.#invitedEmails.set(id, email);
      for (const id of held.withdrawn ?? []) this.#withdrawn.add(id);
    });
    return this.#loaded;
  }

  /**
   * The views from what this device kept at its last refresh, with no request: the app started offline. A space whose
   * current key is kept here is ready.
   */
  async restore(names: SpaceNames = {}): Promise<{ spaces: SpaceView[]; invitations: InvitationToMe[] }> {
    await this.#load();
    for (const id of this.logs.spaceIds()) {
      const epoch = this.logs.get(id)!.state.epoch;
      if (await this.#host.keys.get(id, epoch)) this.#ready.add(id);
    }
    return this.views(names);
  }

  /** A removed member read the notice: the space's keys and log go from this device. */
  async acknowledgeRemoval(spaceId: string): Promise<void> {
    await this.#gone(spaceId);
    this.logs.forget(spaceId);
    this.#refused.delete(spaceId);
    await this.#keepHeld();
  }

  /** Why the server's latest log of a space was refused (undefined: it checked out, or was never read). */
  refused(spaceId: string): 'altered' | 'withheld' | undefined {
    return this.#refused.get(spaceId);
  }

  /** The views from what this device holds now (no request). */
  views(names: SpaceNames = {}): { spaces: SpaceView[]; invitations: InvitationToMe[] } {
    const list = this.#list ?? { spaces: [], invitations: [] };
    const logs = new Map(this.logs.spaceIds().map((id) => [id, this.logs.get(id)!]));
    const spaces = spaceViews({
      me: this.#host.uid,
      list,
      logs,
      ready: this.#ready,
      refused: this.#refused,
      trust: (uid, fingerprint) => keyTrust(this.#host.vault, uid, fingerprint),
      names,
      invitedEmails: this.#invitedEmails,
      withdrawn: this.#withdrawn,
      now: this.#now(),
    });
    return { spaces, invitations: invitationsToMe(list) };
  }

  /** The others' keys in a checked log, noted as seen where none was before. */
  async #noteKeys(spaceId: string): Promise<void> {
    const log = this.logs.get(spaceId);
    if (!log) return;
    const others = Object.entries(log.state.members).filter(([uid]) => uid !== this.#host.uid);
    await noteSeen(
      this.#host.vault,
      others.map(([uid, member]) => ({ uid, fingerprint: member.fingerprint })),
    );
  }

  /** The checked log of a space this member is in (refused: SyncRefused; not in it: SpaceFailure). */
  async #log(spaceId: string): Promise<VerifiedLog> {
    const log = await this.logs.refresh(spaceId);
    if (!log.state.members[this.#host.uid] || log.state.deleted) throw new SpaceFailure('space/not-found');
    return log;
  }

  /**
   * Signs an entry on the log's head and sends it; if another member's entry took that place meanwhile (the server
   * refuses it as unproven), reads the log again and signs anew. `make` answers null when there is nothing to do.
   */
  async #append<T>(
    spaceId: string,
    make: (state: SpaceState) => Promise<T | null>,
    send: (made: T) => Promise<unknown>,
  ): Promise<T | null> {
    for (let attempt = 1; ; attempt++) {
      const { state } = await this.#log(spaceId);
      const made = await make(state);
      if (made === null) return null;
      try {
        await send(made);
      } catch (error) {
        const moved = error instanceof ApiFailure && error.code === 'space/unproven';
        if (!moved || attempt >= APPEND_TRIES) throw error;
        continue;
      }
      await this.logs.refresh(spaceId).catch(() => undefined);
      return made;
    }
  }

  /** A new space owned by this member; its key kept here at once. Answers its id. */
  async create(): Promise<string> {
    const made = await createSpace(this.#host);
    await this.#host.api.call('createSpace', { body: { id: made.id, entry: made.entry, wrap: made.wrap } });
    await this.#host.keys.keep(made.id, 1, made.key);
    await this.logs.refresh(made.id);
    this.#ready.add(made.id);
    return made.id;
  }

  async invite(spaceId: string, email: string, role: Invited): Promise<string> {
    const made = await this.#append(
      spaceId,
      (state) => inviteEntry(this.#host, state, email, role, this.#now()),
      ({ entry }) =>
        this.#host.api.call('inviteToSpace', { params: { id: spaceId }, body: { email, entry } }),
    );
    this.#invitedEmails.set(made!.invitation, email);
    return made!.invitation;
  }

  async withdraw(spaceId: string, invitation: string): Promise<void> {
    await this.#host.api.call('withdrawSpaceInvitation', { params: { id: spaceId, invitation } });
    this.#withdrawn.add(invitation);
  }

  /** Accepts an invitation to this member's address, with the identity they published. */
  async accept(invitationId: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const { invitations } = await this.#host.api.call('myInvitations');
      const invitation = invitations.find((item) => item.id === invitationId);
      if (!invitation) throw new ApiFailure('space/invitation-not-found', 404);
      const entry = await acceptEntry(this.#host, invitation);
      try {
        await this.#host.api.call('acceptSpaceInvitation', {
          params: { invitation: invitationId },
          body: { entry },
        });
        break;
      } catch (error) {
        // Another invitee's entry took the head the invitation showed: read it again.
        const moved = error instanceof ApiFailure && error.code === 'space/unproven';
        if (!moved || attempt >= APPEND_TRIES) throw error;
      }
    }
  }

  async decline(invitationId: string): Promise<void> {
    await this.#host.api.call('declineSpaceInvitation', { params: { invitation: invitationId } });
  }

  /**
   * Lets in the members who accepted and wait (an owner's or editor's device holding the epoch key): the `add` entry
   * and the key wrapped to the key they accepted with. Not a member whose key changed since this member first saw
   * it: that waits for the safety code. Answers how many were let in.
   */
  async completeJoiners(spaceId: string): Promise<number> {
    const held = this.logs.get(spaceId);
    const mine = held?.state.members[this.#host.uid];
    if (!held || mine?.state !== 'member' || mine.role === 'viewer') return 0;
    const waiting = Object.entries(held.state.members)
      .filter(([, member]) => member.state === 'joining')
      .filter(([uid, member]) => keyTrust(this.#host.vault, uid, member.fingerprint) !== 'key-changed')
      .map(([uid]) => uid);
    if (waiting.length === 0) return 0;
    const key = await this.openKey(spaceId);
    if (!key) return 0;
    let added = 0;
    for (const uid of waiting) {
      const made = await this.#append(
        spaceId,
        // Still waiting, at this epoch (a rotation meanwhile: the key here is the old one, let the next run do it).
        async (state) => (state.epoch === held.state.epoch ? addEntry(this.#host, state, uid, key) : null),
        (body) => this.#host.api.call('completeSpaceMember', { params: { id: spaceId, uid }, body }),
      ).catch((error: unknown) => {
        // Another device of an owner or editor let them in first: nothing to do.
        if (error instanceof ApiFailure && error.code === 'space/unproven') return null;
        throw error;
      });
      if (made) added += 1;
    }
    return added;
  }

  /**
   * The current epoch's key of a space, from this device, else opened from the member's wrap on the server and kept
   * (null: not let in yet, or the wrap does not check out against the log).
   */
  async openKey(spaceId: string): Promise<Uint8Array<ArrayBuffer> | null> {
    const log = this.logs.get(spaceId);
    const me = log?.state.members[this.#host.uid];
    if (!log || me?.state !== 'member') return null;
    const { epoch } = log.state;
    const kept = await this.#host.keys.get(spaceId, epoch);
    if (kept) {
      this.#ready.add(spaceId);
      return kept;
    }
    const { wrap } = await this.#host.api.call('spaceSync', { params: { id: spaceId } });
    const opened = await openWrap(this.#host, log, wrap);
    if (!opened.ok) {
      this.#ready.delete(spaceId);
      return null;
    }
    await this.#host.keys.keep(spaceId, epoch, opened.key);
    this.#ready.add(spaceId);
    return opened.key;
  }

  async setRole(spaceId: string, uid: string, role: Invited): Promise<void> {
    await this.#append(
      spaceId,
      (state) => roleEntry(this.#host, state, uid, role),
      (entry) => this.#host.api.call('changeSpaceRole', { params: { id: spaceId, uid }, body: { entry } }),
    );
  }

  async remove(spaceId: string, uid: string): Promise<void> {
    await this.#append(
      spaceId,
      (state) => removeEntry(this.#host, state, uid),
      (entry) => this.#host.api.call('removeSpaceMember', { params: { id: spaceId, uid }, body: { entry } }),
    );
  }

  /** Leaves a space: its keys go from this device (the records rest with the space's other members). */
  async leave(spaceId: string): Promise<void> {
    await this.#append(
      spaceId,
      (state) => leaveEntry(this.#host, state),
      (entry) => this.#host.api.call('leaveSpace', { params: { id: spaceId }, body: { entry } }),
    );
    await this.#gone(spaceId);
  }

  /** The owner deletes the space for everyone (a sensitive change: the account password). */
  async deleteSpace(spaceId: string, currentPassword?: string): Promise<void> {
    await this.#append(
      spaceId,
      (state) => deleteEntry(this.#host, state),
      (entry) =>
        this.#host.api.call('deleteSpace', {
          params: { id: spaceId },
          body: currentPassword === undefined ? { entry } : { entry, currentPassword },
        }),
    );
    await this.#gone(spaceId);
  }

  async #gone(spaceId: string): Promise<void> {
    await this.#host.keys.drop(spaceId);
    this.#ready.delete(spaceId);
  }

  /** Offers the space to a member (offerSpaceHandover). */
  async offerHandover(spaceId: string, uid: string): Promise<void> {
    await this.#append(
      spaceId,
      (state) => handoverEntry(this.#host, state, uid),
      (entry) => this.#host.api.call('offerSpaceHandover', { params: { id: spaceId }, body: { entry } }),
    );
  }

  /** Takes the space this member was offered (acceptSpaceHandover). */
  async acceptHandover(spaceId: string): Promise<void> {
    await this.#append(
      spaceId,
      (state) => handoverAcceptEntry(this.#host, state),
      (entry) => this.#host.api.call('acceptSpaceHandover', { params: { id: spaceId }, body: { entry } }),
    );
  }

  /** This member's and another's safety code in a space, from the keys the checked log gives. */
  async safetyCode(spaceId: string, uid: string): Promise<SafetyCode> {
    const member = this.logs.get(spaceId)?.state.members[uid];
    if (!member) throw new SpaceFailure('space/not-found');
    return safetyCode({ uid: this.#host.uid, key: this.#host.identity.key }, { uid, key: member.key });
  }

  /** The member compared the code with `uid`: their key as the log gives it now is verified. */
  async markVerified(spaceId: string, uid: string): Promise<void> {
    const member = this.logs.get(spaceId)?.state.members[uid];
    if (!member) throw new SpaceFailure('space/not-found');
    await markVerified(this.#host.vault, uid, member.fingerprint);
  }
}
