// What the app's screens, lists and backups see of the member's shared spaces (docs/spaces-plan.md §5): plain views
// the spaces service (spaces.ts) keeps current, and the actions it answers. The screens draw the views and call the
// actions; the lists and the backup read the space vaults through the shelf. Nothing here talks to the server.
import type { SpaceTag } from '../../shared/spaces/colours.js';
import type { MemberState, SpaceRole } from '../../shared/spaces/log.js';
import type { SafetyCode } from './safety-code.js';
import type { Vault } from '../vault/vault.js';

/**
 * How far this member trusts another's public key (settings `spaceKey:<uid>`): compared in person and unchanged
 * (`verified`), never compared (`not-verified`), or different from the one last seen or verified (`key-changed`).
 */
export type KeyTrust = 'verified' | 'not-verified' | 'key-changed';

export interface SpaceMemberView {
  uid: string;
  email: string;
  /** What the space's members call them (the space's settings record), else their e-mail. */
  name: string;
  role: SpaceRole;
  /** `joining`: accepted, waiting for an owner's or editor's device to let them in. */
  state: MemberState;
  trust: KeyTrust;
  /** This is the member using the app. */
  you: boolean;
}

export interface SpaceInvitationView {
  id: string;
  email: string;
  role: Exclude<SpaceRole, 'owner'>;
  expiresAt: string;
}

/**
 * A space as this member's devices hold it. `ready`: its key opened and its vault syncing; `joining`: accepted, not
 * let in yet; `removed`: this member was removed (or the space deleted), its records kept only until acknowledged.
 */
export interface SpaceView extends SpaceTag {
  role: SpaceRole;
  status: 'ready' | 'joining' | 'removed';
  /** Owners and editors write; viewers read. */
  writable: boolean;
  epoch: number;
  members: SpaceMemberView[];
  /** Pending invitations (owners see them). */
  invitations: SpaceInvitationView[];
  /** A member left or was removed and the key has not been rotated yet (records stay under the old key until then). */
  rotationDue: boolean;
  /** This device tried the rotation due and could not: why (an error code); tried again at the next reading. */
  rotationFailed?: string;
  /** A member this space's owner offered ownership to, waiting for them to accept. */
  handoverTo: string | null;
  /**
   * The server's latest log of this space did not check out (members.ts, log-view.ts): the view is the last one that
   * did, and the screen says "the server sent a change that does not check out".
   */
  refused?: 'altered' | 'withheld';
}

/** An invitation to this member: from whom and with which role (never the space's name: the server cannot know it). */
export interface InvitationToMe {
  id: string;
  spaceId: string;
  invitedBy: string;
  role: Exclude<SpaceRole, 'owner'>;
  expiresAt: string;
}

/**
 * Everything the screens show. `off`: spaces need the synced vault (identity signed by its key), so sync is not on;
 * `loading`: unlocking; `ready`; `offline`: shown from what the device holds, actions wait for the network.
 */
export interface SpacesState {
  status: 'off' | 'loading' | 'ready' | 'offline';
  spaces: SpaceView[];
  invitations: InvitationToMe[];
}

/** A space's vault, as the lists, search, reminders and backups read it. */
export interface ShelfSpace {
  tag: SpaceTag;
  role: SpaceRole;
  writable: boolean;
  vault: Vault;
}

/** The space vaults open on this device (ready spaces only), kept current as spaces open, rotate and close. */
export interface SpaceShelf {
  spaces(): readonly ShelfSpace[];
  /** Called whenever the list changes (a space opened, closed, renamed, its role or epoch changed). */
  subscribe(listener: () => void): () => void;
}

/** What a member can do with spaces; each refusal is an ApiFailure (or SpaceFailure) with a code the catalogs name. */
export interface SpacesActions {
  create(name: string, colour: SpaceTag['colour']): Promise<SpaceView>;
  rename(spaceId: string, name: string, colour: SpaceTag['colour']): Promise<void>;
  invite(spaceId: string, email: string, role: Exclude<SpaceRole, 'owner'>): Promise<void>;
  withdraw(spaceId: string, invitationId: string): Promise<void>;
  accept(invitationId: string): Promise<void>;
  decline(invitationId: string): Promise<void>;
  setRole(spaceId: string, uid: string, role: Exclude<SpaceRole, 'owner'>): Promise<void>;
  remove(spaceId: string, uid: string): Promise<void>;
  leave(spaceId: string): Promise<void>;
  /** The owner deletes the space for everyone (a sensitive change: the current password). */
  deleteSpace(spaceId: string, currentPassword: string): Promise<void>;
  offerHandover(spaceId: string, uid: string): Promise<void>;
  acceptHandover(spaceId: string): Promise<void>;
  /** This member's and another's safety code in a space (the same two lines on both screens). */
  safetyCode(spaceId: string, uid: string): Promise<SafetyCode>;
  markVerified(spaceId: string, uid: string): Promise<void>;
  /** A removed member's notice read: the space's stores are deleted from this device. */
  acknowledgeRemoval(spaceId: string): Promise<void>;
  /**
   * Moves a record between the member's vault (null) and a space: saved under a new id in the target, then removed
   * from the source (interrupted: a duplicate, never a loss). Answers the new id.
   */
  move(kind: string, id: string, from: string | null, to: string | null): Promise<string>;
}

/**
 * The devices' spaces service (spaces.ts) as the shell holds it: the screens' state and actions and the shelf of
 * open space vaults. `subscribe` (the shelf's) is called for any change of `state()` too.
 */
export interface SpacesService extends SpacesActions, SpaceShelf {
  state(): SpacesState;
  /** At unlock: opens the identity, the keys this device holds and the ready spaces' vaults, and starts syncing. */
  start(): Promise<void>;
  /** Reads the server's list again (news of `spaces`, the screen opened, the network back). */
  refresh(): Promise<void>;
  /** At lock: stops syncing and closes the space vaults (their stores stay on the device). */
  stop(): void;
  /**
   * Before a logout: every open space sends what this device has unsent now; false when something could not go (it
   * would be lost with the stores: the logout asks first).
   */
  flush(): Promise<boolean>;
  /** At logout or vault erase: stops, then deletes every space store and kept key from this device. */
  erase(): Promise<void>;
}
