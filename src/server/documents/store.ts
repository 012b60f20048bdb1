// Queries on members' documents; written once for SQLite and PostgreSQL.
import type { UserDocumentTable } from '../db/schema.js';
import { storeOf, type Executor as Db } from '../db/stores.js';

export type DocumentRow = UserDocumentTable;

/** A member's documents, last changed first. */
function listDocuments(db: Db, userId: string): Promise<DocumentRow[]> {
  return db
    .selectFrom('user_documents')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .execute();
}

/** A document by its id, whoever's it is (whose may see it is the policy's: policies/resources.ts). */
function findDocument(db: Db, id: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('user_documents').selectAll().where('id', '=', id).executeTakeFirst();
}

async function deleteDocument(db: Db, id: string): Promise<void> {
  await db.deleteFrom('user_documents').where('id', '=', id).execute();
}

async function insertDocument(db: Db, row: DocumentRow): Promise<void> {
  await db.insertInto('user_documents').values(row).execute();
}

/** Where a member's documents' bytes are stored. */
async function storageKeysOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_documents')
    .select('storage_key')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.storage_key);
}

/** The documents' queries, bound to where they run (db/stores.ts). */
export const documentStore = (db: Db) =>
  storeOf(db, {
    list: listDocuments,
    find: findDocument,
    insert: insertDocument,
    delete: deleteDocument,
    storageKeysOf,
  });

export type DocumentStore = ReturnType<typeof documentStore>;
