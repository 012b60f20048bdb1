// Making a backup and putting it where the member chose: shared by "Back up now" and the daily automatic
// backup. The result says what went wrong, as a value the screens put into words.
import type { AppConfig } from '../../../shared/schemas/drives.js';
import { createBackup } from '../../backup/create.js';
import { googleDriveTarget } from '../../backup/google-drive.js';
import {
  accountTarget,
  downloadBackup,
  webdavTarget,
  type RemoteTarget,
  type RemoteTargetId,
  type TargetProblem,
  type TargetResult,
} from '../../backup/targets.js';
import type { BackupSettings } from '../../settings.js';
import type { BackupShelf } from '../../backup/space-copies.js';
import type { Vault } from '../../vault/vault.js';
import { saveLastBackup } from './last-backup.js';

export type BackupProblem = TargetProblem | 'failed';
export type BackupOutcome = { ok: true; name: string } | { ok: false; problem: BackupProblem };

/** The remote target for an id, or why it cannot be used yet (no drive set up, Google Drive off). */
export function remoteTargetFor(
  id: RemoteTargetId,
  webdav: BackupSettings['webdav'],
  config: AppConfig,
): TargetResult<RemoteTarget> {
  if (id === 'account') return { ok: true, value: accountTarget };
  if (id === 'webdav')
    return webdav ? { ok: true, value: webdavTarget(webdav) } : { ok: false, problem: 'drive-not-set' };
  return config.googleDrive
    ? { ok: true, value: googleDriveTarget(config.googleDrive) }
    : { ok: false, problem: 'drive-signed-out' };
}

export async function runBackup(
  vault: Vault,
  settings: BackupSettings,
  config: AppConfig,
  options: {
    auto?: boolean;
    onProgress?: (fraction: number) => void;
    /** The spaces whose records go in as the member's copy (create.ts); none without. */
    shelf?: BackupShelf | null;
  } = {},
): Promise<BackupOutcome> {
  let target: RemoteTarget | null = null;
  if (settings.target !== 'file') {
    const found = remoteTargetFor(settings.target, settings.webdav, config);
    if (!found.ok) return found;
    target = found.value;
  }
  let backup: Blob;
  try {
    backup = await createBackup(vault, settings.kind, options.shelf ?? null);
  } catch {
    return { ok: false, problem: 'failed' };
  }
  options.onProgress?.(0.5);
  let name: string;
  if (target) {
    const saved = await target.save(backup, settings.kind, (fraction) =>
      options.onProgress?.(0.5 + fraction / 2),
    );
    if (!saved.ok) return saved;
    name = saved.value.name;
  } else {
    name = downloadBackup(backup, settings.kind);
  }
  saveLastBackup(vault.memberId, {
    at: new Date().toISOString(),
    target: settings.target,
    kind: settings.kind,
    ...(options.auto ? { auto: true } : {}),
  });
  return { ok: true, name };
}
