// Member-only support (description §1, §2 "Support"): a signed-in member's inquiry is stored, mailed to the
// support address when one is configured, and acknowledged to the member; admins read the list.
import type { FastifyBaseLogger } from 'fastify';
import type { InquiryBody } from '../../shared/schemas/files.js';
import type { SignedIn } from '../accounts/service.js';
import { isoAt, type Clock } from '../core/clock.js';
import { newId } from '../core/ids.js';
import type { Mailer } from '../mail/mailer.js';
import { inquiryForSupportMail, inquiryReceivedMail } from '../mail/templates.js';
import { authorize } from '../policies/authorize.js';
import { isAdmin, type Actor } from '../policies/members.js';
import { reserveOrRefuse, type RateLimiter } from '../ratelimit/limiter.js';
import type { InquiryStore } from './store.js';

const INQUIRY_LIMIT = 5;
const INQUIRY_WINDOW_MS = 60 * 60_000;

export interface InquiryDeps {
  store: InquiryStore;
  mailer: Mailer;
  limiter: RateLimiter;
  clock: Clock;
  publicUrl: string;
  supportEmail: string | undefined;
  log: FastifyBaseLogger;
}

export type InquiryService = ReturnType<typeof inquiryService>;

export function inquiryService(deps: InquiryDeps) {
  const { store, clock } = deps;
  return {
    async send({ user }: SignedIn, body: InquiryBody) {
      await reserveOrRefuse(deps.limiter, [
        { key: `inquiry:${user.uid}`, limit: INQUIRY_LIMIT, windowMs: INQUIRY_WINDOW_MS },
      ]);
      const row = { id: newId(), user_id: user.uid, ...body, created_at: isoAt(clock) };
      await store.insertInquiry(row);
      const mails = [
        inquiryReceivedMail(user.lang, user.email, body, `${deps.publicUrl}/support?lang=${user.lang}`),
      ];
      if (deps.supportEmail) {
        mails.push(
          inquiryForSupportMail(
            deps.supportEmail,
            { ...body, from: user.email, lang: user.lang },
            `${deps.publicUrl}/admin`,
          ),
        );
      }
      for (const mail of mails) {
        deps.mailer.send(mail).catch((err: unknown) => deps.log.error({ err }, 'inquiry mail not sent'));
      }
      return { inquiry: { id: row.id, type: row.type, subject: row.subject, createdAt: row.created_at } };
    },

    async list(admin: Actor) {
      authorize(isAdmin(admin), 'auth/forbidden');
      const rows = await store.listInquiries(500);
      return {
        inquiries: rows.map((row) => ({
          id: row.id,
          type: row.type,
          subject: row.subject,
          message: row.message,
          createdAt: row.created_at,
          email: row.email,
          lang: row.lang === 'en' ? ('en' as const) : ('ko' as const),
        })),
      };
    },
  };
}
