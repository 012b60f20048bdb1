// A member's own documents, within the quota.
import { failures, noContent, type Endpoint } from './endpoint.js';
import { documentAnswer, documentList, documentUploadQuery, idParams } from '../schemas/files.js';

export const DOCUMENT_API = {
  documents: {
    route: 'GET /api/documents',
    summary: "The member's documents and quota",
    tag: 'documents',
    access: 'member',
    refusal: 'storage/unauthenticated',
    status: 200,
    response: documentList,
  },
  uploadDocument: {
    route: 'PUT /api/documents',
    summary: 'Store a document (the body is its bytes)',
    tag: 'documents',
    access: 'member',
    refusal: 'storage/unauthenticated',
    errors: ['storage/quota-exceeded', ...failures.storedWrite],
    query: documentUploadQuery,
    status: 201,
    response: documentAnswer,
    consumes: 'application/octet-stream',
  },
  downloadDocument: {
    route: 'GET /api/documents/:id/download',
    summary: "A document's bytes",
    tag: 'documents',
    access: 'member',
    refusal: 'storage/unauthenticated',
    errors: failures.storedRead,
    params: idParams,
    status: 200,
    response: null,
    produces: 'application/octet-stream',
  },
  deleteDocument: {
    route: 'DELETE /api/documents/:id',
    summary: 'Delete a document',
    tag: 'documents',
    access: 'member',
    refusal: 'storage/unauthenticated',
    errors: ['storage/object-not-found'],
    params: idParams,
    ...noContent,
  },
} as const satisfies Record<string, Endpoint>;
