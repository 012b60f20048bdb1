// Who is asking and what they may do (description §6, docs/design.md §3): a session is resolved once per request; only a
// confirmed session counts as signed in — one still waiting for the new-device check may learn its own state and
// log out, nothing more; members have a verified e-mail; admins are members whose e-mail is in ADMIN_EMAILS.
// Every route checks through here.
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_S,
  SESSION_ABSOLUTE_TTL_MS,
  SESSION_COOKIE,
} from '../../shared/constants.js';
import type { Access, Endpoint } from '../../shared/api/index.js';
import { ApiError } from '../http/errors.js';
import { refusalOf } from '../policies/members.js';
import type { Caller, SignedIn } from './context.js';

/** What the checks here need of the accounts: the session a cookie's token belongs to (service.ts gives it). */
export interface SessionAuthority {
  authenticate(token: string | undefined): Promise<SignedIn | null>;
}
import { hashToken, randomToken } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session (confirmed or pending), resolved once per request when a route asks for it. */
    signedIn?: SignedIn | null;
  }
}

const DEVICE_SECRET = /^[A-Za-z0-9_-]{43}$/;

/** The browser's device key: the hash of its HttpOnly device secret, or null when it has none. */
export function deviceKey(request: FastifyRequest): string | null {
  const secret = request.cookies[DEVICE_COOKIE];
  return secret && DEVICE_SECRET.test(secret) ? hashToken(secret) : null;
}

/**
 * The browser's device key, giving it a device secret first if it has none. The secret lives only in an HttpOnly
 * cookie, so a script (or a person copying localStorage) cannot carry it to another browser.
 */
export function ensureDeviceKey(request: FastifyRequest, reply: FastifyReply): string {
  const known = deviceKey(request);
  if (known) return known;
  const secret = randomToken();
  reply.setCookie(DEVICE_COOKIE, secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
  return hashToken(secret);
}

export function caller(request: FastifyRequest): Caller {
  return {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    deviceKey: deviceKey(request),
  };
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: Math.floor(SESSION_ABSOLUTE_TTL_MS / 1000),
  });
}

/** The caller's session, confirmed or still pending, or null. */
export async function currentSession(
  accounts: SessionAuthority,
  request: FastifyRequest,
): Promise<SignedIn | null> {
  if (request.signedIn === undefined) {
    request.signedIn = await accounts.authenticate(request.cookies[SESSION_COOKIE]);
  }
  return request.signedIn;
}

/**
 * Admits a request to a route of the given access: the session it needs, or the refusal the policy names
 * (policies/members.ts; http/route.ts calls it).
 */
export async function admit(
  accounts: SessionAuthority,
  access: Access,
  request: FastifyRequest,
  endpoint: Endpoint,
): Promise<SignedIn | undefined> {
  if (access === 'public') return undefined;
  const signedIn = await currentSession(accounts, request);
  const refused = refusalOf(access, signedIn, endpoint.refusal);
  if (refused) throw new ApiError(refused);
  return signedIn ?? undefined;
}
