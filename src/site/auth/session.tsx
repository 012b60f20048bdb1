// The signed-in member as the site knows it: loaded once from /api/session, refreshed after sign-in and out.
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { PendingSignIn, SessionResponse, SessionUser } from '../../shared/schemas/auth.js';
import { failureCode, request } from '../../client/api-request.js';
import { forgetMember, rememberMember } from '../../client/member.js';
import { followSession, seenOf, SESSION_PATH, showSession, takeFirstRead } from './session-seen.js';
import { useHydrating } from '../ui/use-mounted.js';

interface SessionState {
  loading: boolean;
  user: SessionUser | null;
  /** This browser's sign-in waits for approval on another device: it is not signed in until then. */
  pending: PendingSignIn | null;
  /** The last check could not reach the server (so `user` is null without the member being signed out). */
  offline: boolean;
  /** Takes a sign-in's answer: the member, or a sign-in waiting for approval. */
  signedIn(answer: SessionResponse): void;
  refresh(): Promise<void>;
  logout(): Promise<void>;
}

// Set while this page itself ends its session (logout, auto logout, refusing a new sign-in): the server's
// "signed out" news for this device, which can arrive before the page's own request is answered, is then not
// news to show.
let endingHere = false;
export function markEndingHere(): void {
  endingHere = true;
}
export function isEndingHere(): boolean {
  return endingHere;
}

// Raised by every sign-in and logout here: a session check that started before one answers too late to count.
let generation = 0;

interface SessionSnapshot {
  loading: boolean;
  user: SessionUser | null;
  pending: PendingSignIn | null;
  offline: boolean;
}

/**
 * The session as one store: what a page's parts read, wherever they are rendered — under a SessionProvider (the
 * whole-page tree, a component test: a store of its own) or on their own (an island of a page: the page's one
 * store, `pageSession`), so every part of a page sees the same member from one request.
 */
/** The session before it is read: what a prerendered page shows, and what hydration renders again. */
const UNREAD: SessionSnapshot = { loading: true, user: null, pending: null, offline: false };
const unread = () => UNREAD;

export class SessionStore {
  #snapshot: SessionSnapshot = UNREAD;
  readonly #listeners = new Set<() => void>();
  #started = false;
  readonly #page: boolean;

  /**
   * `page`: the page's own store (`pageSession`), which takes the page's first read of the session
   * (session-seen.ts) and says what it holds to the page (`html[data-session]`); a store of a component test does
   * neither.
   */
  constructor({ page = false }: { page?: boolean } = {}) {
    this.#page = page;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.#snapshot;

  #set(next: Partial<SessionSnapshot>): void {
    this.#snapshot = { ...this.#snapshot, ...next };
    if (this.#page && !this.#snapshot.loading) showSession(seenOf(this.#snapshot));
    for (const listener of [...this.#listeners]) listener();
  }

  /** Reads the session the first time anything asks; later reads are refreshes. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    void this.refresh();
  }

  refresh = async (): Promise<void> => {
    const asked = generation;
    try {
      // The page's first read, made as it opened, unless a sign-in or logout here came since.
      const first = this.#page && asked === 0 ? takeFirstRead() : null;
      const session = await (first ?? request<SessionResponse>('GET', SESSION_PATH, undefined));
      if (asked !== generation) return;
      this.#set({ user: session.user, pending: session.pending ?? null, offline: false, loading: false });
      if (session.user) endingHere = false;
      followSession(session);
    } catch (error) {
      if (asked !== generation) return;
      // Offline or the server is down: signed out for the server's features until the next try.
      this.#set({ user: null, pending: null, offline: failureCode(error) === 'network', loading: false });
    } finally {
      if (this.#snapshot.loading) this.#set({ loading: false });
    }
  };

  // Logging out ends the server session and forgets who the app last let in on this device; everything
  // else the description keeps (update banner version, device id, fingerprint passkeys, preferences) stays.
  logout = async (): Promise<void> => {
    endingHere = true;
    generation += 1;
    const { call } = await import('../../client/api.js');
    await call('logout');
    // A look at the session made while logging out may have been answered before the server ended it: too late.
    generation += 1;
    forgetMember();
    this.#set({ user: null, pending: null });
  };

  signedIn = (answer: SessionResponse): void => {
    endingHere = false;
    generation += 1;
    this.#set({ user: answer.user, pending: answer.pending ?? null, offline: false });
    // Only a confirmed member is remembered on this device (the app's offline access follows it).
    if (answer.user?.emailVerified) rememberMember(answer.user);
  };
}

/** The page's session, for the parts of a page rendered on their own (no SessionProvider above them). */
export const pageSession = new SessionStore({ page: true });

const SessionContext = createContext<SessionStore | null>(null);

/**
 * The session for the tree below: the page's own (`pageSession`, for the whole-page site, so the auth dialog in its
 * root of its own sees the same member), or a store of its own (a component test).
 */
export function SessionProvider({ store: given, children }: { store?: SessionStore; children: ReactNode }) {
  const [store] = useState(() => given ?? new SessionStore());
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const store = useContext(SessionContext) ?? pageSession;
  const live = useSyncExternalStore(store.subscribe, store.getSnapshot, unread);
  // An island hydrating renders the session as the prerender did (unread), whatever another island read meanwhile.
  const snapshot = useHydrating() ? UNREAD : live;
  useEffect(() => store.start(), [store]);
  return useMemo<SessionState>(
    () => ({ ...snapshot, signedIn: store.signedIn, refresh: store.refresh, logout: store.logout }),
    [snapshot, store],
  );
}

/** The welcome line's name: the local part of the e-mail. */
export function localPart(email: string): string {
  return email.split('@')[0] ?? email;
}
