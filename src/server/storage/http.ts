// Streaming file bodies in and out of the API: uploads arrive as the raw request body
// (application/octet-stream), downloads leave as attachments.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { ErrorCode } from '../../shared/errors.js';
import { ApiError } from '../http/errors.js';
import { StorageError, type FileStorage } from './storage.js';

export function acceptRawUploads(app: FastifyInstance): void {
  // The body is not read here: the route streams it to storage.
  app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null, undefined));
}

const FAILURE_CODES: Record<StorageError['failure'], ErrorCode> = {
  'too-large': 'storage/too-large',
  empty: 'storage/empty-file',
  'not-found': 'storage/object-not-found',
  aborted: 'storage/upload-aborted',
  unavailable: 'storage/unavailable',
};

export function storageApiError(error: unknown): unknown {
  return error instanceof StorageError ? new ApiError(FAILURE_CODES[error.failure]) : error;
}

/** An upload's declared length (Content-Length), or null when it is not known (a chunked upload). */
export function declaredLength(request: FastifyRequest): number | null {
  const length = Number(request.headers['content-length'] ?? NaN);
  return Number.isFinite(length) ? length : null;
}

/** The raw upload stream, after checking its declared type and length. */
export function uploadBody(request: FastifyRequest, maxBytes: number): Readable {
  if (!String(request.headers['content-type'] ?? '').startsWith('application/octet-stream')) {
    throw new ApiError('request/unsupported-media-type');
  }
  const declared = declaredLength(request);
  if (declared !== null && declared > maxBytes) throw new ApiError('storage/too-large');
  if (declared === 0) throw new ApiError('storage/empty-file');
  return request.raw;
}

export async function sendStored(
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  fileName: string,
  options: { contentType?: string; beforeSend?: () => Promise<void> } = {},
): Promise<FastifyReply> {
  let object;
  try {
    object = await storage.get(key);
  } catch (error) {
    throw storageApiError(error);
  }
  if (options.beforeSend) {
    try {
      await options.beforeSend();
    } catch (error) {
      object.stream.destroy();
      throw error;
    }
  }
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('Content-Type', options.contentType ?? 'application/octet-stream')
    .header('Content-Length', String(object.size))
    .header(
      'Content-Disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('Cache-Control', 'private, no-store')
    .send(object.stream);
}
