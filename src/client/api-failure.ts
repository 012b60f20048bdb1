// What a refused answer of our API says: its body's code (one of ours, checked), how long a limit asks to wait, the
// site's own address on a request from another; or a code for its status when its body says nothing.
import { isErrorCode, type ErrorCode } from '../shared/errors.js';

/** What a refused answer says: api-request.ts's failureOf makes it an ApiFailure. */
export interface Refusal {
  code: ErrorCode;
  retryAfterSeconds?: number | undefined;
  expectedOrigin?: string | undefined;
}

/** Reads a refused answer's body: its code, or one for its status. */
export async function refusalOf(response: Response): Promise<Refusal> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    return { code: statusCode(response.status) };
  }
  const error = (
    payload as { error?: { code?: unknown; retryAfterSeconds?: unknown; expectedOrigin?: unknown } } | null
  )?.error;
  const wait = typeof error?.retryAfterSeconds === 'number' ? error.retryAfterSeconds : undefined;
  const expected =
    typeof error?.expectedOrigin === 'string' && /^https?:\/\/[^\s/]{1,200}$/.test(error.expectedOrigin)
      ? error.expectedOrigin
      : undefined;
  return {
    code: isErrorCode(error?.code) ? error.code : statusCode(response.status),
    retryAfterSeconds: wait,
    expectedOrigin: expected,
  };
}

export function statusCode(status: number): ErrorCode {
  if (status === 429) return 'auth/too-many-requests';
  if (status === 502 || status === 503 || status === 504) return 'server/unavailable';
  return 'server/internal';
}
