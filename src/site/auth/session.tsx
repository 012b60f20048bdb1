// The signed-in member as the site knows it: loaded once from /api/session, refreshed after sign-in and out.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { PendingSignIn, SessionResponse, SessionUser } from '../../shared/schemas/auth.js';
import { call, failureCode } from '../../client/api.js';
import { forgetMember, rememberMember } from '../../client/member.js';

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

const SessionContext = createContext<SessionState | null>(null);

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

export function SessionProvider({ children }: { children: ReactNode }) {
  const [loading, setLoading] = useState(true);
  const [user, setUser] = useState<SessionUser | null>(null);
  const [pending, setPending] = useState<PendingSignIn | null>(null);
  const [offline, setOffline] = useState(false);

  const refresh = useCallback(async () => {
    const asked = generation;
    try {
      const session = await call('session');
      if (asked !== generation) return;
      setUser(session.user);
      setPending(session.pending ?? null);
      setOffline(false);
      if (session.user) endingHere = false;
      if (session.user?.emailVerified) rememberMember(session.user);
      else if (!session.user) forgetMember();
    } catch (error) {
      if (asked !== generation) return;
      // Offline or the server is down: signed out for the server's features until the next try.
      setUser(null);
      setPending(null);
      setOffline(failureCode(error) === 'network');
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // Logging out ends the server session and forgets who the app last let in on this device; everything
  // else the description keeps (update banner version, device id, fingerprint passkeys, preferences) stays.
  const logout = useCallback(async () => {
    endingHere = true;
    generation += 1;
    await call('logout');
    // A look at the session made while logging out may have been answered before the server ended it: too late.
    generation += 1;
    forgetMember();
    setUser(null);
    setPending(null);
  }, []);

  const signedIn = useCallback((answer: SessionResponse) => {
    endingHere = false;
    generation += 1;
    setUser(answer.user);
    setPending(answer.pending ?? null);
    setOffline(false);
    // Only a confirmed member is remembered on this device (the app's offline access follows it).
    if (answer.user?.emailVerified) rememberMember(answer.user);
  }, []);

  const value = useMemo<SessionState>(
    () => ({ loading, user, pending, offline, signedIn, refresh, logout }),
    [loading, user, pending, offline, signedIn, refresh, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession needs a SessionProvider');
  return state;
}

/** The welcome line's name: the local part of the e-mail. */
export function localPart(email: string): string {
  return email.split('@')[0] ?? email;
}
