// When the last backup was made and where, and whether the last automatic one failed: plain preferences (no
// secret) per member, shown in settings. A change is announced on the window so an open settings screen follows.
import type { BackupKind } from '../../backup/format.js';
import type { TargetId, TargetProblem } from '../../backup/targets.js';

const KEY = 'mygenie.backup.last';
const FAILURE_KEY = 'mygenie.backup.autoFailure';
export const BACKUP_STATUS_EVENT = 'mygenie:backup-status';

export interface LastBackup {
  at: string;
  target: TargetId;
  kind: BackupKind;
  auto?: boolean;
}

export interface AutoBackupFailure {
  at: string;
  problem: TargetProblem | 'failed';
}

function readAll<T>(key: string): Record<string, T> {
  try {
    const all = JSON.parse(localStorage.getItem(key) ?? '{}') as unknown;
    return all && typeof all === 'object' ? (all as Record<string, T>) : {};
  } catch {
    return {};
  }
}

function writeOne<T>(key: string, memberId: string, value: T | null): void {
  try {
    const all = readAll<T>(key);
    if (value === null) delete all[memberId];
    else all[memberId] = value;
    localStorage.setItem(key, JSON.stringify(all));
  } catch {
    // Only the status line is lost.
  }
  window.dispatchEvent(new Event(BACKUP_STATUS_EVENT));
}

export function readLastBackup(memberId: string): LastBackup | null {
  const last = readAll<LastBackup>(KEY)[memberId];
  return last && typeof last.at === 'string' && !Number.isNaN(Date.parse(last.at)) ? last : null;
}

export function saveLastBackup(memberId: string, last: LastBackup): void {
  writeOne(KEY, memberId, last);
  if (last.auto) writeOne<AutoBackupFailure>(FAILURE_KEY, memberId, null);
}

export function readAutoFailure(memberId: string): AutoBackupFailure | null {
  const failure = readAll<AutoBackupFailure>(FAILURE_KEY)[memberId];
  return failure && typeof failure.at === 'string' ? failure : null;
}

export function saveAutoFailure(memberId: string, failure: AutoBackupFailure | null): void {
  writeOne(FAILURE_KEY, memberId, failure);
}
