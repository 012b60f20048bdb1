// The WebDAV relay: the app's backups to a member's own WebDAV drive (Nextcloud, Synology, any WebDAV
// server) pass through here, because such drives do not answer the browser's cross-origin requests. The
// server keeps nothing: the backup is already encrypted on the device, the drive's address, user and app
// password arrive with each request and are never stored or logged, and the bytes stream through.
// Backups live in a "MyGenie" folder under the address the member gives; an upload is written under a
// temporary name and renamed when complete, so a dropped upload never looks like a backup.
import type { Readable } from 'node:stream';
import type { FileStat } from 'webdav';
import { BACKUP_FILE_NAME, webdavCredentials, type WebdavCredentials } from '../../shared/schemas/drives.js';
import type { SignedIn } from '../accounts/service.js';
import { ApiError } from '../http/errors.js';
import { parseBody } from '../http/validate.js';
import { authorize } from '../policies/authorize.js';
import { mayReachDrive } from '../policies/resources.js';
import { reserveOrRefuse, type RateLimiter } from '../ratelimit/limiter.js';
import type { Drive, DriveRead, DriveStore } from './store.js';

export const BACKUP_FOLDER = '/MyGenie';
/** A drive connection silent this long is closed. */
export const DRIVE_IDLE_TIMEOUT_MS = 30_000;
/** The relay is not a general proxy: each member may make this many drive requests per window. */
export const RELAY_LIMIT = 120;
export const RELAY_WINDOW_MS = 10 * 60 * 1000;

export interface WebdavRelayDeps {
  limiter: RateLimiter;
  /** The members' drives (store.ts: webdavStore). */
  drives: DriveStore;
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

export type WebdavRelay = ReturnType<typeof webdavRelay>;

export function webdavRelay(deps: WebdavRelayDeps) {
  const driveOf = (credentials: WebdavCredentials): Drive => {
    authorize(mayReachDrive(credentials.url, deps.allowPrivate), 'drive/invalid-address');
    return deps.drives.open(credentials);
  };

  return {
    /** A member within the relay's limit; every relayed request counts, a malformed one too. */
    async withinLimit({ user }: SignedIn): Promise<void> {
      await reserveOrRefuse(deps.limiter, [
        { key: `drive-relay:${user.uid}`, limit: RELAY_LIMIT, windowMs: RELAY_WINDOW_MS },
      ]);
    },

    /** The drive's credentials sent with an upload, in its header (base64 of their JSON). */
    credentialsOf(header: string | string[] | undefined): WebdavCredentials {
      let decoded: unknown = null;
      try {
        decoded = JSON.parse(Buffer.from(String(header ?? ''), 'base64').toString('utf8'));
      } catch {
        throw new ApiError('request/invalid');
      }
      return parseBody(webdavCredentials, decoded);
    },

    /** The backups in the member's folder, newest name first. */
    async list(credentials: WebdavCredentials) {
      const drive = driveOf(credentials);
      let entries: FileStat[];
      try {
        entries = await drive.list(BACKUP_FOLDER);
      } catch (error) {
        const problem = driveError(error);
        // No folder yet: the drive is reachable and the member signed in, there are just no backups.
        if (problem.code === 'drive/not-found') {
          await drive.list('/').catch((rootError: unknown) => {
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

    /** Streams a backup to the drive under a temporary name, renamed once whole. */
    async upload(
      credentials: WebdavCredentials,
      name: string,
      incoming: { open: () => Readable; declared: number | null },
    ) {
      const drive = driveOf(credentials);
      const body = incoming.open();
      const { declared } = incoming;
      if (declared === null) throw new ApiError('request/invalid');
      const partial = `${BACKUP_FOLDER}/${name}.part`;
      try {
        if (!(await drive.exists(BACKUP_FOLDER))) await drive.makeFolder(BACKUP_FOLDER);
        if (!(await drive.write(partial, body, declared))) throw new ApiError('drive/bad-response');
        await drive.move(partial, `${BACKUP_FOLDER}/${name}`);
      } catch (error) {
        body.resume();
        await drive.remove(partial).catch(() => undefined);
        throw driveError(error);
      }
      return { backup: { name, size: declared, modified: new Date().toISOString() } };
    },

    /** A backup's bytes from the drive, as they arrive, with their length when the drive says it. */
    async download(
      credentials: WebdavCredentials,
      name: string,
    ): Promise<{ length: string | null; body: Readable }> {
      const drive = driveOf(credentials);
      let response: DriveRead;
      try {
        response = await drive.read(`${BACKUP_FOLDER}/${name}`);
      } catch (error) {
        throw driveError(error);
      }
      if (!response.ok) throw statusError(response.status);
      return { length: response.length, body: response.body };
    },
  };
}
