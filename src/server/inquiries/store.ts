// Queries on members' support inquiries; written once for SQLite and PostgreSQL.
import type { Kysely } from 'kysely';
import type { Database, InquiryTable } from '../db/schema.js';
import { storeOf, type Executor } from '../db/stores.js';

export type InquiryRow = InquiryTable;

async function insertInquiry(db: Kysely<Database>, row: InquiryRow): Promise<void> {
  await db.insertInto('inquiries').values(row).execute();
}

/** The newest inquiries, each with its sender's e-mail and language. */
function listInquiries(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('inquiries')
    .innerJoin('users', 'users.id', 'inquiries.user_id')
    .select([
      'inquiries.id',
      'inquiries.type',
      'inquiries.subject',
      'inquiries.message',
      'inquiries.created_at',
      'users.email',
      'users.lang',
    ])
    .orderBy('inquiries.created_at', 'desc')
    .limit(limit)
    .execute();
}

/** The queries, bound to where they run (db/stores.ts). */
export const inquiryStore = (db: Executor) =>
  storeOf(db, {
    insertInquiry,
    listInquiries,
  });

export type InquiryStore = ReturnType<typeof inquiryStore>;
