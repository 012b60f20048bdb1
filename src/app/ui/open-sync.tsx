// Where the sync state, a conflict banner or a conflict copy's badge leads: the settings, at the sync panel's
// conflict list or its status (the app's frame knows how to get there).
import { createContext, useContext } from 'react';
import type { Landing } from './landing.js';

export type SyncPlace = 'conflicts' | 'status';

/** The panel's status, focused, with the panel's heading above it in view. */
const STATUS: Landing = { focus: 'sync-status', show: 'sync-title' };

/** Where each place lands, the first one there (no conflict left: the panel's status). */
export const SYNC_PLACES: Record<SyncPlace, readonly Landing[]> = {
  conflicts: [{ focus: 'sync-conflicts-title' }, STATUS],
  status: [STATUS],
};

const OpenSyncContext = createContext<(place: SyncPlace) => void>(() => undefined);

export const OpenSyncProvider = OpenSyncContext.Provider;

/** Opens the settings at a place of the sync panel. */
export function useOpenSync(): (place: SyncPlace) => void {
  return useContext(OpenSyncContext);
}
