// The WebDAV relay: the app's backups to a member's own WebDAV drive (Nextcloud, Synology, any WebDAV
// server) pass through here, because such drives do not answer the browser's cross-origin requests. The
// server keeps nothing: the backup is already encrypted on the device, the drive's address, user and app
// password arrive with each request and are never stored or logged, and the bytes stream through.
// Backups live in a "MyGenie" folder under the address the member gives; an upload is written under a
// temporary name and renamed when complete, so a dropped upload never looks like a backup.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { createClient, type FileStat, type WebDAVClient } from 'webdav';
import {
  BACKUP_FILE_NAME,
  DRIVE_CREDENTIALS_HEADER,
  webdavCredentials,
  type WebdavCredentials,
} from '../../shared/schemas/drives.js';
import type { AccountService, SignedIn } from '../accounts/service.js';
import { ApiError } from '../http/errors.js';
import { parseBody } from '../http/validate.js';
import { route } from '../http/route.js';
import { API } from '../../shared/api/index.js';
import { uploadBody } from '../storage/http.js';
import { reserveOrRefuse, type RateLimiter } from '../ratelimit/limiter.js';
import { driveAgents, type DriveAgents } from '../http/outbound.js';

export const BACKUP_FOLDER = '/MyGenie';
const IDLE_TIMEOUT_MS = 30_000;
/** The relay is not a general proxy: each member may make this many drive requests per window. */
export const RELAY_LIMIT = 120;
export const RELAY_WINDOW_MS = 10 * 60 * 1000;

export interface WebdavRelayDeps {
  accounts: AccountService;
  limiter: RateLimiter;
  maxUploadBytes: number;
  /** Allow drives on loopback/private addresses and plain http (self-hosting, tests). */
  allowPrivate: boolean;
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ERR_STREAM_PREMATURE_CLOSE',
]);

/** What went wrong with the drive, as one of our codes. */
export function driveError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const failure = error as { status?: number; code?: string; type?: string; cause?: { code?: string } };
  const code = failure.code ?? failure.cause?.code;
  if (code === 'EADDRNOTALLOWED') return new ApiError('drive/address-not-allowed');
  if (typeof failure.status === 'number') {
    if (failure.status === 401 || failure.status === 403) return new ApiError('drive/unauthorized');
    if (failure.status === 404 || failure.status === 409) return new ApiError('drive/not-found');
    if (failure.status === 507 || failure.status === 413) return new ApiError('drive/quota-exceeded');
    return new ApiError('drive/bad-response');
  }
  if ((code && UNREACHABLE.has(code)) || failure.type === 'system' || failure.type === 'aborted') {
    return new ApiError('drive/unreachable');
  }
  return new ApiError('drive/bad-response');
}

function statusError(status: number): ApiError {
  return driveError({ status });
}

export function webdavRoutes(app: FastifyInstance, deps: WebdavRelayDeps): void {
  const agents: DriveAgents = driveAgents({ allowPrivate: deps.allowPrivate, idleMs: IDLE_TIMEOUT_MS });

  const clientFor = (credentials: WebdavCredentials): WebDAVClient => {
    if (!deps.allowPrivate && new URL(credentials.url).protocol !== 'https:') {
      throw new ApiError('drive/invalid-address');
    }
    // Basic auth built here as UTF-8 (RFC 7617): the client library only encodes Latin-1 passwords.
    const basic = Buffer.from(`${credentials.username}:${credentials.password}`, 'utf8').toString('base64');
    return createClient(credentials.url, { headers: { Authorization: `Basic ${basic}` }, ...agents });
  };

  /** A member within the relay's limit. */
  const withinLimit = async ({ user }: SignedIn) => {
    await reserveOrRefuse(deps.limiter, [
      { key: `drive-relay:${user.uid}`, limit: RELAY_LIMIT, windowMs: RELAY_WINDOW_MS },
    ]);
  };

  const credentialsOf = (request: FastifyRequest): WebdavCredentials => {
    const header = request.headers[DRIVE_CREDENTIALS_HEADER];
    let decoded: unknown = null;
    try {
      decoded = JSON.parse(Buffer.from(String(header ?? ''), 'base64').toString('utf8'));
    } catch {
      throw new ApiError('request/invalid');
    }
    return parseBody(webdavCredentials, decoded);
  };

  // The limit counts every relayed request, a malformed one too.
  const relay = { first: withinLimit };

  route(
    app,
    deps.accounts,
    API.webdavList,
    async ({ body }) => {
      const client = clientFor(body);
      let entries: FileStat[];
      try {
        entries = (await client.getDirectoryContents(BACKUP_FOLDER)) as FileStat[];
      } catch (error) {
        const problem = driveError(error);
        // No folder yet: the drive is reachable and the member signed in, there are just no backups.
        if (problem.code === 'drive/not-found') {
          await client.getDirectoryContents('/').catch((rootError: unknown) => {
            throw driveError(rootError);
          });
          return { backups: [] };
        }
        throw problem;
      }
      return {
        backups: entries
          .filter((entry) => entry.type === 'file' && BACKUP_FILE_NAME.test(entry.basename))
          .map((entry) => ({
            name: entry.basename,
            size: entry.size,
            modified: new Date(entry.lastmod).toISOString(),
          }))
          .sort((a, b) => b.name.localeCompare(a.name)),
      };
    },
    relay,
  );

  route(
    app,
    deps.accounts,
    API.webdavUpload,
    async ({ params: { name }, request }) => {
      const client = clientFor(credentialsOf(request));
      const body = uploadBody(request, deps.maxUploadBytes);
      const declared = Number(request.headers['content-length'] ?? NaN);
      if (!Number.isFinite(declared)) throw new ApiError('request/invalid');
      const partial = `${BACKUP_FOLDER}/${name}.part`;
      try {
        if (!(await client.exists(BACKUP_FOLDER))) await client.createDirectory(BACKUP_FOLDER);
        const stored = await client.putFileContents(partial, body, {
          overwrite: true,
          contentLength: declared,
        });
        if (!stored) throw new ApiError('drive/bad-response');
        await client.moveFile(partial, `${BACKUP_FOLDER}/${name}`, { overwrite: false });
      } catch (error) {
        body.resume();
        await client.deleteFile(partial).catch(() => undefined);
        throw driveError(error);
      }
      return { backup: { name, size: declared, modified: new Date().toISOString() } };
    },
    relay,
  );

  route(
    app,
    deps.accounts,
    API.webdavDownload,
    async ({ params: { name }, body, reply }) => {
      const client = clientFor(body);
      let response: Awaited<ReturnType<WebDAVClient['customRequest']>>;
      try {
        response = await client.customRequest(`${BACKUP_FOLDER}/${name}`, { method: 'GET' });
      } catch (error) {
        throw driveError(error);
      }
      if (!response.ok) throw statusError(response.status);
      const length = response.headers.get('content-length');
      if (length) reply.header('Content-Length', length);
      return (
        reply
          .header('Content-Type', 'application/octet-stream')
          .header('Cache-Control', 'private, no-store')
          // webdav's Response type leaves out the body that its fetch (node-fetch) gives as a Node stream.
          .send((response as typeof response & { body: Readable }).body)
      );
    },
    relay,
  );
}
