// Queries on the update banner; written once for SQLite and PostgreSQL. Each write names the revision it replaces
// and happens only while that is still the current one, in one statement, so two admins writing at once cannot
// both think they won.
import type { Kysely } from 'kysely';
import type { Database, UpdateBannerTable } from '../db/schema.js';
import { storeOf, type Executor } from '../db/stores.js';

export type BannerRow = UpdateBannerTable;

/** The one banner there is. */
export const HOME = 'home';

/** The banner with its writer's address, or undefined when none is written. */
function readBanner(db: Kysely<Database>): Promise<(BannerRow & { writer: string | null }) | undefined> {
  return db
    .selectFrom('update_banner')
    .leftJoin('users', 'users.id', 'update_banner.updated_by')
    .selectAll('update_banner')
    .select('users.email as writer')
    .where('update_banner.id', '=', HOME)
    .executeTakeFirst();
}

/**
 * Writes the banner in place of the revision `replaces` (null: while there is none); false, writing nothing, when
 * the current one is another.
 */
async function replaceBanner(
  db: Kysely<Database>,
  replaces: string | null,
  row: Omit<BannerRow, 'id'>,
): Promise<boolean> {
  if (replaces === null) {
    const inserted = await db
      .insertInto('update_banner')
      .values({ id: HOME, ...row })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('revision')
      .executeTakeFirst();
    return inserted !== undefined;
  }
  const updated = await db
    .updateTable('update_banner')
    .set(row)
    .where('id', '=', HOME)
    .where('revision', '=', replaces)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Removes the banner while `revision` is the current one; false when it is not (or there is none). */
async function removeBanner(db: Kysely<Database>, revision: string): Promise<boolean> {
  const removed = await db
    .deleteFrom('update_banner')
    .where('id', '=', HOME)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/** The queries, bound to where they run (db/stores.ts). */
export const bannerStore = (db: Executor) => storeOf(db, { readBanner, replaceBanner, removeBanner });

export type BannerStore = ReturnType<typeof bannerStore>;
