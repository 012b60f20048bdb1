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

export interface Endpoint {
  /** Method and path: the route, written once in its feature's file of this folder. */
  readonly route: `${Method} /api/${string}`;
  readonly summary: string;
  readonly tag: string;
  readonly access: Access;
  /** The code a caller without the access hears, when not the usual `auth/unauthenticated`. */
  readonly refusal?: ErrorCode;
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

export const noContent = { status: 204, response: null } as const;
export const empty = z.object({});
