// The routes of passkeys: checked by the API table, answered by the passkey service (service.ts); a passkey
// sign-in opens its session here, as a password's does.
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/index.js';
import { caller, ensureDeviceKey, setSessionCookie } from '../accounts/access.js';
import type { AccountService } from '../accounts/service.js';
import { route } from '../http/route.js';
import type { PasskeyService } from './service.js';

export function passkeyRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountService; passkeys: PasskeyService },
): void {
  const { accounts, passkeys } = deps;

  route(app, accounts, API.passkeyRegisterOptions, ({ signedIn, body, request }) =>
    passkeys.registerOptions(signedIn, body.currentPassword, caller(request)),
  );

  route(app, accounts, API.passkeyRegister, ({ signedIn, body, request }) =>
    passkeys.register(signedIn, body.response, String(request.headers['user-agent'] ?? '')),
  );

  route(app, accounts, API.passkeys, ({ signedIn }) => passkeys.list(signedIn));

  route(app, accounts, API.deletePasskey, ({ signedIn, params }) => passkeys.remove(signedIn, params.id));

  route(app, accounts, API.passkeyLoginOptions, ({ request }) => passkeys.loginOptions(request.ip));

  route(app, accounts, API.passkeyLogin, async ({ body, request, reply }) => {
    const member = await passkeys.signedInMember(body.response, request.ip);
    const deviceKey = ensureDeviceKey(request, reply);
    const { token, answer } = await accounts.signInAs(
      member.userId,
      { ...caller(request), deviceKey },
      body.idleMinutes,
    );
    setSessionCookie(request, reply, token);
    return { ...answer, vaultUnlock: member.vaultUnlock };
  });

  route(app, accounts, API.passkeyUnlockOptions, ({ signedIn }) => passkeys.unlockOptions(signedIn));

  route(app, accounts, API.passkeyUnlockCheck, ({ signedIn, body, request }) =>
    passkeys.unlockCheck(signedIn, body.response, body.enrol, request.ip),
  );

  route(app, accounts, API.endPasskeyUnlock, ({ signedIn, params }) =>
    passkeys.endUnlock(signedIn, params.id),
  );

  route(app, accounts, API.endPasskeyUnlocks, ({ signedIn }) => passkeys.endAllUnlocks(signedIn));

  route(app, accounts, API.passkeyReauthOptions, ({ signedIn }) => passkeys.reauthOptions(signedIn));

  route(app, accounts, API.passkeyReauth, ({ signedIn, body, request }) =>
    passkeys.reauth(signedIn, body.response, request.ip),
  );
}
