// Queries on shared spaces (docs/spaces-plan.md §4), written once for SQLite and PostgreSQL. A space's rows go with
// the space, and the space with its owner's account (the migration's cascades); the files its snapshots are stored
// in are named here for whoever deletes them.
import { storeOf, type Executor } from '../db/stores.js';

/** Where the snapshots of the spaces a member owns are stored: they go when the member's account goes. */
async function storageKeysOwnedBy(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('space_snapshots')
    .innerJoin('spaces', 'spaces.id', 'space_snapshots.space_id')
    .select('space_snapshots.storage_key')
    .where('spaces.owner_id', '=', userId)
    .execute();
  return rows.map((row) => row.storage_key);
}

/** The queries, bound to where they run (db/stores.ts). */
export const spaceStore = (db: Executor) => storeOf(db, { storageKeysOwnedBy });

export type SpaceStore = ReturnType<typeof spaceStore>;
