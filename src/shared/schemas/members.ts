// The members list of /admin and the admins' log: what the server answers and what it takes.
import { z } from '../zod.js';
import { EMAIL_MAX_LENGTH } from '../constants.js';

const isoTime = z.string().describe('An ISO 8601 time');

/** How many members a page of the list holds. */
export const MEMBERS_PAGE_SIZE = 50;
/** How many of the log's newest entries the admin page reads. */
export const ADMIN_LOG_SIZE = 50;

export const memberQuery = z.strictObject({
  /** Part of an address, any case ('' or none: everyone). */
  q: z
    .string({ error: 'request/invalid' })
    .max(EMAIL_MAX_LENGTH, { error: 'request/invalid' })
    .transform((value) => value.trim().toLowerCase())
    .optional(),
  /** How many of the list (newest first) to skip. */
  offset: z.coerce
    .number({ error: 'request/invalid' })
    .int({ error: 'request/invalid' })
    .min(0, { error: 'request/invalid' })
    .max(1_000_000, { error: 'request/invalid' })
    .default(0),
});

export const memberParams = z.object({ id: z.uuid({ error: 'member/not-found' }) });

/** Deleting asks for the member's address typed again, so a slip of the mouse deletes no one. */
export const deleteMemberQuery = z.strictObject({
  email: z
    .string({ error: 'member/confirm-mismatch' })
    .max(EMAIL_MAX_LENGTH * 4, { error: 'member/confirm-mismatch' }),
});

export const member = z.object({
  id: z.string(),
  email: z.string(),
  joinedAt: isoTime,
  /** The last use of any of the member's sessions (null: never signed in). */
  lastSeenAt: isoTime.nullable(),
  verified: z.boolean(),
  admin: z.boolean(),
  /** An admin through ADMIN_EMAILS, which only the host's settings change. */
  adminBySettings: z.boolean(),
  /** When an admin disabled the account (null: it may sign in). */
  disabledAt: isoTime.nullable(),
  /** Bytes of documents and synced data kept. */
  storageBytes: z.number().int(),
  /** Browsers signed in now. */
  devices: z.number().int(),
});
export type Member = z.infer<typeof member>;

export const memberList = z.object({
  members: z.array(member),
  /** Members matching the search, on every page. */
  total: z.number().int(),
});

export const memberAnswer = z.object({ member });
export const endedSessions = z.object({ member, ended: z.number().int() });

export const ADMIN_ACTIONS = [
  'member.end-sessions',
  'member.disable',
  'member.enable',
  'member.delete',
  'member.make-admin',
  'member.remove-admin',
  'invitation.send',
  'invitation.withdraw',
  'banner.write',
  'banner.remove',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** What the log calls the command line, in place of an admin's address. */
export const COMMAND_LINE_ACTOR = 'npm run admin';

export const adminLogEntry = z.object({
  id: z.string(),
  at: isoTime,
  /** The admin's address, or `npm run admin`. */
  actor: z.string(),
  action: z.enum(ADMIN_ACTIONS),
  /** The address acted on ('' for none). */
  target: z.string(),
  /** A figure the action reports (sessions ended), or null. */
  detail: z.number().int().nullable(),
});
export type AdminLogEntry = z.infer<typeof adminLogEntry>;
export const adminLog = z.object({ entries: z.array(adminLogEntry) });
