// The optional daily backup: while the app is open, unlocked and online, once the last backup is a day old, a
// backup goes to the chosen target without asking. A failure is kept (shown in settings) and retried an hour
// later; going online, unlocking, or changing the backup settings checks again at once.
import { useEffect, useRef } from 'react';
import { loadAppConfig } from '../../backup/app-config.js';
import { readSettings } from '../../settings.js';
import type { BackupShelf } from '../../backup/space-copies.js';
import type { Vault } from '../../vault/vault.js';
import { readLastBackup, saveAutoFailure } from './last-backup.js';
import { runBackup } from './run-backup.js';
import { useSpaceShelf } from '../../backup/shelf.js';

export const AUTO_BACKUP_EVERY_MS = 24 * 60 * 60 * 1000;
const RETRY_AFTER_MS = 60 * 60 * 1000;
const CHECK_EVERY_MS = 5 * 60 * 1000;
const CHECK_EVENT = 'mygenie:auto-backup-check';

/** Asks the running automatic backup to look again now (after its settings changed). */
export function checkAutoBackupSoon(): void {
  window.dispatchEvent(new Event(CHECK_EVENT));
}

/** `shelf`: the spaces whose copies go in (by default the one SpaceShelfContext gives, else none). */
export function useAutoBackup(vault: Vault, shelf?: BackupShelf | null): void {
  const given = useSpaceShelf();
  // The shelf as it is when a backup runs: it may come after the timer was set.
  const current = useRef<BackupShelf | null>(null);
  current.current = shelf === undefined ? given : shelf;
  useEffect(() => {
    let running = false;
    let lastAttempt = 0;
    const check = async () => {
      if (running || vault.state !== 'unlocked' || !navigator.onLine) return;
      const settings = readSettings(vault).backup;
      if (!settings.auto || settings.target === 'file') return;
      const now = Date.now();
      const last = readLastBackup(vault.memberId);
      if (last && now - Date.parse(last.at) < AUTO_BACKUP_EVERY_MS) return;
      if (now - lastAttempt < RETRY_AFTER_MS) return;
      lastAttempt = now;
      running = true;
      try {
        const result = await runBackup(vault, settings, await loadAppConfig(), {
          auto: true,
          shelf: current.current,
        });
        if (!result.ok)
          saveAutoFailure(vault.memberId, { at: new Date().toISOString(), problem: result.problem });
      } finally {
        running = false;
      }
    };
    const soon = () => {
      lastAttempt = 0;
      void check();
    };
    const first = setTimeout(() => void check(), 1500);
    const timer = setInterval(() => void check(), CHECK_EVERY_MS);
    window.addEventListener('online', soon);
    window.addEventListener(CHECK_EVENT, soon);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
      window.removeEventListener('online', soon);
      window.removeEventListener(CHECK_EVENT, soon);
    };
  }, [vault]);
}
