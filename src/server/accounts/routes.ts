// The account API. Handlers call one service function and present the result; the route table
// (src/shared/api/) says who may call each and checks what it takes.
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/index.js';
import { SESSION_COOKIE } from '../../shared/constants.js';
import { route } from '../http/route.js';
import { caller, currentSession, ensureDeviceKey, setSessionCookie } from './access.js';
import type { AccountService } from './service.js';

export function accountRoutes(app: FastifyInstance, accounts: AccountService): void {
  /** Whether this browser is signed in, or its sign-in waits for approval on another device. */
  route(app, accounts, API.session, async ({ request }) =>
    accounts.sessionAnswer(await currentSession(accounts, request)),
  );

  /** The browser's auto logout and the member's activity, so the server ends an idle session too. */
  route(app, accounts, API.sessionActivity, async ({ signedIn, body }) => {
    await accounts.reportActivity(signedIn, body.idleMinutes);
  });

  /** This browser can check the master key (the app's vault, the site's verifier): it is asked about new sign-ins. */
  route(app, accounts, API.sessionCanConfirm, async ({ signedIn }) => {
    await accounts.canConfirm(signedIn);
  });

  // A sign-in no signed-in device can confirm waits for the code mailed to the member.
  route(app, accounts, API.confirmSignIn, async ({ signedIn, body }) =>
    accounts.confirmWithCode(signedIn, body.code),
  );
  route(app, accounts, API.resendSignInCode, async ({ signedIn }) => {
    await accounts.resendSignInCode(signedIn);
  });

  route(app, accounts, API.signup, async ({ body, request }) => {
    await accounts.signup(body, caller(request));
    return { email: body.email };
  });

  route(app, accounts, API.signupPolicy, async () => accounts.signupPolicy());

  // Admins invite addresses to sign up while sign-ups are closed to them (invitations.ts).
  route(app, accounts, API.invitations, async ({ signedIn }) => accounts.invitations(signedIn));
  route(app, accounts, API.invite, async ({ signedIn, body }) => ({
    invitation: await accounts.invite(signedIn, body.email, body.lang),
  }));
  route(app, accounts, API.withdrawInvitation, async ({ signedIn, params }) => {
    await accounts.withdrawInvitation(signedIn, params.id);
  });

  route(app, accounts, API.login, async ({ body, request, reply }) => {
    const deviceKey = ensureDeviceKey(request, reply);
    const { token, answer } = await accounts.login(body, { ...caller(request), deviceKey });
    setSessionCookie(request, reply, token);
    return answer;
  });

  route(app, accounts, API.logout, async ({ request, reply }) => {
    await accounts.logout(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  });

  route(app, accounts, API.resendVerification, async ({ body, request }) => {
    await accounts.resendVerification(body, caller(request));
    return {};
  });

  route(app, accounts, API.changePassword, async ({ signedIn, body, request }) => {
    await accounts.changePassword(signedIn, body, caller(request));
  });

  route(app, accounts, API.proveMember, async ({ signedIn, body, request }) => {
    await accounts.proveMember(signedIn, body.currentPassword, caller(request));
  });

  route(app, accounts, API.requestPasswordReset, async ({ body, request }) => {
    await accounts.requestPasswordReset(body, caller(request));
    return {};
  });

  // A mailed link: looking at it uses nothing; verifying or applying needs the person at the link to act.
  route(app, accounts, API.actionInfo, async ({ body }) => accounts.actionInfo(body.token));

  route(app, accounts, API.verifyEmail, async ({ body, request }) =>
    accounts.verifyEmail(body.token, body.password, caller(request)),
  );

  route(app, accounts, API.resetPassword, async ({ body, request }) =>
    accounts.resetPassword(body, caller(request)),
  );

  route(app, accounts, API.sessions, async ({ signedIn }) => ({
    sessions: await accounts.devices(signedIn),
  }));

  route(app, accounts, API.endSession, async ({ signedIn, params }) => {
    await accounts.endDevice(signedIn, params.id);
  });

  route(app, accounts, API.approveSession, async ({ signedIn, params }) => {
    await accounts.approveDevice(signedIn, params.id);
  });

  route(app, accounts, API.blockSession, async ({ signedIn, params, reply }) => {
    await accounts.blockDevice(signedIn, params.id);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  });

  route(app, accounts, API.endOtherSessions, async ({ signedIn }) => {
    await accounts.endOtherDevices(signedIn);
  });
}
