// The API, route by route: method, path, what it takes and what it answers, as zod schemas, declared once per
// feature in this folder (site.ts, accounts.ts, sync.ts …). The server declares each route from this table
// (src/server/http/route.ts: the type provider validates the request and encodes the answer through these
// schemas, and the OpenAPI document at /api/openapi.json is made from them); the browser calls it through one
// typed client (src/client/api.ts), which carries only the routes' methods and paths (routes.ts, written from
// this table by `npm run openapi` and checked against it by the compiler). A change here shows up in all three,
// checked by the compiler, and in docs/openapi.json, checked by a test.
import type { z } from '../zod.js';
import { ACCOUNT_API } from './accounts.js';
import { BANNER_API } from './banner.js';
import { DEVICE_API } from './devices.js';
import { DOCUMENT_API } from './documents.js';
import { DRIVE_API } from './drives.js';
import type { Endpoint } from './endpoint.js';
import { FILE_API } from './files.js';
import { MEMBER_API } from './members.js';
import { NOTICE_API } from './notices.js';
import { PASSKEY_API } from './passkeys.js';
import { PUSH_API } from './push.js';
import { REMINDER_API } from './reminders.js';
import type { ROUTES } from './routes.js';
import { SITE_API } from './site.js';
import { SPACE_API } from './spaces.js';
import { SPACE_SYNC_API } from './space-sync.js';
import { SUPPORT_API } from './support.js';
import { SYNC_API } from './sync.js';

export { API_TAGS, apiErrorBody, type Access, type Endpoint } from './endpoint.js';

export const API = {
  ...SITE_API,
  ...ACCOUNT_API,
  ...DEVICE_API,
  ...PASSKEY_API,
  ...PUSH_API,
  ...REMINDER_API,
  ...NOTICE_API,
  ...BANNER_API,
  ...FILE_API,
  ...DOCUMENT_API,
  ...SYNC_API,
  ...SUPPORT_API,
  ...DRIVE_API,
  ...MEMBER_API,
  ...SPACE_API,
  ...SPACE_SYNC_API,
} as const satisfies { [N in keyof typeof ROUTES]: Endpoint & { route: (typeof ROUTES)[N] } };

/** Every entry has its line in the browser's route table, and no line is left over (`npm run openapi`). */
type Exactly<A, B> = [Exclude<A, B>, Exclude<B, A>] extends [never, never] ? true : never;
const _routesMatch: Exactly<keyof typeof API, keyof typeof ROUTES> = true;

export type Api = typeof API;
export type EndpointName = keyof Api;

type Infer<S> = S extends z.ZodType ? z.input<S> : never;
/** What a caller sends: the path's parameters, the query and the body, each where the route has one. */
export type Input<E extends Endpoint> = Part<E, 'params'> & Part<E, 'query'> & Part<E, 'body'>;
/** A part the route takes; optional when everything in it is. */
type Part<E extends Endpoint, K extends 'params' | 'query' | 'body'> = K extends keyof E
  ? object extends Infer<E[K]>
    ? { [P in K]?: Infer<E[K]> }
    : { [P in K]: Infer<E[K]> }
  : unknown;
/** What a route answers on success. */
export type Output<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : void;
