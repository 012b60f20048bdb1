// The sync engine's environment in the app (src/app/sync/ports.ts): the server's routes over HTTP, news from the
// event stream, one run at a time across this member's tabs (a Web Lock), and the browser's online events. The
// HTTP part also runs in Node, given a fetch that reaches a test server with a member's cookies.
import { ApiFailure, failureOf, filledPath, networkTimeoutMs, pathOf, type Args } from '../../client/api.js';
import { listenLive } from '../../client/live-events.js';
import { methodAndPath } from '../../shared/api/routes.js';
import type { Api, EndpointName, Input, Output } from '../../shared/api/index.js';
import type { SyncEnvironment, SyncServer } from './ports.js';

export interface HttpOptions {
  /** The fetch to send with (the page's own by default, which sends the member's cookies). */
  fetch?: typeof fetch;
  /** Put before every path (empty in the app, which calls its own origin). */
  base?: string;
  /** How long a request may take before it counts as a network failure. */
  timeoutMs?: () => number;
}

/**
 * Any of the server's routes over HTTP, called by their names in the API table: JSON in and out (`call`), raw bytes
 * up (`upload`) or down (`download`). A series' server (the member's sync routes, a space's) narrows it.
 */
export interface HttpApi {
  call<N extends EndpointName>(name: N, ...args: Args<N>): Promise<Output<Api[N]>>;
  upload<N extends EndpointName>(name: N, input: Input<Api[N]>, body: Uint8Array | string): Promise<void>;
  download<N extends EndpointName>(name: N, input: Input<Api[N]>): Promise<Uint8Array<ArrayBuffer>>;
}

/** The server's sync routes over HTTP. */
export function httpSyncServer(options: HttpOptions = {}): SyncServer {
  return httpApi(options);
}

/** The server's routes over HTTP (`HttpApi`). */
export function httpApi(options: HttpOptions = {}): HttpApi {
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const base = options.base ?? '';
  const timeout = options.timeoutMs ?? networkTimeoutMs;
  async function request(name: EndpointName, path: string, init: RequestInit): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeout());
    let response: Response;
    try {
      response = await send(`${base}${path}`, {
        method: methodAndPath(name).method,
        credentials: 'same-origin',
        cache: 'no-store',
        signal: controller.signal,
        ...init,
      });
    } catch {
      throw new ApiFailure('network', 0);
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok) throw await failureOf(response);
    return response;
  }
  return {
    async call<N extends EndpointName>(name: N, ...args: Args<N>): Promise<Output<Api[N]>> {
      const body = (args[0] as { body?: unknown } | undefined)?.body;
      const response = await request(name, pathOf(name, ...args), {
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
      });
      if (response.status === 204) return undefined as Output<Api[N]>;
      try {
        return (await response.json()) as Output<Api[N]>;
      } catch {
        throw new ApiFailure('server/internal', response.status);
      }
    },
    async upload<N extends EndpointName>(name: N, input: Input<Api[N]>, body: Uint8Array | string) {
      const path = filledPath(name, input);
      const response = await request(name, path, {
        headers: { 'content-type': 'application/octet-stream' },
        body: body as BodyInit,
      });
      // The answer (a snapshot's description) is not needed: drained so the connection is free again.
      await response.arrayBuffer().catch(() => undefined);
    },
    async download<N extends EndpointName>(name: N, input: Input<Api[N]>) {
      const response = await request(name, filledPath(name, input), {});
      try {
        return new Uint8Array(await response.arrayBuffer());
      } catch {
        throw new ApiFailure('network', 0);
      }
    },
  };
}

/** The app's sync environment. */
export function browserSyncEnvironment(deviceName: () => string): SyncEnvironment {
  return {
    server: httpSyncServer(),
    // The page's one event stream (the server keeps at most 4 per session), which the new-login prompts share.
    news:
      typeof EventSource === 'undefined'
        ? null
        : { open: (handlers) => listenLive({ sync: handlers.sync, 'signed-out': handlers.signedOut }) },
    exclusive: (name, work) =>
      typeof navigator === 'undefined' || !navigator.locks
        ? work()
        : navigator.locks.request(name, work).then(() => undefined),
    clock: {
      now: () => Date.now(),
      setTimeout: (work, ms) => setTimeout(work, ms),
      clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    },
    network: {
      online: () => typeof navigator === 'undefined' || navigator.onLine !== false,
      watch(online, offline) {
        window.addEventListener('online', online);
        window.addEventListener('offline', offline);
        return () => {
          window.removeEventListener('online', online);
          window.removeEventListener('offline', offline);
        };
      },
    },
    deviceName,
  };
}
