// Publishes a file (description §5 "Admin"): the raw file is sent with XMLHttpRequest, not fetch, because only
// XHR reports how much of the body has been sent, which the upload form shows as a progress bar.
import type { FileCategory } from '../../../shared/constants.js';
import { isErrorCode, type ErrorCode } from '../../../shared/errors.js';
import type { PublishedFile } from '../../../shared/schemas/files.js';
import { pathOf } from '../../../client/api.js';
import type { Api, Output } from '../../../shared/api/index.js';

/** 'network': the server could not be reached or the upload was cancelled; 'unknown': no usable error code. */
export type UploadFailureCode = ErrorCode | 'network' | 'unknown';

export class UploadFailure extends Error {
  constructor(
    readonly code: UploadFailureCode,
    readonly status: number,
  ) {
    super(code);
  }
}

export interface UploadFields {
  name: string;
  description: string;
  version: string;
  category: FileCategory;
  latest: boolean;
}

/** `PUT /api/files` with the form's fields and the file's original name. */
export function uploadPath(file: File, fields: UploadFields): string {
  return pathOf('uploadFile', {
    query: {
      name: fields.name,
      description: fields.description,
      version: fields.version,
      category: fields.category,
      latest: fields.latest ? 'true' : 'false',
      filename: file.name,
    },
  });
}

function failureFrom(status: number, responseText: string): UploadFailure {
  let code: unknown;
  try {
    code = (JSON.parse(responseText) as { error?: { code?: unknown } } | null)?.error?.code;
  } catch {
    code = undefined;
  }
  if (isErrorCode(code)) return new UploadFailure(code, status);
  // A proxy in front of the server may answer without our error body.
  if (status === 413) return new UploadFailure('storage/too-large', status);
  if (status === 502 || status === 503 || status === 504)
    return new UploadFailure('server/unavailable', status);
  return new UploadFailure('unknown', status);
}

/**
 * Uploads `file` with its details. `onProgress` receives the share of the body sent so far (0 to 1). Resolves
 * with the published file (or null when the answer had no readable body); rejects with an UploadFailure.
 */
export function uploadFile(
  file: File,
  fields: UploadFields,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<PublishedFile | null> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadFailure('network', 0));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', uploadPath(file, fields));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        try {
          resolve((JSON.parse(xhr.responseText) as Partial<Output<Api['uploadFile']>>).file ?? null);
        } catch {
          resolve(null);
        }
        return;
      }
      reject(failureFrom(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => {
      settle();
      reject(new UploadFailure('network', 0));
    };
    xhr.onabort = () => {
      settle();
      reject(new UploadFailure('network', 0));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new UploadFailure('network', 0));
    };
    xhr.send(file);
  });
}
