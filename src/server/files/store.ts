// Queries on published program files; written once for SQLite and PostgreSQL.
import { sql, type Kysely } from 'kysely';
import type { Database, FileTable } from '../db/schema.js';
import { storeOf, type Executor } from '../db/stores.js';

export type FileRow = FileTable;

/** Every published file, newest first. */
function listFiles(db: Kysely<Database>): Promise<FileRow[]> {
  return db.selectFrom('files').selectAll().orderBy('created_at', 'desc').execute();
}

function findFile(db: Kysely<Database>, id: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Publishes a file, inside the caller's transaction; a file marked latest takes the badge from the others of its
 * category.
 */
async function insertFile(trx: Executor, row: FileRow): Promise<void> {
  if (row.is_latest) {
    await trx.updateTable('files').set({ is_latest: 0 }).where('category', '=', row.category).execute();
  }
  await trx.insertInto('files').values(row).execute();
}

async function countDownload(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('files')
    .set({ download_count: sql<number>`download_count + 1` })
    .where('id', '=', id)
    .execute();
}

async function deleteFile(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('files').where('id', '=', id).execute();
}

/** The queries, bound to where they run (db/stores.ts). */
export const fileStore = (db: Executor) =>
  storeOf(db, {
    listFiles,
    findFile,
    insertFile,
    countDownload,
    deleteFile,
  });

export type FileStore = ReturnType<typeof fileStore>;
