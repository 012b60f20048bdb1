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
  route(app, accounts.gate, API.session, async ({ request }) =>
    accounts.signIn.sessionAnswer(await currentSession(accounts.signIn, request)),
  );

  /** The browser's auto logout and the member's activity, so the server ends an idle session too. */
  route(app, accounts.gate, API.sessionActivity, async ({ signedIn, body }) => {
    await accounts.signIn.reportActivity(signedIn, body.idleMinutes);
  });

  /** This browser can check the master key (the app's vault, the site's verifier): it is asked about new sign-ins. */
  route(app, accounts.gate, API.sessionCanConfirm, async ({ signedIn }) => {
    await accounts.devices.canConfirm(signedIn);
  });

  // A sign-in no signed-in device can confirm waits for the code mailed to the member.
  route(app, accounts.gate, API.confirmSignIn, async ({ signedIn, body }) =>
    accounts.devices.confirmWithCode(signedIn, body.code),
  );
  route(app, accounts.gate, API.resendSignInCode, async ({ signedIn }) => {
    await accounts.devices.resendSignInCode(signedIn);
  });

  route(app, accounts.gate, API.signup, async ({ body, request }) => {
    await accounts.links.signup(body, caller(request));
    return { email: body.email };
  });

  route(app, accounts.gate, API.signupPolicy, async () => accounts.invitations.signupPolicy());

  // Admins invite addresses to sign up while sign-ups are closed to them (invitations.ts).
  route(app, accounts.gate, API.invitations, async ({ signedIn }) =>
    accounts.invitations.invitations(signedIn),
  );
  route(app, accounts.gate, API.invite, async ({ signedIn, body }) => ({
    invitation: await accounts.invitations.invite(signedIn, body.email, body.lang),
  }));
  route(app, accounts.gate, API.withdrawInvitation, async ({ signedIn, params }) => {
    await accounts.invitations.withdrawInvitation(signedIn, params.id);
  });

  route(app, accounts.gate, API.login, async ({ body, request, reply }) => {
    const deviceKey = ensureDeviceKey(request, reply);
    const { token, answer } = await accounts.signIn.login(body, { ...caller(request), deviceKey });
    setSessionCookie(request, reply, token);
    return answer;
  });

  route(app, accounts.gate, API.logout, async ({ request, reply }) => {
    await accounts.signIn.logout(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  });

  route(app, accounts.gate, API.resendVerification, async ({ body, request }) => {
    await accounts.links.resendVerification(body, caller(request));
    return {};
  });

  route(app, accounts.gate, API.changePassword, async ({ signedIn, body, request }) => {
    await accounts.signIn.changePassword(signedIn, body, caller(request));
  });

  route(app, accounts.gate, API.proveMember, async ({ signedIn, body, request }) => {
    await accounts.proofs.proveMember(signedIn, body.currentPassword, caller(request));
  });

  route(app, accounts.gate, API.requestPasswordReset, async ({ body, request }) => {
    await accounts.links.requestPasswordReset(body, caller(request));
    return {};
  });

  // A mailed link: looking at it uses nothing; verifying or applying needs the person at the link to act.
  route(app, accounts.gate, API.actionInfo, async ({ body }) => accounts.links.actionInfo(body.token));

  route(app, accounts.gate, API.verifyEmail, async ({ body, request }) =>
    accounts.links.verifyEmail(body.token, body.password, caller(request)),
  );

  route(app, accounts.gate, API.resetPassword, async ({ body, request }) =>
    accounts.links.resetPassword(body, caller(request)),
  );

  route(app, accounts.gate, API.sessions, async ({ signedIn }) => ({
    sessions: await accounts.devices.devices(signedIn),
  }));

  route(app, accounts.gate, API.endSession, async ({ signedIn, params }) => {
    await accounts.devices.endDevice(signedIn, params.id);
  });

  route(app, accounts.gate, API.approveSession, async ({ signedIn, params }) => {
    await accounts.devices.approveDevice(signedIn, params.id);
  });

  route(app, accounts.gate, API.blockSession, async ({ signedIn, params, reply }) => {
    await accounts.devices.blockDevice(signedIn, params.id);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  });

  route(app, accounts.gate, API.endOtherSessions, async ({ signedIn }) => {
    await accounts.devices.endOtherDevices(signedIn);
  });
}
