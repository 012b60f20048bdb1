// The account API. Handlers validate, call one service function and present the result.
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../../shared/constants.js';
import {
  actionInfoBody,
  loginBody,
  passwordChangeBody,
  passwordResetBody,
  resendVerificationBody,
  resetPasswordBody,
  sessionActivityBody,
  sessionParams,
  signupBody,
  verifyEmailBody,
  type ActionInfo,
  type DeviceSessionList,
  type ResetPasswordResponse,
  type SessionResponse,
  type VerifyEmailResponse,
} from '../../shared/schemas/auth.js';
import { parseBody } from '../http/validate.js';
import {
  caller,
  currentSession,
  ensureDeviceKey,
  requireAnySession,
  requireSession,
  setSessionCookie,
} from './access.js';
import { deviceEventRoutes } from './events.js';
import type { AccountService } from './service.js';

export function accountRoutes(app: FastifyInstance, accounts: AccountService): void {
  /** Whether this browser is signed in, or its sign-in waits for approval on another device. */
  app.get('/api/session', async (request): Promise<SessionResponse> =>
    accounts.sessionAnswer(await currentSession(accounts, request)),
  );

  /** The browser's auto logout and the member's activity, so the server ends an idle session too. */
  app.post('/api/session/activity', async (request, reply) => {
    const signedIn = await requireAnySession(accounts, request);
    const body = parseBody(sessionActivityBody, request.body);
    await accounts.reportActivity(signedIn, body.idleMinutes);
    return reply.status(204).send();
  });

  app.post('/api/auth/signup', async (request, reply) => {
    const body = parseBody(signupBody, request.body);
    await accounts.signup(body, caller(request));
    return reply.status(201).send({ email: body.email });
  });

  app.post('/api/auth/login', async (request, reply): Promise<SessionResponse> => {
    const body = parseBody(loginBody, request.body);
    const deviceKey = ensureDeviceKey(request, reply);
    const { token, answer } = await accounts.login(body, { ...caller(request), deviceKey });
    setSessionCookie(request, reply, token);
    return answer;
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
    await accounts.changePassword(signedIn, body, caller(request));
    return reply.status(204).send();
  });

  app.post('/api/auth/password-reset', async (request, reply) => {
    const body = parseBody(passwordResetBody, request.body);
    await accounts.requestPasswordReset(body, caller(request));
    return reply.status(202).send({});
  });

  // A mailed link: looking at it uses nothing; verifying or applying needs the person at the link to act.
  app.post('/api/auth/action/info', async (request): Promise<ActionInfo> => {
    const body = parseBody(actionInfoBody, request.body);
    return accounts.actionInfo(body.token);
  });

  app.post('/api/auth/verify-email', async (request): Promise<VerifyEmailResponse> => {
    const body = parseBody(verifyEmailBody, request.body);
    return accounts.verifyEmail(body.token, body.password, caller(request));
  });

  app.post('/api/auth/reset-password', async (request): Promise<ResetPasswordResponse> => {
    const body = parseBody(resetPasswordBody, request.body);
    return accounts.resetPassword(body, caller(request));
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
}
