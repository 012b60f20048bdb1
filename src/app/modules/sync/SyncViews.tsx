// What the member sees of sync (docs/sync.md, "Login, logout and the header"): the state in the app header, the
// conflicts to resolve, what sync kept with a notice, and the settings panel (on/off, sync now, the devices).
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { ApiFailure, call, failureCode } from '../../../client/api.js';
import { formatDateTime } from '../../../client/format.js';
import { usePlural } from '../../../client/plural.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { PasswordField } from '../../../client/ui/PasswordField.js';
import { Popup } from '../../../client/ui/Popup.js';
import { useToast } from '../../../client/ui/Toast.js';
import { DEVICE_NAME_MAX, deviceNameProblem, shownDeviceName } from '../../../shared/device.js';
import { errorMessage } from '../../../shared/i18n/error-message.js';
import type { SyncState } from '../../../shared/schemas/sync.js';
import { useRecordNotices, useVault, useVaultVersion } from '../../vault/react.js';
import type { VaultEntry } from '../../vault/vault.js';
import { shellText } from '../../copy.js';
import { FormFooter } from '../../ui/FormFooter.js';
import { FormDialog } from '../../../client/ui/FormDialog.js';
import { DETAIL_KINDS, useDetailReveal } from '../../access/DetailGate.js';
import { conflictCopies, type ConflictMarks } from '../../sync/conflicts.js';
import { syncText } from './copy.js';
import type { SyncCause, SyncStatus } from '../../sync/engine.js';
import { syncPercent, useSync, useSyncStatus } from '../../sync/react.js';
import type { SyncDevice } from '../../../shared/schemas/sync.js';
import { useOpenSync } from '../../ui/open-sync.js';
import { conflictSides, describeRecord, sideFormat } from './sides.js';
import { causeText, stateWords } from './words.js';
import { useAuthorName } from '../../ui/spaces/record-authors.js';

export { conflictCopies } from '../../sync/conflicts.js';

/** The member's words for why sync stopped, in the active language. */
export function useCauseText(): (cause: SyncCause, unsent?: number) => string {
  const { lang } = useLanguage();
  return (cause, unsent) => causeText(cause, unsent, lang);
}

/** The state in a few words, in the active language: the header's badge and the panel say it at every width. */
export function useStateWords(): (status: SyncStatus, conflicts: number) => string {
  const { lang } = useLanguage();
  return (status, conflicts) => stateWords(status, conflicts, lang);
}

/** The sync state in the app header; opens the settings at the conflicts, or at the panel's status. */
export function SyncBadge() {
  const text = useText(syncText);
  const vault = useVault();
  useVaultVersion();
  const status = useSyncStatus();
  const openSync = useOpenSync();
  const causeText = useCauseText();
  const words = useStateWords();
  if (status.state === 'off') return null;
  const conflicts = conflictCopies(vault).length;
  const percent = syncPercent(status);
  const label = words(status, conflicts);
  const tone =
    status.state === 'error'
      ? 'error'
      : conflicts > 0 && status.state === 'synced'
        ? 'conflict'
        : status.state;
  return (
    <button
      type="button"
      className={`sync-badge sync-badge--${tone}`}
      // It leads to what it says: the conflicts it counts, else the panel's status (and why sync stopped).
      onClick={() => openSync(tone === 'conflict' ? 'conflicts' : 'status')}
      aria-label={`${label} · ${text.badge.open}`}
      title={status.state === 'error' ? causeText(status.cause, status.unsent) : label}
      data-sync-state={tone}
    >
      <span className="sync-badge__dot" aria-hidden="true" />
      <span className="sync-badge__label" role="status">
        {label}
      </span>
      {percent !== null && (
        <span className="sync-badge__bar" aria-hidden="true">
          <span style={{ width: `${percent}%` }} />
        </span>
      )}
    </button>
  );
}

/** Conflicts waiting for the member, under the header. */
export function ConflictBanner() {
  const text = useText(syncText);
  const plural = usePlural();
  const vault = useVault();
  useVaultVersion();
  const openSync = useOpenSync();
  const count = conflictCopies(vault).length;
  if (count === 0) return null;
  return (
    <p className="app-conflicts" role="status">
      {plural(text.conflicts.banner, count)}{' '}
      <button
        type="button"
        className="button button--small button--ghost"
        onClick={() => openSync('conflicts')}
      >
        {text.conflicts.review}
      </button>
    </p>
  );
}

export function ConflictList() {
  const text = useText(syncText);
  const { lang } = useLanguage();
  const vault = useVault();
  useVaultVersion();
  const toast = useToast();
  const { granted, reveal } = useDetailReveal();
  const { me, name } = useAuthorName(vault);
  /** A side's heading: whose version it is, as the copy names its maker (neither named: this one, the other). */
  const sideHeading = (uid: string | undefined, unnamed: string) =>
    uid === undefined
      ? unnamed
      : uid === me
        ? text.conflicts.yourVersion
        : fill(text.conflicts.theirVersion, { name: name(uid) });
  const copies = conflictCopies(vault);
  if (copies.length === 0) return null;
  // The copy's version goes over the other as the member saw it: changed again since, the two are merged.
  const keepCopy = async (copy: VaultEntry<ConflictMarks>, shown: unknown) => {
    const { conflictOf, conflictBy: _by, conflictFrom: _from, ...value } = copy.value;
    await vault.save(copy.kind, conflictOf, shown, value);
    await vault.remove(copy.id);
    toast(text.conflicts.resolved);
  };
  const keepOther = async (copy: VaultEntry<ConflictMarks>) => {
    await vault.remove(copy.id);
    toast(text.conflicts.resolved);
  };
  return (
    <section className="sync-conflicts" aria-labelledby="sync-conflicts-title">
      <h3 id="sync-conflicts-title" tabIndex={-1}>
        {text.conflicts.heading}
      </h3>
      <p className="form__note">{text.conflicts.lead}</p>
      <ul className="sync-list">
        {copies.map((copy) => {
          const original = vault.get<Record<string, unknown>>(copy.value.conflictOf);
          const hidden = DETAIL_KINDS.has(copy.kind) && !granted;
          // A space's copy names who made the version it conflicts with, and who made its own (a copy made before
          // it named its maker: this version).
          const named = copy.value.conflictBy !== undefined;
          const copyHeading = sideHeading(copy.value.conflictFrom, text.conflicts.thisVersion);
          const otherHeading = sideHeading(copy.value.conflictBy, text.conflicts.otherVersion);
          const [mine, theirs] = conflictSides(
            copy.value,
            original?.value ?? {},
            [describeRecord(copy.value), original ? describeRecord(original.value) : ''],
            sideFormat(copy.kind, lang),
          );
          return (
            <li key={copy.id} data-conflict={copy.id}>
              <p>
                <strong>{fill(text.conflicts.copyOf, { kind: text.conflicts.kinds[copy.kind] })}</strong>
              </p>
              {named && (
                <p className="form__note" data-conflict-by>
                  {`${otherHeading} · ${copyHeading}`}
                </p>
              )}
              {hidden ? (
                <>
                  <p className="form__note">{text.conflicts.hidden}</p>
                  <div className="sync-list__actions">
                    <button type="button" className="button button--small" onClick={() => void reveal()}>
                      {text.conflicts.reveal}
                    </button>
                  </div>
                </>
              ) : (
                <>
                  <dl className="sync-conflict__sides">
                    <div>
                      <dt>{copyHeading}</dt>
                      <dd>{mine}</dd>
                    </div>
                    {original && (
                      <div>
                        <dt>{otherHeading}</dt>
                        <dd>{theirs}</dd>
                      </div>
                    )}
                  </dl>
                  <div className="sync-list__actions">
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => void keepCopy(copy, original?.value)}
                    >
                      {text.conflicts.keepCopy}
                    </button>
                    <button
                      type="button"
                      className="button button--small button--ghost"
                      onClick={() => void keepOther(copy)}
                    >
                      {text.conflicts.keepOther}
                    </button>
                  </div>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function NoticeList() {
  const text = useText(syncText);
  const vault = useVault();
  const notices = useRecordNotices();
  if (notices.length === 0) return null;
  return (
    <ul className="sync-notices" aria-live="polite">
      {notices.map((notice) => (
        <li key={`${notice.id}-${notice.at}`} className="sync-notice" data-notice={notice.notice}>
          <span>
            {fill(text.notices[notice.notice as keyof typeof text.notices], {
              kind: text.conflicts.kinds[notice.kind],
            })}
          </span>
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => vault.dismiss(notice)}
          >
            {text.notices.dismiss}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** What sync kept with a notice (a record brought back, settings merged), shown under the header. */
export function SyncNoticeStrip() {
  return <NoticeList />;
}

/** The settings' sync panel: turn it on or off here, sync now, the devices holding the vault, conflicts. */
export function SyncPanel() {
  const text = useText(syncText);
  const { lang } = useLanguage();
  const engine = useSync();
  const status = useSyncStatus();
  const toast = useToast();
  const causeText = useCauseText();
  const words = useStateWords();
  const [state, setState] = useState<SyncState | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [otherVault, setOtherVault] = useState(false);
  const [confirming, setConfirming] = useState<'off' | 'erase' | null>(null);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const shell = useText(shellText);
  const on = status.state !== 'off';
  // Removed from the member's devices on another device: nothing syncs until it joins again.
  const removedHere = status.state === 'error' && status.cause === 'sync/unknown-device';
  const statusLine =
    status.state === 'synced'
      ? fill(text.panel.lastSynced, { time: formatDateTime(new Date(status.at).toISOString(), lang) })
      : status.state === 'off'
        ? text.panel.off
        : words(status, 0);

  const refresh = useCallback(async () => {
    try {
      setState(await call('syncState'));
    } catch {
      // Offline: the list waits for the next try.
    }
  }, []);
  // Every run ends here (one follows each sync news: a device added or removed elsewhere), and the list reads again;
  // so does a device removed elsewhere, which no longer finds itself in it.
  useEffect(() => {
    if (status.state === 'synced' || status.state === 'off' || removedHere) void refresh();
  }, [status, removedHere, refresh]);

  const run = async (work: () => Promise<void>, done?: string) => {
    setBusy(true);
    setProblem('');
    try {
      await work();
      if (done) toast(done);
      await refresh();
    } catch (error) {
      if (error instanceof ApiFailure && error.code === 'sync/other-vault') setOtherVault(true);
      else setProblem(error instanceof ApiFailure ? causeText(error.code) : text.panel.failed);
    } finally {
      setBusy(false);
    }
  };

  const rejoin = () =>
    void run(async () => {
      await engine.rejoin();
      // The engine tells a failure in its state (shown above), not by throwing.
      if (engine.status.state !== 'error') toast(text.panel.rejoined);
    });

  return (
    <section className="panel sync-panel" aria-labelledby="sync-title">
      <h2 id="sync-title">{text.panel.heading}</h2>
      <p>{text.panel.lead}</p>
      <p
        className="sync-panel__status"
        id="sync-status"
        tabIndex={-1}
        data-sync-status={status.state}
        data-sync-refused={status.state === 'error' ? status.refused : undefined}
      >
        {statusLine}
      </p>
      {status.state === 'error' && (
        <p className="form__error" role="alert">
          {causeText(status.cause, status.unsent)}
        </p>
      )}
      {removedHere && <p className="form__note">{text.panel.rejoinLead}</p>}
      {status.state === 'error' && status.cause === 'auth/reauth-required' && <ConfirmHeader />}
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      {otherVault && !on && (
        <div className="sync-panel__other">
          <p role="alert">{text.panel.otherVault}</p>
          <button
            type="button"
            className="button button--small button--danger"
            aria-disabled={busy}
            onClick={() => setConfirming('erase')}
          >
            {text.panel.eraseSynced}
          </button>
        </div>
      )}
      <div className="sync-panel__actions">
        {on ? (
          <>
            {removedHere ? (
              <button
                type="button"
                className="button button--primary"
                aria-disabled={busy}
                onClick={() => !busy && rejoin()}
              >
                {text.panel.rejoin}
              </button>
            ) : (
              <button type="button" className="button button--primary" onClick={engine.syncNow}>
                {text.panel.now}
              </button>
            )}
            <button
              type="button"
              className="button button--ghost"
              aria-disabled={busy}
              onClick={() => !busy && setConfirming('off')}
            >
              {text.panel.turnOff}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button--primary"
            aria-disabled={busy}
            onClick={() => !busy && void run(() => engine.enable(), text.panel.turnedOn)}
          >
            {text.panel.turnOn}
          </button>
        )}
      </div>
      {on && state && (
        <>
          <h3>{text.panel.devices}</h3>
          {state.devices.length === 0 ? (
            <p className="form__note">{text.panel.noDevices}</p>
          ) : (
            <ul className="sync-list" aria-label={text.panel.devices}>
              {[...state.devices]
                // This device first, then the others as the server lists them.
                .sort((one, other) => Number(other.current) - Number(one.current))
                .map((device) => (
                  <DeviceItem
                    key={device.id}
                    device={device}
                    busy={busy}
                    onRemove={(name) => setRemoving({ id: device.id, name })}
                    onRenamed={(renamed) => {
                      setState(
                        (current) =>
                          current && {
                            ...current,
                            devices: current.devices.map((item) =>
                              item.id === renamed.id ? { ...item, name: renamed.name } : item,
                            ),
                          },
                      );
                      void refresh();
                    }}
                  />
                ))}
            </ul>
          )}
        </>
      )}
      <NoticeList />
      <ConflictList />
      {confirming === 'off' && (
        <Popup
          title={text.panel.turnOff}
          message={text.panel.turnOffConfirm}
          confirmLabel={text.panel.turnOff}
          cancelLabel={shell.cancel}
          onConfirm={() => {
            setConfirming(null);
            void run(() => engine.disable(), text.panel.turnedOff);
          }}
          onCancel={() => setConfirming(null)}
        />
      )}
      {removing && (
        <Popup
          title={fill(text.panel.removeDevice, { name: removing.name })}
          message={text.panel.removeConfirm}
          confirmLabel={text.panel.remove}
          cancelLabel={shell.cancel}
          onConfirm={() => {
            const { id } = removing;
            setRemoving(null);
            void run(async () => {
              await call('syncRemoveDevice', { params: { id } });
            }, text.panel.removed);
          }}
          onCancel={() => setRemoving(null)}
        />
      )}
      {confirming === 'erase' && (
        <EraseSynced
          onClose={() => setConfirming(null)}
          onErased={() => {
            setConfirming(null);
            setOtherVault(false);
            void run(() => engine.enable(), text.panel.turnedOn);
          }}
        />
      )}
    </section>
  );
}

/**
 * Erasing the synced vault, which cannot be undone: the account password (the one the member logs in with, not the
 * vault's master password) confirms it, as the server asks (docs/sync.md, "Erasing the synced vault").
 */
function EraseSynced({ onClose, onErased }: { onClose: () => void; onErased: () => void }) {
  const text = useText(syncText);
  const causeText = useCauseText();
  const id = useId();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  async function erase(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!password) return setProblem(text.panel.erasePasswordMissing);
    setBusy(true);
    setProblem('');
    try {
      await call('syncDeleteVault', { body: { currentPassword: password } });
      onErased();
    } catch (error) {
      setProblem(error instanceof ApiFailure ? causeText(error.code) : text.panel.failed);
      setBusy(false);
    }
  }

  return (
    <FormDialog title={text.panel.eraseSynced} onClose={onClose}>
      <form className="form" noValidate onSubmit={(event) => void erase(event)}>
        <p>{text.panel.eraseConfirm}</p>
        <PasswordField
          id={id}
          label={text.panel.erasePassword}
          hint={text.panel.erasePasswordHint}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          problem={problem}
        />
        <FormFooter busy={busy} onCancel={onClose} submitLabel={text.panel.eraseSynced} />
      </form>
    </FormDialog>
  );
}

/**
 * A new master password made here waits for a fresh proof of the member before it goes to the other devices
 * (docs/sync.md, "The header"): the account password, typed here, goes with the next run and is forgotten after.
 */
function ConfirmHeader() {
  const text = useText(syncText);
  const causeText = useCauseText();
  const engine = useSync();
  const toast = useToast();
  const id = useId();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!password) return setProblem(text.panel.erasePasswordMissing);
    setBusy(true);
    setProblem('');
    const refused = await engine.confirmHeader(password);
    setBusy(false);
    if (refused) {
      setProblem(causeText(refused));
      return;
    }
    setPassword('');
    toast(text.panel.headerSent);
  }

  return (
    <form className="form sync-panel__confirm" noValidate onSubmit={(event) => void send(event)}>
      <PasswordField
        id={id}
        label={text.panel.erasePassword}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        problem={problem}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" aria-disabled={busy}>
          {text.panel.headerSend}
        </button>
      </div>
    </form>
  );
}

/** One device of the list: its name (renamed here, in a form in its place), when it was last seen, remove. */
function DeviceItem({
  device,
  busy,
  onRemove,
  onRenamed,
}: {
  device: SyncDevice;
  busy: boolean;
  onRemove: (name: string) => void;
  onRenamed: (device: SyncDevice) => void;
}) {
  const text = useText(syncText);
  const shell = useText(shellText);
  const { lang } = useLanguage();
  const toast = useToast();
  const ids = { name: useId(), hint: useId(), problem: useId() };
  const renameButton = useRef<HTMLButtonElement>(null);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);
  const shown = shownDeviceName(device.name, lang);

  // Back where the member was once the form is gone: its button is drawn again in the same commit.
  const focusBack = useRef(false);
  useLayoutEffect(() => {
    if (editing || !focusBack.current) return;
    focusBack.current = false;
    renameButton.current?.focus();
  }, [editing]);

  const close = () => {
    focusBack.current = true;
    setEditing(false);
    setProblem('');
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const wrong = deviceNameProblem(name);
    if (wrong) {
      setProblem(fill(text.panel.nameProblems[wrong], { max: DEVICE_NAME_MAX }));
      return;
    }
    setSaving(true);
    setProblem('');
    try {
      const renamed = await call('syncRenameDevice', {
        params: { id: device.id },
        body: { name: name.trim() },
      });
      toast(text.panel.renamed);
      onRenamed(renamed);
      close();
    } catch (error) {
      const code = failureCode(error);
      setProblem(
        code === 'request/invalid'
          ? fill(text.panel.nameProblems.characters, { max: DEVICE_NAME_MAX })
          : code === 'network' || code === 'sync/unknown-device'
            ? errorMessage(lang, code)
            : text.panel.renameFailed,
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <li data-device={device.id}>
      {editing ? (
        <form className="sync-rename" noValidate onSubmit={(event) => void save(event)}>
          <div className="field">
            <label htmlFor={ids.name}>{text.panel.name}</label>
            <input
              id={ids.name}
              value={name}
              autoFocus
              autoComplete="off"
              maxLength={DEVICE_NAME_MAX + 20}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${ids.problem} ${ids.hint}` : ids.hint}
              onChange={(event) => setName(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  event.preventDefault();
                  close();
                }
              }}
            />
            <p className="field__hint" id={ids.hint}>
              {fill(text.panel.nameHint, { max: DEVICE_NAME_MAX })}
            </p>
            {problem && (
              <p className="field__problem" id={ids.problem} role="alert">
                {problem}
              </p>
            )}
          </div>
          <div className="sync-list__actions">
            <button type="submit" className="button button--small button--primary" aria-disabled={saving}>
              {text.panel.saveName}
            </button>
            <button type="button" className="button button--small button--ghost" onClick={close}>
              {shell.cancel}
            </button>
          </div>
        </form>
      ) : (
        <>
          <strong className="sync-list__name">{shown}</strong>
          {device.current && <span className="sync-list__tag">{text.panel.thisDevice}</span>}
          <span className="form__note sync-list__seen">
            {fill(text.panel.lastSeen, { time: formatDateTime(device.lastSeen, lang) })}
          </span>
          <div className="sync-list__actions sync-list__device-actions">
            <button
              ref={renameButton}
              type="button"
              className="button button--small button--ghost"
              aria-label={fill(text.panel.renameDevice, { name: shown })}
              onClick={() => {
                setName(shown);
                setEditing(true);
              }}
            >
              {text.panel.rename}
            </button>
            {!device.current && (
              <button
                type="button"
                className="button button--small button--ghost sync-list__remove"
                aria-label={fill(text.panel.removeDevice, { name: shown })}
                aria-disabled={busy}
                onClick={() => !busy && onRemove(shown)}
              >
                {text.panel.remove}
              </button>
            )}
          </div>
        </>
      )}
    </li>
  );
}
