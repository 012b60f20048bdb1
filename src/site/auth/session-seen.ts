// The session as a prerendered page first reads it, before any island's code has loaded: one request, made by the
// islands' runtime as the page opens (src/site/islands/hydrate-islands.ts). Its answer decides whether the
// islands a member sees differently wake at once (`member`), and shows the signed-out controls the prerender holds
// unseen until then (`data-session-wait`, styled by `html[data-session]`); the page's session store
// (session.tsx) takes the same answer when an island first asks, rather than asking again.
import type { SessionResponse } from '../../shared/schemas/auth.js';
import type { GetPath } from '../../shared/api/routes.js';
import { failureCode, request } from '../../client/api-request.js';
import { forgetMember, rememberMember } from '../../client/member.js';

// Every page reads the session as it opens: with a request of its own, not the API client and its table of routes
// (loaded when a member acts). The route's own path, checked against the table by the compiler.
export const SESSION_PATH: GetPath<'session'> = '/api/session';

/**
 * What the page shows of the session: a member's (signed in, or a sign-in waiting for approval), a visitor's, or
 * the server unreachable (`offline`: the parts a member sees differently wake, and show what they can offline — the
 * fortune for the member last signed in on this device).
 */
export type SessionSeen = 'in' | 'out' | 'offline';

/** Told on `document` whenever the page's session changes between `in` and `out` (`html[data-session]`). */
export const SESSION_SEEN_EVENT = 'mygenie:session';

/** Says which session the page shows, to its stylesheet (`html[data-session]`) and to the islands' runtime. */
export function showSession(seen: SessionSeen): void {
  const root = document.documentElement;
  if (root.dataset.session === seen) return;
  root.dataset.session = seen;
  document.dispatchEvent(new Event(SESSION_SEEN_EVENT));
}

/** Whom this device remembers follows what the server says (the app's offline access: src/client/member.ts). */
export function followSession(session: SessionResponse): void {
  if (session.user?.emailVerified) rememberMember(session.user);
  else if (!session.user) forgetMember();
}

export const seenOf = (session: { user: unknown; pending?: unknown; offline?: boolean }): SessionSeen =>
  session.user || session.pending ? 'in' : session.offline ? 'offline' : 'out';

let first: Promise<SessionResponse> | null = null;
let taken = false;

/** What the page's first read says, or `offline` when it could not reach the server (`out` on any other failure). */
export function seenFirst(): Promise<SessionSeen> {
  return readSessionFirst().then(seenOf, (error: unknown) =>
    failureCode(error) === 'network' ? 'offline' : 'out',
  );
}

/** The page's first read of the session: one request however often asked. */
export function readSessionFirst(): Promise<SessionResponse> {
  first ??= request<SessionResponse>('GET', SESSION_PATH, undefined).then((session) => {
    followSession(session);
    return session;
  });
  return first;
}

/** The first read, for the page's session store, once (null when taken already: the store then asks again). */
export function takeFirstRead(): Promise<SessionResponse> | null {
  if (taken) return null;
  taken = true;
  return readSessionFirst();
}
