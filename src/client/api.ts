// Calls to our API, typed by its table (src/shared/api/): `call('login', { body })` checks the body's shape
// and gives the answer's. A call gives up after 30 s (60 s on a phone) and then fails as a network error, like
// any other failure to reach the server; answers with an error body fail with that body's code.
import type { Api, EndpointName, Input, Output } from '../shared/api/index.js';
import { methodAndPath } from '../shared/api/routes.js';
import { isAppErrorCode } from '../shared/errors.js';
import { ApiFailure, failureCode, request, type CallOptions } from './api-request.js';
import { formatWait } from './format.js';
import { activeLanguage } from './text.js';

export {
  ApiFailure,
  failureCode,
  failureOf,
  isPhone,
  networkTimeoutMs,
  type CallOptions,
  type FailureCode,
} from './api-request.js';
export { statusCode } from './api-failure.js';

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
