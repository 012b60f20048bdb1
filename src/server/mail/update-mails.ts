// Update e-mails (description §1): when an admin publishes a new latest program file, every verified member
// who has not opted out gets one e-mail in their language. The jobs are rows written in the same transaction
// as the file, so a restart loses none; each member and file has one row, so none is sent twice; a worker
// sends them in the background within the per-address mail limit.
import type { FastifyBaseLogger } from 'fastify';
import { MAIL_LIMIT, MAIL_WINDOW_MS } from '../../shared/constants.js';
import { newId } from '../core/ids.js';
import { isoAt, type Clock } from '../core/clock.js';
import type { Trx } from '../db/stores.js';
import type { RateLimiter } from '../ratelimit/limiter.js';
import type { Mailer } from './mailer.js';
import type { UpdateMailStore } from './store.js';
import { updateMail } from './templates.js';

const BATCH = 20;
const MAX_ATTEMPTS = 5;
const RETRY_MS = 5 * 60_000;
/** A job left "sending" this long by a process that stopped is taken up again. */
const STALE_CLAIM_MS = 10 * 60_000;

export interface UpdateMailDeps {
  /** The update mails' jobs (store.ts). */
  store: UpdateMailStore;
  mailer: Mailer;
  limiter: RateLimiter;
  clock: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export type UpdateMailQueue = ReturnType<typeof updateMailQueue>;

export function updateMailQueue(deps: UpdateMailDeps) {
  const { store, clock } = deps;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function sendOne(jobId: string): Promise<boolean> {
    const stale = isoAt(clock, -STALE_CLAIM_MS);
    if (!(await store.claimJob(jobId, isoAt(clock), stale))) return false;
    const job = await store.findJob(jobId);
    if (!job || job.update_mails !== 1 || !job.unsubscribe_token) {
      await store.markSkipped(jobId);
      return true;
    }
    // The mail is counted before it is sent, so two processes cannot both send the address's last allowed one.
    const reservation = await deps.limiter.reserve([
      { key: `mail:${job.email}`, limit: MAIL_LIMIT, windowMs: MAIL_WINDOW_MS },
    ]);
    if (!reservation.ok) {
      await store.postpone(jobId, isoAt(clock, MAIL_WINDOW_MS / 4));
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
      await store.markFailed(jobId, {
        status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
        attempts,
        notBefore: isoAt(clock, RETRY_MS * attempts),
        error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      });
      deps.log.warn({ err: error, to: job.email }, 'update mail not sent; will retry');
      return false;
    }
    await store.markSent(jobId, isoAt(clock));
    return true;
  }

  async function runOnce(): Promise<number> {
    const due = await store.dueJobs(isoAt(clock), isoAt(clock, -STALE_CLAIM_MS), BATCH);
    let sent = 0;
    for (const id of due) if (await sendOne(id)) sent += 1;
    return sent;
  }

  return {
    /** Writes one job per verified member who wants update e-mails, inside the caller's transaction. */
    async enqueueForFile(trx: Trx, fileId: string): Promise<void> {
      await store.on(trx).insertUpdateJobs(fileId, isoAt(clock), newId);
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
