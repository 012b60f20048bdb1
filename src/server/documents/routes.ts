// The routes of a member's own documents: checked by the API table, answered by the document service.
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/index.js';
import type { AccountGate } from '../accounts/service.js';
import { route } from '../http/route.js';
import { declaredLength, sendStored, uploadBody } from '../storage/http.js';
import type { FileStorage } from '../storage/storage.js';
import type { DocumentService } from './service.js';

export function documentRoutes(
  app: FastifyInstance,
  deps: {
    gate: AccountGate;
    documents: DocumentService;
    storage: FileStorage;
    maxUploadBytes: number;
  },
): void {
  const { gate, documents, storage } = deps;

  route(app, gate, API.documents, ({ signedIn: { user } }) => documents.list(user.uid));

  route(app, gate, API.uploadDocument, ({ signedIn: { user }, query, request }) =>
    documents.upload(
      user.uid,
      { name: query.name, type: query.type },
      uploadBody(request, deps.maxUploadBytes),
      declaredLength(request),
    ),
  );

  route(app, gate, API.downloadDocument, async ({ signedIn: { user }, params, reply }) => {
    const file = await documents.file(user.uid, params.id);
    return sendStored(reply, storage, file.storageKey, file.name, { contentType: file.contentType });
  });

  route(app, gate, API.deleteDocument, ({ signedIn: { user }, params, request }) =>
    documents.remove(user.uid, params.id, request.log),
  );
}
