// Restoring a backup: choose it (from account storage, the WebDAV drive, Google Drive or a file), see what it
// holds, choose replace or merge, give the backup's master password when it is not this vault's, and restore —
// all or nothing.
import { useEffect, useId, useState } from 'react';
import { Popup } from '../../../client/ui/Popup.js';
import { useToast } from '../../../client/ui/Toast.js';
import { shellText } from '../../copy.js';
import { decodeBackup, type BackupContents } from '../../backup/format.js';
import type { AppConfig, WebdavCredentials } from '../../../shared/schemas/drives.js';
import { loadAppConfig } from '../../backup/app-config.js';
import { googleDriveToken } from '../../backup/google-drive.js';
import { copiesLeftToSpaces, restoreInto } from '../../backup/restore.js';
import type { RemoteTarget, RemoteTargetId, StoredBackup } from '../../backup/targets.js';
import { formatBytes } from '../../format.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { PasswordField } from '../../../client/ui/PasswordField.js';
import { usePlural } from '../../../client/plural.js';
import type { BackupShelf } from '../../backup/space-copies.js';
import type { Vault } from '../../vault/vault.js';
import { KINDS } from '../kinds.js';
import { backupText } from './copy.js';
import { GoogleDriveStatus } from './GoogleDriveStatus.js';
import { remoteTargetFor } from './run-backup.js';
import { EMPTY_WEBDAV, WebdavFields, webdavComplete } from './WebdavFields.js';
import { useSpaceShelf } from '../../backup/shelf.js';
import './backup.css';

interface Chosen {
  contents: BackupContents;
  size: number;
  /** The backup format's version. */
  version: number;
}

/**
 * `titled` false when a surrounding summary already names it (the first-run screen). `webdav`: the drive saved
 * in settings; without it (a new device) the drive's details are asked here and kept only for this restore.
 * `confirmOwner`: into an open vault a restore goes only after the master password (or the member's detail
 * password) is given again — a restore replaces what the detail gate protects and resets its password.
 * `shelf`: the spaces the member still belongs to, whose copies in a backup are left to the space (by default
 * SpaceShelfContext's; null: every copy comes back as the member's own, "from" its space).
 */
export function RestorePanel({
  vault,
  titled = true,
  webdav = null,
  config: given,
  confirmOwner,
  shelf: givenShelf,
}: {
  vault: Vault;
  titled?: boolean;
  webdav?: WebdavCredentials | null;
  config?: AppConfig;
  confirmOwner?: () => Promise<boolean>;
  shelf?: BackupShelf | null;
}) {
  const contextShelf = useSpaceShelf();
  const shelf = givenShelf === undefined ? contextShelf : givenShelf;
  const counted = usePlural();
  const text = useText(backupText);
  const { lang, locale } = useLanguage();
  const toast = useToast();
  const shell = useText(shellText);
  const ids = { heading: useId(), file: useId(), password: useId(), mode: useId() };
  const [loaded, setLoaded] = useState<AppConfig>({ googleDrive: null });
  const config = given ?? loaded;
  useEffect(() => {
    if (!given) void loadAppConfig().then(setLoaded);
  }, [given]);
  const [source, setSource] = useState<RemoteTargetId | null>(null);
  const [drive, setDrive] = useState<WebdavCredentials>(webdav ?? EMPTY_WEBDAV);
  const [list, setList] = useState<{ target: RemoteTarget; backups: StoredBackup[] } | null>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [mode, setMode] = useState<'replace' | 'merge'>('replace');
  const [password, setPassword] = useState('');
  const [askPassword, setAskPassword] = useState(vault.state !== 'unlocked');
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  /** What the last restore brought back, per module. */
  const [restored, setRestored] = useState('');
  const dateTime = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  /** A backup file (chosen, or downloaded from a drive), read entry by entry. */
  async function choose(file: Blob) {
    const decoded = await decodeBackup(file);
    if (!decoded.ok) {
      setChosen(null);
      setProblem(text.problems[decoded.problem]);
      return;
    }
    setProblem('');
    setChosen({ contents: decoded.contents, size: file.size, version: decoded.version });
  }

  async function showList(from: RemoteTargetId, credentials: WebdavCredentials | null = webdav) {
    setSource(from);
    setList(null);
    setChosen(null);
    setProblem('');
    if (from === 'webdav' && !credentials) return;
    if (from === 'gdrive' && !googleDriveToken()) return;
    const found = remoteTargetFor(from, credentials, config);
    if (!found.ok) return setProblem(text.problems[found.problem]);
    setBusy(text.loading.replace('{{percent}}%', '').trim());
    const result = await found.value.list();
    setBusy(null);
    if (!result.ok) return setProblem(text.problems[result.problem]);
    setList({ target: found.value, backups: result.value });
  }

  async function load(target: RemoteTarget, backup: StoredBackup) {
    setBusy(fill(text.loading, { percent: 0 }));
    const result = await target.load(backup, (fraction) =>
      setBusy(fill(text.loading, { percent: Math.round(fraction * 100) })),
    );
    setBusy(null);
    if (!result.ok) return setProblem(text.problems[result.problem]);
    await choose(result.value);
  }

  const sources: RemoteTargetId[] = config.googleDrive
    ? ['account', 'webdav', 'gdrive']
    : ['account', 'webdav'];

  async function restore(confirmed = false) {
    if (!chosen) return;
    if (askPassword && !password) return setProblem(text.problems['needs-password']);
    if (vault.state === 'unlocked' && mode === 'replace' && !confirmed) return setConfirming(true);
    setConfirming(false);
    if (vault.state === 'unlocked' && !(await confirmOwner?.())) return;
    setBusy(text.restoring);
    setProblem('');
    // The spaces the member is still in, as they are now: their copies are left to the space.
    const stillIn = new Set(shelf?.spaces().map((space) => space.tag.id));
    try {
      const result = await restoreInto(vault, chosen.contents, {
        mode: vault.state === 'unlocked' ? mode : 'replace',
        ...(askPassword ? { password } : {}),
        onProgress: setProgress,
        stillIn,
      });
      if (result === 'ok') {
        // What the backup held, told only now that its password (or this vault's key) has opened it.
        const left = copiesLeftToSpaces(chosen.contents, stillIn);
        const counts = fill(text.counts, countsOf(chosen.contents, stillIn));
        setRestored(left > 0 ? `${counts} ${counted(text.leftToSpaces, left)}` : counts);
        setChosen(null);
        setPassword('');
        toast(text.restored);
        return;
      }
      if (result === 'needs-password') setAskPassword(true);
      setProblem(text.problems[result]);
    } catch {
      setProblem(text.problems.tampered);
    } finally {
      setBusy(null);
      setProgress(null);
    }
  }

  /** The records restored of each kind: copies left to a space the member is still in are not counted. */
  const countsOf = (contents: BackupContents, stillIn: ReadonlySet<string>) =>
    Object.fromEntries(
      KINDS.map(({ kind }) => [
        kind,
        new Intl.NumberFormat(locale).format(
          contents.records.filter(
            (record) => record.kind === kind && !(record.space !== undefined && stillIn.has(record.space)),
          ).length,
        ),
      ]),
    );

  return (
    <section
      className={titled ? 'backup__restore' : 'backup__restore backup__restore--plain'}
      aria-labelledby={titled ? ids.heading : undefined}
      aria-label={titled ? undefined : text.restoreTitle}
    >
      {titled && <h3 id={ids.heading}>{text.restoreTitle}</h3>}
      <div className="toolbar">
        {sources.map((id) => (
          <button
            key={id}
            type="button"
            className="button button--ghost button--small"
            aria-pressed={source === id}
            onClick={() => void showList(id)}
          >
            {text.from[id]}
          </button>
        ))}
        <label className="button button--ghost button--small backup__file">
          {text.fromFile}
          <input
            id={ids.file}
            type="file"
            accept=".zip,.json,application/zip,application/json"
            className="visually-hidden"
            aria-label={text.fileLabel}
            onChange={async (event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) await choose(file);
            }}
          />
        </label>
      </div>
      {source === 'webdav' && !webdav && (
        <form
          className="backup__drive-setup"
          onSubmit={(event) => {
            event.preventDefault();
            if (!webdavComplete(drive)) return setProblem(text.webdav.missing);
            void showList('webdav', { ...drive, url: drive.url.trim(), username: drive.username.trim() });
          }}
        >
          <WebdavFields value={drive} onChange={setDrive} saved={false} />
          <button type="submit" className="button button--ghost button--small">
            {text.webdav.show}
          </button>
        </form>
      )}
      {source === 'gdrive' && config.googleDrive && !list && (
        <GoogleDriveStatus config={config.googleDrive} onConnected={() => void showList('gdrive')} />
      )}
      {list &&
        source &&
        (list.backups.length === 0 ? (
          <p className="empty">{fill(text.listEmpty, { place: text.places[source] })}</p>
        ) : (
          <ul className="list backup__list" aria-label={text.restoreFrom}>
            {list.backups.map((backup) => (
              <li key={backup.id} className="list__item">
                <div className="list__main">
                  <p className="list__title">
                    {fill(text.listItem, {
                      date: dateTime(backup.createdAt),
                      size: formatBytes(backup.size, lang),
                    })}
                  </p>
                  <p className="list__meta">{backup.name}</p>
                </div>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => void load(list.target, backup)}
                >
                  {text.choose}
                </button>
              </li>
            ))}
          </ul>
        ))}
      {chosen && (
        <div className="callout callout--info backup__preview">
          <p className="callout__title">
            {fill(text.preview, {
              date: dateTime(chosen.contents.createdAt),
              size: formatBytes(chosen.size, lang),
              version: chosen.version,
            })}
          </p>
          {vault.state === 'unlocked' && (
            <fieldset className="backup__modes">
              <legend>{text.mode}</legend>
              {(['replace', 'merge'] as const).map((option) => (
                <label key={option} className="checkbox">
                  <input
                    type="radio"
                    name={ids.mode}
                    checked={mode === option}
                    onChange={() => setMode(option)}
                  />
                  {text.modes[option]}
                </label>
              ))}
            </fieldset>
          )}
          {askPassword && (
            <PasswordField
              id={ids.password}
              label={text.password}
              value={password}
              onChange={setPassword}
              autoComplete="current-password"
              hint={vault.state === 'unlocked' && <p className="field__hint">{text.passwordHint}</p>}
            />
          )}
          <button
            type="button"
            className="button button--primary"
            aria-disabled={busy !== null || undefined}
            onClick={() => busy === null && void restore()}
          >
            {text.restore}
          </button>
        </div>
      )}
      {confirming && (
        <Popup
          title={text.restoreTitle}
          message={text.confirmReplace}
          confirmLabel={text.restore}
          onConfirm={() => void restore(true)}
          cancelLabel={shell.cancel}
          onCancel={() => setConfirming(false)}
        />
      )}
      {busy && (
        <p className="form__note" role="status">
          {busy}
        </p>
      )}
      {progress !== null && (
        <progress className="backup__progress" max={1} value={progress} aria-label={text.restoring} />
      )}
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      {restored && !chosen && (
        <p className="callout callout--info" role="status">
          <span className="callout__title">{text.restoredCounts}</span> {restored}
        </p>
      )}
    </section>
  );
}
