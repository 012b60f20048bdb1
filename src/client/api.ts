// Calls to our API, typed by its table (src/shared/api/): `call('login', { body })` checks the body's shape
// and gives the answer's. A call gives up after 30 s (60 s on a phone) and then fails as a network error, like
// any other failure to reach the server; answers with an error body fail with that body's code.
import type { Api, EndpointName, Input, Output } from '../shared/api/index.js';
import { methodAndPath, type Method } from '../shared/api/routes.js';
import {
  MOBILE_BREAKPOINT_PX,
  NETWORK_TIMEOUT_DESKTOP_MS,
  NETWORK_TIMEOUT_MOBILE_MS,
} from '../shared/constants.js';
import { isAppErrorCode, isErrorCode, type ErrorCode } from '../shared/errors.js';
import { formatWait } from './format.js';
import { activeLanguage } from './text.js';

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

export type Args<N extends EndpointName> =
  object extends Input<Api[N]>
    ? [input?: Input<Api[N]>, options?: CallOptions]
    : [input: Input<Api[N]>, options?: CallOptions];

/** The path of a route with its parameters filled in, and its query. */
export function pathOf<N extends EndpointName>(name: N, ...[input]: Args<N>): string {
  return filledPath(name, input);
}

/**
 * The path of a route with the parameters and query of `input` filled in: for a caller that checked `input`
 * against the route's own type (a generic one, where `pathOf` cannot be applied).
 */
export function filledPath(name: EndpointName, input: unknown): string {
  const given = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, unknown> };
  const path = methodAndPath(name).path.replace(/:(\w+)/g, (_match, key: string) =>
    encodeURIComponent(given.params?.[key] ?? ''),
  );
  const query = Object.entries(given.query ?? {}).filter(([, value]) => value !== undefined);
  return query.length === 0
    ? path
    : `${path}?${new URLSearchParams(query.map(([key, value]) => [key, String(value)])).toString()}`;
}

/** Calls a route of the API with what it takes; resolves with what it answers. */
export function call<N extends EndpointName>(name: N, ...args: Args<N>): Promise<Output<Api[N]>> {
  const body = (args[0] as { body?: unknown } | undefined)?.body;
  return request<Output<Api[N]>>(methodAndPath(name).method, pathOf(name, ...args), body, args[1]);
}

async function request<T>(
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
  if (!response.ok) throw await failureOf(response);
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiFailure('server/internal', response.status);
  }
}

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

export function failureCode(error: unknown): FailureCode {
  return error instanceof ApiFailure ? error.code : 'server/internal';
}

/**
 * The catalog key and values of a failure's message: a limit says how long to wait (in the page's language), a network failure
 * says so, an unknown error (or one of the app's codes, AppErrorCode) falls back to `fallbackKey`.
 */
export function failureMessage(
  error: unknown,
  fallbackKey: string,
): [string, Record<string, string | number>?] {
  const code = failureCode(error);
  if (code === 'network') return ['errors.network'];
  // The shared catalog names the site's codes only: no request of the site is answered with the app's.
  if (code === 'server/internal' || isAppErrorCode(code)) return [fallbackKey];
  if (code === 'auth/too-many-requests' && error instanceof ApiFailure && error.retryAfterSeconds) {
    return ['auth.tooManyWait', { wait: formatWait(error.retryAfterSeconds, activeLanguage()) }];
  }
  if (code === 'request/forbidden-origin' && error instanceof ApiFailure && error.expectedOrigin) {
    return ['auth.openAt', { origin: error.expectedOrigin }];
  }
  return [`errors.${code}`];
}
