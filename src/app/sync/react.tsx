// Sync for React: the engine of the unlocked vault, and its status as state that re-renders.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { SyncEngine, SyncStatus } from './engine.js';

const SyncContext = createContext<SyncEngine | null>(null);

export function SyncProvider({ engine, children }: { engine: SyncEngine; children: ReactNode }) {
  return <SyncContext.Provider value={engine}>{children}</SyncContext.Provider>;
}

export function useSync(): SyncEngine {
  const engine = useContext(SyncContext);
  if (!engine) throw new Error('useSync outside SyncProvider');
  return engine;
}

export function useSyncStatus(): SyncStatus {
  const engine = useSync();
  return useSyncExternalStore(engine.subscribe, () => engine.status);
}

/** Whether this device is still taking in the synced vault for the first time. */
export function useSyncJoining(): boolean {
  const engine = useSync();
  return useSyncExternalStore(engine.subscribe, () => engine.joining);
}

/** How far a large transfer is, in percent; null when there is none to tell. */
export function syncPercent(status: SyncStatus): number | null {
  return status.state === 'syncing' && status.total > 0
    ? Math.floor((status.done / status.total) * 100)
    : null;
}
