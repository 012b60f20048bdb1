// The routes of the update banner: checked by the API table, answered by the banner service; the home page's read
// is sent as the service keeps it, serialized.
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/index.js';
import type { AccountGate } from '../accounts/service.js';
import { route } from '../http/route.js';
import type { BannerService } from './service.js';

export function bannerRoutes(app: FastifyInstance, deps: { gate: AccountGate; banner: BannerService }): void {
  const { gate, banner } = deps;
  app.addHook('onClose', async () => banner.close());

  route(app, gate, API.banner, async ({ reply }) =>
    reply.type('application/json; charset=utf-8').send(await banner.current()),
  );

  route(app, gate, API.adminBanner, ({ signedIn }) => banner.read(signedIn));

  route(app, gate, API.writeBanner, ({ signedIn, body }) => banner.write(signedIn, body));

  route(app, gate, API.removeBanner, ({ signedIn, body }) => banner.remove(signedIn, body.revision));
}
