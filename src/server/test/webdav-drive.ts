// A real WebDAV server (webdav-server, in memory, HTTP Basic auth) for the backup tests, as a member's drive.
// `fault` makes it misbehave the way real drives do: answer uploads with 507 Insufficient Storage (a full
// quota), or drop every connection without an answer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { v2 as webdav } from 'webdav-server';

export interface WebdavDrive {
  /** The address a member would type (a folder on the drive). */
  url: string;
  username: string;
  password: string;
  fault: 'none' | 'full' | 'drop';
  /** Every request's method and path, in order. */
  requests: Array<{ method: string; path: string }>;
  /** A file's bytes on the drive, or null. */
  read(path: string): Promise<Buffer | null>;
  list(folder: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function startWebdavDrive(): Promise<WebdavDrive> {
  const username = 'alice';
  const password = 'app-password-한글';
  const users = new webdav.SimpleUserManager();
  const user = users.addUser(username, password, false);
  const privileges = new webdav.SimplePathPrivilegeManager();
  privileges.setRights(user, '/', ['all']);
  const dav = new webdav.WebDAVServer({
    httpAuthentication: new webdav.HTTPBasicAuthentication(users, 'drive'),
    privilegeManager: privileges,
    requireAuthentification: true,
  });
  await new Promise<void>((resolve, reject) =>
    dav
      .rootFileSystem()
      .addSubTree(dav.createExternalContext(), { 'remote.php': { dav: {} } }, (error) =>
        error ? reject(error) : resolve(),
      ),
  );

  const drive: WebdavDrive = {
    url: '',
    username,
    password,
    fault: 'none',
    requests: [],
    read: (path) =>
      new Promise((resolve) => {
        dav.getResource(dav.createExternalContext(), path, (error, resource) => {
          if (error || !resource) return resolve(null);
          resource.openReadStream((readError, stream) => {
            if (readError || !stream) return resolve(null);
            const parts: Buffer[] = [];
            stream.on('data', (part: Buffer) => parts.push(part));
            stream.on('end', () => resolve(Buffer.concat(parts)));
            stream.on('error', () => resolve(null));
          });
        });
      }),
    list: (folder) =>
      new Promise((resolve) => {
        dav.getResource(dav.createExternalContext(), folder, (error, resource) => {
          if (error || !resource) return resolve([]);
          resource.readDir((readError, names) => resolve(readError || !names ? [] : names.sort()));
        });
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server = http.createServer((request, response) => {
    drive.requests.push({ method: request.method ?? '', path: request.url ?? '' });
    if (drive.fault === 'drop') {
      request.socket.destroy();
      return;
    }
    if (drive.fault === 'full' && request.method === 'PUT') {
      request.resume();
      request.on('end', () => {
        response.writeHead(507, { 'Content-Type': 'text/plain' });
        response.end('Insufficient Storage');
      });
      return;
    }
    (dav.executeRequest as (req: http.IncomingMessage, res: http.ServerResponse) => void)(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  drive.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/remote.php/dav`;
  return drive;
}
