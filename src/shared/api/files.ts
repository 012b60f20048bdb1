// Program files on the download page (uploads by admins).
import { failures, noContent, type Endpoint } from './endpoint.js';
import { fileAnswer, fileList, fileUploadQuery, idParams } from '../schemas/files.js';

export const FILE_API = {
  files: {
    route: 'GET /api/files',
    summary: 'The published program files',
    tag: 'files',
    access: 'member',
    refusal: 'storage/unauthenticated',
    status: 200,
    response: fileList,
  },
  uploadFile: {
    route: 'PUT /api/files',
    summary: 'Publish a program file (the body is its bytes)',
    tag: 'files',
    access: 'admin',
    errors: failures.storedWrite,
    query: fileUploadQuery,
    status: 201,
    response: fileAnswer,
    consumes: 'application/octet-stream',
  },
  downloadFile: {
    route: 'GET /api/files/:id/download',
    summary: "A published file's bytes",
    tag: 'files',
    access: 'member',
    refusal: 'storage/unauthenticated',
    errors: failures.storedRead,
    params: idParams,
    status: 200,
    response: null,
    produces: 'application/octet-stream',
  },
  deleteFile: {
    route: 'DELETE /api/files/:id',
    summary: 'Remove a published file',
    tag: 'files',
    access: 'admin',
    errors: ['storage/object-not-found'],
    params: idParams,
    ...noContent,
  },
} as const satisfies Record<string, Endpoint>;
