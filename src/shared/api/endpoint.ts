// What an entry of the API table is (src/shared/api/index.ts): who may call it, what it takes and answers.
import { ERROR_CODES, type ErrorCode } from '../errors.js';
import { z } from '../zod.js';
import type { Method } from './routes.js';

/** Who may call a route; the server's guard for it (src/server/accounts/access.ts). */
export type Access =
  /** Anyone. */
  | 'public'
  /** A signed-in browser, even one still waiting for approval on another device. */
  | 'any-session'
  /** A signed-in, approved browser (its e-mail may still be unverified). */
  | 'session'
  /** A signed-in, approved member with a verified e-mail. */
  | 'member'
  /** An administrator. */
  | 'admin';

/** The API's parts, as the document groups them, each with what it is for. */
export const API_TAGS = {
  site: 'Whether the server is up, and the settings the app runs with',
  accounts: 'Sign-up, sign-in, the session, passwords and the links mailed for them',
  devices: "A member's signed-in browsers, approving a new one, and the live events of a session",
  passkeys: 'Registering passkeys, signing in with one, and proving it is the member again',
  push: 'Web Push notifications of sign-ins on this device',
  reminders: "Reminders sealed by the member's app, sent by Web Push at their time",
  notices: 'Notices to every visitor, written by administrators',
  banner: 'The update banner on the home page, written by administrators',
  files: 'Program files on the download page, published by administrators',
  documents: "A member's own documents, within the storage quota",
  sync: "Syncing a member's encrypted vault between their devices",
  spaces:
    "Spaces shared by members: identities, membership logs, invitations and each space's encrypted series",
  support: 'Inquiries to support, and the opt-out link of update mails',
  drives: "Backups on the member's WebDAV drive, relayed by the server",
  members: 'Members as admins see them, and the log of what admins did',
} as const;

export interface Endpoint {
  /** Method and path: the route, written once in its feature's file of this folder. */
  readonly route: `${Method} /api/${string}`;
  readonly summary: string;
  readonly tag: keyof typeof API_TAGS;
  readonly access: Access;
  /** The code a caller without the access hears, when not the usual `auth/unauthenticated`. */
  readonly refusal?: ErrorCode;
  /**
   * A state-changing route that other sites may call (a mail program's one-click opt-out): the same-origin rule
   * (src/server/http/security.ts) lets it through.
   */
  readonly anyOrigin?: true;
  /** Reads the browser's device cookie, which tells a browser the account already knows from a new one. */
  readonly device?: true;
  /**
   * The codes its handler, and the services it calls, can fail with. The document adds those its shape implies
   * (src/server/http/openapi.ts): its guard's, its validation's, the origin check's, a body's, an upload's and the
   * server's own; a test checks every code a feature's server code throws is listed on one of its routes.
   */
  readonly errors?: readonly ErrorCode[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The success status and the answer's shape; null for an answer with no body (204). */
  readonly status: 200 | 201 | 202 | 204;
  readonly response: z.ZodType | null;
  /** Answers that are not JSON: a file's bytes, an event stream. Such a route is called with fetch directly. */
  readonly produces?: string;
  /** Takes its body as raw bytes (an upload), not JSON. */
  readonly consumes?: string;
}

/** Every failure's body: the code (its message in both languages is in the catalog) and an English message. */
export const apiErrorBody = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    /** On a limit: how long to wait before trying again (also the Retry-After header). */
    retryAfterSeconds: z.number().int().optional(),
    /** On a request from another address than the site's (request/forbidden-origin): the site's own origin. */
    expectedOrigin: z.string().optional(),
  }),
});

/** Failures several routes share, named by what the route does (for entries' `errors`). */
export const failures = {
  /** The member proves it is them: the current password (counted against the sign-in limits) or a recent proof. */
  proof: ['auth/wrong-password', 'auth/reauth-required', 'auth/too-many-requests'],
  /** A mailed link used or looked at. */
  mailedLink: ['auth/invalid-action-code', 'auth/expired-action-code'],
  /** A passkey's answer to a challenge, counted against the caller's address until verified. */
  passkeyAnswer: [
    'auth/too-many-requests',
    'passkey/invalid-response',
    'passkey/challenge-expired',
    'passkey/not-found',
    'passkey/verification-failed',
    'passkey/counter-rejected',
  ],
  /** A new session opened: a device secret copied from another kind of device is refused. */
  signIn: ['auth/email-not-verified', 'auth/account-disabled', 'session/device-mismatch'],
  /** A stored file's bytes, read. */
  storedRead: ['storage/object-not-found', 'storage/unavailable'],
  /** An upload streamed into storage. */
  storedWrite: ['storage/upload-aborted', 'storage/unavailable'],
  /** The WebDAV drive refused or failed. */
  drive: [
    'drive/invalid-address',
    'drive/address-not-allowed',
    'drive/unauthorized',
    'drive/not-found',
    'drive/quota-exceeded',
    'drive/unreachable',
    'drive/bad-response',
  ],
} as const satisfies Record<string, readonly ErrorCode[]>;

export const noContent = { status: 204, response: null } as const;
export const empty = z.object({});
