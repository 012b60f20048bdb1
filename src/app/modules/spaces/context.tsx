// The spaces service as the app's screens reach it (docs/spaces-plan.md §5): the shell makes one for each unlock of
// the member's vault (useSpacesOfVault, with service.ts's spacesOfMember), and SpacesServiceProvider hands it to the lists (their shelf and move), the
// backups (their shelf) and the spaces screens (its state and actions). Without a service — the vault locked, or an
// app drawn outside the shell, as in the component tests — the lists show the member's vault alone and the spaces
// screen says spaces are off.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { SpaceShelfContext } from '../../backup/shelf.js';
import type { SpacesService, SpacesState } from '../../spaces/model.js';
import { SpacesProvider } from '../../ui/spaces/listed.js';
import type { VaultState } from '../../vault/vault.js';

const SpacesServiceContext = createContext<SpacesService | null>(null);

/** Placed inside the member's VaultProvider: the lists' SpacesProvider needs the member's vault. */
export function SpacesServiceProvider({
  service,
  children,
}: {
  service: SpacesService | null;
  children: ReactNode;
}) {
  const move = useMemo(() => service?.move.bind(service), [service]);
  return (
    <SpacesServiceContext.Provider value={service}>
      <SpaceShelfContext.Provider value={service}>
        <SpacesProvider shelf={service} move={move}>
          {children}
        </SpacesProvider>
      </SpaceShelfContext.Provider>
    </SpacesServiceContext.Provider>
  );
}

/** The running service, or null (vault locked, or no shell around). */
export function useSpacesService(): SpacesService | null {
  return useContext(SpacesServiceContext);
}

/**
 * Reads the server's list again (the section opened, the network back). A service that could not start for want of
 * a network to take the member's identity starts afresh instead: reading again would find nothing to read. (One
 * that found sync off starts by itself once sync is on: browser.ts follows the engine.)
 */
export function wakeSpaces(service: SpacesService): Promise<void> {
  const { status, spaces, invitations } = service.state();
  if (status === 'offline' && spaces.length === 0 && invitations.length === 0) {
    service.stop();
    return service.start();
  }
  return service.refresh();
}

const OFF: SpacesState = { status: 'off', spaces: [], invitations: [] };
const noChanges = () => () => undefined;

/** What the spaces screens show, current as the service changes; `off` without a service. */
export function useSpacesState(): SpacesState {
  const service = useSpacesService();
  const subscribe = useCallback(
    (listener: () => void) => (service ? service.subscribe(listener) : noChanges()),
    [service],
  );
  return useSyncExternalStore(subscribe, () => (service ? service.state() : OFF));
}

/**
 * The service of the member's vault: made at its first unlock, started at each, stopped at each lock; erased (its
 * stores and kept keys gone from the device) when the vault is, whether by a sync logout, the settings' erase or an
 * auto-logout. `erase` lets a logout wait for that before it leaves the page. One service for the vault's life:
 * it follows the sync engine (browser.ts), which it would otherwise be listening to once per unlock.
 */
export function useSpacesOfVault(
  make: () => SpacesService,
  state: VaultState,
): { service: SpacesService | null; erase: () => Promise<void> } {
  const [service, setService] = useState<SpacesService | null>(null);
  const made = useRef<SpacesService | null>(null);
  const erase = useCallback(async () => {
    await made.current?.erase();
  }, []);
  useEffect(() => {
    if (state !== 'unlocked') return;
    const running = (made.current ??= make());
    setService(running);
    // A failed start leaves the service saying why (its state); the rest of the app goes on.
    void running.start().catch(() => undefined);
    return () => {
      running.stop();
      setService(null);
    };
  }, [state, make]);
  useEffect(() => {
    if (state === 'new') void erase().catch(() => undefined);
  }, [state, erase]);
  return { service, erase };
}
