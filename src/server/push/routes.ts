// The routes of Web Push: checked by the API table, answered by the push service (service.ts).
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/index.js';
import { caller } from '../accounts/access.js';
import type { AccountGate } from '../accounts/service.js';
import { route } from '../http/route.js';
import type { PushService } from './service.js';

export function pushRoutes(app: FastifyInstance, deps: { gate: AccountGate; push: PushService }): void {
  const { gate, push } = deps;
  app.addHook('onClose', async () => push.stop());

  route(app, gate, API.pushKey, () => push.publicKey());

  route(app, gate, API.pushStatus, ({ signedIn }) => push.status(signedIn));

  route(app, gate, API.pushRegister, ({ signedIn, body, request }) =>
    push.register(signedIn, body, caller(request)),
  );

  route(app, gate, API.pushUnregister, ({ signedIn }) => push.unregister(signedIn));
}
