// The routes of the WebDAV relay: checked by the API table, answered by the relay (service.ts); each counts
// against the member's relay limit before its body is read.
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/index.js';
import { DRIVE_CREDENTIALS_HEADER } from '../../shared/schemas/drives.js';
import type { AccountGate } from '../accounts/service.js';
import { route } from '../http/route.js';
import { declaredLength, uploadBody } from '../storage/http.js';
import type { WebdavRelay } from './service.js';

export function webdavRoutes(
  app: FastifyInstance,
  deps: { gate: AccountGate; relay: WebdavRelay; maxUploadBytes: number },
): void {
  const { gate, relay } = deps;
  const limited = { first: relay.withinLimit };

  route(app, gate, API.webdavList, ({ body }) => relay.list(body), limited);

  route(
    app,
    gate,
    API.webdavUpload,
    ({ params: { name }, request }) => {
      const credentials = relay.credentialsOf(request.headers[DRIVE_CREDENTIALS_HEADER]);
      return relay.upload(credentials, name, {
        open: () => uploadBody(request, deps.maxUploadBytes),
        declared: declaredLength(request),
      });
    },
    limited,
  );

  route(
    app,
    gate,
    API.webdavDownload,
    async ({ params: { name }, body, reply }) => {
      const backup = await relay.download(body, name);
      if (backup.length) reply.header('Content-Length', backup.length);
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Cache-Control', 'private, no-store')
        .send(backup.body);
    },
    limited,
  );
}
