// Queries on the update-mail jobs (mail_jobs); written once for SQLite and PostgreSQL.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { storeOf, type Executor } from '../db/stores.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Takes a job for sending: a pending one, or one left "sending" before `staleBefore`. False if another took it. */
async function claimJob(db: Db, id: string, at: string, staleBefore: string): Promise<boolean> {
  const claimed = await db
    .updateTable('mail_jobs')
    .set({ status: 'sending', claimed_at: at })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleBefore)]),
      ]),
    )
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** A job with its member and file (undefined when the file was withdrawn). */
function findJob(db: Db, id: string) {
  return db
    .selectFrom('mail_jobs')
    .innerJoin('users', 'users.id', 'mail_jobs.user_id')
    .innerJoin('files', 'files.id', 'mail_jobs.subject_id')
    .select([
      'mail_jobs.attempts',
      'users.email',
      'users.lang',
      'users.update_mails',
      'users.unsubscribe_token',
      'files.name',
      'files.version',
    ])
    .where('mail_jobs.id', '=', id)
    .executeTakeFirst();
}

async function markSent(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('mail_jobs').set({ status: 'sent', sent_at: at }).where('id', '=', id).execute();
}

/** The member opted out, or the file was withdrawn, after the job was written. */
async function markSkipped(db: Db, id: string): Promise<void> {
  await db
    .updateTable('mail_jobs')
    .set({ status: 'sent', last_error: 'skipped' })
    .where('id', '=', id)
    .execute();
}

/** Puts a job back to wait until `notBefore` (the address's mail limit is reached). */
async function postpone(db: Db, id: string, notBefore: string): Promise<void> {
  await db
    .updateTable('mail_jobs')
    .set({ status: 'pending', not_before: notBefore })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: tried again after `notBefore`, or given up (`failed`). */
async function markFailed(
  db: Db,
  id: string,
  failure: { status: 'pending' | 'failed'; attempts: number; notBefore: string; error: string },
): Promise<void> {
  await db
    .updateTable('mail_jobs')
    .set({
      status: failure.status,
      attempts: failure.attempts,
      not_before: failure.notBefore,
      last_error: failure.error,
    })
    .where('id', '=', id)
    .execute();
}

/** Jobs due at `at` (and ones left "sending" before `staleBefore`), oldest first. */
async function dueJobs(db: Db, at: string, staleBefore: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('mail_jobs')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('not_before', '<=', at)]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleBefore)]),
      ]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Writes one update job for `fileId` per verified member who wants update mails (none twice). */
async function insertUpdateJobs(trx: Db, fileId: string, at: string, newId: () => string): Promise<void> {
  const members = await trx
    .selectFrom('users')
    .select('id')
    .where('email_verified', '=', 1)
    .where('update_mails', '=', 1)
    .execute();
  for (let i = 0; i < members.length; i += 500) {
    await trx
      .insertInto('mail_jobs')
      .values(
        members.slice(i, i + 500).map((member) => ({
          id: newId(),
          kind: 'update' as const,
          user_id: member.id,
          subject_id: fileId,
          status: 'pending' as const,
          attempts: 0,
          not_before: at,
          claimed_at: null,
          sent_at: null,
          last_error: null,
          created_at: at,
        })),
      )
      .onConflict((oc) => oc.columns(['kind', 'user_id', 'subject_id']).doNothing())
      .execute();
  }
}

/** The queries, bound to where they run (db/stores.ts). */
export const updateMailStore = (db: Executor) =>
  storeOf(db, {
    claimJob,
    findJob,
    markSent,
    markSkipped,
    postpone,
    markFailed,
    dueJobs,
    insertUpdateJobs,
  });

export type UpdateMailStore = ReturnType<typeof updateMailStore>;
