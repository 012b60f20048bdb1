// Backups on a WebDAV drive, relayed by the server.
import { failures, type Endpoint } from './endpoint.js';
import {
  backupNameParams,
  driveBackupAnswer,
  driveBackupList,
  webdavCredentials,
} from '../schemas/drives.js';

export const DRIVE_API = {
  webdavList: {
    route: 'POST /api/drives/webdav/list',
    summary: "The backups in the member's WebDAV folder",
    tag: 'drives',
    access: 'member',
    refusal: 'storage/unauthenticated',
    errors: ['auth/too-many-requests', ...failures.drive],
    body: webdavCredentials,
    status: 200,
    response: driveBackupList,
  },
  webdavUpload: {
    route: 'PUT /api/drives/webdav/backups/:name',
    summary: 'Put a backup on the WebDAV drive (the body is the backup)',
    tag: 'drives',
    access: 'member',
    refusal: 'storage/unauthenticated',
    errors: ['auth/too-many-requests', 'request/invalid', ...failures.drive],
    params: backupNameParams,
    status: 201,
    response: driveBackupAnswer,
    consumes: 'application/octet-stream',
  },
  webdavDownload: {
    route: 'POST /api/drives/webdav/backups/:name/download',
    summary: 'Fetch a backup from the WebDAV drive',
    tag: 'drives',
    access: 'member',
    refusal: 'storage/unauthenticated',
    errors: ['auth/too-many-requests', ...failures.drive],
    params: backupNameParams,
    body: webdavCredentials,
    status: 200,
    response: null,
    produces: 'application/octet-stream',
  },
} as const satisfies Record<string, Endpoint>;
