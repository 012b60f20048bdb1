// What a refused answer of our API says: its body's code (one of ours, checked), how long a limit asks to wait, the
// site's own address on a request from another; or a code for its status when its body says nothing.
import { isErrorCode, type ErrorCode } from '../shared/errors.js';
import { ApiFailure } from './api-request.js';

/** The failure a refused answer says (its body's code, or one for its status), for calls made with fetch directly. */
export async function failureOf(response: Response): Promise<ApiFailure> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    return new ApiFailure(statusCode(response.status), response.status);
  }
  const error = (
    payload as { error?: { code?: unknown; retryAfterSeconds?: unknown; expectedOrigin?: unknown } } | null
  )?.error;
  const wait = typeof error?.retryAfterSeconds === 'number' ? error.retryAfterSeconds : undefined;
  const expected =
    typeof error?.expectedOrigin === 'string' && /^https?:\/\/[^\s/]{1,200}$/.test(error.expectedOrigin)
      ? error.expectedOrigin
      : undefined;
  return new ApiFailure(
    isErrorCode(error?.code) ? error.code : statusCode(response.status),
    response.status,
    wait,
    expected,
  );
}

export function statusCode(status: number): ErrorCode {
  if (status === 429) return 'auth/too-many-requests';
  if (status === 502 || status === 503 || status === 504) return 'server/unavailable';
  return 'server/internal';
}
