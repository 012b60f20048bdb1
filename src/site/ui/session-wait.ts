// A part a visitor and a member see differently, while the session is unread: its visitor's version holds its place
// unseen (so nothing moves when the session is read), shown by the stylesheet as soon as the page's first read says
// a visitor is here (`html[data-session="out"]`: src/site/auth/session-seen.ts) — before, and without, the code of
// the island it is in. A member's page wakes the island instead, which renders the member's version in its place.

/** The attribute that marks the visitor's version while `waiting` for the session (none once it is read). */
export function sessionWait(waiting: boolean): { 'data-session-wait'?: '' } {
  return waiting ? { 'data-session-wait': '' } : {};
}
