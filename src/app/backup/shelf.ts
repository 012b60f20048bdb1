// The space vaults the backups, restores and exports read (the spaces service's SpaceShelf, src/app/spaces/model.ts):
// given by the shell once the service runs (SpaceShelfContext.Provider around the unlocked app). Without one — no
// service yet, spaces off, the first-run screens — backups and exports hold the member's vault alone, as they did
// before shared spaces.
import { createContext, useContext } from 'react';
import type { BackupShelf } from './space-copies.js';

export const SpaceShelfContext = createContext<BackupShelf | null>(null);

/** The shelf of the spaces service, or null. */
export function useSpaceShelf(): BackupShelf | null {
  return useContext(SpaceShelfContext);
}
