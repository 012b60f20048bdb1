// Response headers for every answer, and the same-origin rule for state-changing requests (docs/design.md §3.1).
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';

const contentSecurityPolicy = (connectSources: string[]) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    ["connect-src 'self'", ...connectSources].join(' '),
    "media-src 'self' blob:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'self' blob:",
    // Only so a PDF the app decrypted can be shown from its blob: URL; no plugin content from anywhere else.
    'object-src blob:',
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Distinct refused origins the log tells of, at most. */
const REFUSED_ORIGINS_LOGGED = 20;

/** `connectOrigins`: other origins the app may call (the Google Drive API, when configured). */
export function registerSecurity(
  app: FastifyInstance,
  publicUrl: string,
  options: { connectOrigins?: string[] } = {},
): void {
  const publicOrigin = new URL(publicUrl).origin;
  const policy = contentSecurityPolicy(options.connectOrigins ?? []);
  // The fortune embed calls the AI API the member chose, straight from the browser (the key never reaches us):
  // any https origin, or a model served on the member's own computer.
  const embedPolicy = contentSecurityPolicy([
    ...(options.connectOrigins ?? []),
    'https:',
    'http://localhost:*',
    'http://127.0.0.1:*',
  ]);

  // Origins already logged as refused: a site opened at another address than PUBLIC_URL (127.0.0.1, a LAN address)
  // fails every sign-in, and the log says why once per address, not once per request (nor without end for a caller
  // who sends a new Origin each time).
  const refusedOrigins = new Set<string>();
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if ((request.routeOptions.config as { anyOrigin?: boolean } | undefined)?.anyOrigin) return;
    // Only the site's own address counts: the request's Host is the caller's to choose.
    const origin = request.headers.origin;
    if (origin === publicOrigin) return;
    const shown = typeof origin === 'string' ? origin.slice(0, 200) : '(none)';
    if (refusedOrigins.size < REFUSED_ORIGINS_LOGGED && !refusedOrigins.has(shown)) {
      refusedOrigins.add(shown);
      request.log.warn(
        { origin: shown, expectedOrigin: publicOrigin },
        `refused a ${request.method} from the origin ${shown}: this server accepts only ${publicOrigin}, the origin of PUBLIC_URL. Open the site at that address, or set PUBLIC_URL to the address people use.`,
      );
    }
    throw new ApiError('request/forbidden-origin', { expectedOrigin: publicOrigin });
  });

  app.addHook('onSend', async (request, reply) => {
    const embed = /^\/fortune-embed(?:[/?]|$)/.test(request.url);
    reply.header('Content-Security-Policy', embed ? embedPolicy : policy);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });
}
