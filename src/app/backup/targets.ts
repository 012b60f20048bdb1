// Where backups go: the member's account storage on our server (member documents, within their quota), their
// own WebDAV drive (through our relay, which keeps nothing), their Google Drive (straight from the browser, in
// the app-data folder), or a file on this device. Every remote target answers with typed results: network,
// drive and quota failures are values the screens turn into messages.
import type { MemberDocument } from '../../shared/schemas/files.js';
import { DRIVE_CREDENTIALS_HEADER, type WebdavCredentials } from '../../shared/schemas/drives.js';
import { backupMimeType, type BackupKind } from './format.js';
import { pathOf } from '../../client/api.js';
import type { Api, Output } from '../../shared/api/index.js';

export const BACKUP_NAME_PREFIX = 'mygenie-backup-';

export type TargetId = 'account' | 'webdav' | 'gdrive' | 'file';
export type RemoteTargetId = Exclude<TargetId, 'file'>;

export interface StoredBackup {
  /** How the target finds it again: a document id, a file name, a Drive file id. */
  id: string;
  name: string;
  size: number;
  createdAt: string;
}

export type TargetProblem =
  | 'signed-out'
  | 'quota-exceeded'
  | 'too-large'
  | 'connection'
  | 'not-found'
  | 'drive-unauthorized'
  | 'drive-full'
  | 'drive-unreachable'
  | 'drive-invalid-address'
  | 'drive-address-not-allowed'
  | 'drive-bad-response'
  | 'drive-signed-out'
  | 'drive-not-set';
export type TargetResult<T> = { ok: true; value: T } | { ok: false; problem: TargetProblem };

export interface RemoteTarget {
  list(): Promise<TargetResult<StoredBackup[]>>;
  save(
    backup: Blob,
    kind: BackupKind,
    onProgress?: (fraction: number) => void,
  ): Promise<TargetResult<StoredBackup>>;
  /** The backup's file, as the browser keeps a download (on disk when large), not in the page's memory. */
  load(backup: StoredBackup, onProgress?: (fraction: number) => void): Promise<TargetResult<Blob>>;
}

export function backupFileName(kind: BackupKind, at = new Date()): string {
  const stamp = at
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
  return `${BACKUP_NAME_PREFIX}${stamp}.${kind}`;
}

/** When a backup was made, from its file name (the drive's own dates can be the upload's). */
export function backupDate(name: string, fallback: string): string {
  const match = /^mygenie-backup-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)Z\./.exec(name);
  return match ? `${match[1]}T${match[2]}:${match[3]}:${match[4]}Z` : fallback;
}

export interface HttpAnswer {
  status: number;
  /** The body: a Blob for a download that succeeded, else text. */
  body: Blob | string;
  header(name: string): string | null;
}

/**
 * One HTTP request with upload and download progress (fetch cannot report upload progress). Resolves with
 * the answer whatever its status; null when the connection failed or was dropped.
 */
export function httpRequest(options: {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: XMLHttpRequestBodyInit | null;
  /** A file to download: a successful answer's body comes as a Blob (an error's as text, to read its code). */
  download?: boolean;
  onUploadProgress?: (fraction: number) => void;
  onDownloadProgress?: (fraction: number) => void;
}): Promise<HttpAnswer | null> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open(options.method, options.url);
    if (options.download) {
      // The body's type may be chosen until it starts to arrive, so once the status is known.
      request.onreadystatechange = () => {
        if (request.readyState === XMLHttpRequest.HEADERS_RECEIVED) {
          request.responseType = request.status >= 200 && request.status < 300 ? 'blob' : 'text';
        }
      };
    }
    for (const [name, value] of Object.entries(options.headers ?? {})) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onUploadProgress?.(event.loaded / event.total);
    };
    request.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onDownloadProgress?.(event.loaded / event.total);
    };
    request.onload = () =>
      resolve({
        status: request.status,
        body: request.responseType === 'blob' ? (request.response as Blob) : request.responseText,
        header: (name) => request.getResponseHeader(name),
      });
    request.onerror = () => resolve(null);
    request.ontimeout = () => resolve(null);
    request.onabort = () => resolve(null);
    request.send(options.body ?? null);
  });
}

const API_PROBLEMS: Record<string, TargetProblem> = {
  'storage/unauthenticated': 'signed-out',
  'auth/unauthenticated': 'signed-out',
  'storage/quota-exceeded': 'quota-exceeded',
  'storage/too-large': 'too-large',
  'storage/object-not-found': 'not-found',
  'drive/not-found': 'not-found',
  'drive/unauthorized': 'drive-unauthorized',
  'drive/quota-exceeded': 'drive-full',
  'drive/unreachable': 'drive-unreachable',
  'drive/invalid-address': 'drive-invalid-address',
  'drive/address-not-allowed': 'drive-address-not-allowed',
  'drive/bad-response': 'drive-bad-response',
};

/** Our API's coded error as a target problem. */
function apiProblem(answer: HttpAnswer | null): TargetProblem {
  if (!answer) return 'connection';
  let code: string | undefined;
  try {
    const text = typeof answer.body === 'string' ? answer.body : '';
    code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  } catch {
    code = undefined;
  }
  const known = code ? API_PROBLEMS[code] : undefined;
  if (known) return known;
  if (answer.status === 401) return 'signed-out';
  if (answer.status === 404) return 'not-found';
  if (answer.status === 413) return 'too-large';
  return 'connection';
}

/** A text answer's JSON (a download's Blob is no JSON). */
export function asJson<T>(body: Blob | string): T {
  if (typeof body !== 'string') throw new Error('not a text answer');
  return JSON.parse(body) as T;
}

/** A download's file, or the problem when the answer was not one. */
export function downloaded(answer: HttpAnswer): TargetResult<Blob> {
  return answer.body instanceof Blob
    ? { ok: true, value: answer.body }
    : { ok: false, problem: 'connection' };
}

/** The member's account storage (PUT/GET /api/documents). */
export const accountTarget: RemoteTarget = {
  async list() {
    const answer = await httpRequest({ method: 'GET', url: pathOf('documents') });
    if (answer?.status !== 200) return { ok: false, problem: apiProblem(answer) };
    const list = asJson<Output<Api['documents']>>(answer.body);
    return {
      ok: true,
      value: list.documents
        .filter((document: MemberDocument) => document.name.startsWith(BACKUP_NAME_PREFIX))
        .map((document: MemberDocument) => ({
          id: document.id,
          name: document.name,
          size: document.size,
          createdAt: backupDate(document.name, document.updated),
        })),
    };
  },

  async save(backup, kind, onProgress) {
    const answer = await httpRequest({
      method: 'PUT',
      url: pathOf('uploadDocument', { query: { name: backupFileName(kind), type: backupMimeType(kind) } }),
      headers: { 'Content-Type': 'application/octet-stream' },
      body: backup,
      ...(onProgress ? { onUploadProgress: onProgress } : {}),
    });
    if (answer?.status !== 201) return { ok: false, problem: apiProblem(answer) };
    const { document } = asJson<Output<Api['uploadDocument']>>(answer.body);
    return {
      ok: true,
      value: { id: document.id, name: document.name, size: document.size, createdAt: document.updated },
    };
  },

  async load(backup, onProgress) {
    const answer = await httpRequest({
      method: 'GET',
      url: pathOf('downloadDocument', { params: { id: backup.id } }),
      download: true,
      ...(onProgress ? { onDownloadProgress: onProgress } : {}),
    });
    if (answer?.status !== 200) return { ok: false, problem: apiProblem(answer) };
    return downloaded(answer);
  },
};

/** The member's own WebDAV drive, through our relay (src/server/drives/webdav.ts). */
export function webdavTarget(credentials: WebdavCredentials): RemoteTarget {
  const json = { 'Content-Type': 'application/json' };
  return {
    async list() {
      const answer = await httpRequest({
        method: 'POST',
        url: pathOf('webdavList', { body: credentials }),
        headers: json,
        body: JSON.stringify(credentials),
      });
      if (answer?.status !== 200) return { ok: false, problem: apiProblem(answer) };
      const { backups } = asJson<Output<Api['webdavList']>>(answer.body);
      return {
        ok: true,
        value: backups.map((backup) => ({
          id: backup.name,
          name: backup.name,
          size: backup.size,
          createdAt: backupDate(backup.name, backup.modified),
        })),
      };
    },

    async save(backup, kind, onProgress) {
      const name = backupFileName(kind);
      const packed = new TextEncoder().encode(JSON.stringify(credentials));
      const answer = await httpRequest({
        method: 'PUT',
        url: pathOf('webdavUpload', { params: { name } }),
        headers: {
          'Content-Type': 'application/octet-stream',
          [DRIVE_CREDENTIALS_HEADER]: btoa(String.fromCharCode(...packed)),
        },
        body: backup,
        ...(onProgress ? { onUploadProgress: onProgress } : {}),
      });
      if (answer?.status !== 201) return { ok: false, problem: apiProblem(answer) };
      return { ok: true, value: { id: name, name, size: backup.size, createdAt: backupDate(name, '') } };
    },

    async load(backup, onProgress) {
      const answer = await httpRequest({
        method: 'POST',
        url: pathOf('webdavDownload', { params: { name: backup.name }, body: credentials }),
        headers: json,
        body: JSON.stringify(credentials),
        download: true,
        ...(onProgress ? { onDownloadProgress: onProgress } : {}),
      });
      if (answer?.status !== 200) return { ok: false, problem: apiProblem(answer) };
      return downloaded(answer);
    },
  };
}

/** Saves a backup as a file the browser downloads. */
export function downloadBackup(backup: Blob, kind: BackupKind): string {
  const name = backupFileName(kind);
  const url = URL.createObjectURL(backup);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
