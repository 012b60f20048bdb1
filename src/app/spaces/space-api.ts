// The membership routes of shared spaces (docs/spaces-plan.md §4) as the member's devices call them: a port, so the
// membership flows (members.ts) run against the real server over HTTP — in the app, or in Node tests given a fetch
// that reaches a test server — and the identity routes (identity.ts IdentityServer) over the same port. Nothing the
// server answers is trusted here: the log is checked by log-view.ts, the wraps by epoch-keys.ts.
import { ApiFailure, failureOf, networkTimeoutMs, pathOf, type Args } from '../../client/api.js';
import type { Api, Output } from '../../shared/api/index.js';
import type { SPACE_API } from '../../shared/api/spaces.js';
import { methodAndPath } from '../../shared/api/routes.js';
import type { HttpOptions } from '../sync/browser.js';
import type { IdentityServer, PublishedIdentity } from './identity.js';

/** The routes a member's devices call for memberships: the spaces table, and a space's state (for the own wrap). */
export type SpaceRoute = keyof typeof SPACE_API | 'spaceSync';

/** The server's membership routes, by their names in the API table, with its inputs, answers and error codes. */
export interface MembershipApi {
  call<N extends SpaceRoute>(name: N, ...args: Args<N>): Promise<Output<Api[N]>>;
}

/** The membership routes over HTTP (the page's own fetch in the app, which sends the member's cookies). */
export function httpMembershipApi(options: HttpOptions = {}): MembershipApi {
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const base = options.base ?? '';
  const timeout = options.timeoutMs ?? networkTimeoutMs;
  async function request(method: string, path: string, body: unknown): Promise<unknown> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeout());
    let response: Response;
    try {
      response = await send(`${base}${path}`, {
        method,
        credentials: 'same-origin',
        cache: 'no-store',
        signal: controller.signal,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
      });
    } catch {
      throw new ApiFailure('network', 0);
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok) throw await failureOf(response);
    if (response.status === 204) return undefined;
    try {
      return await response.json();
    } catch {
      throw new ApiFailure('server/internal', response.status);
    }
  }
  return {
    async call<N extends SpaceRoute>(name: N, ...args: Args<N>): Promise<Output<Api[N]>> {
      const body = (args[0] as { body?: unknown } | undefined)?.body;
      return (await request(methodAndPath(name).method, pathOf(name, ...args), body)) as Output<Api[N]>;
    },
  };
}

/** The identity routes (identity.ts) over the membership port: the identity the `spaces` list names, and its PUT. */
export function identityServer(api: MembershipApi): IdentityServer {
  return {
    async fetchIdentity(): Promise<PublishedIdentity | null> {
      const { identity } = await api.call('spaces');
      if (!identity) return null;
      const { version, alg, signKey, boxKey, sealedKeys } = identity;
      return { version, alg, signKey, boxKey, sealedKeys };
    },
    async publishIdentity(body) {
      try {
        await api.call('publishSpaceIdentity', { body });
        return 'published';
      } catch (error) {
        // Another device of the member's published this version (or a newer one) first.
        if (error instanceof ApiFailure && error.code === 'space/stale-key') return 'stale';
        throw error;
      }
    },
  };
}
