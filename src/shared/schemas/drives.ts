// Backups on a member's own drive: the WebDAV relay's request shapes and answers.
import { z } from '../zod.js';
import { CONTROL_CHARACTERS } from './text.js';

/** A backup's file name as the app makes it (`backupFileName`): nothing else is read or written on a drive. */
export const BACKUP_FILE_NAME = /^mygenie-backup-[0-9A-Za-z-]{1,40}\.(zip|json)$/;

export const backupNameParams = z.object({
  name: z.string().regex(BACKUP_FILE_NAME, { error: 'storage/invalid-name' }),
});

/** The drive's address (a folder), user and app password. Checked here; never stored by the server. */
export const webdavCredentials = z.strictObject({
  url: z
    .string({ error: 'drive/invalid-address' })
    .trim()
    .max(2000, { error: 'drive/invalid-address' })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
        } catch {
          return false;
        }
      },
      { error: 'drive/invalid-address' },
    ),
  username: z
    .string({ error: 'request/invalid' })
    .max(256, { error: 'request/invalid' })
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: 'request/invalid-characters' }),
  password: z.string({ error: 'request/invalid' }).max(1024, { error: 'request/invalid' }),
});
export type WebdavCredentials = z.infer<typeof webdavCredentials>;

/** Credentials travel in this header on uploads (the body is the backup itself): base64 of their JSON. */
export const DRIVE_CREDENTIALS_HEADER = 'x-drive-credentials';

export interface DriveBackup {
  name: string;
  size: number;
  modified: string;
}

export interface DriveBackupList {
  backups: DriveBackup[];
}

/** What the app learns from the server at run time (GET /api/app/config). */
export interface AppConfig {
  /** Google Drive backups: the OAuth client id and the endpoints (a local stand-in in tests); null when off. */
  googleDrive: { clientId: string; authUrl: string; apiUrl: string } | null;
}
