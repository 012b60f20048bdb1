// The OpenAPI document at /api/openapi.json, as a linter and a client generator need it: @fastify/swagger lists
// each route with its zod schemas, and this completes every operation from its entry in the API table — its name
// as operationId, the cookie it needs, its success answer (no content, a file's bytes, an event stream) and each
// failure status with the codes this route can answer, derived from the entry's shape and its `errors`.
import type { OpenAPIV3_1 } from 'openapi-types';
import { API, API_TAGS, type Access, type Endpoint, type EndpointName } from '../../shared/api/index.js';
import type { Method } from '../../shared/api/routes.js';
import { DEVICE_COOKIE, SESSION_COOKIE } from '../../shared/constants.js';
import { ERROR_CODES, isErrorCode, type ErrorCode } from '../../shared/errors.js';

/** Methods whose request may carry a body Fastify parses, and that the same-origin rule applies to (security.ts). */
const UNSAFE_METHODS: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What each guard refuses with (src/server/accounts/access.ts, `admit`); `refusal` is the entry's own code. */
const GUARD_CODES: Record<Access, (refusal: ErrorCode) => ErrorCode[]> = {
  public: () => [],
  'any-session': () => ['auth/unauthenticated'],
  session: (refusal) => [refusal, 'session/pending'],
  member: (refusal) => [refusal, 'session/pending'],
  admin: () => ['auth/unauthenticated', 'session/pending', 'auth/forbidden'],
};

/**
 * The codes a schema's rules name (`{ error: 'auth/invalid-email' }`), found by walking zod's definitions: a
 * failed check answers the first such code (errors.ts, codeOfZodError), or request/invalid.
 */
function codesOfSchema(schema: unknown, found: Set<ErrorCode>, seen = new Set<unknown>()): void {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  const definition = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!definition) return;
  if (typeof definition.error === 'function') {
    // zod keeps a rule's `error` string as a function answering it.
    const said: unknown = (definition.error as (issue: object) => unknown)({});
    const message =
      typeof said === 'object' && said !== null ? (said as { message?: unknown }).message : said;
    if (isErrorCode(message)) found.add(message);
  }
  for (const [key, part] of Object.entries(definition)) {
    if (key === 'getter' && typeof part === 'function') codesOfSchema((part as () => unknown)(), found, seen);
    // Inner schemas and checks sit alone, in lists (options, checks) or in an object's shape.
    const parts = Array.isArray(part)
      ? part
      : part && typeof part === 'object' && !('_zod' in part)
        ? Object.values(part)
        : [part];
    for (const inner of parts) codesOfSchema(inner, found, seen);
  }
}

const CATALOGUE_ORDER = Object.keys(ERROR_CODES) as ErrorCode[];

/** Every code a route can answer with: the entry's `errors`, and those its access, parts and method imply. */
export function errorCodesOf(endpoint: Endpoint): ErrorCode[] {
  const method = endpoint.route.split(' ')[0] as Method;
  const codes = new Set<ErrorCode>(GUARD_CODES[endpoint.access](endpoint.refusal ?? 'auth/unauthenticated'));
  const add = (...more: readonly ErrorCode[]) => more.forEach((code) => codes.add(code));
  // Fastify's router answers a malformed URL so on any route (errors.ts, frameworkErrors).
  add('request/invalid');
  for (const part of [endpoint.params, endpoint.query, endpoint.body]) codesOfSchema(part, codes);
  if (UNSAFE_METHODS.has(method)) {
    if (!endpoint.anyOrigin) add('request/forbidden-origin');
    // Any body sent is parsed by its type, whether or not the route takes one.
    add('request/malformed-json', 'request/too-large', 'request/unsupported-media-type');
  }
  // Checked before an upload is read (storage/http.ts, uploadBody).
  if (endpoint.consumes) add('request/unsupported-media-type', 'storage/too-large', 'storage/empty-file');
  add(...(endpoint.errors ?? []), 'server/internal', 'server/unavailable');
  // In the catalogue's order, so the document reads the same however the entry lists them.
  return CATALOGUE_ORDER.filter((code) => codes.has(code));
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  400: 'The request is not valid',
  401: 'Not signed in, or not with these credentials',
  402: 'Over the storage quota',
  403: 'Not allowed',
  404: 'Not found',
  409: 'In conflict with what the server holds',
  413: 'Too large',
  415: 'Not a media type this route takes',
  422: 'Refused by the drive',
  429: 'Too many requests: try again later',
  500: 'The server failed',
  502: 'The drive answered badly or not at all',
  503: 'Unavailable for a moment',
  507: 'The drive is full',
};

/** The error body's schema as the document has it, with `code` listing only these codes. */
function errorBodyFor(template: OpenAPIV3_1.SchemaObject, codes: ErrorCode[]): OpenAPIV3_1.SchemaObject {
  const schema = structuredClone(template) as {
    properties: { error: { properties: { code: { enum: string[] } } } };
  };
  schema.properties.error.properties.code.enum = codes;
  return schema as OpenAPIV3_1.SchemaObject;
}

function failureResponses(
  endpoint: Endpoint,
  template: OpenAPIV3_1.SchemaObject,
): Record<string, OpenAPIV3_1.ResponseObject> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(endpoint)) {
    const status = ERROR_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, OpenAPIV3_1.ResponseObject> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[status] = {
      description: STATUS_TEXT[status] ?? 'Failed',
      // Only the rate limits tell when to come back (errors.ts); a refused event stream does not.
      ...(codes.includes('auth/too-many-requests')
        ? { headers: { 'Retry-After': { $ref: RETRY_AFTER } } }
        : {}),
      content: { 'application/json': { schema: errorBodyFor(template, codes) } },
    };
  }
  return responses;
}

const RETRY_AFTER = '#/components/headers/RetryAfter';
const ORIGIN = '#/components/parameters/Origin';
const BINARY: OpenAPIV3_1.SchemaObject = { type: 'string', format: 'binary' };

/** Who may call: nothing for a public route, else the session cookie; the device cookie where it is read. */
function securityOf(endpoint: Endpoint): OpenAPIV3_1.SecurityRequirementObject[] {
  if (endpoint.access === 'public') return endpoint.device ? [{}, { device: [] }] : [];
  return endpoint.device ? [{ session: [], device: [] }, { session: [] }] : [{ session: [] }];
}

function completeOperation(
  name: EndpointName,
  endpoint: Endpoint,
  operation: OpenAPIV3_1.OperationObject,
  errorTemplate: OpenAPIV3_1.SchemaObject,
): OpenAPIV3_1.OperationObject {
  const method = endpoint.route.split(' ')[0] as Method;
  const { responses = {}, ...rest } = operation;
  const success: OpenAPIV3_1.ResponseObject = {
    ...(responses[endpoint.status] as OpenAPIV3_1.ResponseObject | undefined),
    description: STATUS_TEXT[endpoint.status]!,
  };
  if (endpoint.produces) {
    const schema = endpoint.produces.startsWith('text/') ? { type: 'string' as const } : BINARY;
    success.content = { [endpoint.produces]: { schema } };
  }
  const parameters = [...(rest.parameters ?? [])];
  if (UNSAFE_METHODS.has(method) && !endpoint.anyOrigin) parameters.push({ $ref: ORIGIN });
  return {
    operationId: name,
    ...rest,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(endpoint.consumes
      ? { requestBody: { required: true, content: { [endpoint.consumes]: { schema: BINARY } } } }
      : {}),
    security: securityOf(endpoint),
    responses: { [endpoint.status]: success, ...failureResponses(endpoint, errorTemplate) },
  };
}

/** The document's parts that no route gives: where it is served, its licence, its tags and its credentials. */
export const documentBase = {
  info: {
    title: 'MyGenie API',
    version: '1',
    license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
    description: [
      'The API of the MyGenie website and app. Every failure answers with `{ error: { code, message } }`, and each',
      "operation lists the codes it can answer with under each status; a limit's 429 also says when to come back",
      '(`Retry-After`, and `retryAfterSeconds` in the body).',
      '',
      `A browser signs in with a password or a passkey and holds the session in the HttpOnly cookie \`${SESSION_COOKIE}\`;`,
      `the cookie \`${DEVICE_COOKIE}\` tells a browser the account already knows from a new one, whose sign-in waits`,
      'for approval on a known device. A state-changing request (POST, PUT, PATCH, DELETE) must come from the site',
      "itself: its `Origin` header must be the site's origin, else it is refused with `request/forbidden-origin`.",
    ].join('\n'),
  },
  servers: [{ url: '/', description: 'The site that serves this document' }],
  tags: Object.entries(API_TAGS).map(([tag, description]) => ({ name: tag, description })),
  components: {
    securitySchemes: {
      session: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description: 'The session, set by a sign-in (HttpOnly).',
      },
      device: {
        type: 'apiKey',
        in: 'cookie',
        name: DEVICE_COOKIE,
        description: "The browser's device secret, set by its first sign-in (HttpOnly).",
      },
    },
    parameters: {
      Origin: {
        name: 'Origin',
        in: 'header',
        required: true,
        description:
          "The site's own origin (that of its PUBLIC_URL); a browser sends it itself. Any other, or none, is refused with `request/forbidden-origin`.",
        schema: { type: 'string', format: 'uri' },
      },
    },
    headers: {
      RetryAfter: {
        description: 'Seconds to wait before trying again.',
        schema: { type: 'integer', minimum: 1 },
      },
    },
  },
} satisfies Omit<OpenAPIV3_1.Document, 'openapi'>;

/** Completes every operation of the document @fastify/swagger made (its `transformObject`). */
export function completeDocument(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const named = new Map<string, EndpointName>(
    Object.entries(API).map(([name, endpoint]) => [endpoint.route, name as EndpointName]),
  );
  const paths: OpenAPIV3_1.PathsObject = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const completed: Record<string, unknown> = { ...item };
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = item?.[method];
      if (!operation) continue;
      const name = named.get(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
      if (!name) continue;
      // Every route's failures share @fastify/swagger's rendering of apiErrorBody (route.ts declares it for 4xx).
      const template = (operation.responses?.['4XX'] as OpenAPIV3_1.ResponseObject | undefined)?.content?.[
        'application/json'
      ]?.schema as OpenAPIV3_1.SchemaObject;
      completed[method] = completeOperation(name, API[name], operation, template);
    }
    paths[path] = completed as OpenAPIV3_1.PathItemObject;
  }
  return { ...document, paths };
}
