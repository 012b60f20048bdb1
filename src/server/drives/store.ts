// Where the relay keeps a member's backups: their own WebDAV drive, reached with the credentials each request
// carries (never stored). What the drive is asked, in WebDAV's terms; what may be asked, and what its answers mean
// to the member, is the relay's (service.ts).
import type { Readable } from 'node:stream';
import { createClient, type FileStat, type WebDAVClient } from 'webdav';
import type { WebdavCredentials } from '../../shared/schemas/drives.js';
import { driveAgents } from '../http/outbound.js';

/** A drive's answer to a read: its status, the length it declares, and its bytes as they arrive. */
export interface DriveRead {
  ok: boolean;
  status: number;
  length: string | null;
  body: Readable;
}

/** One member's drive, as the credentials of one request open it. */
export interface Drive {
  /** The files and folders in a folder (a missing folder fails as the drive answers it: 404). */
  list(folder: string): Promise<FileStat[]>;
  exists(path: string): Promise<boolean>;
  makeFolder(path: string): Promise<void>;
  /** Writes a file of `length` bytes (replacing one of that name); false when the drive did not take it. */
  write(path: string, body: Readable, length: number): Promise<boolean>;
  /** Renames a file, never over an existing one. */
  move(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
  read(path: string): Promise<DriveRead>;
}

/** The drives the relay reaches. */
export interface DriveStore {
  open(credentials: WebdavCredentials): Drive;
}

/**
 * WebDAV drives, reached through the outbound guard (no address of our own network unless `allowPrivate`), each
 * connection closed after `idleMs` of silence.
 */
export function webdavStore(options: { allowPrivate: boolean; idleMs: number }): DriveStore {
  const agents = driveAgents({ allowPrivate: options.allowPrivate, idleMs: options.idleMs });
  return {
    open(credentials) {
      // Basic auth built here as UTF-8 (RFC 7617): the client library only encodes Latin-1 passwords.
      const basic = Buffer.from(`${credentials.username}:${credentials.password}`, 'utf8').toString('base64');
      const client: WebDAVClient = createClient(credentials.url, {
        headers: { Authorization: `Basic ${basic}` },
        ...agents,
      });
      return {
        list: async (folder) => (await client.getDirectoryContents(folder)) as FileStat[],
        exists: (path) => client.exists(path),
        makeFolder: (path) => client.createDirectory(path),
        write: (path, body, length) =>
          client.putFileContents(path, body, { overwrite: true, contentLength: length }),
        move: (from, to) => client.moveFile(from, to, { overwrite: false }),
        remove: (path) => client.deleteFile(path),
        async read(path) {
          const response = await client.customRequest(path, { method: 'GET' });
          return {
            ok: response.ok,
            status: response.status,
            length: response.headers.get('content-length'),
            // webdav's Response type leaves out the body that its fetch (node-fetch) gives as a Node stream.
            body: (response as typeof response & { body: Readable }).body,
          };
        },
      };
    },
  };
}
