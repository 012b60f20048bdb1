// Declares a route from its entry in the API table (src/shared/api/): Fastify validates the request and
// encodes the answer through the entry's zod schemas (fastify-type-provider-zod), the OpenAPI document lists
// it, and the handler gets the caller's session and the request's parts already typed and checked.
//
// Order matters for what a caller can learn, and for what a caller costs: the guard runs as the request arrives,
// before its body is read, so a visitor sending any body (malformed, or megabytes of it) to a members' route hears
// "sign in" having cost a small request; only then is the body parsed, and a failed validation answers with the
// code its first failing rule names.
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Access, Endpoint } from '../../shared/api/index.js';
import type { Method } from '../../shared/api/routes.js';
import { apiErrorBody } from '../../shared/api/index.js';
import { API_BODY_LIMIT_BYTES } from '../../shared/constants.js';
import { ApiError, codeOfZodError } from './errors.js';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * Who admits a request to a route: resolves the caller the route's access needs (`S`, a signed-in session), or
 * refuses with the ApiError its access names. The account service is the one (src/server/accounts/access.ts).
 */
export interface Gatekeeper<S> {
  admit(access: Access, request: FastifyRequest, endpoint: Endpoint): Promise<S | undefined>;
}

/** What a handler is given: the checked parts of the request, and the session the route's access needs. */
export interface Call<E extends Endpoint, S> {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  signedIn: E['access'] extends 'public' ? undefined : S;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Answer<E extends Endpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : void;

/**
 * A handler answers with the route's success body (sent with the entry's status), nothing for a 204, or the
 * reply itself when it has sent something else (a file's bytes, an event stream).
 */
export type Handler<E extends Endpoint, S> = (call: Call<E, S>) => Promise<Answer<E> | FastifyReply>;

/** Checks a request part with its zod schema; a failure carries the code its first failing rule names. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    // A JSON route called with no body is checked as an empty object, so it names the first missing field.
    const result = schema.safeParse(httpPart === 'body' ? (data ?? {}) : data);
    return result.success ? { value: result.data } : { error: new ApiError(codeOfZodError(result.error)) };
  };

/** The session the guard resolved for a request, for its handler (undefined on a public route). */
const guarded = new WeakMap<FastifyRequest, unknown>();
/** What a route's `first` holds for a request until it is answered. */
const held = new WeakMap<FastifyRequest, () => void>();
const letGo = async (request: FastifyRequest) => {
  held.get(request)?.();
  held.delete(request);
};

/**
 * A refused request whose body was not read: a large or unsized one closes its connection after the answer, so
 * the server does not go on reading megabytes nobody will parse (a small one is drained, keeping the connection).
 */
function closeIfLargeBody(request: FastifyRequest, reply: FastifyReply): void {
  const length = Number(request.headers['content-length'] ?? 0);
  const unsized = request.headers['transfer-encoding'] !== undefined;
  if (unsized || !(length <= API_BODY_LIMIT_BYTES)) reply.header('Connection', 'close');
}

export interface RouteOptions<E extends Endpoint, S> {
  /**
   * Runs after the guard, before the body is read or the request checked: a limit that counts malformed requests
   * too. What it answers, if anything, is called once the request has its answer (or its connection went): a limit
   * on what is in flight is released there.
   */
  first?: (
    signedIn: Call<E, S>['signedIn'],
    request: FastifyRequest,
  ) => Promise<void | (() => void)> | void | (() => void);
  /** A JSON body larger than the API's usual limit (sync's batches of changes). */
  bodyLimit?: number;
}

export function route<E extends Endpoint, S>(
  app: FastifyInstance,
  gatekeeper: Gatekeeper<S>,
  endpoint: E,
  handler: Handler<E, S>,
  options: RouteOptions<E, S> = {},
): void {
  const [method, url] = endpoint.route.split(' ') as [Method, string];
  app.withTypeProvider<ZodTypeProvider>().route({
    method,
    url,
    attachValidation: true,
    // The same-origin rule (security.ts) reads it from the route's config.
    ...(endpoint.anyOrigin ? { config: { anyOrigin: true } as Record<string, unknown> } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    // After the app's own onRequest hooks (the origin check), before Fastify reads or parses the body.
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        const signedIn = await gatekeeper.admit(endpoint.access, request, endpoint);
        const release = await options.first?.(signedIn as Call<E, S>['signedIn'], request);
        if (release) held.set(request, release);
        guarded.set(request, signedIn);
      } catch (error) {
        closeIfLargeBody(request, reply);
        throw error;
      }
    },
    onResponse: letGo,
    onRequestAbort: letGo,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.consumes ? { consumes: [endpoint.consumes] } : {}),
      response: {
        ...(endpoint.response ? { [endpoint.status]: endpoint.response } : {}),
        '4xx': apiErrorBody,
        '5xx': apiErrorBody,
      },
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const signedIn = guarded.get(request);
      if (request.validationError) throw request.validationError;
      // Fastify checked each part with the entry's schema (validatorCompiler) and the guard gave the session.
      const answer = await handler({
        params: request.params as Call<E, S>['params'],
        query: request.query as Call<E, S>['query'],
        body: request.body as Call<E, S>['body'],
        signedIn: signedIn as Call<E, S>['signedIn'],
        request,
        reply,
      });
      if (answer === reply || reply.sent) return reply;
      if (endpoint.response === null) return reply.status(endpoint.status).send();
      return reply.status(endpoint.status).send(answer);
    },
  });
}
