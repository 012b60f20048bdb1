// Queries on notices; written once for SQLite and PostgreSQL.
import type { Kysely } from 'kysely';
import type { Language } from '../../shared/constants.js';
import type { Database, NoticeTable } from '../db/schema.js';
import { storeOf, type Executor } from '../db/stores.js';

export type NoticeRow = NoticeTable;

/** A language's notices, newest first. */
function listNotices(db: Kysely<Database>, lang: Language, limit: number): Promise<NoticeRow[]> {
  return db
    .selectFrom('notices')
    .selectAll()
    .where('lang', '=', lang)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

async function insertNotice(db: Kysely<Database>, row: NoticeRow): Promise<void> {
  await db.insertInto('notices').values(row).execute();
}

/** Changes a notice; undefined when there is none with this id. */
async function updateNotice(
  db: Kysely<Database>,
  id: string,
  changes: Pick<NoticeRow, 'lang' | 'title' | 'content' | 'updated_at'>,
): Promise<NoticeRow | undefined> {
  const result = await db.updateTable('notices').set(changes).where('id', '=', id).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes a notice; false when there was none with this id. */
async function deleteNotice(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('notices').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The queries, bound to where they run (db/stores.ts). */
export const noticeStore = (db: Executor) =>
  storeOf(db, {
    listNotices,
    insertNotice,
    updateNotice,
    deleteNotice,
  });

export type NoticeStore = ReturnType<typeof noticeStore>;
