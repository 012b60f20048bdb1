// Inquiries to support, and the update mails' one-click opt-out.
import { type Endpoint } from './endpoint.js';
import { z } from '../zod.js';
import { inquiryAnswer, inquiryBody, inquiryList } from '../schemas/files.js';

/** An update mail's opt-out token, in the link's query or in the body. */
const unsubscribeToken = z.object({
  token: z
    .string({ error: 'auth/invalid-action-code' })
    .regex(/^[A-Za-z0-9_-]{20,128}$/, { error: 'auth/invalid-action-code' })
    .optional(),
});

export const SUPPORT_API = {
  unsubscribe: {
    route: 'POST /api/mail/unsubscribe',
    summary: 'Stop update e-mails (the link in each one; a mail program may POST it as a form, RFC 8058)',
    tag: 'support',
    access: 'public',
    anyOrigin: true,
    errors: ['auth/invalid-action-code'],
    query: unsubscribeToken,
    body: unsubscribeToken,
    status: 200,
    response: z.object({ unsubscribed: z.literal(true) }),
  },
  sendInquiry: {
    route: 'POST /api/inquiries',
    summary: 'Send an inquiry to support',
    tag: 'support',
    access: 'member',
    errors: ['auth/too-many-requests'],
    body: inquiryBody,
    status: 201,
    response: inquiryAnswer,
  },
  inquiries: {
    route: 'GET /api/inquiries',
    summary: 'The inquiries received',
    tag: 'support',
    access: 'admin',
    status: 200,
    response: inquiryList,
  },
} as const satisfies Record<string, Endpoint>;
