// Who may do what in a shared space (docs/spaces-plan.md §4), from the caller's membership row: checked in a route's
// `first` hook, before its body is read. A caller the rules refuse hears `space/not-found` when they are not a
// member at all (no oracle of which spaces exist), the route's own refusal otherwise.
import type { SpaceRole } from '../../shared/spaces/log.js';

/** The caller's membership of a space as these rules read it (a row of `space_members`), or none. */
export interface Membership {
  role: SpaceRole;
  state: 'joining' | 'member';
}

/** Reads the space (its log, its summary): any member, one still joining too (it checks the log it is let in by). */
export const readsSpace = (membership: Membership | undefined): membership is Membership =>
  membership !== undefined;

/** Manages the space (invites, withdraws invitations, deletes it): its owner. */
export const managesSpace = (membership: Membership | undefined): boolean =>
  membership?.state === 'member' && membership.role === 'owner';

/** Lets an invitee in (the `add` entry and the wrap): an owner or an editor who is a full member. */
export const completesMember = (membership: Membership | undefined): boolean =>
  membership?.state === 'member' && (membership.role === 'owner' || membership.role === 'editor');

/** Leaves the space: any member but its owner, who hands it over or deletes it (a space always has its owner). */
export const leavesSpace = (membership: Membership | undefined): boolean =>
  membership !== undefined && membership.role !== 'owner';
