// Lets any page open the one auth dialog (home, download and fortune pages do).
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { AuthMode } from './validation.js';
import { takeQueryParam } from '../ui/query-param.js';

// The dialog's code arrives after the page is up (it is not needed to paint), and is ready before a click.
const loadDialog = () => import('./AuthDialog.js');
const AuthDialog = lazy(async () => ({ default: (await loadDialog()).AuthDialog }));

const AuthDialogContext = createContext<(mode?: AuthMode) => void>(() => {});

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<AuthMode | null>(null);
  const open = useCallback((next: AuthMode = 'login') => setMode(next), []);
  const value = useMemo(() => open, [open]);
  useEffect(() => {
    // The app sends signed-out visitors to /?auth=login (and a password-changed mail to /?auth=forgot): open the
    // dialog for them, then tidy the address.
    const asked = new URLSearchParams(window.location.search).get('auth');
    if (asked === 'login' || asked === 'register' || asked === 'forgot') {
      setMode(asked);
      takeQueryParam('auth');
    }
  }, []);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1500));
    idle(() => void loadDialog().catch(() => undefined));
  }, []);
  return (
    <AuthDialogContext.Provider value={value}>
      {children}
      {mode && (
        <Suspense fallback={null}>
          <AuthDialog mode={mode} onClose={() => setMode(null)} />
        </Suspense>
      )}
    </AuthDialogContext.Provider>
  );
}

export function useAuthDialog(): (mode?: AuthMode) => void {
  return useContext(AuthDialogContext);
}
