// A request to our API and how it fails, without the API's table of routes: what a part of the website needs on
// its own (the session read by every page's header) without the whole client (api.ts, which re-exports this). A
// request gives up after 30 s (60 s on a phone) and then fails as a network error, like any other failure to reach
// the server; answers with an error body fail with that body's code.
import type { Method } from '../shared/api/routes.js';
import {
  MOBILE_BREAKPOINT_PX,
  NETWORK_TIMEOUT_DESKTOP_MS,
  NETWORK_TIMEOUT_MOBILE_MS,
} from '../shared/constants.js';
import type { ErrorCode } from '../shared/errors.js';

export type FailureCode = ErrorCode | 'network';

export class ApiFailure extends Error {
  constructor(
    readonly code: FailureCode,
    readonly status: number,
    /** On a limit: how long the server asks to wait. */
    readonly retryAfterSeconds?: number,
    /** On a request from another address than the site's (request/forbidden-origin): the site's own. */
    readonly expectedOrigin?: string,
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

export interface CallOptions {
  /** Give up sooner (or later) than the usual network timeout. */
  timeoutMs?: number;
  /** Let the request outlive the page (a last report as the tab closes). */
  keepalive?: boolean;
}

export async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  options: CallOptions = {},
): Promise<T> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), options.timeoutMs ?? networkTimeoutMs());
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
      cache: 'no-store',
      signal: controller.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch {
    throw new ApiFailure('network', 0);
  } finally {
    window.clearTimeout(timer);
  }
  if (response.status === 204) return undefined as T;
  // The codes a refused answer may carry are read when one is met (api-failure.ts), not with every page.
  if (!response.ok) throw await failureOf(response);
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiFailure('server/internal', response.status);
  }
}

/**
 * The failure a refused answer says (its body's code, or one for its status), for calls made with fetch directly.
 * The codes it may carry are read when one is met (api-failure.ts), not with every page.
 */
export async function failureOf(response: Response): Promise<ApiFailure> {
  const { refusalOf } = await import('./api-failure.js');
  const refusal = await refusalOf(response);
  return new ApiFailure(refusal.code, response.status, refusal.retryAfterSeconds, refusal.expectedOrigin);
}

export function failureCode(error: unknown): FailureCode {
  return error instanceof ApiFailure ? error.code : 'server/internal';
}
