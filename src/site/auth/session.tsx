// The signed-in member as the site knows it: loaded once from /api/session, refreshed after sign-in and out.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SessionResponse, SessionUser } from '../../shared/schemas/auth.js';
import { STORAGE_KEYS } from '../../shared/constants.js';
import { api } from '../api.js';

interface SessionState {
  loading: boolean;
  user: SessionUser | null;
  /** Sets the member after a sign-in answered with them. */
  signedIn(user: SessionUser): void;
  refresh(): Promise<void>;
  logout(): Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [loading, setLoading] = useState(true);
  const [user, setUser] = useState<SessionUser | null>(null);

  const refresh = useCallback(async () => {
    try {
      const session = await api<SessionResponse>('GET', '/api/session');
      setUser(session.user);
    } catch {
      // Offline or the server is down: the member is treated as signed out until the next try.
      setUser(null);
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
    await api('POST', '/api/auth/logout');
    try {
      localStorage.removeItem(STORAGE_KEYS.appMember);
    } catch {
      // Storage unavailable: nothing was kept there either.
    }
    setUser(null);
  }, []);

  const value = useMemo<SessionState>(
    () => ({ loading, user, signedIn: setUser, refresh, logout }),
    [loading, user, refresh, logout],
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
