// The routes of Web Push: checked by the API table, answered by the push service (service.ts).
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/index.js';
import { caller } from '../accounts/access.js';
import type { AccountService } from '../accounts/service.js';
import { route } from '../http/route.js';
import type { PushService } from './service.js';

export function pushRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountService; push: PushService },
): void {
  const { accounts, push } = deps;
  app.addHook('onClose', async () => push.stop());

  route(app, accounts, API.pushKey, () => push.publicKey());

  route(app, accounts, API.pushStatus, ({ signedIn }) => push.status(signedIn));

  route(app, accounts, API.pushRegister, ({ signedIn, body, request }) =>
    push.register(signedIn, body, caller(request)),
  );

  route(app, accounts, API.pushUnregister, ({ signedIn }) => push.unregister(signedIn));
}
