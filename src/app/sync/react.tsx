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

/** The engine's notices, re-rendering when they change. */
export function useSyncNotices() {
  const engine = useSync();
  return useSyncExternalStore(engine.subscribe, () => engine.notices);
}

/** The count of sync news heard: a view of the member's sync (the devices) reads again when it moves. */
export function useSyncNews(): number {
  const engine = useSync();
  return useSyncExternalStore(engine.subscribe, () => engine.news);
}
