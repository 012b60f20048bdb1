// Calls to our API. A call gives up after 30 s (60 s on a phone) and then fails as a network error, like any
// other failure to reach the server; answers with an error body fail with that body's code.
import {
  MOBILE_BREAKPOINT_PX,
  NETWORK_TIMEOUT_DESKTOP_MS,
  NETWORK_TIMEOUT_MOBILE_MS,
} from '../shared/constants.js';
import { isErrorCode, type ErrorCode } from '../shared/errors.js';

export type FailureCode = ErrorCode | 'network';

export class ApiFailure extends Error {
  constructor(
    readonly code: FailureCode,
    readonly status: number,
  ) {
    super(code);
  }
}

export function isPhone(): boolean {
  return /Mobile|Android|iPhone|iPad/.test(navigator.userAgent) || window.innerWidth < MOBILE_BREAKPOINT_PX;
}

export function networkTimeoutMs(): number {
  return isPhone() ? NETWORK_TIMEOUT_MOBILE_MS : NETWORK_TIMEOUT_DESKTOP_MS;
}

export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), networkTimeoutMs());
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch {
    throw new ApiFailure('network', 0);
  } finally {
    window.clearTimeout(timer);
  }
  if (response.status === 204) return undefined as T;
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new ApiFailure(response.ok ? 'server/internal' : statusCode(response.status), response.status);
  }
  if (!response.ok) {
    const code = (payload as { error?: { code?: unknown } } | null)?.error?.code;
    throw new ApiFailure(isErrorCode(code) ? code : statusCode(response.status), response.status);
  }
  return payload as T;
}

export function statusCode(status: number): ErrorCode {
  if (status === 429) return 'auth/too-many-requests';
  if (status === 502 || status === 503 || status === 504) return 'server/unavailable';
  return 'server/internal';
}

export function failureCode(error: unknown): FailureCode {
  return error instanceof ApiFailure ? error.code : 'server/internal';
}
