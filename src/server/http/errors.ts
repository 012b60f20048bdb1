// Errors are values with codes: handlers throw ApiError(code) and the error handler answers
// { error: { code, message } } with the code's status. Anything unexpected is logged and answered as 500
// without detail.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import { ERROR_CODES, isErrorCode, type ErrorCode } from '../../shared/errors.js';
import { errorMessage } from '../../shared/i18n/error-message.js';

export class ApiError extends Error {
  readonly status: number;
  /** For a limit: how long until the caller may try again (sent as Retry-After and in the body). */
  readonly retryAfterMs: number | undefined;
  /** For a request from another address: the one the site is set to (PUBLIC_URL's origin), said in the body. */
  readonly expectedOrigin: string | undefined;
  constructor(
    readonly code: ErrorCode,
    options: { retryAfterMs?: number; expectedOrigin?: string } = {},
  ) {
    super(errorMessage('en', code));
    this.status = ERROR_CODES[code];
    this.retryAfterMs = options.retryAfterMs;
    this.expectedOrigin = options.expectedOrigin;
  }
}

/** The first failing rule of a schema names the code (see src/shared/schemas); other failures are generic. */
export function codeOfZodError(error: ZodError): ErrorCode {
  for (const issue of error.issues) {
    if (isErrorCode(issue.message)) return issue.message;
  }
  return 'request/invalid';
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'request/malformed-json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request/malformed-json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request/too-large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request/unsupported-media-type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request/invalid',
  FST_ERR_CTP_INVALID_TYPE: 'request/invalid',
};

/**
 * Errors Fastify's router answers before any handler runs (a malformed URL, an over-long path parameter), as
 * Fastify's `frameworkErrors` option: coded like every other answer.
 */
export function frameworkErrors(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const code: ErrorCode = 'request/invalid';
  void reply.status(ERROR_CODES[code]).send({ error: { code, message: errorMessage('en', code) } });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    let code: ErrorCode;
    if (error instanceof ApiError) {
      code = error.code;
      if (error.retryAfterMs !== undefined) {
        const retryAfterSeconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
        return reply
          .status(error.status)
          .header('Retry-After', String(retryAfterSeconds))
          .send({ error: { code, message: errorMessage('en', code), retryAfterSeconds } });
      }
      if (error.expectedOrigin !== undefined) {
        const { expectedOrigin } = error;
        return reply
          .status(error.status)
          .send({ error: { code, message: errorMessage('en', code), expectedOrigin } });
      }
    } else if (error.code && FASTIFY_CODES[error.code]) {
      code = FASTIFY_CODES[error.code]!;
    } else if (error instanceof SyntaxError || error.statusCode === 400) {
      code = 'request/invalid';
    } else if (isUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      code = 'server/unavailable';
    } else {
      request.log.error({ err: error }, 'unhandled error');
      code = 'server/internal';
    }
    return reply.status(ERROR_CODES[code]).send({ error: { code, message: errorMessage('en', code) } });
  });
}

// The database (or Redis) is down or restarting: refused or dropped connections, PostgreSQL shutting down
// (57P01–57P03), a pool that could not connect in time, and node-postgres's own "connection terminated".
const UNAVAILABLE_CODES = [
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  'SQLITE_BUSY',
];
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection|the database system is (starting up|shutting down|in recovery mode)|Connection is closed|MaxRetriesPerRequest/i;

function isUnavailable(error: { code?: string; message?: string }): boolean {
  return UNAVAILABLE_CODES.includes(error.code ?? '') || UNAVAILABLE_MESSAGES.test(error.message ?? '');
}
