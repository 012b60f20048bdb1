// Queries on members' documents; written once for SQLite and PostgreSQL.
import type { Kysely, Transaction } from 'kysely';
import type { Database, UserDocumentTable } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export type DocumentRow = UserDocumentTable;

/** A member's documents, last changed first. */
export function listDocuments(db: Db, userId: string): Promise<DocumentRow[]> {
  return db
    .selectFrom('user_documents')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .execute();
}

/** A document by its id, whoever's it is (whose may see it is the policy's: policies/resources.ts). */
export function findDocument(db: Db, id: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('user_documents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteDocument(db: Db, id: string): Promise<void> {
  await db.deleteFrom('user_documents').where('id', '=', id).execute();
}

export async function insertDocument(db: Db, row: DocumentRow): Promise<void> {
  await db.insertInto('user_documents').values(row).execute();
}

/** Where a member's documents' bytes are stored. */
export async function storageKeysOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_documents')
    .select('storage_key')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.storage_key);
}
