// When the last backup was made and where: a plain preference (no secret), shown in settings.
import type { BackupKind } from '../../backup/format.js';

const KEY = 'mygenie.backup.last';

export interface LastBackup {
  at: string;
  target: 'account' | 'file';
  kind: BackupKind;
}

export function readLastBackup(memberId: string): LastBackup | null {
  try {
    const all = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, LastBackup>;
    const last = all[memberId];
    return last && typeof last.at === 'string' ? last : null;
  } catch {
    return null;
  }
}

export function saveLastBackup(memberId: string, last: LastBackup): void {
  try {
    const all = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, LastBackup>;
    localStorage.setItem(KEY, JSON.stringify({ ...all, [memberId]: last }));
  } catch {
    // Only the "last backup" line is lost.
  }
}
