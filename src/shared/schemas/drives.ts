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

export const driveBackup = z.object({
  name: z.string(),
  size: z.number().int(),
  modified: z.string().describe('An ISO 8601 time'),
});
export type DriveBackup = z.infer<typeof driveBackup>;
export const driveBackupList = z.object({ backups: z.array(driveBackup) });
export type DriveBackupList = z.infer<typeof driveBackupList>;
export const driveBackupAnswer = z.object({ backup: driveBackup });

/** What the app learns from the server at run time (GET /api/app/config). */
export const appConfig = z.object({
  /** Google Drive backups: the OAuth client id and the endpoints (a local stand-in in tests); null when off. */
  googleDrive: z.object({ clientId: z.string(), authUrl: z.string(), apiUrl: z.string() }).nullable(),
});
export type AppConfig = z.infer<typeof appConfig>;
