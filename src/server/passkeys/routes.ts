// The routes of passkeys: checked by the API table, answered by the passkey service (service.ts); a passkey
// sign-in opens its session here, as a password's does.
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/index.js';
import { caller, ensureDeviceKey, setSessionCookie } from '../accounts/access.js';
import type { AccountGate, SignInService } from '../accounts/service.js';
import { route } from '../http/route.js';
import type { PasskeyService } from './service.js';

export function passkeyRoutes(
  app: FastifyInstance,
  deps: { gate: AccountGate; signIn: Pick<SignInService, 'signInAs'>; passkeys: PasskeyService },
): void {
  const { gate, signIn, passkeys } = deps;

  route(app, gate, API.passkeyRegisterOptions, ({ signedIn, body, request }) =>
    passkeys.registerOptions(signedIn, body.currentPassword, caller(request)),
  );

  route(app, gate, API.passkeyRegister, ({ signedIn, body, request }) =>
    passkeys.register(signedIn, body.response, String(request.headers['user-agent'] ?? '')),
  );

  route(app, gate, API.passkeys, ({ signedIn }) => passkeys.list(signedIn));

  route(app, gate, API.deletePasskey, ({ signedIn, params }) => passkeys.remove(signedIn, params.id));

  route(app, gate, API.passkeyLoginOptions, ({ request }) => passkeys.loginOptions(request.ip));

  route(app, gate, API.passkeyLogin, async ({ body, request, reply }) => {
    const member = await passkeys.signedInMember(body.response, request.ip);
    const deviceKey = ensureDeviceKey(request, reply);
    const { token, answer } = await signIn.signInAs(
      member.userId,
      { ...caller(request), deviceKey },
      body.idleMinutes,
    );
    setSessionCookie(request, reply, token);
    return { ...answer, vaultUnlock: member.vaultUnlock };
  });

  route(app, gate, API.passkeyUnlockOptions, ({ signedIn }) => passkeys.unlockOptions(signedIn));

  route(app, gate, API.passkeyUnlockCheck, ({ signedIn, body, request }) =>
    passkeys.unlockCheck(signedIn, body.response, body.enrol, request.ip),
  );

  route(app, gate, API.endPasskeyUnlock, ({ signedIn, params }) => passkeys.endUnlock(signedIn, params.id));

  route(app, gate, API.endPasskeyUnlocks, ({ signedIn }) => passkeys.endAllUnlocks(signedIn));

  route(app, gate, API.passkeyReauthOptions, ({ signedIn }) => passkeys.reauthOptions(signedIn));

  route(app, gate, API.passkeyReauth, ({ signedIn, body, request }) =>
    passkeys.reauth(signedIn, body.response, request.ip),
  );
}
