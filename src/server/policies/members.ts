// Who the caller is, and which routes that opens (description §6, docs/design.md §3.6 and §3.9): only a confirmed
// session counts as signed in; a sign-in waiting for the new-device check grants nothing (it may learn its own
// state and log out); a member has a verified address; an admin is a member with the role. The routes' guard
// (accounts/access.ts) asks here.
import type { Access } from '../../shared/api/index.js';
import type { ErrorCode } from '../../shared/errors.js';

/** A caller as the policies see one: a session, its member, and whether it waits for the new-device check. */
export interface Actor {
  sessionId: string;
  /** Waiting for the new-device check. */
  pending: boolean;
  user: { uid: string; emailVerified: boolean; isAdmin: boolean };
}

/** A confirmed session: one still waiting for the new-device check is not signed in for anything. */
export const isSignedIn = (actor: Actor | null): actor is Actor => actor !== null && !actor.pending;

/** A signed-in member with a verified address. */
export const isMember = (actor: Actor | null): actor is Actor =>
  isSignedIn(actor) && actor.user.emailVerified;

/** A member with the admin role (ADMIN_EMAILS, or made one from the command line). */
export const isAdmin = (actor: Actor | null): actor is Actor => isMember(actor) && actor.user.isAdmin;

/**
 * Why `actor` (null: no session) may not use a route of `access` — the code to answer with — or null when it may.
 * `refusal` is what the route answers a caller it does not let in as a member (the storage routes name their own).
 */
export function refusalOf(
  access: Access,
  actor: Actor | null,
  refusal: ErrorCode = 'auth/unauthenticated',
): ErrorCode | null {
  switch (access) {
    case 'public':
      return null;
    case 'any-session':
      return actor ? null : 'auth/unauthenticated';
    case 'session':
      if (!actor) return refusal;
      return actor.pending ? 'session/pending' : null;
    case 'member':
      if (!actor) return refusal;
      if (actor.pending) return 'session/pending';
      return isMember(actor) ? null : refusal;
    case 'admin':
      if (!actor) return 'auth/unauthenticated';
      if (actor.pending) return 'session/pending';
      if (!isMember(actor)) return 'auth/unauthenticated';
      return isAdmin(actor) ? null : 'auth/forbidden';
  }
}
