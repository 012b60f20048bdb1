// Update e-mails (description §1): when an admin publishes a new latest program file, every verified member
// who has not opted out gets one e-mail in their language. The jobs are rows written in the same transaction
// as the file, so a restart loses none; each member and file has one row, so none is sent twice; a worker
// sends them in the background within the per-address mail limit.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { MAIL_LIMIT, MAIL_WINDOW_MS } from '../../shared/constants.js';
import { newId } from '../ids.js';
import { isoAt, type Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import type { RateLimiter } from '../ratelimit/limiter.js';
import type { Mailer } from './mailer.js';
import { updateMail } from './templates.js';

const BATCH = 20;
const MAX_ATTEMPTS = 5;
const RETRY_MS = 5 * 60_000;
/** A job left "sending" this long by a process that stopped is taken up again. */
const STALE_CLAIM_MS = 10 * 60_000;

export interface UpdateMailDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  limiter: RateLimiter;
  clock: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export type UpdateMailQueue = ReturnType<typeof updateMailQueue>;

export function updateMailQueue(deps: UpdateMailDeps) {
  const { db, clock } = deps;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function sendOne(jobId: string): Promise<boolean> {
    const now = isoAt(clock);
    const claimed = await db
      .updateTable('mail_jobs')
      .set({ status: 'sending', claimed_at: now })
      .where('id', '=', jobId)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'pending'),
          eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', isoAt(clock, -STALE_CLAIM_MS))]),
        ]),
      )
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;

    const job = await db
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
      .where('mail_jobs.id', '=', jobId)
      .executeTakeFirst();
    if (!job || job.update_mails !== 1 || !job.unsubscribe_token) {
      // The member opted out, or the file was withdrawn, after the job was written.
      await db
        .updateTable('mail_jobs')
        .set({ status: 'sent', last_error: 'skipped' })
        .where('id', '=', jobId)
        .execute();
      return true;
    }
    // The mail is counted before it is sent, so two processes cannot both send the address's last allowed one.
    const reservation = await deps.limiter.reserve([
      { key: `mail:${job.email}`, limit: MAIL_LIMIT, windowMs: MAIL_WINDOW_MS },
    ]);
    if (!reservation.ok) {
      await db
        .updateTable('mail_jobs')
        .set({ status: 'pending', not_before: isoAt(clock, MAIL_WINDOW_MS / 4) })
        .where('id', '=', jobId)
        .execute();
      return false;
    }
    const lang = job.lang === 'en' ? 'en' : 'ko';
    const mail = updateMail(
      lang,
      job.email,
      { name: job.name, version: job.version },
      `${deps.publicUrl}/download?lang=${lang}`,
      `${deps.publicUrl}/unsubscribe?token=${job.unsubscribe_token}&lang=${lang}`,
    );
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      await reservation.release();
      const attempts = job.attempts + 1;
      await db
        .updateTable('mail_jobs')
        .set({
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          attempts,
          not_before: isoAt(clock, RETRY_MS * attempts),
          last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        })
        .where('id', '=', jobId)
        .execute();
      deps.log.warn({ err: error, to: job.email }, 'update mail not sent; will retry');
      return false;
    }
    await db
      .updateTable('mail_jobs')
      .set({ status: 'sent', sent_at: isoAt(clock) })
      .where('id', '=', jobId)
      .execute();
    return true;
  }

  async function runOnce(): Promise<number> {
    const due = await db
      .selectFrom('mail_jobs')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('not_before', '<=', isoAt(clock))]),
          eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', isoAt(clock, -STALE_CLAIM_MS))]),
        ]),
      )
      .orderBy('created_at')
      .limit(BATCH)
      .execute();
    let sent = 0;
    for (const { id } of due) if (await sendOne(id)) sent += 1;
    return sent;
  }

  return {
    /** Writes one job per verified member who wants update e-mails, inside the caller's transaction. */
    async enqueueForFile(trx: Transaction<Database>, fileId: string): Promise<void> {
      const now = isoAt(clock);
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
              not_before: now,
              claimed_at: null,
              sent_at: null,
              last_error: null,
              created_at: now,
            })),
          )
          .onConflict((oc) => oc.columns(['kind', 'user_id', 'subject_id']).doNothing())
          .execute();
      }
    },

    /** Sends what is due now; one run at a time per process. */
    run(): Promise<number> {
      running ??= runOnce().finally(() => {
        running = null;
      });
      return running;
    },

    start(everyMs = 2000): void {
      timer = setInterval(() => {
        this.run().catch((err: unknown) => deps.log.error({ err }, 'update mail run failed'));
      }, everyMs);
      timer.unref();
    },

    async stop(): Promise<void> {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
