// The routes of published program files: checked by the API table, answered by the file service.
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/index.js';
import type { AccountGate } from '../accounts/service.js';
import { route } from '../http/route.js';
import { sendStored, uploadBody } from '../storage/http.js';
import type { FileStorage } from '../storage/storage.js';
import type { FileService } from './service.js';

export function fileRoutes(
  app: FastifyInstance,
  deps: { gate: AccountGate; files: FileService; storage: FileStorage; maxUploadBytes: number },
): void {
  const { gate, files, storage } = deps;

  route(app, gate, API.files, () => files.list());

  route(app, gate, API.uploadFile, ({ signedIn, query, request }) =>
    files.upload(signedIn, query, uploadBody(request, deps.maxUploadBytes)),
  );

  route(app, gate, API.downloadFile, async ({ params: { id }, reply }) => {
    const file = await files.download(id);
    return sendStored(reply, storage, file.storageKey, file.fileName, { beforeSend: file.count });
  });

  route(app, gate, API.deleteFile, ({ signedIn, params: { id }, request }) =>
    files.remove(signedIn, id, request.log),
  );
}
