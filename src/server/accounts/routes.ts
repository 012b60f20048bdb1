// The account API. Handlers validate, call one service function and present the result.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SESSION_IDLE_TTL_MS } from '../../shared/constants.js';
import {
  actionBody,
  loginBody,
  passwordChangeBody,
  passwordResetBody,
  resendVerificationBody,
  sessionParams,
  signupBody,
  type DeviceSessionList,
  type SessionResponse,
} from '../../shared/schemas/auth.js';
import { ApiError } from '../http/errors.js';
import { parseBody } from '../http/validate.js';
import { deviceEventRoutes } from './events.js';
import type { AccountService, Caller, SignedIn } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, resolved once per request when a route asks for it. */
    signedIn?: SignedIn | null;
  }
}

export function caller(request: FastifyRequest): Caller {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

export async function currentSession(
  accounts: AccountService,
  request: FastifyRequest,
): Promise<SignedIn | null> {
  if (request.signedIn === undefined) {
    request.signedIn = await accounts.authenticate(request.cookies[SESSION_COOKIE]);
  }
  return request.signedIn;
}

export async function requireSession(accounts: AccountService, request: FastifyRequest): Promise<SignedIn> {
  const signedIn = await currentSession(accounts, request);
  if (!signedIn) throw new ApiError('auth/unauthenticated');
  return signedIn;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: Math.floor(SESSION_IDLE_TTL_MS / 1000),
  });
}

export function accountRoutes(app: FastifyInstance, accounts: AccountService): void {
  app.get('/api/session', async (request): Promise<SessionResponse> => {
    const signedIn = await currentSession(accounts, request);
    return { user: signedIn?.user ?? null };
  });

  app.post('/api/auth/signup', async (request, reply) => {
    const body = parseBody(signupBody, request.body);
    await accounts.signup(body, caller(request));
    return reply.status(201).send({ email: body.email });
  });

  app.post('/api/auth/login', async (request, reply): Promise<SessionResponse> => {
    const body = parseBody(loginBody, request.body);
    const { token, signedIn } = await accounts.login(body, caller(request));
    setSessionCookie(request, reply, token);
    return { user: signedIn.user };
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await accounts.logout(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  app.post('/api/auth/resend-verification', async (request, reply) => {
    const body = parseBody(resendVerificationBody, request.body);
    await accounts.resendVerification(body, caller(request));
    return reply.status(202).send({});
  });

  app.post('/api/auth/password', async (request, reply) => {
    const signedIn = await requireSession(accounts, request);
    const body = parseBody(passwordChangeBody, request.body);
    await accounts.changePassword(signedIn, body.newPassword);
    return reply.status(204).send();
  });

  app.post('/api/auth/password-reset', async (request, reply) => {
    const body = parseBody(passwordResetBody, request.body);
    await accounts.requestPasswordReset(body);
    return reply.status(202).send({});
  });

  app.get('/api/sessions', async (request): Promise<DeviceSessionList> => {
    const signedIn = await requireSession(accounts, request);
    return { sessions: await accounts.devices(signedIn) };
  });

  app.delete('/api/sessions/:id', async (request, reply) => {
    const signedIn = await requireSession(accounts, request);
    const { id } = parseBody(sessionParams, request.params);
    await accounts.endDevice(signedIn, id);
    return reply.status(204).send();
  });

  app.post('/api/sessions/:id/approve', async (request, reply) => {
    const signedIn = await requireSession(accounts, request);
    const { id } = parseBody(sessionParams, request.params);
    await accounts.approveDevice(signedIn, id);
    return reply.status(204).send();
  });

  app.post('/api/sessions/:id/block', async (request, reply) => {
    const signedIn = await requireSession(accounts, request);
    const { id } = parseBody(sessionParams, request.params);
    await accounts.blockDevice(signedIn, id);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  deviceEventRoutes(app, accounts);

  app.post('/api/sessions/end-others', async (request, reply) => {
    const signedIn = await requireSession(accounts, request);
    await accounts.endOtherDevices(signedIn);
    return reply.status(204).send();
  });

  app.post('/api/auth/action', async (request) => {
    const body = parseBody(actionBody, request.body);
    return accounts.applyAction(body.token);
  });
}
