// What the app learns from the server at run time (GET /api/app/config): whether Google Drive backups are on.
// Asked once per load; offline or on a failure, the optional targets are simply not offered.
import { call } from '../../client/api.js';
import type { AppConfig } from '../../shared/schemas/drives.js';

const OFF: AppConfig = { googleDrive: null };
let pending: Promise<AppConfig> | null = null;

export function loadAppConfig(): Promise<AppConfig> {
  pending ??= call('appConfig').catch(() => {
    pending = null;
    return OFF;
  });
  return pending;
}
