// Settings: where backups go (account storage, a WebDAV drive, Google Drive or a file), in which format, the
// optional daily automatic backup, "back up now" with progress, the last backup's time, restore, and the
// lost-detail-password path. The choices live in the vault's settings (the drive's app password is a secret).
import { useEffect, useId, useState } from 'react';
import type { AppConfig, WebdavCredentials } from '../../../shared/schemas/drives.js';
import { useToast } from '../../../client/ui/Toast.js';
import { loadAppConfig } from '../../backup/app-config.js';
import type { BackupKind } from '../../backup/format.js';
import { webdavTarget, type TargetId } from '../../backup/targets.js';
import { usePlural } from '../../../client/plural.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { useAppSettings, type BackupSettings } from '../../settings.js';
import { useVault } from '../../vault/react.js';
import { checkAutoBackupSoon } from './auto-backup.js';
import { backupText } from './copy.js';
import { ErasePanel } from './ErasePanel.js';
import { GoogleDriveStatus } from './GoogleDriveStatus.js';
import {
  BACKUP_STATUS_EVENT,
  readAutoFailure,
  readLastBackup,
  type AutoBackupFailure,
  type LastBackup,
} from './last-backup.js';
import { RestorePanel } from './RestorePanel.js';
import { useConfirmOwner } from '../../access/DetailGate.js';
import { runBackup } from './run-backup.js';
import { useSpaceShelf } from '../../backup/shelf.js';
import type { BackupShelf } from '../../backup/space-copies.js';
import { EMPTY_WEBDAV, WebdavFields, webdavComplete } from './WebdavFields.js';

export function useAppConfig(): AppConfig {
  const [config, setConfig] = useState<AppConfig>({ googleDrive: null });
  useEffect(() => {
    let live = true;
    void loadAppConfig().then((loaded) => live && setConfig(loaded));
    return () => {
      live = false;
    };
  }, []);
  return config;
}

function useBackupStatus(memberId: string): { last: LastBackup | null; failure: AutoBackupFailure | null } {
  const read = () => ({ last: readLastBackup(memberId), failure: readAutoFailure(memberId) });
  const [status, setStatus] = useState(read);
  useEffect(() => {
    const update = () => setStatus({ last: readLastBackup(memberId), failure: readAutoFailure(memberId) });
    window.addEventListener(BACKUP_STATUS_EVENT, update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(BACKUP_STATUS_EVENT, update);
      window.removeEventListener('storage', update);
    };
  }, [memberId]);
  return status;
}

/**
 * `shelf`: the spaces whose records a backup carries as the member's copy and a restore leaves to the space (by
 * default SpaceShelfContext's; null: none).
 */
export function BackupPanel({ shelf: givenShelf }: { shelf?: BackupShelf | null } = {}) {
  const contextShelf = useSpaceShelf();
  const shelf = givenShelf === undefined ? contextShelf : givenShelf;
  const text = useText(backupText);
  const counted = usePlural();
  const { locale } = useLanguage();
  const vault = useVault();
  const toast = useToast();
  const config = useAppConfig();
  const confirmOwner = useConfirmOwner();
  const [settings, saveSettings] = useAppSettings();
  const backup = settings.backup;
  const ids = { heading: useId(), format: useId(), target: useId(), auto: useId() };
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const [drive, setDrive] = useState<WebdavCredentials>(backup.webdav ?? EMPTY_WEBDAV);
  /** The drive as saved when its fields were filled in: what they are merged against when saved. */
  const [openedDrive, setOpenedDrive] = useState(backup.webdav);
  const [driveNote, setDriveNote] = useState('');
  const [checking, setChecking] = useState(false);
  const { last, failure } = useBackupStatus(vault.memberId);
  const dateTime = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  const targets: TargetId[] = config.googleDrive
    ? ['account', 'webdav', 'gdrive', 'file']
    : ['account', 'webdav', 'file'];
  // A Google Drive choice stays as it was when the server stops offering it, but is not used.
  const target = targets.includes(backup.target) ? backup.target : 'account';

  // Each change is made on the backup settings as the one before it left them (useAppSettings saves them in turn).
  function change(patch: Partial<BackupSettings>, opened?: Partial<BackupSettings>): Promise<void> {
    return saveSettings(
      (current) => ({ backup: { ...current.backup, ...patch } }),
      opened && ((current) => ({ backup: { ...current.backup, ...opened } })),
    ).then(checkAutoBackupSoon, () => setProblem(text.saveFailed));
  }

  /** The drive's fields as typed, trimmed: what is saved and used. */
  const typedDrive = (): WebdavCredentials => ({
    ...drive,
    url: drive.url.trim(),
    username: drive.username.trim(),
  });

  /**
   * Checks the typed drive by listing its backups and saves it when it answers; says how many backups it holds.
   * False (with the problem shown) when it cannot be reached or refuses.
   */
  async function connectDrive(credentials: WebdavCredentials): Promise<boolean> {
    setChecking(true);
    const listed = await webdavTarget(credentials).list();
    setChecking(false);
    if (!listed.ok) {
      setProblem(text.problems[listed.problem]);
      return false;
    }
    await change({ webdav: credentials }, { webdav: openedDrive });
    setOpenedDrive(credentials);
    setDriveNote(counted(text.webdav.connected, listed.value.length));
    return true;
  }

  async function saveDrive() {
    setDriveNote('');
    setProblem('');
    if (!webdavComplete(drive)) return setProblem(text.webdav.missing);
    // Where backups go is chosen by the owner alone: the master password (or the detail password) first.
    if (!(await confirmOwner())) return;
    await connectDrive(typedDrive());
  }

  async function backUp() {
    setProblem('');
    let settings: BackupSettings = { ...backup, target };
    // A drive typed in but not yet saved is checked and saved first, as "Save and check the connection" would.
    const typed = typedDrive();
    const unsaved =
      target === 'webdav' &&
      (typed.url !== backup.webdav?.url ||
        typed.username !== backup.webdav?.username ||
        typed.password !== backup.webdav?.password);
    if (unsaved && !webdavComplete(drive)) return setProblem(text.webdav.missing);
    if (!(await confirmOwner())) return;
    if (unsaved) {
      setDriveNote('');
      if (!(await connectDrive(typed))) return;
      settings = { ...settings, webdav: typed };
    }
    setProgress(0);
    try {
      const result = await runBackup(vault, settings, config, { onProgress: setProgress, shelf });
      if (!result.ok) return setProblem(text.problems[result.problem]);
      toast(fill(text.done, { name: result.name }));
      if (settings.target === 'webdav' && settings.webdav) {
        // The count on the drive follows the backup just made.
        const listed = await webdavTarget(settings.webdav).list();
        if (listed.ok) setDriveNote(counted(text.webdav.onDrive, listed.value.length));
      }
    } finally {
      setProgress(null);
    }
  }

  return (
    <section className="panel backup" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{text.title}</h2>
      <p className="form__note">{text.lead}</p>
      <div className="form__grid">
        <div className="field">
          <label htmlFor={ids.format}>{text.format}</label>
          <select
            id={ids.format}
            value={backup.kind}
            onChange={(event) => void change({ kind: event.target.value as BackupKind })}
          >
            <option value="zip">{text.formats.zip}</option>
            <option value="json">{text.formats.json}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.target}>{text.target}</label>
          <select
            id={ids.target}
            value={target}
            onChange={(event) => {
              setProblem('');
              void change({ target: event.target.value as TargetId });
            }}
          >
            {targets.map((id) => (
              <option key={id} value={id}>
                {text.targets[id]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {target === 'webdav' && (
        <div className="backup__drive-setup">
          <WebdavFields value={drive} onChange={setDrive} saved />
          <div className="toolbar">
            <button
              type="button"
              className="button button--ghost button--small"
              aria-disabled={checking || undefined}
              onClick={() => !checking && void saveDrive()}
            >
              {checking ? text.webdav.checking : text.webdav.save}
            </button>
          </div>
          {driveNote && (
            <p className="form__note" role="status">
              {driveNote}
            </p>
          )}
        </div>
      )}
      {target === 'gdrive' && config.googleDrive && <GoogleDriveStatus config={config.googleDrive} />}
      <label className="checkbox backup__auto" htmlFor={ids.auto}>
        <input
          id={ids.auto}
          type="checkbox"
          checked={backup.auto && target !== 'file'}
          disabled={target === 'file'}
          onChange={(event) => void change({ auto: event.target.checked })}
        />
        {text.auto.label}
      </label>
      {target === 'file' && <p className="field__hint">{text.auto.fileNote}</p>}
      <div className="toolbar backup__actions">
        <button
          type="button"
          className="button button--primary"
          aria-disabled={progress !== null || undefined}
          onClick={() => progress === null && void backUp()}
        >
          {progress === null ? text.backUp : fill(text.working, { percent: Math.round(progress * 100) })}
        </button>
        {progress !== null && (
          <progress className="backup__progress" max={1} value={progress} aria-label={text.backUp} />
        )}
      </div>
      <p className="form__note" role="status">
        {last
          ? fill(last.auto ? text.lastAuto : text.last, {
              date: dateTime(last.at),
              target: text.places[last.target],
            })
          : text.never}
      </p>
      {failure && (!last || last.at < failure.at) && (
        <p className="form__error" role="alert">
          {fill(text.auto.failed, { date: dateTime(failure.at), problem: text.problems[failure.problem] })}
        </p>
      )}
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      <RestorePanel
        vault={vault}
        webdav={backup.webdav}
        config={config}
        confirmOwner={confirmOwner}
        shelf={shelf}
      />
      <ErasePanel />
    </section>
  );
}
