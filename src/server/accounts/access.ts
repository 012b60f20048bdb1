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
import type { ErrorCode } from '../../shared/errors.js';
import { ApiError } from '../http/errors.js';
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

/** Any session, pending included: only for learning the session's own state. */
export async function requireAnySession(
  accounts: SessionAuthority,
  request: FastifyRequest,
): Promise<SignedIn> {
  const signedIn = await currentSession(accounts, request);
  if (!signedIn) throw new ApiError('auth/unauthenticated');
  return signedIn;
}

/** A confirmed session: a sign-in waiting for the new-device check is refused with `session/pending`. */
export async function requireSession(
  accounts: SessionAuthority,
  request: FastifyRequest,
  code: ErrorCode = 'auth/unauthenticated',
): Promise<SignedIn> {
  const signedIn = await currentSession(accounts, request);
  if (!signedIn) throw new ApiError(code);
  if (signedIn.pending) throw new ApiError('session/pending');
  return signedIn;
}

export async function requireMember(
  accounts: SessionAuthority,
  request: FastifyRequest,
  code: ErrorCode = 'auth/unauthenticated',
): Promise<SignedIn> {
  const signedIn = await requireSession(accounts, request, code);
  if (!signedIn.user.emailVerified) throw new ApiError(code);
  return signedIn;
}

export async function requireAdmin(accounts: SessionAuthority, request: FastifyRequest): Promise<SignedIn> {
  const signedIn = await requireMember(accounts, request);
  if (!signedIn.user.isAdmin) throw new ApiError('auth/forbidden');
  return signedIn;
}

/** Admits a request to a route of the given access: the session it needs, or the refusal (http/route.ts). */
export async function admit(
  accounts: SessionAuthority,
  access: Access,
  request: FastifyRequest,
  endpoint: Endpoint,
): Promise<SignedIn | undefined> {
  switch (access) {
    case 'public':
      return undefined;
    case 'any-session':
      return requireAnySession(accounts, request);
    case 'session':
      return requireSession(accounts, request, endpoint.refusal);
    case 'member':
      return requireMember(accounts, request, endpoint.refusal);
    case 'admin':
      return requireAdmin(accounts, request);
  }
}
